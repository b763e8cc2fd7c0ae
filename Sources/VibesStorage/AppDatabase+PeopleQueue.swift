import Foundation
import GRDB

/// One follow, unfollow or block waiting for the network.
public struct QueuedPeopleChange: Sendable, Equatable {
  public var owner: String
  public var other: String
  /// "follow", "unfollow" or "block".
  public var operation: String
  public var person: Data
  public var createdAt: Date
  public var attempts: Int

  init(_ row: Row) {
    owner = row["owner"]
    other = row["other"]
    operation = row["operation"]
    person = row["person"]
    createdAt = row["createdAt"]
    attempts = row["attempts"]
  }
}

extension AppDatabase {
  /// Queues `operation` on `other` for `owner`, replacing an earlier one on the same person (the last wins). A row a
  /// flush holds is replaced unclaimed: that flush's completion leaves the new change queued.
  public func enqueuePeopleChange(owner: String, other: String, operation: String, person: Data, at date: Date)
    throws
  {
    try writer.write { db in
      try db.execute(
        sql: """
          INSERT OR REPLACE INTO peopleChangeQueue (owner, other, operation, person, createdAt)
          VALUES (?, ?, ?, ?, ?)
          """, arguments: [owner, other, operation, person, date])
    }
  }

  /// Claims up to `limit` of `owner`'s rows, oldest first, that nobody holds (or whose holder's lease ran out), for
  /// `claimer` until `now + lease`, in one statement: two flushes or processes never get the same row.
  public func claimPeopleChanges(owner: String, claimer: String, now: Date, lease: TimeInterval, limit: Int) throws
    -> [QueuedPeopleChange]
  {
    try writer.write { db in
      try db.execute(
        sql: """
          UPDATE peopleChangeQueue SET claimedBy = ?, leaseUntil = ?
          WHERE owner = ? AND other IN (
            SELECT other FROM peopleChangeQueue WHERE owner = ? AND (leaseUntil IS NULL OR leaseUntil <= ?)
            ORDER BY createdAt, other LIMIT ?)
          """, arguments: [claimer, now.addingTimeInterval(lease), owner, owner, now, limit])
      return try Row.fetchAll(
        db,
        sql: """
          SELECT * FROM peopleChangeQueue WHERE owner = ? AND claimedBy = ? AND leaseUntil > ?
          ORDER BY createdAt, other
          """, arguments: [owner, claimer, now]
      ).map(QueuedPeopleChange.init)
    }
  }

  /// Removes a row `claimer` sent (or that was refused for good); a row replaced or taken over meanwhile stays.
  public func completePeopleChange(owner: String, other: String, claimer: String) throws {
    try writer.write { db in
      try db.execute(
        sql: "DELETE FROM peopleChangeQueue WHERE owner = ? AND other = ? AND claimedBy = ?",
        arguments: [owner, other, claimer])
    }
  }

  /// Gives a row back after a failed attempt, for a later flush.
  public func releasePeopleChange(owner: String, other: String, claimer: String) throws {
    try writer.write { db in
      try db.execute(
        sql: """
          UPDATE peopleChangeQueue SET claimedBy = NULL, leaseUntil = NULL, attempts = attempts + 1
          WHERE owner = ? AND other = ? AND claimedBy = ?
          """, arguments: [owner, other, claimer])
    }
  }

  /// `owner`'s changes waiting to sync, oldest first.
  public func queuedPeopleChanges(owner: String) throws -> [QueuedPeopleChange] {
    try writer.read { db in
      try Row.fetchAll(
        db, sql: "SELECT * FROM peopleChangeQueue WHERE owner = ? ORDER BY createdAt, other", arguments: [owner]
      ).map(QueuedPeopleChange.init)
    }
  }

  /// Forgets every account's queued changes (no one is signed in any more).
  public func clearPeopleChanges() throws {
    try writer.write { db in try db.execute(sql: "DELETE FROM peopleChangeQueue") }
  }
}
