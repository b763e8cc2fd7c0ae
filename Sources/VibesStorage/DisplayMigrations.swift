import GRDB

/// Display settings (Profile → Artwork). Append new migrations; never edit one that has shipped.
enum DisplayMigrations {
  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("display-v1") { db in
      // One row (id = 1) once the user changed a display setting; no row means the defaults (artwork on).
      try db.create(table: "displaySetting") { t in
        t.primaryKey("id", .integer)
        t.column("artworkOn", .boolean).notNull()
      }
    }
  }
}
