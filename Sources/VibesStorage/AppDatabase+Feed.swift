import Foundation
import GRDB
import VibesCore

#if canImport(GRDBSQLite)
  import GRDBSQLite
#elseif canImport(SQLite3)
  import SQLite3
#endif

/// The typed Feed cache (`feedCard`, migration "feed-cards-v1"): ranked cards, read a window at a time.
extension AppDatabase {
  // MARK: Reads

  /// The cards at ranked positions `offset ..< offset + limit`, read off the `feedCard_order` index (never the whole
  /// cache). A card whose kind this version does not know is skipped, so a window may hold fewer than `limit`.
  public func feedCards(offset: Int, limit: Int) throws -> [FeedCard] {
    guard limit > 0 else { return [] }
    return try writer.read { db in
      try Row.fetchAll(db, sql: FeedCardSQL.window, arguments: [max(0, offset), limit]).compactMap { row in
        FeedCard.decode(kind: row["kind"], payload: row["payload"])
      }
    }
  }

  /// How many cards are cached (all kinds): one row kept by triggers, not a COUNT(*).
  public func feedCardCount() throws -> Int {
    try writer.read { db in try Self.feedCardCount(db) }
  }

  static func feedCardCount(_ db: Database) throws -> Int {
    try Int.fetchOne(db, sql: "SELECT count FROM feedCardCount WHERE id = 1") ?? 0
  }

  /// When a refresh last succeeded (for any kind), or nil if none has.
  public func feedUpdatedAt() throws -> Date? {
    try writer.read { db in try Date.fetchOne(db, sql: "SELECT MAX(fetchedAt) FROM feedRefresh") }
  }

  /// When a refresh of `kind` last succeeded, and for which city (concerts).
  public func feedUpdatedAt(kind: FeedCardKind) throws -> (at: Date, city: String?)? {
    try writer.read { db in
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT fetchedAt, city FROM feedRefresh WHERE kind = ?", arguments: [kind.rawValue]),
        let at = row["fetchedAt"] as Date?
      else { return nil }
      return (at, row["city"])
    }
  }

  /// Up to `limit` cached cards of one kind in ranked order, for re-ranking them beside fresh ones.
  public func cachedFeedCards(kind: FeedCardKind, limit: Int = 2_000) throws -> [FeedCard] {
    guard limit > 0 else { return [] }
    return try writer.read { db in
      try Row.fetchAll(
        db, sql: "SELECT kind, payload FROM feedCard WHERE kind = ? ORDER BY position, key LIMIT ?",
        arguments: [kind.rawValue, limit]
      ).compactMap { FeedCard.decode(kind: $0["kind"], payload: $0["payload"]) }
    }
  }

  // MARK: Writes

  /// One transaction: the cached concerts become the concert cards of `cards` (the whole ranked feed), for `city`;
  /// every cached card `cards` names takes its position from it. Only called with a successful fetch, so a refresh
  /// that fails never empties the cache.
  public func replaceConcerts(city: String, cards: [FeedCard], fetchedAt: Date) throws {
    try replace(kinds: [.concert], city: city, rankedFeed: cards, fetchedAt: fetchedAt)
  }

  /// One transaction: the cached new releases become the new-release cards of `cards` (the whole ranked feed);
  /// every cached card `cards` names takes its position from it.
  public func replaceNewReleases(cards: [FeedCard], fetchedAt: Date) throws {
    try replace(kinds: [.newRelease], city: nil, rankedFeed: cards, fetchedAt: fetchedAt)
  }

  /// One transaction: both kinds at once, from one ranked feed.
  public func replaceConcertsAndNewReleases(city: String, cards: [FeedCard], fetchedAt: Date) throws {
    try replace(kinds: [.concert, .newRelease], city: city, rankedFeed: cards, fetchedAt: fetchedAt)
  }

  /// On a city change: drops the concerts of any other city (compared case-insensitively), keeps the rest in order.
  public func removeConcerts(notIn city: String) throws {
    try writer.write { db in
      try db.execute(
        sql: "DELETE FROM feedCard WHERE kind = ? AND (city IS NULL OR lower(city) <> lower(?))",
        arguments: [FeedCardKind.concert.rawValue, city])
      try db.execute(
        sql: "DELETE FROM feedRefresh WHERE kind = ? AND (city IS NULL OR lower(city) <> lower(?))",
        arguments: [FeedCardKind.concert.rawValue, city])
      try FeedCardSQL.renumber(db)
    }
  }

  /// On Spotify disconnect: drops every new-release card (the concerts' "you listen to" marks go at the next
  /// refresh).
  public func removeNewReleases() throws {
    try writer.write { db in
      try db.execute(sql: "DELETE FROM feedCard WHERE kind = ?", arguments: [FeedCardKind.newRelease.rawValue])
      try db.execute(sql: "DELETE FROM feedRefresh WHERE kind = ?", arguments: [FeedCardKind.newRelease.rawValue])
      try FeedCardSQL.renumber(db)
    }
  }

