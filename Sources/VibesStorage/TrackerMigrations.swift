import GRDB

/// The Tracker feature's tables. Append new migrations; never edit one that has shipped.
enum TrackerMigrations {
  static func register(in migrator: inout DatabaseMigrator) {}
}
