import Foundation
import GRDB
import VibesCore
import VibesTestSupport
import XCTest

@testable import VibesStorage

#if canImport(Glibc)
  import Glibc
#endif

/// kill -9 during the first-run migration: a child (this test binary re-run) opens `AppDatabase` on a folder with
/// no database (mode `fresh`: the file is created and every migration runs) or with a database left at an older
/// migration holding rows (mode `upgrade`), and the parent SIGKILLs it at a seeded random moment inside the time
/// an uncut open takes. After each kill: reopening is `.opened` (or `.createdFresh` when no file was left), never
/// damage; `PRAGMA integrity_check` is ok; every migration is applied; the old rows are still there; no temp,
/// journal or damaged file is left. 60 kills by default (30 per mode); VIBES_LONG_RUNS=1 makes it 1,000.
/// VIBES_MIGRATION_KILLS sets the count, VIBES_CRASH_SEED the seed (default 1).
final class KillNineMigrationTests: XCTestCase {
  static let directoryVariable = "VIBES_MIGRATION_CHILD_DIR"

  enum Mode: String, CaseIterable { case fresh, upgrade }

  // MARK: - The child: says READY, opens (creates/migrates) the database, says ACK, then waits to be killed

  func testMigrationChild() throws {
    guard let directory = ProcessInfo.processInfo.environment[Self.directoryVariable] else {
      throw XCTSkip("runs only as the child process of testKillNineDuringMigration")
    }
    Self.say("READY\n")
    let database = try AppDatabase(path: URL(fileURLWithPath: directory).appendingPathComponent("vibes.sqlite").path)
    Self.say("ACK \(database.openOutcome)\n")
    while true { sleep(60) }
  }

  private static func say(_ line: String) {
    _ = line.withCString { write(1, $0, strlen($0)) }
  }

  // MARK: - The parent

  func testKillNineDuringMigration() throws {
    let environment = ProcessInfo.processInfo.environment
    let kills =
      Int(environment["VIBES_MIGRATION_KILLS"] ?? "") ?? (environment["VIBES_LONG_RUNS"] == "1" ? 1_000 : 60)
    var random = SeededGenerator(seed: UInt64(environment["VIBES_CRASH_SEED"] ?? "") ?? 1)
    let temp = try TemporaryDirectory("vibes-kill9-migration")
    defer { temp.remove() }
    let migrations = DatabaseMigrations.migrator.migrations
    XCTAssertGreaterThan(migrations.count, 2)
    let dropIndex = try XCTUnwrap(migrations.firstIndex(of: "feed-drop-items-v1"))

    for mode in Mode.allCases {
      // An uncut open, timed from READY to ACK: the window the kills are spread over.
      let calibration = temp.appending("calibrate-\(mode)")
      try prepare(calibration, mode: mode, upTo: migrations[0])
      let window = try runChild(folder: calibration, killAfter: nil).openDuration ?? 0.05
      try verify(calibration, mode: mode, context: "\(mode) calibration")
      var landed: [String: Int] = [:]
      for round in 0..<(kills / Mode.allCases.count) {
        let folder = temp.appending("\(mode)-\(round)")
        // Any migration before the one that drops `feedItem` (the legacy rows written below need its table), so
        // later ones (previews-v1, social-v1-write-queue, …) run during the kill window too.
        let olderThan = migrations[Int(random.next() % UInt64(dropIndex))]
        try prepare(folder, mode: mode, upTo: olderThan)
        let delay = window * 1.2 * Double(random.next() % 1_000) / 1_000
        let run = try runChild(folder: folder, killAfter: delay)
        let state = run.acknowledged ? "after the open" : try Self.stateBeforeReopen(folder, migrations: migrations)
        landed[state, default: 0] += 1
        let from = mode == .upgrade ? "from \(olderThan), " : ""
        let context = "\(mode) round \(round) (\(from)killed \(state))"
        try verify(folder, mode: mode, context: context)
        try FileManager.default.removeItem(at: folder)
      }
      let summary = landed.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
      print("kill -9 during the \(mode) migration (window \(Int(window * 1_000)) ms): \(summary)")
      let midway = landed.filter { $0.key != "after the open" && $0.key != "before any file" }.values.reduce(0, +)
      XCTAssertGreaterThan(midway, 0, "\(mode): no kill landed while the database was being built or migrated")
    }
  }

