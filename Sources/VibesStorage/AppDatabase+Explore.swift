import Foundation
import GRDB

/// A cached answer (a detail screen or a range's stats) and when it was fetched.
public struct MusicCacheEntry: Sendable, Equatable {
  public var payload: Data
  public var fetchedAt: Date
}

/// One library or playlist action waiting for the network.
public struct QueuedSpotifyAction: Sendable, Equatable {
  public var id: Int64
  public var payload: Data
  public var createdAt: Date
  /// Sends tried before this one (their outcome unknown): the sender reconciles before sending again.
  public var earlierAttempts: Int = 0
}

extension AppDatabase {
  // MARK: Recent searches

  /// Newest first.
  public func recentSearches(limit: Int) throws -> [String] {
    try writer.read { db in
      try String.fetchAll(
        db, sql: "SELECT query FROM recentSearch ORDER BY searchedAt DESC, rowid DESC LIMIT ?", arguments: [limit])
    }
  }

  /// Moves `query` to the top (case-insensitively one row) and keeps the newest `keep`.
  public func rememberSearch(_ query: String, at date: Date, keep: Int) throws {
    try writer.write { db in
      try db.execute(sql: "DELETE FROM recentSearch WHERE query = ?", arguments: [query])
      try db.execute(sql: "INSERT INTO recentSearch (query, searchedAt) VALUES (?, ?)", arguments: [query, date])
      try db.execute(
        sql: """
          DELETE FROM recentSearch WHERE query NOT IN
            (SELECT query FROM recentSearch ORDER BY searchedAt DESC, rowid DESC LIMIT ?)
          """, arguments: [keep])
    }
  }

  // MARK: Cached details and stats

  public func musicCache(_ key: String) throws -> MusicCacheEntry? {
    try writer.read { db in
      guard
        let row = try Row.fetchOne(db, sql: "SELECT payload, fetchedAt FROM musicCache WHERE key = ?", arguments: [key])
      else { return nil }
      return MusicCacheEntry(payload: row["payload"], fetchedAt: row["fetchedAt"])
    }
  }

  public func saveMusicCache(_ key: String, payload: Data, at date: Date) throws {
    try writer.write { db in
      try db.execute(
        sql: "INSERT OR REPLACE INTO musicCache (key, payload, fetchedAt) VALUES (?, ?, ?)",
        arguments: [key, payload, date])
    }
  }

  // MARK: Offline action queue

  /// `attempted`: the action was sent once already and its outcome is unknown (counts as an earlier attempt).
  @discardableResult
  public func enqueueSpotifyAction(_ payload: Data, at date: Date, attempted: Bool = false) throws -> Int64 {
    try writer.write { db in
      try db.execute(
        sql: "INSERT INTO spotifyActionQueue (payload, createdAt, attempts) VALUES (?, ?, ?)",
        arguments: [payload, date, attempted ? 1 : 0])
      return db.lastInsertedRowID
    }
  }

  /// Oldest first.
  public func queuedSpotifyActions() throws -> [QueuedSpotifyAction] {
    try writer.read { db in
      try Row.fetchAll(db, sql: "SELECT id, payload, createdAt FROM spotifyActionQueue ORDER BY id").map {
        QueuedSpotifyAction(id: $0["id"], payload: $0["payload"], createdAt: $0["createdAt"])
      }
    }
  }

  /// Claims the oldest queued action for `token` until `now + lease`, in one write transaction: nil when the
  /// queue is empty or another flusher (another token, this process or another) holds an unexpired claim.
  /// A claim whose holder died (kill -9) expires with its lease.
  /// `holderIsGone` rules a claim's holder dead (its process ended) so its claim need not wait for the lease.
  public func claimNextSpotifyAction(
    token: String, now: Date, lease: TimeInterval, holderIsGone: (String) -> Bool = { _ in false }
  ) throws -> QueuedSpotifyAction? {
    try writer.write { db in
      let holders = try String.fetchAll(
        db, sql: "SELECT claimToken FROM spotifyActionQueue WHERE claimedUntil > ? AND claimToken IS NOT ?",
        arguments: [now, token])
      guard holders.allSatisfy(holderIsGone),
        let row = try Row.fetchOne(
          db, sql: "SELECT id, payload, createdAt, attempts FROM spotifyActionQueue ORDER BY id LIMIT 1")
      else { return nil }
      let id: Int64 = row["id"]
      try db.execute(
        sql: "UPDATE spotifyActionQueue SET claimToken = ?, claimedUntil = ?, attempts = attempts + 1 WHERE id = ?",
        arguments: [token, now.addingTimeInterval(lease), id])
      return QueuedSpotifyAction(
        id: id, payload: row["payload"], createdAt: row["createdAt"], earlierAttempts: row["attempts"])
    }
  }

  /// Gives a claimed action back to the queue (it was not sent: no network).
  public func releaseSpotifyActionClaim(_ id: Int64, token: String) throws {
    try writer.write { db in
      try db.execute(
        sql: "UPDATE spotifyActionQueue SET claimToken = NULL, claimedUntil = NULL WHERE id = ? AND claimToken = ?",
        arguments: [id, token])
    }
  }

  public func deleteQueuedSpotifyAction(_ id: Int64) throws {
    try writer.write { db in try db.execute(sql: "DELETE FROM spotifyActionQueue WHERE id = ?", arguments: [id]) }
  }

  public func queuedSpotifyActionCount() throws -> Int {
    try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM spotifyActionQueue") ?? 0 }
  }
}
