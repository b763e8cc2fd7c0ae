import Foundation
import GRDB
import VibesCore

extension AppDatabase {
  /// The cards at ranked positions `offset ..< offset + limit`, one entry per stored row: nil for a card whose kind
  /// this version does not know, so list indices stay aligned with positions (the Feed skips over those rows).
  public func feedCardSlots(offset: Int, limit: Int) throws -> [FeedCard?] {
    guard limit > 0 else { return [] }
    return try writer.read { db in try Self.feedCardSlots(db, offset: offset, limit: limit) }
  }

  /// `feedCardCount()` and `feedCardSlots(offset:limit:)` in one read, so the total and the window come from the
  /// same snapshot (the Feed's first window is read before the first complete frame).
  public func feedCardWindow(offset: Int, limit: Int) throws -> (total: Int, slots: [FeedCard?]) {
    try writer.read { db in
      let total = try Self.feedCardCount(db)
      guard limit > 0 else { return (total, []) }
      return (total, try Self.feedCardSlots(db, offset: offset, limit: limit))
    }
  }

  private static func feedCardSlots(_ db: Database, offset: Int, limit: Int) throws -> [FeedCard?] {
    try Row.fetchAll(db, sql: FeedCardSQL.window, arguments: [max(0, offset), limit]).map { row in
      FeedCard.decode(kind: row["kind"], payload: row["payload"])
    }
  }
}
