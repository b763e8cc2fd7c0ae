import Foundation
import GRDB
import VibesCore
import XCTest

@testable import VibesStorage

/// A damaged database file is recognised as damage (not as a first start), moved aside and rebuilt.
final class DamagedDatabaseTests: XCTestCase {
  private var temp: TemporaryDirectory!
  private var path: String { temp.appending("vibes.sqlite").path }
  private let now = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15T08:00:00Z
  private var expectedAside: String { path + ".damaged-20270115T080000Z" }

  override func setUpWithError() throws { temp = try TemporaryDirectory("vibes-damage") }
  override func tearDown() { temp.remove() }

  func testNoFileIsAFreshInstallAndReopeningIsOpened() throws {
    let first = try AppDatabase(path: path, now: now)
    XCTAssertEqual(first.openOutcome, .createdFresh)
    try first.saveStepVerified(.gemini, city: "Köln", at: now)
    let second = try AppDatabase(path: path, now: now)
    XCTAssertEqual(second.openOutcome, .opened)
    XCTAssertEqual(try second.city(for: .gemini), "Köln")
  }

  func testAZeroLengthFileIsDamage() throws {
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
    try assertRecovered(reason: .empty, asideContents: Data())
  }

  func testAGarbageFileIsDamage() throws {
    var generator = SystemRandomNumberGenerator()
    let garbage = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: garbage))
    try assertRecovered(reason: .notSQLite, asideContents: garbage)
  }

  func testAFileCutMidPageIsDamage() throws {
    try makeVibesDatabase()
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let cut = data.prefix(4096 + 100)
    try cut.write(to: URL(fileURLWithPath: path))
    try assertRecovered(reason: .truncated, asideContents: cut)
  }

  func testAFileMissingItsLastPagesIsDamage() throws {
    try makeVibesDatabase(feedCards: 400)
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    XCTAssertGreaterThan(data.count, 4 * 4096)
    try data.prefix(2 * 4096).write(to: URL(fileURLWithPath: path))
    let database = try AppDatabase(path: path, now: now)
    guard case .recoveredFromDamage(let movedTo, _) = database.openOutcome else {
      return XCTFail("expected recovery, got \(database.openOutcome)")
    }
    XCTAssertEqual(movedTo, expectedAside)
    XCTAssertEqual(try database.feedCardCount(), 0)
  }

  func testAnotherProgramsDatabaseIsNotTakenOver() throws {
    let foreign = try DatabaseQueue(path: path)
    try foreign.write { db in
      try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
      try db.execute(sql: "INSERT INTO notes (body) VALUES ('keep me')")
    }
    try foreign.close()
    let database = try AppDatabase(path: path, now: now)
    XCTAssertEqual(
      database.openOutcome,
      .recoveredFromDamage(movedTo: expectedAside, reason: .foreignDatabase))
    let moved = try DatabaseQueue(path: expectedAside)
    XCTAssertEqual(try moved.read { try String.fetchOne($0, sql: "SELECT body FROM notes") }, "keep me")
    XCTAssertFalse(try database.appliedMigrations().isEmpty)
  }

  func testAWriteAheadLogWithoutItsDatabaseIsDamage() throws {
    XCTAssertTrue(FileManager.default.createFile(atPath: path + "-wal", contents: Data(repeating: 7, count: 4096)))
    let database = try AppDatabase(path: path, now: now)
    XCTAssertEqual(
      database.openOutcome,
      .recoveredFromDamage(
        movedTo: expectedAside + "-wal", reason: .orphanLog))
    XCTAssertTrue(FileManager.default.fileExists(atPath: expectedAside + "-wal"))
    try database.saveStepVerified(.spotify, city: nil, at: now)
  }

  func testAHotWriteAheadLogAfterACrashIsNotDamage() throws {
    let live = try AppDatabase(path: path, now: now)
    try live.saveStepVerified(.ticketmaster, city: "Wien", at: now)
    // Copy the files while the writer still holds them open: what a crash leaves behind.
    let copy = temp.appending("copy.sqlite").path
    for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: path + suffix) {
      try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
    }
    XCTAssertTrue(FileManager.default.fileExists(atPath: copy + "-wal"), "the row is still only in the log")
    let reopened = try AppDatabase(path: copy, now: now)
    XCTAssertEqual(reopened.openOutcome, .opened)
    XCTAssertEqual(try reopened.city(for: .ticketmaster), "Wien")
  }

  func testTwoOpenersOfTheSameFileBothWork() throws {
    let first = try AppDatabase(path: path, now: now)
    let second = try AppDatabase(path: path, now: now)
    try first.saveStepVerified(.gemini, city: "A", at: now)
    try second.saveStepVerified(.spotify, city: "B", at: now)
    XCTAssertEqual(try first.city(for: .spotify), "B")
    XCTAssertEqual(second.openOutcome, .opened)
  }

  func testALockHeldByAnotherProgramIsATypedBusyError() throws {
    var unsafe = Configuration()
    unsafe.allowsUnsafeTransactions = true
    // A rollback journal: an exclusive lock keeps readers out too.
    let holder = try DatabaseQueue(path: path, configuration: unsafe)
    try holder.writeWithoutTransaction { db in
      try db.execute(sql: "CREATE TABLE t (x)")
      try db.execute(sql: "BEGIN EXCLUSIVE")
      try db.execute(sql: "INSERT INTO t VALUES (1)")
    }
    defer { try? holder.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") } }
    XCTAssertThrowsError(try AppDatabase(path: path, now: now, busyTimeoutMilliseconds: 200)) { error in
      XCTAssertEqual(error as? AppDatabaseError, .busy(path: path))
    }
    XCTAssertTrue(FileManager.default.fileExists(atPath: path), "a busy file is not damage: it stays")
  }

  func testAReadOnlyDataFolderIsATypedError() throws {
    let disk = try SmallMount(kilobytes: 1024)
    defer { disk.unmount() }
    let existing = disk.url.appendingPathComponent("vibes.sqlite").path
    try AppDatabase(path: existing, now: now).saveStepVerified(.gemini, city: "X", at: now)
    try disk.remountReadOnly()
    for target in [existing, disk.url.appendingPathComponent("fresh.sqlite").path] {
      XCTAssertThrowsError(try AppDatabase(path: target, now: now), target) { error in
        guard case .readOnly? = error as? AppDatabaseError else { return XCTFail("\(target): \(error)") }
      }
    }
  }

  // MARK: Helpers

  private func makeVibesDatabase(feedCards: Int = 0) throws {
    let database = try AppDatabase(path: path, now: now)
    try database.saveStepVerified(.gemini, city: "Köln", at: now)
    if feedCards > 0 {
      try database.replaceConcerts(
        city: "Köln",
        cards: (0..<feedCards).map { index in
          .concert(ConcertCard(eventID: "\(index)", name: String(repeating: "t", count: 200), city: "Köln"))
        }, fetchedAt: now)
    }
    // Fold the log into the file so the main file holds everything.
    _ = try database.writer.writeWithoutTransaction { try $0.checkpoint(.truncate) }
  }

  private func assertRecovered(reason: DatabaseDamage, asideContents: Data, line: UInt = #line) throws {
    let database = try AppDatabase(path: path, now: now)
    XCTAssertEqual(
      database.openOutcome, .recoveredFromDamage(movedTo: expectedAside, reason: reason), line: line)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: expectedAside)), asideContents, line: line)
    XCTAssertFalse(try database.appliedMigrations().isEmpty, line: line)
    try database.saveStepVerified(.gemini, city: "Bonn", at: now)
    XCTAssertEqual(try AppDatabase(path: path, now: now).openOutcome, .opened, line: line)
  }
}
