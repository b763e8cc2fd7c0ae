import Foundation
import GRDB

extension AppDatabase {
  /// How many viewed profiles each account keeps offline (the oldest go first).
  public static let peopleProfileLimit = 200

  /// The People area's cached entry `key` of account `owner` (the lists, or `profile:{uid}`).
  public func peopleCache(owner: String, key: String) throws -> MusicCacheEntry? {
    try writer.read { db in
      try Row.fetchOne(
        db, sql: "SELECT payload, fetchedAt FROM peopleCache WHERE owner = ? AND key = ?", arguments: [owner, key]
      ).map { MusicCacheEntry(payload: $0["payload"], fetchedAt: $0["fetchedAt"]) }
    }
  }

  /// Stores (or replaces) an entry; keeps the newest `peopleProfileLimit` profiles of `owner`.
  public func savePeopleCache(owner: String, key: String, payload: Data, at date: Date) throws {
    try writer.write { db in
      try db.execute(
        sql: "INSERT OR REPLACE INTO peopleCache (owner, key, payload, fetchedAt) VALUES (?, ?, ?, ?)",
        arguments: [owner, key, payload, date])
      try db.execute(
        sql: """
          DELETE FROM peopleCache WHERE owner = ? AND key LIKE 'profile:%' AND key NOT IN
            (SELECT key FROM peopleCache WHERE owner = ? AND key LIKE 'profile:%' ORDER BY fetchedAt DESC LIMIT ?)
          """, arguments: [owner, owner, Self.peopleProfileLimit])
    }
  }

  /// Removes one entry (a blocked user's profile).
  public func removePeopleCache(owner: String, key: String) throws {
    try writer.write { db in
      try db.execute(sql: "DELETE FROM peopleCache WHERE owner = ? AND key = ?", arguments: [owner, key])
    }
  }

  /// Forgets every account's People copy (no one is signed in any more).
  public func clearPeopleCache() throws {
    try writer.write { db in try db.execute(sql: "DELETE FROM peopleCache") }
  }
}
