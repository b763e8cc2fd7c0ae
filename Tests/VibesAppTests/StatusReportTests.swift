import Foundation
import Logging
import VibesCore
import VibesServices
import VibesStorage
import XCTest

@testable import VibesApp

/// `vibes status` lines for the other flows, from real storage; never a secret.
final class StatusReportTests: XCTestCase {
  var home: URL!
  var dependencies: CLIStorage!

  override func setUpWithError() throws {
    let made = try CLIStorage.vaultInTemporaryHome(named: "vibes-status")
    home = made.home
    dependencies = made.storage
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: home)
  }

  func testUnconfiguredFlowsSaySo() {
    let t = Localizer(.en)
    XCTAssertEqual(StatusReport.appStoreConnectLine(dependencies, t), "✗ App Store Connect: not configured")
    XCTAssertEqual(StatusReport.trackerLine(dependencies, t), "✗ Tracker: not configured")
  }

  func testConfiguredFlowsShowWhatSQLiteKnowsAndNoSecret() throws {
    let t = Localizer(.en)
    let ascSecret =
      #"{"issuerID":"57246542-96fe-1a63-e053-0824d011072a","keyID":"2X9R4HXF34","privateKey":"SECRETPEM"}"#
    try dependencies.secrets.write(ascSecret, for: .appStoreConnectCredentials)
    try dependencies.database.replaceAppStoreConnectApps(
      [
        AppStoreConnectApp(id: "1", name: "One", bundleID: "a.one", sku: "ONE"),
        AppStoreConnectApp(id: "2", name: "Two", bundleID: "a.two", sku: "TWO"),
      ], syncedAt: Date(timeIntervalSince1970: 1_763_000_000))
    try dependencies.secrets.write("trk_SECRET_key_123456", for: .trackerAPIKey)
    try dependencies.database.saveTrackerSettings(brandID: "brand-42", userID: "", environment: "qc", at: Date())

    let asc = StatusReport.appStoreConnectLine(dependencies, t)
    XCTAssertEqual(asc, "✓ App Store Connect: configured, 2 apps cached, last sync 2025-11-13T02:13:20Z")
    let tracker = StatusReport.trackerLine(dependencies, t)
    XCTAssertEqual(tracker, "✓ Tracker: configured (qc, brand brand-42), 0 events queued")
    for line in [asc, tracker] {
      XCTAssertFalse(line.contains("SECRET"))
    }
  }
}

final class SecretStoreWordingTests: XCTestCase {
  func testEveryFallbackReasonIsWordedInTheUsersLanguage() {
    let reasons: [SecretServiceUnavailability] = [
      .secretToolMissing, .noSessionBus, .collectionLocked, .noAnswer(seconds: 5), .probeNotReadBack,
      .vaultAlreadyInUse,
    ]
    for language in Language.allCases {
      let texts = reasons.map { Localizer(language).fallbackReason($0) }
      XCTAssertEqual(Set(texts).count, reasons.count, "\(language): each reason has its own words")
    }
    XCTAssertEqual(
      Localizer(.de).fallbackReason(.noAnswer(seconds: 5)), "der Schlüsselbund hat nicht innerhalb von 5 s geantwortet."
    )
    XCTAssertEqual(Localizer(.en).fallbackReason(.other("odd\u{1B}[2J reason")), "odd reason")
  }
}

extension CLIStorage {
  /// The CLI's storage over a new home in the temporary folder (`<prefix>-<UUID>`), the vault as its secret store;
  /// the caller removes the home.
  static func vaultInTemporaryHome(named prefix: String) throws -> (home: URL, storage: CLIStorage) {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    let paths = AppPaths(environment: ["HOME": home.path])
    try paths.createDirectories()
    let storage = CLIStorage(
      environment: ["HOME": home.path], paths: paths,
      secrets: VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile),
      secretStoreInfo: SecretStoreInfo(kind: .vault, location: paths.vaultFile.path),
      database: try AppDatabase(path: paths.databaseFile.path))
    return (home, storage)
  }
}
