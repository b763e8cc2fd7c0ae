import GRDB

/// The People area's queue of follows, unfollows and blocks made offline. Append new migrations; never edit one that
/// has shipped.
enum PeopleQueueMigrations {
  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("people-v2-change-queue") { db in
      // One row per (account, other person): the last change asked for wins (follow then unfollow offline sends
      // only the unfollow; both are idempotent in Firestore). `owner` is the Firebase uid that asked, so a change is
      // never sent as another account. A flush claims rows first (`claimedBy`, `leaseUntil`), so two flushes or two
      // processes never send one row at the same time, and a row whose claimer died (kill -9) is claimable again
      // once its lease has run out. `person` is the other user's summary as JSON (for "waiting to sync" and the
      // notice if the rules refuse it); never a token.
      try db.create(table: "peopleChangeQueue") { t in
        t.column("owner", .text).notNull()
        t.column("other", .text).notNull()
        t.column("operation", .text).notNull()
        t.column("person", .blob).notNull()
        t.column("createdAt", .datetime).notNull()
        t.column("claimedBy", .text)
        t.column("leaseUntil", .datetime)
        t.column("attempts", .integer).notNull().defaults(to: 0)
        t.primaryKey(["owner", "other"])
      }
    }
  }
}