  /// `fresh`: an empty data folder. `upgrade`: a database migrated up to `identifier` only, with rows in it.
  private func prepare(_ folder: URL, mode: Mode, upTo identifier: String) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    guard mode == .upgrade else { return }
    let pool = try DatabasePool(path: folder.appendingPathComponent("vibes.sqlite").path)
    try DatabaseMigrations.migrator.migrate(pool, upTo: identifier)
    try pool.write { db in
      try db.execute(
        sql: "INSERT INTO stepSetting (step, city, verifiedAt) VALUES (?, ?, ?)",
        arguments: [SetupStep.gemini.rawValue, "Zürich", Date(timeIntervalSince1970: 1_700_000_000)])
      for id in 1...Self.upgradeRows {
        try db.execute(
          sql: "INSERT INTO feedItem (id, title, subtitle, source, publishedAt) VALUES (?, ?, '', 's', ?)",
          arguments: [id, "item \(id)", Date(timeIntervalSince1970: Double(1_700_000_000 + id))])
      }
    }
    try pool.close()
  }

  static let upgradeRows = 50

  private struct ChildRun {
    var acknowledged: Bool
    var openDuration: TimeInterval?
  }

  /// Starts the child; after READY waits `killAfter` seconds and SIGKILLs it (nil: waits for ACK, then kills).
  private func runChild(folder: URL, killAfter: TimeInterval?) throws -> ChildRun {
    let process = Process()
    process.executableURL = URL(
      fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    process.arguments = ["VibesStorageTests.KillNineMigrationTests/testMigrationChild"]
    var environment = ProcessInfo.processInfo.environment
    environment[Self.directoryVariable] = folder.path
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let reader = pipe.fileHandleForReading
    var text = ""
    var ready: Date?
    var run = ChildRun(acknowledged: false, openDuration: nil)
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      let chunk = reader.availableData
      if chunk.isEmpty { break }  // the child ended on its own (a failure, asserted below)
      text += String(decoding: chunk, as: UTF8.self)
      if ready == nil, text.contains("READY\n") {
        ready = Date()
        if let killAfter {
          usleep(useconds_t(killAfter * 1_000_000))
          break
        }
      }
      if text.contains("ACK ") {
        run.openDuration = ready.map { Date().timeIntervalSince($0) }
        break
      }
    }
    kill(process.processIdentifier, SIGKILL)
    text += String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationReason, .uncaughtSignal, "the child must die by SIGKILL, not end: \(text)")
    XCTAssertFalse(text.contains("recoveredFromDamage"), "the child found damage: \(text)")
    run.acknowledged = text.contains("ACK ")
    return run
  }

  /// Where the kill landed, read from a copy of the files so the real ones are not touched before the reopen.
  static func stateBeforeReopen(_ folder: URL, migrations: [String]) throws -> String {
    let manager = FileManager.default
    let names = try manager.contentsOfDirectory(atPath: folder.path)
    guard names.contains("vibes.sqlite") else {
      return names.isEmpty ? "before any file" : "while building (\(names.sorted().joined(separator: " ")))"
    }
    let copy = manager.temporaryDirectory.appendingPathComponent("vibes-kill9-peek-\(UUID().uuidString.prefix(8))")
    try manager.createDirectory(at: copy, withIntermediateDirectories: true)
    defer { try? manager.removeItem(at: copy) }
    for suffix in ["", "-wal"] where names.contains("vibes.sqlite" + suffix) {
      try manager.copyItem(
        at: folder.appendingPathComponent("vibes.sqlite" + suffix), to: copy.appendingPathComponent("p.sqlite" + suffix)
      )
    }
    let size =
      (try manager.attributesOfItem(atPath: folder.appendingPathComponent("vibes.sqlite").path)[.size]
      as? NSNumber)?.intValue ?? 0
    guard size > 0 else { return "with an empty file" }
    let queue = try DatabaseQueue(path: copy.appendingPathComponent("p.sqlite").path)
    defer { try? queue.close() }
    let applied = try queue.read { db in
      try db.tableExists("grdb_migrations")
        ? try String.fetchSet(db, sql: "SELECT identifier FROM grdb_migrations") : []
    }
    return "at \(applied.count)/\(migrations.count) migrations"
  }

  private func verify(_ folder: URL, mode: Mode, context: String) throws {
    let path = folder.appendingPathComponent("vibes.sqlite").path
    let existed = FileManager.default.fileExists(atPath: path)
    let database = try AppDatabase(path: path)
    let expected: AppDatabase.OpenOutcome = existed ? .opened : .createdFresh
    XCTAssertEqual(database.openOutcome, expected, context)
    if mode == .upgrade { XCTAssertTrue(existed, "\(context): the older database vanished") }
    let check = try database.writer.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") }
    XCTAssertEqual(check, ["ok"], context)
    let applied = try database.writer.read { try DatabaseMigrations.migrator.appliedIdentifiers($0) }
    XCTAssertEqual(applied, Set(DatabaseMigrations.migrator.migrations), "\(context): migrations applied")
    if mode == .upgrade {
      XCTAssertEqual(try database.city(for: .gemini), "Zürich", "\(context): an old row was lost")
      // The generic feed rows written at the older migration leave with their table (`feed-drop-items-v1`).
      let legacy = try database.writer.read { try $0.tableExists("feedItem") }
      XCTAssertFalse(legacy, "\(context): the old feedItem table is dropped")
    }
    let allowed: Set<String> = ["vibes.sqlite", "vibes.sqlite-wal", "vibes.sqlite-shm"]
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)).subtracting(allowed)
    XCTAssertEqual(left.sorted(), [], "\(context): files left behind")
  }
}
