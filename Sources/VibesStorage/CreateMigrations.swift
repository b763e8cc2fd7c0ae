import GRDB

/// The Create tab's tables. Append new migrations; never edit one that has shipped.
enum CreateMigrations {
  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("create-v1") { db in
      // Song → Spotify track answers, keyed by SongNormalizer.key; trackID NULL means "searched, not found".
      try db.create(table: "createSongResolution") { t in
        t.primaryKey("songKey", .text)
        t.column("trackID", .text)
        t.column("uri", .text)
        t.column("name", .text)
        t.column("artists", .text)  // JSON array of names
        t.column("album", .text)
        t.column("durationMs", .integer)
        t.column("resolvedAt", .datetime).notNull()
      }
      // One row per generated playlist. saveState: notSaved | saving | saved; spotifyPlaylistID is written
      // (state saving) before any item is added, so a retry adds to that playlist instead of creating another.
      try db.create(table: "createPlaylist") { t in
        t.autoIncrementedPrimaryKey("id")
        t.column("prompt", .text).notNull()
        t.column("name", .text).notNull()
        t.column("description", .text).notNull()
        t.column("createdAt", .datetime).notNull()
        t.column("saveState", .text).notNull().defaults(to: "notSaved")
        t.column("spotifyPlaylistID", .text)
        t.column("spotifyURL", .text)
        // How many URIs (in SavePlan order) were already added to that playlist, so a retry resumes after them.
        t.column("addedItemCount", .integer).notNull().defaults(to: 0)
      }
      try db.create(index: "createPlaylist_newest", on: "createPlaylist", columns: ["createdAt", "id"])
      // The playlist's songs in order; status: pending | found | notFound (track columns set when found).
      try db.create(table: "createPlaylistSong") { t in
        t.column("playlistID", .integer).notNull().references("createPlaylist", onDelete: .cascade)
        t.column("position", .integer).notNull()
        t.column("title", .text).notNull()
        t.column("artist", .text).notNull()
        t.column("status", .text).notNull().defaults(to: "pending")
        t.column("trackID", .text)
        t.column("uri", .text)
        t.column("trackName", .text)
        t.column("artists", .text)
        t.column("album", .text)
        t.column("durationMs", .integer)
        t.primaryKey(["playlistID", "position"])
      }
    }
    // Saves waiting for the network (offline), each done once when it returns.
    migrator.registerMigration("create-v2") { db in
      try db.create(table: "createSaveQueue") { t in
        t.primaryKey("playlistID", .integer).references("createPlaylist", onDelete: .cascade)
        t.column("queuedAt", .datetime).notNull()
      }
    }
    // spotifyCreateAttemptedAt is set just before "create playlist" is sent: a later save that finds it set (and
    // no playlist id) does not know whether Spotify made the playlist, and looks for it before creating one.
    // saveClaimToken/saveClaimedUntil: the one save running for this playlist (of any process on this data
    // folder), a lease that a killed holder's expiry frees.
    migrator.registerMigration("create-v3-unknown-outcomes") { db in
      try db.alter(table: "createPlaylist") { t in
        t.add(column: "spotifyCreateAttemptedAt", .datetime)
        t.add(column: "saveClaimToken", .text)
        t.add(column: "saveClaimedUntil", .datetime)
      }
    }
  }
}
