import Foundation
import GRDB

extension AppDatabase {
  /// How many (query, type) answers the search cache keeps; the oldest fetched go first.
  public static let searchCacheLimit = 200

  /// The cached answer for a normalised query and a search type ("track,artist,album,playlist"), if any.
  public func cachedSearch(_ query: String, type: String) throws -> MusicCacheEntry? {
    try writer.read { db in
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT payload, fetchedAt FROM searchCache WHERE query = ? AND type = ?", arguments: [query, type])
      else { return nil }
      return MusicCacheEntry(payload: row["payload"], fetchedAt: row["fetchedAt"])
    }
  }

  /// Stores (or replaces) the answer for a normalised query and type, then keeps only the `keep` newest.
  public func saveCachedSearch(
    _ query: String, type: String, payload: Data, at date: Date, keep: Int = AppDatabase.searchCacheLimit
  ) throws {
    try writer.write { db in
      try db.execute(
        sql: "INSERT OR REPLACE INTO searchCache (query, type, payload, fetchedAt) VALUES (?, ?, ?, ?)",
        arguments: [query, type, payload, date])
      try db.execute(
        sql: """
          DELETE FROM searchCache WHERE rowid NOT IN
            (SELECT rowid FROM searchCache ORDER BY fetchedAt DESC, rowid DESC LIMIT ?)
          """, arguments: [max(0, keep)])
    }
  }

  /// How many answers the search cache holds.
  public func cachedSearchCount() throws -> Int {
    try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM searchCache") ?? 0 }
  }
}

extension AppDatabase {
  /// Forgets every cached search answer (with the account that fetched them).
  public func clearCachedSearches() throws {
    try writer.write { db in try db.execute(sql: "DELETE FROM searchCache") }
  }
}
