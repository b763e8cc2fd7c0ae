import GRDB

/// The Tracker feature's tables. Append new migrations; never edit one that has shipped.
enum TrackerMigrations {
  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("tracker-v1") { db in
      // One row (id = 1): the non-secret part of the configuration. The API key lives in the secret store.
      try db.create(table: "trackerSetting") { t in
        t.primaryKey("id", .integer)
        t.column("brandID", .text).notNull()
        t.column("userID", .text).notNull()
        t.column("environment", .text).notNull()
        t.column("savedAt", .datetime).notNull()
      }
      // Events waiting to be sent, oldest first by id. `body` is the JSON body without the key.
      try db.create(table: "trackerQueuedEvent") { t in
        t.autoIncrementedPrimaryKey("id")
        t.column("event", .text).notNull()
        t.column("body", .text).notNull()
        t.column("createdAt", .datetime).notNull()
      }
    }
  }
}
