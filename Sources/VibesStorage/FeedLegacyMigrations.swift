import GRDB

/// Drops the generic `feedItem` cache of the first schema: nothing reads or writes it since the typed `feedCard`
/// table (migration `feed-cards-v1`) took over. Its counter row table goes with it; its index and count triggers go
/// with the table. Settings and feed cards are not touched. Append new migrations; never edit one that has shipped.
enum FeedLegacyMigrations {
  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("feed-drop-items-v1") { db in
      try db.execute(
        sql: """
          DROP TABLE IF EXISTS feedItemCount;
          DROP TABLE IF EXISTS feedItem;
          """)
    }
  }
}