  /// Every card, every refresh time.
  public func removeAllFeedCards() throws {
    try writer.write { db in
      try db.execute(sql: "DELETE FROM feedCard")
      try db.execute(sql: "DELETE FROM feedRefresh")
    }
  }

  /// One transaction: the cached social cards become those of `cards` (the whole ranked feed, the Feed's own cards
  /// woven in); every cached card `cards` names takes its position from it. `feedRefresh` is left alone (a social
  /// poll does not make the concerts fresh); `socialFeedRefresh` records the fetch for `owner` when `fetchedAt` is set.
  public func replaceSocialCards(rankedFeed cards: [FeedCard], owner: String, fetchedAt: Date?) throws {
    try replace(
      kinds: FeedCard.socialKinds, city: nil, rankedFeed: cards, fetchedAt: fetchedAt ?? Date(),
      recordRefresh: false
    ) { db in
      guard let fetchedAt else { return }
      try db.execute(
        sql: "INSERT INTO socialFeedRefresh (id, owner, fetchedAt) VALUES (1, ?, ?) "
          + "ON CONFLICT(id) DO UPDATE SET owner = excluded.owner, fetchedAt = excluded.fetchedAt",
        arguments: [owner, fetchedAt])
    }
  }

  private func replace(
    kinds: Set<FeedCardKind>, city: String?, rankedFeed: [FeedCard], fetchedAt: Date, recordRefresh: Bool = true,
    also: (Database) throws -> Void = { _ in }
  ) throws {
    // Only the replaced kinds are written whole; the other cards only move (no payload to encode).
    let rows = try rankedFeed.map { card in
      (card: card, payload: kinds.contains(card.kind) ? try card.encodedPayload() : nil)
    }
    try writer.write { db in
      try also(db)
      for kind in kinds {
        try db.execute(sql: "DELETE FROM feedCard WHERE kind = ?", arguments: [kind.rawValue])
      }
      // Cards the ranked feed does not name keep their order, after those it does.
      try db.execute(sql: "UPDATE feedCard SET position = position + ?", arguments: [rows.count])
      let insert = try db.cachedStatement(
        sql: """
          INSERT INTO feedCard (key, kind, position, city, payload, fetchedAt) VALUES (?, ?, ?, ?, ?, ?)
          ON CONFLICT(key) DO UPDATE SET position = excluded.position
          """)
      let move = try db.cachedStatement(sql: "UPDATE feedCard SET position = ? WHERE key = ?")
      for (position, row) in rows.enumerated() {
        if kinds.contains(row.card.kind) {
          // The city searched for, not the venue's (which may say "Brooklyn" for "New York").
          let rowCity = row.card.kind == .concert ? city : nil
          try insert.execute(arguments: [
            row.card.id, row.card.kind.rawValue, position, rowCity, row.payload, fetchedAt,
          ])
        } else {
          try move.execute(arguments: [position, row.card.id])
        }
      }
      try FeedCardSQL.renumber(db)
      for kind in kinds where recordRefresh {
        try db.execute(
          sql: "INSERT INTO feedRefresh (kind, city, fetchedAt) VALUES (?, ?, ?) "
            + "ON CONFLICT(kind) DO UPDATE SET city = excluded.city, fetchedAt = excluded.fetchedAt",
          arguments: [kind.rawValue, kind == .concert ? city : nil, fetchedAt])
      }
    }
  }

  // MARK: Diagnostics

  /// COUNT(*) over the whole table: what `feedCardCount()` must always equal.
  public func feedCardCountByScanning() throws -> Int {
    try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM feedCard") ?? 0 }
  }

  /// SQLite's plan (EXPLAIN QUERY PLAN details) for the window query.
  public func feedCardWindowQueryPlan() throws -> [String] {
    try writer.read { db in
      try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + FeedCardSQL.window, arguments: [99_990, 10]).map {
        $0["detail"] ?? ""
      }
    }
  }

  /// How many table rows SQLite stepped through for the window at `offset` (the VM step counter), to check a deep
  /// window costs what a top one does.
  public func feedCardWindowSteps(offset: Int, limit: Int) throws -> Int {
    try writer.read { db in
      let statement = try db.makeStatement(sql: FeedCardSQL.window)
      statement.arguments = [offset, limit]
      let cursor = try Row.fetchCursor(statement)
      while try cursor.next() != nil {}
      return Int(sqlite3_stmt_status(statement.sqliteStatement, SQLITE_STMTSTATUS_VM_STEP, 0))
    }
  }
}

enum FeedCardSQL {
  /// `position` is dense, so the offset is a key into the index rather than rows to skip.
  static let window = "SELECT kind, payload FROM feedCard WHERE position >= ? ORDER BY position, key LIMIT ?"

  /// Makes positions 0, 1, 2, … again in the current order (after deletes, or moves that left gaps or ties).
  static func renumber(_ db: Database) throws {
    try db.execute(
      sql: """
        UPDATE feedCard SET position = ranked.n
        FROM (SELECT key, ROW_NUMBER() OVER (ORDER BY position, key) - 1 AS n FROM feedCard) AS ranked
        WHERE feedCard.key = ranked.key AND feedCard.position <> ranked.n
        """)
  }
}
