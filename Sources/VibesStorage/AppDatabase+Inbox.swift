import Foundation
import GRDB
import VibesCore

extension AppDatabase {
  /// Replaces `owner`'s cached conversations with `threads` (in their order), keeping when each was last opened;
  /// threads no longer listed are forgotten with their messages.
  public func saveInboxThreads(_ threads: [InboxThread], owner: String, at date: Date) throws {
    try writer.write { db in
      let ids = threads.map(\.id)
      let marks = databaseQuestionMarks(count: ids.count)
      if ids.isEmpty {
        try db.execute(sql: "DELETE FROM inboxThread WHERE ownerId = ?", arguments: [owner])
        try db.execute(sql: "DELETE FROM inboxMessages WHERE ownerId = ?", arguments: [owner])
      } else {
        try db.execute(
          sql: "DELETE FROM inboxThread WHERE ownerId = ? AND threadId NOT IN (\(marks))",
          arguments: StatementArguments([owner] + ids))
        try db.execute(
          sql: "DELETE FROM inboxMessages WHERE ownerId = ? AND threadId NOT IN (\(marks))",
          arguments: StatementArguments([owner] + ids))
      }
      for (position, thread) in threads.enumerated() {
        try db.execute(
          sql: """
            INSERT INTO inboxThread (ownerId, threadId, position, otherId, otherName, lastMessageAt, fetchedAt)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(ownerId, threadId) DO UPDATE SET position = excluded.position, otherId = excluded.otherId,
              otherName = excluded.otherName, lastMessageAt = excluded.lastMessageAt, fetchedAt = excluded.fetchedAt
            """,
          arguments: [owner, thread.id, position, thread.otherId, thread.otherName, thread.lastMessageAt, date])
      }
    }
  }

  /// `owner`'s cached conversations in order (unread: moved since last opened here) and when they were fetched;
  /// nil when nothing is cached.
  public func inboxThreads(owner: String) throws -> InboxSnapshot<InboxThread>? {
    try writer.read { db in
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT threadId, otherId, otherName, lastMessageAt, lastReadAt, fetchedAt FROM inboxThread
          WHERE ownerId = ? ORDER BY position
          """, arguments: [owner])
      guard let first = rows.first else { return nil }
      let threads = rows.map { row -> InboxThread in
        let last: Date? = row["lastMessageAt"]
        let read: Date? = row["lastReadAt"]
        return InboxThread(
          id: row["threadId"], otherId: row["otherId"], otherName: row["otherName"], lastMessageAt: last,
          isUnread: Self.isUnread(last: last, read: read))
      }
      let fetchedAt: Date = first["fetchedAt"]
      return InboxSnapshot(items: threads, fetchedAt: fetchedAt, isStale: true)
    }
  }

  /// When each of `owner`'s conversations was last opened here.
  public func inboxLastRead(owner: String) throws -> [String: Date] {
    try writer.read { db in
      let rows = try Row.fetchAll(
        db, sql: "SELECT threadId, lastReadAt FROM inboxThread WHERE ownerId = ? AND lastReadAt IS NOT NULL",
        arguments: [owner])
      return Dictionary(rows.map { ($0["threadId"], $0["lastReadAt"]) }, uniquingKeysWith: { a, _ in a })
    }
  }

  /// Unread: the thread moved after it was last opened (or was never opened). SQLite keeps dates to the
  /// millisecond and Firestore's to the microsecond: a difference below a millisecond is the same moment.
  public static func isUnread(last: Date?, read: Date?) -> Bool {
    guard let last else { return false }
    guard let read else { return true }
    return last.timeIntervalSince(read) >= 0.001
  }

  /// Records that `owner` read the thread up to `lastMessageAt`.
  public func markInboxThreadRead(_ threadID: String, owner: String, upTo lastMessageAt: Date?) throws {
    guard let lastMessageAt else { return }
    try writer.write { db in
      try db.execute(
        sql: "UPDATE inboxThread SET lastReadAt = ? WHERE ownerId = ? AND threadId = ?",
        arguments: [lastMessageAt, owner, threadID])
    }
  }

  /// Replaces the cached messages of one thread.
  public func saveInboxMessages(_ messages: [InboxMessage], threadID: String, owner: String, at date: Date) throws {
    let data = try JSONEncoder().encode(messages)
    try writer.write { db in
      try db.execute(
        sql: "INSERT OR REPLACE INTO inboxMessages (ownerId, threadId, messages, fetchedAt) VALUES (?, ?, ?, ?)",
        arguments: [owner, threadID, data, date])
    }
  }

  /// The cached messages of one thread and when they were fetched; nil when none are cached (or unreadable).
  public func inboxMessages(threadID: String, owner: String) throws -> InboxSnapshot<InboxMessage>? {
    try writer.read { db in
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT messages, fetchedAt FROM inboxMessages WHERE ownerId = ? AND threadId = ?",
          arguments: [owner, threadID]),
        let messages = try? JSONDecoder().decode([InboxMessage].self, from: row["messages"] as Data)
      else { return nil }
      let fetchedAt: Date = row["fetchedAt"]
      return InboxSnapshot(items: messages, fetchedAt: fetchedAt, isStale: true)
    }
  }
}

extension AppDatabase {
  /// `owner`'s cached messages per conversation, keyed by the other person's id (threads whose messages were never
  /// read here are left out; unreadable copies too). For "how often you talk" (`InboxTalks`).
  public func inboxConversations(owner: String) throws -> [String: [InboxMessage]] {
    try writer.read { db in
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT inboxThread.otherId AS otherId, inboxMessages.messages AS messages FROM inboxMessages
          JOIN inboxThread ON inboxThread.ownerId = inboxMessages.ownerId
            AND inboxThread.threadId = inboxMessages.threadId
          WHERE inboxMessages.ownerId = ?
          """, arguments: [owner])
      var conversations: [String: [InboxMessage]] = [:]
      for row in rows {
        guard let messages = try? JSONDecoder().decode([InboxMessage].self, from: row["messages"] as Data) else {
          continue
        }
        conversations[row["otherId"], default: []] += messages
      }
      return conversations
    }
  }

  /// Forgets every cached conversation and message of every account (for signing out of the vibes account).
  public func clearInboxCache() throws {
    try writer.write { db in
      try db.execute(sql: "DELETE FROM inboxThread")
      try db.execute(sql: "DELETE FROM inboxMessages")
    }
  }
}
