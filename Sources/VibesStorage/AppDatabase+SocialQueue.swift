import Foundation
import GRDB

/// One social write waiting for the network.
public struct QueuedSocialWrite: Sendable, Equatable {
  public var id: String
  public var payload: Data
  public var createdAt: Date
  public var attempts: Int
}

extension AppDatabase {
  /// Queues a social write under its document id; queuing the same id again changes nothing.
  public func enqueueSocialWrite(id: String, payload: Data, at date: Date) throws {
    try writer.write { db in
      try db.execute(
        sql: "INSERT OR IGNORE INTO socialWriteQueue (id, payload, createdAt) VALUES (?, ?, ?)",
        arguments: [id, payload, date])
    }
  }

  /// Claims up to `limit` rows, oldest first, that nobody holds (or whose holder's lease ran out), for `owner`
  /// until `now + lease`, in one statement: two flushes or two processes never get the same row.
  public func claimSocialWrites(owner: String, now: Date, lease: TimeInterval, limit: Int) throws
    -> [QueuedSocialWrite]
  {
    try writer.write { db in
      try db.execute(
        sql: """
          UPDATE socialWriteQueue SET claimedBy = ?, leaseUntil = ?
          WHERE id IN (
            SELECT id FROM socialWriteQueue WHERE leaseUntil IS NULL OR leaseUntil <= ?
            ORDER BY createdAt, id LIMIT ?)
          """, arguments: [owner, now.addingTimeInterval(lease), now, limit])
      return try Row.fetchAll(
        db,
        sql: """
          SELECT id, payload, createdAt, attempts FROM socialWriteQueue WHERE claimedBy = ? AND leaseUntil > ?
          ORDER BY createdAt, id
          """, arguments: [owner, now]
      ).map { row in
        QueuedSocialWrite(
          id: row["id"], payload: row["payload"], createdAt: row["createdAt"], attempts: row["attempts"])
      }
    }
  }

  /// Removes a row that `owner` sent (or that was refused for good); a row another flush took over stays.
  public func completeSocialWrite(id: String, owner: String) throws {
    try writer.write { db in
      try db.execute(sql: "DELETE FROM socialWriteQueue WHERE id = ? AND claimedBy = ?", arguments: [id, owner])
    }
  }

  /// Gives a row back after a failed attempt, to be sent by a later flush.
  public func releaseSocialWrite(id: String, owner: String) throws {
    try writer.write { db in
      try db.execute(
        sql: """
          UPDATE socialWriteQueue SET claimedBy = NULL, leaseUntil = NULL, attempts = attempts + 1
          WHERE id = ? AND claimedBy = ?
          """, arguments: [id, owner])
    }
  }

  /// Everything waiting ("waiting to sync"), oldest first.
  public func queuedSocialWrites() throws -> [QueuedSocialWrite] {
    try writer.read { db in
      try Row.fetchAll(db, sql: "SELECT id, payload, createdAt, attempts FROM socialWriteQueue ORDER BY createdAt, id")
        .map { row in
          QueuedSocialWrite(
            id: row["id"], payload: row["payload"], createdAt: row["createdAt"], attempts: row["attempts"])
        }
    }
  }
}
