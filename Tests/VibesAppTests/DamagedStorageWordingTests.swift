import Foundation
import Logging
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

@testable import VibesApp

#if canImport(Glibc)
  import Glibc
#endif

/// What vibes says when its data cannot be opened (each cause in words with what to do, in both languages), and
/// how a second vibes on the same data is told from the first.
final class DamagedStorageWordingTests: XCTestCase {
  var folder: URL!

  override func setUp() async throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-wording-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDown() async throws { try? FileManager.default.removeItem(at: folder) }

  func testEachOpenFailureSaysWhatToDoInBothLanguages() {
    let database = folder.appendingPathComponent("vibes.sqlite").path
    let cases: [(any Error, en: String, de: String)] = [
      (
        AppDatabaseError.readOnly(path: database, reason: "attempt to write a readonly database"),
        "Make the folder writable", "Mach den Ordner beschreibbar"
      ),
      (AppDatabaseError.busy(path: database), "Is vibes already running", "Läuft vibes schon"),
      (
        AppDatabaseError.cannotMoveAside(path: database, reason: "Permission denied"),
        "Move it away yourself", "Verschiebe sie selbst"
      ),
      (
        AppDatabaseError.cannotOpen(path: database, reason: "disk I/O error"), "move the file away",
        "verschiebe die Datei"
      ),
      (
        StorageFileError("chmod 0700", path: folder.path, code: EROFS), "Make the folder writable",
        "Mach den Ordner beschreibbar"
      ),
    ]
    for (error, english, german) in cases {
      let en = Localizer(.en).storageFailure(error, dataDirectory: folder.path)
      let de = Localizer(.de).storageFailure(error, dataDirectory: folder.path)
      XCTAssertTrue(en.contains(english), en)
      XCTAssertTrue(de.contains(german), de)
      XCTAssertFalse(en.contains("{") || de.contains("{"), "every placeholder filled: \(en) / \(de)")
    }
    let readOnly = Localizer(.en).storageFailure(
      AppDatabaseError.readOnly(path: database, reason: "attempt to write a readonly database"),
      dataDirectory: folder.path)
    XCTAssertTrue(readOnly.contains(folder.path), "names the folder: \(readOnly)")
  }

  func testEachDatabaseDamageIsWordedInBothLanguagesAndKeepsItsLogWording() {
    let all: [DatabaseDamage] = [
      .empty, .notSQLite, .invalidHeader, .truncated, .foreignDatabase, .orphanLog,
      .unreadable(sqliteMessage: "database disk image is malformed"),
    ]
    let english = all.map { $0.localized.resolved(.en) }
    let german = all.map { $0.localized.resolved(.de) }
    XCTAssertEqual(Set(english).count, all.count, "each reason its own words: \(english)")
    XCTAssertEqual(Set(german).count, all.count, "each reason its own words: \(german)")
    for (index, damage) in all.enumerated() {
      XCTAssertNotEqual(english[index], german[index], "\(damage) is translated")
      XCTAssertFalse(german[index].contains("the file") || german[index].contains("malformed"), german[index])
    }
    // The log and the command line keep the storage layer's English wording.
    XCTAssertEqual(DatabaseDamage.empty.description, "the file is empty")
    XCTAssertEqual(DatabaseDamage.orphanLog.description, "a write-ahead log was found without its database")
    XCTAssertEqual(
      DatabaseDamage.unreadable(sqliteMessage: "database disk image is malformed").description,
      "database disk image is malformed")
  }

  func testAnUnknownFailureKeepsItsReason() {
    struct Odd: Error {}
    let text = Localizer(.en).storageFailure(Odd(), dataDirectory: folder.path)
    XCTAssertTrue(text.hasPrefix("Could not open vibes' data in \(folder.path)"), text)
  }

  func testNewKeysAreInEveryLanguage() {
    XCTAssertEqual(LocalizationAudit.problems(L10n.self), [])
  }

  func testTheFirstHoldsTheLockAndTheSecondIsToldItsProcess() {
    let file = folder.appendingPathComponent("vibes.lock")
    let first = InstanceLock(file: file)
    XCTAssertEqual(first.outcome, .acquired)
    // flock belongs to the open file, so a second open in this process is refused like another process.
    let second = InstanceLock(file: file)
    XCTAssertEqual(second.outcome, .heldByOther(pid: getpid()))
    second.release()
    first.release()
    let third = InstanceLock(file: file)
    XCTAssertEqual(third.outcome, .acquired, "released with the first")
    third.release()
  }

  func testAnUnwritableLockFolderIsNotMistakenForASecondVibes() {
    let lock = InstanceLock(file: folder.appendingPathComponent("missing/vibes.lock"))
    XCTAssertEqual(lock.outcome, .unavailable)
    lock.release()
  }

