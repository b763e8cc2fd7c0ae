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
    migrator.registerMigration("foryou-v2-gemini-usage") { db in
      // Gemini generation requests per key and local day, for the near-quota hint (For You, Create, Blend).
      // `keyID` is a hash of the key (GeminiQuota.keyID), never the key.
      try db.create(table: "geminiUsage") { t in
        t.column("keyID", .text).notNull()
        t.column("day", .integer).notNull()
        t.column("requests", .integer).notNull()
        t.column("exhausted", .boolean).notNull().defaults(to: false)
        t.primaryKey(["keyID", "day"])
      }
    }
  }
}
