import GRDB

/// The social Feed's cards live in `feedCard` beside the others (kinds `songShare`, `songSent`, `newFollow`); this
/// adds when friends' songs were last fetched, and for which account, kept apart from `feedRefresh` so a social
/// poll never makes the concerts look fresh. Append new migrations; never edit one that has shipped.
enum FeedSocialMigrations {
  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("feed-social-v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE socialFeedRefresh (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            owner TEXT NOT NULL,
            fetchedAt DATETIME NOT NULL
          );
          """)
    }
  }
}
