import Foundation
import Logging
import VibesCore
import VibesServices
import VibesStorage
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
    guard case .storageProblemFound(let en, let de)? = told else { return XCTFail("\(String(describing: told))") }
    XCTAssertTrue(en.hasPrefix("Another vibes is already running (process 4242)"), en)
    XCTAssertTrue(de.contains("Prozess 4242"), de)
    var state = AppState()
    _ = AppReducer.reduce(&state, told!)
    XCTAssertEqual(state.notice, .text(en: en, de: de, isWarning: true))
  }
}
