import GRDB

/// For You's table. Append new migrations; never edit one that has shipped.
enum ForYouMigrations {
  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("foryou-v1-cache") { db in
      // Two JSON payloads: `list` (the last songs shown, with their checked reasons and Spotify ids) and `memory`
      // (ForYouMemory: dismissed songs, dismissals per artist, songs shown). Never a key or a token.
      try db.create(table: "forYouCache") { t in
        t.primaryKey("key", .text)
        t.column("payload", .blob).notNull()
        t.column("savedAt", .datetime).notNull()
      }
    }
  }
}
