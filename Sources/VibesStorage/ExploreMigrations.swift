import GRDB

/// The Explore and Profile tables: recent searches, cached details and stats (with the time they were fetched),
/// the offline queue of library and playlist actions, and the last search results for offline use. Append new
/// migrations; never edit one that has shipped.
enum ExploreMigrations {
  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("explore-v1") { db in
      try db.create(table: "recentSearch") { t in
        t.primaryKey("query", .text).collate(.nocase)
        t.column("searchedAt", .datetime).notNull()
      }
      // One JSON payload per item ("album:ID", "stats:short_term"); never a token.
      try db.create(table: "musicCache") { t in
        t.primaryKey("key", .text)
        t.column("payload", .blob).notNull()
        t.column("fetchedAt", .datetime).notNull()
      }
      // Sent oldest first (id order), each deleted as soon as Spotify took it.
      try db.create(table: "spotifyActionQueue") { t in
        t.autoIncrementedPrimaryKey("id")
        t.column("payload", .blob).notNull()
        t.column("createdAt", .datetime).notNull()
      }
    }
    // The last results of each (normalised query, search type), shown when Spotify cannot be reached.
    migrator.registerMigration("explore-v2-search-cache") { db in
      try db.create(table: "searchCache") { t in
        t.column("query", .text).notNull()
        t.column("type", .text).notNull()
        t.column("payload", .blob).notNull()
        t.column("fetchedAt", .datetime).notNull()
        t.primaryKey(["query", "type"])
      }
      try db.create(index: "searchCache_age", on: "searchCache", columns: ["fetchedAt"])
    }
    // Claim-then-send: a flusher (of any process on this data folder) holds the queue by a lease on the row it
    // is sending, so no action goes out twice.
    migrator.registerMigration("explore-v3-action-claims") { db in
      try db.alter(table: "spotifyActionQueue") { t in
        t.add(column: "claimToken", .text)
        t.add(column: "claimedUntil", .datetime)
        // How often a flusher claimed it: above 0 it may have reached Spotify (an answer lost, a kill).
        t.add(column: "attempts", .integer).notNull().defaults(to: 0)
      }
    }
  }
}
