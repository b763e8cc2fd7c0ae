import GRDB

/// The schema, as an append-only list of named migrations. A migration that has shipped is never edited:
/// change the schema by registering a new one ("v2", ...) below the others.
enum DatabaseMigrations {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.create(table: "stepSetting") { t in
        t.primaryKey("step", .text)
        t.column("city", .text)
        t.column("verifiedAt", .datetime)
      }
      try db.create(table: "feedItem") { t in
        t.primaryKey("id", .integer)
        t.column("title", .text).notNull()
        t.column("subtitle", .text).notNull()
        t.column("source", .text).notNull()
        t.column("publishedAt", .datetime).notNull()
      }
      // Serves ORDER BY publishedAt DESC, id DESC (scanned backwards) without a temp b-tree.
      try db.create(index: "feedItem_order", on: "feedItem", columns: ["publishedAt", "id"])
    }
    // Each feature registers its own, uniquely named migrations (e.g. "tracker-v1") in its own file.
    SpotifyMigrations.register(in: &migrator)
    AppStoreConnectMigrations.register(in: &migrator)
    TrackerMigrations.register(in: &migrator)
    FeedCacheMigrations.register(in: &migrator)
    CreateMigrations.register(in: &migrator)
    InstallationMigrations.register(in: &migrator)
    ExploreMigrations.register(in: &migrator)
    TutorialMigrations.register(in: &migrator)
    FeedLegacyMigrations.register(in: &migrator)
    PreviewMigrations.register(in: &migrator)
    SocialMigrations.register(in: &migrator)
    ConcertAreaMigrations.register(in: &migrator)
    PeopleMigrations.register(in: &migrator)
    InboxMigrations.register(in: &migrator)
    ForYouMigrations.register(in: &migrator)
    PeopleQueueMigrations.register(in: &migrator)
    FeedSocialMigrations.register(in: &migrator)
    DisplayMigrations.register(in: &migrator)
    return migrator
  }
}
