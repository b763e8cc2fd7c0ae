import GRDB

/// The installation's identity: one row created with the database. Keyring items carry it as an attribute, so a
/// fresh database (say after `rm -rf ~/.local/share/vibes`) never picks up an earlier installation's secrets.
enum InstallationMigrations {
  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("installation-v1") { db in
      try db.create(table: "installation") { t in
        t.primaryKey("id", .integer)
        t.column("installationID", .text).notNull()
        t.column("createdAt", .datetime).notNull()
      }
    }
  }
}
