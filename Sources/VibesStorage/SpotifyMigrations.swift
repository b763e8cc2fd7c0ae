import GRDB

/// The Spotify feature's tables. Append new migrations; never edit one that has shipped.
enum SpotifyMigrations {
  static func register(in migrator: inout DatabaseMigrator) {
    // One row (id 1): the non-secret side of the connection. The tokens live in the secret store.
    migrator.registerMigration("spotify-v1") { db in
      try db.create(table: "spotifyConnection") { t in
        t.primaryKey("id", .integer)
        t.column("displayName", .text)
        t.column("userID", .text)
        t.column("connectedAt", .datetime)
        t.column("needsReconnect", .boolean).notNull().defaults(to: false)
        t.column("accessTokenExpiresAt", .datetime)
      }
    }
  }
}
