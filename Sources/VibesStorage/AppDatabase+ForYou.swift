import Foundation
import GRDB
import VibesCore

extension AppDatabase {
  /// For You's offline copy (the list as last shown), or nil before the first answer.
  public func forYouList() throws -> CachedForYou? {
    try forYouPayload("list").map { try JSONDecoder().decode(CachedForYou.self, from: $0) }
  }

  public func saveForYouList(_ list: CachedForYou, at date: Date) throws {
    try saveForYouPayload("list", JSONEncoder().encode(list), at: date)
  }

  /// What For You remembers between refreshes (empty before the first dismissal or answer).
  public func forYouMemory() throws -> ForYouMemory {
    try forYouPayload("memory").map { try JSONDecoder().decode(ForYouMemory.self, from: $0) } ?? ForYouMemory()
  }

  public func saveForYouMemory(_ memory: ForYouMemory, at date: Date) throws {
    try saveForYouPayload("memory", JSONEncoder().encode(memory), at: date)
  }

  /// Forgets the copy and the memory (Spotify disconnected).
  public func clearForYou() throws {
    try writer.write { db in try db.execute(sql: "DELETE FROM forYouCache") }
  }

  private func forYouPayload(_ key: String) throws -> Data? {
    try writer.read { db in
      try Data.fetchOne(db, sql: "SELECT payload FROM forYouCache WHERE key = ?", arguments: [key])
    }
  }

  private func saveForYouPayload(_ key: String, _ payload: Data, at date: Date) throws {
    try writer.write { db in
      try db.execute(
        sql: "INSERT OR REPLACE INTO forYouCache (key, payload, savedAt) VALUES (?, ?, ?)",
        arguments: [key, payload, date])
    }
  }
}