  /// The keyring takes the key, the settings row does not fit on the full disk: the save fails, the keyring is put
  /// back, and the status line says the disk is full.
  func testASaveThatFailsOnAFullDatabaseDiskSaysSo() async throws {
    guard geteuid() == 0 else { throw XCTSkip("mounting a small tmpfs needs root") }
    let disk = folder.appendingPathComponent("disk")
    try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
    let mounted = try Self.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", disk.path])
    guard mounted == 0 else { throw XCTSkip("mount is not permitted here") }
    defer { _ = try? Self.run("/usr/bin/umount", ["-l", disk.path]) }
    let database = try AppDatabase(path: disk.appendingPathComponent("vibes.sqlite").path)
    let keyring = MemorySecretStore()
    try keyring.write("AIzaSyOldKeyKept0123456789", for: .geminiAPIKey)
    let runner = EffectRunner(
      dependencies: AppDependencies(
        database: database, secrets: keyring,
        secretStoreInfo: SecretStoreInfo(kind: .secretService, location: "keyring"),
        gemini: GeminiClient(baseURL: URL(string: "http://127.0.0.1:9")!),
        ticketmaster: TicketmasterClient(baseURL: URL(string: "http://127.0.0.1:9")!),
        browser: BrowserLauncher(environment: [:]), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }))
    Self.fill(disk)
    final class Box: @unchecked Sendable {
      var actions: [AppAction] = []
    }
    let box = Box()
    let submission = CredentialSubmission(step: .gemini, apiKey: .new("AIzaSyNewKeyLost9876543210"), city: nil)
    await runner.run(.save(requestID: 7, submission, .gemini)) { box.actions.append($0) }
    XCTAssertEqual(box.actions.first, .credentialSaveFailed(requestID: 7), "\(box.actions)")
    guard case .storageProblemFound(let text)? = box.actions.last else { return XCTFail("\(box.actions)") }
    let en = text.resolved(.en)
    XCTAssertTrue(en.hasPrefix("Not saved: the disk is full."), en)
    XCTAssertTrue(en.contains(disk.path), en)
    XCTAssertEqual(try keyring.read(.geminiAPIKey), "AIzaSyOldKeyKept0123456789", "the old key is put back")
  }

  func testASaveThatFailsWithRoomLeftIsNotCalledAFullDisk() async throws {
    let paths = AppPaths(environment: ["HOME": folder.path])
    try paths.createDirectories()
    let runner = EffectRunner(
      dependencies: AppDependencies(
        database: try AppDatabase(path: paths.databaseFile.path), secrets: RefusingSecretStore(),
        secretStoreInfo: SecretStoreInfo(kind: .vault, location: "refusing"),
        gemini: GeminiClient(baseURL: URL(string: "http://127.0.0.1:9")!),
        ticketmaster: TicketmasterClient(baseURL: URL(string: "http://127.0.0.1:9")!),
        browser: BrowserLauncher(environment: [:]), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }))
    final class Box: @unchecked Sendable {
      var actions: [AppAction] = []
    }
    let box = Box()
    let submission = CredentialSubmission(step: .gemini, apiKey: .new("AIzaSyNewKey9876543210abc"), city: nil)
    await runner.run(.save(requestID: 3, submission, .gemini)) { box.actions.append($0) }
    XCTAssertEqual(box.actions, [.credentialSaveFailed(requestID: 3)])
  }

  static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Writes a filler file until the file system is full.
  static func fill(_ folder: URL) { DiskFiller.fill(folder) }

  func testTheOtherVibesIsNamedOnTheStatusLineAtStart() async throws {
    let paths = AppPaths(environment: ["HOME": folder.path])
    try paths.createDirectories()
    var dependencies = AppDependencies(
      database: try AppDatabase(path: paths.databaseFile.path),
      secrets: VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile),
      secretStoreInfo: SecretStoreInfo(kind: .vault, location: paths.vaultFile.path),
      gemini: GeminiClient(baseURL: URL(string: "http://127.0.0.1:9")!),
      ticketmaster: TicketmasterClient(baseURL: URL(string: "http://127.0.0.1:9")!),
      browser: BrowserLauncher(environment: [:]), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    let quiet = await EffectRunner(dependencies: dependencies).run(.describeSecretStore)
    XCTAssertEqual(quiet, .secretStoreDescribed(dependencies.secretStoreInfo), "no other vibes, no notice")
    dependencies.otherInstancePID = 4242
    let told = await EffectRunner(dependencies: dependencies).run(.describeSecretStore)
    guard case .storageProblemFound(let text)? = told else { return XCTFail("\(String(describing: told))") }
    let (en, de) = (text.resolved(.en), text.resolved(.de))
    XCTAssertTrue(en.hasPrefix("Another vibes is already running (process 4242)"), en)
    XCTAssertTrue(de.contains("Prozess 4242"), de)
    var state = AppState()
    _ = AppReducer.reduce(&state, told!)
    XCTAssertEqual(state.notice, .localized(text, isWarning: true))
  }
}

/// A keyring stand-in in memory.
final class MemorySecretStore: SecretStore, @unchecked Sendable {
  // @unchecked: every access holds the lock.
  private let lock = NSLock()
  private var values: [SecretKey: String] = [:]
  var kind: SecretStoreKind { .secretService }
  var locationDescription: String { "memory" }
  func read(_ key: SecretKey) throws -> String? { lock.withLock { values[key] } }
  func write(_ value: String, for key: SecretKey) throws { lock.withLock { values[key] = value } }
  func delete(_ key: SecretKey) throws { _ = lock.withLock { values.removeValue(forKey: key) } }
  func contains(_ key: SecretKey) throws -> Bool { lock.withLock { values[key] != nil } }
}
