import GRDB

/// The AppStoreConnect feature's tables. Append new migrations; never edit one that has shipped.
/// Nothing here is secret: the key lives only in the secret store.
enum AppStoreConnectMigrations {
  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("appStoreConnect-v1") { db in
      // One row (id 1): when the credentials were last verified and the apps last synced.
      try db.create(table: "ascSetting") { t in
        t.primaryKey("id", .integer)
        t.column("verifiedAt", .datetime)
        t.column("lastSyncAt", .datetime)
      }
      try db.create(table: "ascApp") { t in
        t.primaryKey("id", .text)
        t.column("position", .integer).notNull()
        t.column("name", .text).notNull()
        t.column("bundleId", .text).notNull()
        t.column("sku", .text).notNull()
      }
    }
  }
}
