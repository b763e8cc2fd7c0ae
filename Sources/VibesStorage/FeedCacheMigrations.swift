import GRDB

/// The Feed's item count as one row that triggers keep up to date, so reading the total costs the same with 10 or
/// 100,000 cached items (a COUNT(*) scans the whole `feedItem_order` index: ~1 ms and ~2 MB of page cache at
/// 100,000 items, paid at every start and window load; see Docs/performance.md). Append new migrations; never
/// edit one that has shipped.
enum FeedCacheMigrations {
  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("feed-count-v1") { db in
      // An UPSERT that updates fires the UPDATE triggers, not AFTER INSERT, so upserts keep the count;
      // REPLACE fires the delete trigger because AppDatabase turns recursive_triggers on.
      try db.execute(
        sql: """
          CREATE TABLE feedItemCount (id INTEGER PRIMARY KEY CHECK (id = 1), count INTEGER NOT NULL);
          INSERT INTO feedItemCount (id, count) VALUES (1, (SELECT COUNT(*) FROM feedItem));
          CREATE TRIGGER feedItem_countInsert AFTER INSERT ON feedItem
            BEGIN UPDATE feedItemCount SET count = count + 1 WHERE id = 1; END;
          CREATE TRIGGER feedItem_countDelete AFTER DELETE ON feedItem
            BEGIN UPDATE feedItemCount SET count = count - 1 WHERE id = 1; END;
          """)
    }
    // Later feed migrations, in order.
    FeedCardMigrations.register(in: &migrator)
  }
}
