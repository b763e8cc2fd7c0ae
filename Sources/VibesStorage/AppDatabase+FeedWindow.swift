import Foundation
import GRDB
import VibesCore

extension AppDatabase {
  /// The cards at ranked positions `offset ..< offset + limit`, one entry per stored row: nil for a card whose kind
  /// this version does not know, so list indices stay aligned with positions (the Feed skips over those rows).
  public func feedCardSlots(offset: Int, limit: Int) throws -> [FeedCard?] {
    guard limit > 0 else { return [] }
    return try writer.read { db in
      try Row.fetchAll(db, sql: FeedCardSQL.window, arguments: [max(0, offset), limit]).map { row in
        FeedCard.decode(kind: row["kind"], payload: row["payload"])
      }
    }
  }
}
