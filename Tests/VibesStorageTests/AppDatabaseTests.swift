import Foundation
import GRDB
import VibesCore
import XCTest

@testable import VibesStorage

final class AppDatabaseTests: XCTestCase {
  private var temp: TemporaryDirectory!
  private var databasePath: String { temp.appending("vibes.sqlite").path }

  override func setUpWithError() throws {
    temp = try TemporaryDirectory("vibes-db")
  }

  override func tearDown() {
    temp.remove()
  }

  /// Both flavours, so every behaviour is checked on a real file and in memory.
  private func databases() throws -> [(String, AppDatabase)] {
    [("file", try AppDatabase(path: databasePath)), ("memory", try AppDatabase.inMemory())]
  }

  /// GRDB stores dates with millisecond precision: equal to within a millisecond.
  private func assertSameMillisecond(
    _ actual: Date?, _ expected: Date, _ message: String, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let actual = try XCTUnwrap(actual, message, file: file, line: line)
    XCTAssertEqual(
      actual.timeIntervalSince1970, expected.timeIntervalSince1970, accuracy: 0.001, message,
      file: file, line: line)
  }

  private func item(_ id: Int64, at seconds: TimeInterval, title: String? = nil) -> FeedItem {
    FeedItem(
      id: id, title: title ?? "Title \(id)", subtitle: "Sub \(id)", source: "src",
      publishedAt: Date(timeIntervalSince1970: seconds))
  }

  func testMigrationsAreApplied() throws {
    for (name, db) in try databases() {
      let applied = try db.appliedMigrations()
      XCTAssertEqual(applied.first, "v1", name)
      XCTAssertTrue(applied.contains("spotify-v1"), name)
      XCTAssertTrue(applied.contains("tracker-v1"), name)
      XCTAssertTrue(applied.contains("appStoreConnect-v1"), name)
      XCTAssertTrue(applied.contains("feed-count-v1"), name)
    }
  }

  func testFileDatabaseUsesWAL() throws {
    let db = try AppDatabase(path: databasePath)
    try db.saveStepVerified(.gemini, city: nil, at: Date())
    // SQLite header bytes 18 and 19 (read/write format versions) are 2 in WAL mode.
    let header = try Data(contentsOf: URL(fileURLWithPath: databasePath)).prefix(20)
    XCTAssertEqual(Array(header.suffix(2)), [2, 2])
    withExtendedLifetime(db) {}
  }

  func testStepSettingsRoundTrip() throws {
    for (name, db) in try databases() {
      XCTAssertNil(try db.city(for: .ticketmaster), name)
      XCTAssertNil(try db.lastVerified(.ticketmaster), name)

      let when = Date(timeIntervalSince1970: 1_700_000_000.123_456)
      try db.saveStepVerified(.ticketmaster, city: "Lisbon", at: when)
      XCTAssertEqual(try db.city(for: .ticketmaster), "Lisbon", name)
      try assertSameMillisecond(try db.lastVerified(.ticketmaster), when, name)
      XCTAssertNil(try db.city(for: .gemini), "steps are independent (\(name))")
      XCTAssertNil(try db.lastVerified(.gemini), name)

      let later = when.addingTimeInterval(60)
      try db.saveStepVerified(.ticketmaster, city: nil, at: later)
      XCTAssertNil(try db.city(for: .ticketmaster), "nil city is stored as NULL (\(name))")
      try assertSameMillisecond(try db.lastVerified(.ticketmaster), later, name)
    }
  }

  func testClearStepRemovesCityAndVerifiedTime() throws {
    for (name, db) in try databases() {
      try db.saveStepVerified(.spotify, city: "Oslo", at: Date())
      try db.saveStepVerified(.gemini, city: nil, at: Date())
      try db.clearStep(.spotify)
      XCTAssertNil(try db.city(for: .spotify), name)
      XCTAssertNil(try db.lastVerified(.spotify), name)
      XCTAssertNotNil(try db.lastVerified(.gemini), "other steps untouched (\(name))")
      try db.clearStep(.spotify)  // clearing a missing row is fine
    }
  }

  func testFeedWindowOrderAndPaging() throws {
    for (name, db) in try databases() {
      // 3,000 items inserted shuffled; every 3 share a timestamp so the id tie-break matters.
      var generator = SystemRandomNumberGenerator()
      let items = (1...3_000).map { id in item(Int64(id), at: 1_600_000_000 + Double(id / 3) * 60) }
      try db.insertFeedItems(items.shuffled(using: &generator))
      XCTAssertEqual(try db.feedItemCount(), 3_000, name)

      let expected = items.sorted { ($0.publishedAt, $0.id) > ($1.publishedAt, $1.id) }.map(\.id)
      var paged: [Int64] = []
      var offset = 0
      while true {
        let window = try db.feedItems(offset: offset, limit: 250)
        XCTAssertLessThanOrEqual(window.count, 250)
        if window.isEmpty { break }
        paged += window.map(\.id)
        offset += window.count
      }
      XCTAssertEqual(paged, expected, name)
      XCTAssertEqual(
        try db.feedItems(offset: 10, limit: 3).map(\.id), Array(expected[10..<13]), name)
      XCTAssertEqual(try db.feedItems(offset: 2_998, limit: 10).count, 2, name)
      XCTAssertEqual(try db.feedItems(offset: 5_000, limit: 10), [], name)
      XCTAssertEqual(try db.feedItems(offset: 0, limit: 0), [], name)
    }
  }

