import GRDB

/// The first-launch tutorial's one fact. Append new migrations; never edit one that has shipped.
enum TutorialMigrations {
  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("tutorial-v1") { db in
      // One row (id = 1) once the tutorial has been finished or skipped.
      try db.create(table: "tutorialSeen") { t in
        t.primaryKey("id", .integer)
        t.column("seenAt", .datetime).notNull()
      }
    }
  }
}
