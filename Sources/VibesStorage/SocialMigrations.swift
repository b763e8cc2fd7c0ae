import GRDB

/// The social layer's tables (issue 23). Append new migrations; never edit one that has shipped.
enum SocialMigrations {
  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("social-v1-write-queue") { db in
      // Shares, sends and replies made offline. `id` is the share's Firestore document id, chosen before the first
      // attempt (a resend after a lost answer is a 409, never a duplicate). A flush claims rows first (`claimedBy`,
      // `leaseUntil`), so two flushes or two processes never send one row at the same time; a row whose claimer
      // died is claimable again once its lease has expired. The payload is the draft as JSON; never a token.
      try db.create(table: "socialWriteQueue") { t in
        t.primaryKey("id", .text)
        t.column("payload", .blob).notNull()
        t.column("createdAt", .datetime).notNull()
        t.column("claimedBy", .text)
        t.column("leaseUntil", .datetime)
        t.column("attempts", .integer).notNull().defaults(to: 0)
      }
      try db.create(index: "socialWriteQueue_order", on: "socialWriteQueue", columns: ["createdAt", "id"])
    }
  }
}