  func testFeedItemsRoundTripAllFields() throws {
    for (name, db) in try databases() {
      let original = FeedItem(
        id: 42, title: "Concert ✓", subtitle: "Line\nbreak", source: "ticketmaster",
        publishedAt: Date(timeIntervalSince1970: 1_650_000_000.5))
      try db.insertFeedItems([original])
      XCTAssertEqual(try db.feedItems(offset: 0, limit: 10), [original], name)
    }
  }

  func testWindowQueryIsServedByTheIndex() throws {
    for (name, db) in try databases() {
      let plan = try db.feedWindowQueryPlan().joined(separator: " | ")
      XCTAssertTrue(plan.contains("feedItem_order"), "\(name): \(plan)")
      XCTAssertFalse(plan.contains("TEMP B-TREE"), "\(name): \(plan)")
    }
  }

  func testInsertUpsertsById() throws {
    for (name, db) in try databases() {
      try db.insertFeedItems([item(1, at: 100), item(2, at: 200)])
      try db.insertFeedItems([item(1, at: 300, title: "Updated"), item(3, at: 50)])
      XCTAssertEqual(try db.feedItemCount(), 3, name)
      let all = try db.feedItems(offset: 0, limit: 10)
      XCTAssertEqual(all.map(\.id), [1, 2, 3], name)
      XCTAssertEqual(all.first?.title, "Updated", name)
    }
  }

  /// The counter the triggers keep must equal a real COUNT(*) after inserts, upserts, deletes and REPLACE.
  func testFeedItemCountStaysExactThroughEveryKindOfWrite() throws {
    for (name, db) in try databases() {
      XCTAssertEqual(try db.feedItemCount(), 0, name)
      try db.insertFeedItems((1...50).map { item($0, at: Double($0)) })
      try db.insertFeedItems((40...60).map { item($0, at: Double($0) + 0.5, title: "again") })
      XCTAssertEqual(try db.feedItemCount(), 60, name)
      XCTAssertEqual(try db.feedItemCountByScanning(), 60, name)
      try db.replaceFeedItemForTesting(item(5, at: 5, title: "replaced"))
      XCTAssertEqual(try db.feedItemCount(), 60, "REPLACE must not count twice (\(name))")
      try db.deleteAllFeedItems()
      XCTAssertEqual(try db.feedItemCount(), 0, name)
      try db.insertFeedItems([item(1, at: 1)])
      XCTAssertEqual(try db.feedItemCount(), 1, name)
    }
  }

  /// A cache filled before the counter existed: the migration counts what is there.
  func testCounterMigrationCountsAnExistingCache() throws {
    do {
      let queue = try DatabaseQueue(path: databasePath)
      try DatabaseMigrations.migrator.migrate(queue, upTo: "v1")
      try queue.write { db in
        for id in 1...25 {
          try db.execute(
            sql:
              "INSERT INTO feedItem (id, title, subtitle, source, publishedAt) VALUES (?, 't', 's', 'x', ?)",
            arguments: [id, Date(timeIntervalSince1970: Double(id))])
        }
      }
    }
    let db = try AppDatabase(path: databasePath)
    XCTAssertEqual(try db.feedItemCount(), 25)
    try db.insertFeedItems([item(26, at: 26)])
    XCTAssertEqual(try db.feedItemCount(), 26)
  }

  func testDeleteAllFeedItems() throws {
    for (name, db) in try databases() {
      try db.insertFeedItems((1...20).map { item($0, at: Double($0)) })
      try db.deleteAllFeedItems()
      XCTAssertEqual(try db.feedItemCount(), 0, name)
      XCTAssertEqual(try db.feedItems(offset: 0, limit: 10), [], name)
    }
  }

  func testReopeningTheFileKeepsData() throws {
    let when = Date(timeIntervalSince1970: 1_700_000_000)
    do {
      let db = try AppDatabase(path: databasePath)
      try db.saveStepVerified(.ticketmaster, city: "Berlin", at: when)
      try db.insertFeedItems([item(7, at: 700), item(8, at: 800)])
    }
    let reopened = try AppDatabase(path: databasePath)
    XCTAssertEqual(try reopened.appliedMigrations().first, "v1")
    XCTAssertEqual(try reopened.city(for: .ticketmaster), "Berlin")
    XCTAssertEqual(try reopened.lastVerified(.ticketmaster), when)
    XCTAssertEqual(try reopened.feedItems(offset: 0, limit: 10).map(\.id), [8, 7])
  }

  /// Two connections to one file (as two app instances would have) write at once: busy_timeout makes them wait
  /// for each other instead of failing with SQLITE_BUSY.
  func testTwoInstancesCanWriteConcurrently() throws {
    let first = try AppDatabase(path: databasePath)
    let second = try AppDatabase(path: databasePath)
    let failures = FailureLog()
    DispatchQueue.concurrentPerform(iterations: 2) { worker in
      let db = worker == 0 ? first : second
      for index in 0..<100 {
        let id = Int64(worker * 1_000 + index)
        let item = FeedItem(
          id: id, title: "t", subtitle: "s", source: "x",
          publishedAt: Date(timeIntervalSince1970: Double(id)))
        do { try db.insertFeedItems([item]) } catch { failures.add("\(error)") }
      }
    }
    XCTAssertEqual(failures.all.count, 0, failures.all.first ?? "")
    XCTAssertEqual(try first.feedItemCount(), 200)
  }
}

/// Thread-safe list of failure messages collected from worker threads.
final class FailureLog: @unchecked Sendable {
  private let lock = NSLock()
  private var messages: [String] = []

  func add(_ message: String) {
    lock.lock()
    messages.append(message)
    lock.unlock()
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return messages
  }
}
