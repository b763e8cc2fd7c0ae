import GRDB

/// The People area's table. Append new migrations; never edit one that has shipped.
enum PeopleMigrations {
  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("people-v1-cache") { db in
      // The People area's offline copy, per signed-in account (`owner` is the Firebase uid): your lists under
      // `lists` and each profile you viewed under `profile:{uid}`, as JSON, with when they were fetched. Only
      // what other users publish to every signed-in user (names, @usernames, bios, counts); never a token.
      try db.create(table: "peopleCache") { t in
        t.column("owner", .text).notNull()
        t.column("key", .text).notNull()
        t.column("payload", .blob).notNull()
        t.column("fetchedAt", .datetime).notNull()
        t.primaryKey(["owner", "key"])
      }
    }
  }
}
