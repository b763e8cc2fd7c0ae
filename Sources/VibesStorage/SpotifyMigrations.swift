import GRDB

/// The Spotify feature's tables. Append new migrations; never edit one that has shipped.
enum SpotifyMigrations {
  static func register(in migrator: inout DatabaseMigrator) {}
}
