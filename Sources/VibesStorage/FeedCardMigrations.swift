import GRDB

/// The typed Feed cards (concerts, new releases, later kinds): one row per card, `kind` plus its JSON payload, in a
/// new table beside the older generic `feedItem` cache, which stays as it was. Append new migrations; never edit one
/// that has shipped.
enum FeedCardMigrations {
  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("feed-cards-v1") { db in
      // `position` is the ranked order, kept dense (0, 1, 2, …) by every write, so a window is read with
      // `position >= offset` straight off `feedCard_order`, at the same cost at the top and at row 100,000.
      // `payload` is the card's JSON; a kind this version does not know is skipped on reading.
      try db.execute(
        sql: """
          CREATE TABLE feedCard (
            key TEXT PRIMARY KEY NOT NULL,
            kind TEXT NOT NULL,
            position INTEGER NOT NULL,
            city TEXT,
            payload BLOB NOT NULL,
            fetchedAt DATETIME NOT NULL
          );
          CREATE INDEX feedCard_order ON feedCard (position, key);
          CREATE INDEX feedCard_kind ON feedCard (kind, city);
          CREATE TABLE feedCardCount (id INTEGER PRIMARY KEY CHECK (id = 1), count INTEGER NOT NULL);
          INSERT INTO feedCardCount (id, count) VALUES (1, 0);
          CREATE TRIGGER feedCard_countInsert AFTER INSERT ON feedCard
            BEGIN UPDATE feedCardCount SET count = count + 1 WHERE id = 1; END;
          CREATE TRIGGER feedCard_countDelete AFTER DELETE ON feedCard
            BEGIN UPDATE feedCardCount SET count = count - 1 WHERE id = 1; END;
          CREATE TABLE feedRefresh (
            kind TEXT PRIMARY KEY NOT NULL,
            city TEXT,
            fetchedAt DATETIME NOT NULL
          );
          """)
    }
  }
}
