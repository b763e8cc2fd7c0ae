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

  private func concert(_ id: String) -> FeedCard {
    .concert(ConcertCard(eventID: id, name: "Show \(id)", localDate: "2026-12-01", city: "Berlin"))
  }

  func testMigrationsAreApplied() throws {
    for (name, db) in try databases() {
      let applied = try db.appliedMigrations()
      XCTAssertEqual(applied.first, "v1", name)
      XCTAssertTrue(applied.contains("spotify-v1"), name)
      XCTAssertTrue(applied.contains("tracker-v1"), name)
      XCTAssertTrue(applied.contains("appStoreConnect-v1"), name)
      XCTAssertTrue(applied.contains("feed-count-v1"), name)
      XCTAssertTrue(applied.contains("feed-drop-items-v1"), name)
      XCTAssertTrue(applied.contains("previews-v1"), name)
      XCTAssertTrue(applied.contains("social-v1-write-queue"), name)
      XCTAssertEqual(applied, DatabaseMigrations.migrator.migrations, name)
      let legacy = try db.writer.read { db in
        (try db.tableExists("feedItem"), try db.tableExists("feedItemCount"))
      }
      XCTAssertFalse(legacy.0, "the generic feedItem cache is dropped (\(name))")
      XCTAssertFalse(legacy.1, "and its counter (\(name))")
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

  /// Issue 20 item 9: the radius and the city taken from the suggestions are kept with the step.
  func testConcertAreaRoundTrip() throws {
    for (name, db) in try databases() {
      XCTAssertTrue(try db.concertArea(for: .ticketmaster) == (nil, nil), name)
      let place = City(name: "Berlin", countryCode: "US", latitude: 44.4687, longitude: -71.1851, population: 0)
      try db.saveStepVerified(.ticketmaster, city: "Berlin, US", radiusKm: 25, place: place, at: Date())
      let area = try db.concertArea(for: .ticketmaster)
      XCTAssertEqual(area.radiusKm, 25, name)
      XCTAssertEqual(area.place, place, name)
      XCTAssertEqual(try db.city(for: .ticketmaster), "Berlin, US", name)
      try db.saveStepVerified(.ticketmaster, city: "Smalltown", radiusKm: 100, place: nil, at: Date())
      XCTAssertNil(try db.concertArea(for: .ticketmaster).place, "a typed city drops the stored one (\(name))")
      XCTAssertEqual(try db.concertArea(for: .ticketmaster).radiusKm, 100, name)
      XCTAssertTrue(try db.appliedMigrations().contains("concert-area-v1"), name)
    }
  }

  /// The setup facts' one read gives what the three separate reads give, before and after a save.
  func testSetupSettingsAreTheCityTheAreaAndTheArtworkSettingInOneRead() throws {
    for (name, db) in try databases() {
      var settings = try db.setupSettings(for: .ticketmaster)
      XCTAssertNil(settings.city, name)
      XCTAssertNil(settings.radiusKm, name)
      XCTAssertNil(settings.place, name)
      XCTAssertTrue(settings.artworkOn, "pictures on until turned off (\(name))")
      let place = City(name: "Berlin", countryCode: "US", latitude: 44.4687, longitude: -71.1851, population: 0)
      try db.saveStepVerified(.ticketmaster, city: "Berlin, US", radiusKm: 25, place: place, at: Date())
      try db.setArtworkOn(false)
      settings = try db.setupSettings(for: .ticketmaster)
      XCTAssertEqual(settings.city, try db.city(for: .ticketmaster), name)
      XCTAssertEqual(settings.city, "Berlin, US", name)
      XCTAssertEqual(settings.radiusKm, 25, name)
      XCTAssertEqual(settings.place, place, name)
      XCTAssertFalse(settings.artworkOn, name)
      XCTAssertNil(try db.setupSettings(for: .gemini).city, "another step's row (\(name))")
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

  func testReopeningTheFileKeepsData() throws {
    let when = Date(timeIntervalSince1970: 1_700_000_000)
    do {
      let db = try AppDatabase(path: databasePath)
      try db.saveStepVerified(.ticketmaster, city: "Berlin", at: when)
      try db.replaceConcerts(city: "Berlin", cards: [concert("8"), concert("7")], fetchedAt: when)
    }
    let reopened = try AppDatabase(path: databasePath)
    XCTAssertEqual(try reopened.appliedMigrations().first, "v1")
    XCTAssertEqual(try reopened.city(for: .ticketmaster), "Berlin")
    XCTAssertEqual(try reopened.lastVerified(.ticketmaster), when)
    XCTAssertEqual(try reopened.feedCards(offset: 0, limit: 10).map(\.id), ["concert:8", "concert:7"])
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
        let id = worker * 1_000 + index
        do {
          try db.enqueueSpotifyAction(Data("action \(id)".utf8), at: Date(timeIntervalSince1970: Double(id)))
        } catch { failures.add("\(error)") }
      }
    }
    XCTAssertEqual(failures.all.count, 0, failures.all.first ?? "")
    XCTAssertEqual(try first.queuedSpotifyActionCount(), 200)
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
