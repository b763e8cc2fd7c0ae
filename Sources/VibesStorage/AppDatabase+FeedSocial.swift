import Foundation
import GRDB
import VibesCore

/// The social Feed's side of the `feedCard` cache: reading the whole ranked feed to weave new social cards in,
/// marking a card read, dropping another account's cards, and when friends' songs were last fetched.
extension AppDatabase {
  /// When friends' songs were last fetched for `owner` (nil: never, or for another account).
  public func socialFeedFetchedAt(owner: String) throws -> Date? {
    try writer.read { db in
      try Date.fetchOne(
        db, sql: "SELECT fetchedAt FROM socialFeedRefresh WHERE id = 1 AND owner = ?", arguments: [owner])
    }
  }

  /// The account the cached social cards belong to (nil: none fetched yet).
  public func socialFeedOwner() throws -> String? {
    try writer.read { db in try String.fetchOne(db, sql: "SELECT owner FROM socialFeedRefresh WHERE id = 1") }
  }

  /// Every cached card in ranked order (at most `limit`), to weave fresh social cards in.
  public func allFeedCards(limit: Int = 200_000) throws -> [FeedCard] {
    try feedCards(offset: 0, limit: limit)
  }

  /// The card `key` marked read (its payload rewritten in place; its position stays). Nothing for other kinds.
  public func markFeedCardRead(key: String) throws {
    try writer.write { db in
      guard let row = try Row.fetchOne(db, sql: "SELECT kind, payload FROM feedCard WHERE key = ?", arguments: [key]),
        let card = FeedCard.decode(kind: row["kind"], payload: row["payload"]), card.isUnread
      else { return }
      try db.execute(
        sql: "UPDATE feedCard SET payload = ? WHERE key = ?", arguments: [try card.markedRead.encodedPayload(), key])
    }
  }

  /// Signed out or another account: every social card goes, and the record of the last fetch.
  public func removeSocialFeedCards() throws {
    try writer.write { db in
      let kinds = FeedCard.socialKinds.map(\.rawValue)
      try db.execute(
        sql: "DELETE FROM feedCard WHERE kind IN (\(kinds.map { _ in "?" }.joined(separator: ",")))",
        arguments: StatementArguments(kinds))
      try db.execute(sql: "DELETE FROM socialFeedRefresh")
      try FeedCardSQL.renumber(db)
    }
  }
}
