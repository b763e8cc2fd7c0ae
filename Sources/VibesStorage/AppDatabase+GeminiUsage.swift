import Foundation
import GRDB

extension AppDatabase {
  /// How many days of Gemini counts are kept.
  public static let geminiUsageDays = 7

  /// Counts one Gemini generation request for `keyID` (never the key) on local day `day` (`LocalDay.number`),
  /// marking the day used up when Google said so; older days are forgotten.
  public func recordGeminiRequest(keyID: String, day: Int, exhausted: Bool) throws {
    try writer.write { db in
      try db.execute(
        sql: """
          INSERT INTO geminiUsage (keyID, day, requests, exhausted) VALUES (?, ?, 1, ?)
          ON CONFLICT(keyID, day) DO UPDATE SET requests = requests + 1, exhausted = exhausted OR excluded.exhausted
          """, arguments: [keyID, day, exhausted])
      try db.execute(
        sql: "DELETE FROM geminiUsage WHERE day < ?", arguments: [day - AppDatabase.geminiUsageDays])
    }
  }

  /// The requests counted for `keyID` on `day`, and whether the day's quota was reported used up.
  public func geminiUsage(keyID: String, day: Int) throws -> (requests: Int, exhausted: Bool) {
    try writer.read { db in
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT requests, exhausted FROM geminiUsage WHERE keyID = ? AND day = ?", arguments: [keyID, day])
      else { return (0, false) }
      return (row["requests"], row["exhausted"])
    }
  }
}
