import Foundation
import GRDB

extension AppDatabase {
  /// True once the first-launch tutorial has been finished or skipped.
  public func isTutorialSeen() throws -> Bool {
    try writer.read { db in
      try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM tutorialSeen WHERE id = 1)") ?? false
    }
  }

  /// Records that the tutorial was finished or skipped, so it is not shown at the next start.
  public func markTutorialSeen(at date: Date) throws {
    try writer.write { db in
      try db.execute(sql: "INSERT OR REPLACE INTO tutorialSeen (id, seenAt) VALUES (1, ?)", arguments: [date])
    }
  }
}
