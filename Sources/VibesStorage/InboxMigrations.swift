import GRDB

/// The inbox's offline copy. Append new migrations; never edit one that has shipped.
enum InboxMigrations {
  static func register(in migrator: inout DatabaseMigrator) {
    // The conversations of one signed-in account (`ownerId`) as last fetched, in order, with when each was last
    // opened here (unread = moved since). A thread's messages as one JSON value (`InboxMessage`s, already
    // sanitised), with when they were fetched.
    migrator.registerMigration("inbox-v1") { db in
      try db.create(table: "inboxThread") { t in
        t.column("ownerId", .text).notNull()
        t.column("threadId", .text).notNull()
        t.column("position", .integer).notNull()
        t.column("otherId", .text).notNull()
        t.column("otherName", .text).notNull()
        t.column("lastMessageAt", .datetime)
        t.column("lastReadAt", .datetime)
        t.column("fetchedAt", .datetime).notNull()
        t.primaryKey(["ownerId", "threadId"])
      }
      try db.create(table: "inboxMessages") { t in
        t.column("ownerId", .text).notNull()
        t.column("threadId", .text).notNull()
        t.column("messages", .blob).notNull()
        t.column("fetchedAt", .datetime).notNull()
        t.primaryKey(["ownerId", "threadId"])
      }
    }
  }
}
