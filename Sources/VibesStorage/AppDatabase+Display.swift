import Foundation
import GRDB

extension AppDatabase {
  /// Profile → Artwork: true unless the user turned pictures off.
  public func isArtworkOn() throws -> Bool {
    try writer.read { db in try Self.isArtworkOn(db) }
  }

  static func isArtworkOn(_ db: Database) throws -> Bool {
    try Bool.fetchOne(db, sql: "SELECT artworkOn FROM displaySetting WHERE id = 1") ?? true
  }

  /// Remembers the artwork setting for the next start.
  public func setArtworkOn(_ on: Bool) throws {
    try writer.write { db in
      try db.execute(sql: "INSERT OR REPLACE INTO displaySetting (id, artworkOn) VALUES (1, ?)", arguments: [on])
    }
  }
}
