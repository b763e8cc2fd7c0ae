import Foundation
import GRDB
import XCTest

@testable import VibesStorage

/// Opening the database after a clean quit writes nothing before the first read: SQLite deleted the write-ahead log
/// when the last connection closed, and the open gives the pool an empty one instead of letting GRDB make one by a
/// write transaction (Docs/performance.md, "Issue 26: after `main`").
final class DatabaseOpeningWritesTests: XCTestCase {
  private var temp: TemporaryDirectory!
  private var path: String { temp.appending("vibes.sqlite").path }
  private var logPath: String { path + "-wal" }
  private let now = Date(timeIntervalSince1970: 1_800_000_000)

  override func setUpWithError() throws { temp = try TemporaryDirectory("vibes-open-writes") }
  override func tearDown() { temp.remove() }

  private func fileSize(_ path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
  }

  /// A migrated database with one saved step, closed (so SQLite removed its log).
  private func makeClosedDatabase() throws {
    do {
      let database = try AppDatabase(path: path, now: now)
      try database.saveStepVerified(.gemini, city: "Köln", at: now)
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: logPath), "closing the last connection removes the log")
  }

  func testReopeningAfterACleanCloseWritesNoFrameAndKeepsTheFileAsItWas() throws {
    try makeClosedDatabase()
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let database = try AppDatabase(path: path, now: now)
    XCTAssertEqual(database.openOutcome, .opened)
    XCTAssertEqual(try database.city(for: .gemini), "Köln")
    XCTAssertEqual(
      fileSize(logPath), DatabaseOpening.walHeaderSize,
      "no frame in the log: GRDB's set-up transaction (CREATE TABLE grdb_issue_102) did not run")
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "the database file is untouched")
    XCTAssertEqual(try posixMode(URL(fileURLWithPath: logPath)), try posixMode(URL(fileURLWithPath: path)))
  }

  func testTheEmptyLogTakesWritesAndTheyLastAcrossReopening() throws {
    try makeClosedDatabase()
    do {
      let database = try AppDatabase(path: path, now: now)
      try database.saveStepVerified(.ticketmaster, city: "Berlin", at: now)
      XCTAssertGreaterThan(fileSize(logPath) ?? 0, DatabaseOpening.walHeaderSize, "the write went to the log")
      // A second pool (another vibes, `vibes status`) reads the first one's write through the same log.
      let other = try DatabasePool(path: path)
      XCTAssertEqual(
        try other.read { db in try String.fetchOne(db, sql: "SELECT city FROM stepSetting WHERE step = 'ticketmaster'")
        },
        "Berlin")
    }
    let reopened = try AppDatabase(path: path, now: now)
    XCTAssertEqual(reopened.openOutcome, .opened)
    XCTAssertEqual(try reopened.city(for: .ticketmaster), "Berlin")
    XCTAssertEqual(try reopened.city(for: .gemini), "Köln")
    try reopened.writer.read { db in
      XCTAssertEqual(try String.fetchOne(db, sql: "PRAGMA integrity_check"), "ok")
    }
  }

  func testALogThatExistsIsLeftToSQLite() throws {
    try makeClosedDatabase()
    // Another connection holds the database open with a committed write still in its log.
    let holder = try DatabasePool(path: path)
    try holder.write { db in try db.execute(sql: "UPDATE stepSetting SET city = 'Wien' WHERE step = 'gemini'") }
    let logBefore = try Data(contentsOf: URL(fileURLWithPath: logPath))
    XCTAssertGreaterThan(logBefore.count, DatabaseOpening.walHeaderSize)
    let database = try AppDatabase(path: path, now: now)
    XCTAssertEqual(try database.city(for: .gemini), "Wien", "the other connection's write is read from its log")
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: logPath)).prefix(32), logBefore.prefix(32))
  }
}
