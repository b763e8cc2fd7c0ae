import GRDB

/// The AppStoreConnect feature's tables. Append new migrations; never edit one that has shipped.
enum AppStoreConnectMigrations {
  static func register(in migrator: inout DatabaseMigrator) {}
}
