import Foundation
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// The App Store Connect tab in the real binary, in tmux, against the loopback fake.
final class AppStoreConnectEndToEndTests: EndToEndTestCase {
  static let issuer = "57246542-96fe-1a63-e053-0824d011072a"
  static let keyID = "2X9R4HXF34"
  static let apps = (1...5).map {
    AppStoreConnectApp(
      id: "\(6_400_000 + $0)", name: "Tracker App \($0)", bundleID: "com.example.tracker\($0)",
      sku: "TRK-\($0)")
  }

  let key = TestAppStoreConnectKey()
  var fake: FakeAppStoreConnectServer!

  override func setUp() async throws {
    try await super.setUp()
    fake = try await serve(
      FakeAppStoreConnectServer(
        keys: [Self.keyID: .init(issuerID: Self.issuer, publicKey: key.publicKey)], apps: Self.apps,
        pageSize: 2))
  }

  func launch(_ extra: [String: String] = [:]) throws -> Tmux {
    var environment = fake.environment
    environment.merge(extra) { $1 }
    return try startVibes(environment, width: 100, height: 32)
  }

  func widget() throws -> String {
    try Spawn.run([VibesHarness.binary.path, "widget"], environment: harness.environment()).output
  }

  func assertNoKeyMaterial(_ screens: [String], file: StaticString = #filePath, line: UInt = #line) {
    let all = screens.joined(separator: "\n")
    for bodyLine in key.allBodyLines {
      XCTAssertFalse(
        all.contains(String(bodyLine.prefix(16))), "key material on screen", file: file, line: line)
    }
  }

  /// The main path: paste, verify, dashboard, restart offline, remove, fresh setup.
  func testPasteVerifySyncRestartAndRemove() async throws {
    XCTAssertEqual(try widget(), "App Store Connect: not configured\n")
    let tmux = try launch()
    tmux.waitFor("Setup · 0/3")
    tmux.send(TabID.appStoreConnect.key)
    tmux.waitFor("Connect App Store Connect")
    tmux.send("Tab")  // arriving on a tab never focuses a field: Tab enters the form
    tmux.type(Self.issuer)
    tmux.send("Tab")
    tmux.type(Self.keyID)
    tmux.send("Tab")
    // What users paste: CRLF line ends and stray spaces.
    tmux.paste(
      key.appleShapedPEM.split(separator: "\n").map { " \($0) " }.joined(separator: "\r\n"))
    tmux.waitFor("Private key loaded · P-256 · SHA256 fingerprint")
    tmux.send("C-s")
    var screen = tmux.waitFor("Tracker App 5")
    XCTAssertTrue(screen.contains("5 apps"), screen)
    XCTAssertTrue(screen.contains("com.example.tracker3"), screen)
    XCTAssertTrue(screen.contains("Last sync: "), screen)
    XCTAssertTrue(screen.contains("T+1 / T+2"), screen)
    tmux.send("q")
    tmux.waitForExit()
    XCTAssertTrue(try widget().hasPrefix("App Store Connect: 5 apps · synced "))
    let requests = await fake.recordedRequests()
    XCTAssertEqual(requests.count, 4, "verify + three pages")
    let rejections = await fake.rejectionReasons()
    XCTAssertEqual(rejections, [])

    // Offline: the dashboard opens straight from the cache.
    await fake.stop()
    let restarted = try launch()
    restarted.waitFor("Setup · 0/3")
    restarted.send(TabID.appStoreConnect.key)
    screen = restarted.waitFor("Tracker App 5")
    XCTAssertFalse(screen.contains("Connect App Store Connect"))
    XCTAssertEqual(harness.filesContaining(key.allBodyLines, excluding: [harness.vaultFile]), [:])

    restarted.send("s")
    restarted.waitFor("Remove App Store Connect Credentials")
    restarted.send("Enter")
    restarted.waitFor("y removes, n keeps")
    restarted.send("y")
    screen = restarted.waitFor("Connect App Store Connect")
    XCTAssertTrue(screen.contains("App Store Connect credentials removed."), screen)
    XCTAssertTrue(screen.contains("e.g. 57246542"), "the fields are empty again:\n\(screen)")
    restarted.send("s")
    screen = restarted.capture()
    XCTAssertFalse(
      screen.contains("Remove App Store Connect Credentials"), "no way to the dashboard or settings"
    )
    restarted.send("C-c")
    restarted.waitForExit()

    // Nothing left: no key anywhere (vault included), no cached rows, no snapshot.
    XCTAssertEqual(harness.filesContaining(key.allBodyLines), [:])
    let vault = VaultSecretStore(
      vaultFile: harness.vaultFile,
      keyFile: harness.configDirectory.appendingPathComponent("vault.key"))
    XCTAssertFalse(try vault.contains(.appStoreConnectCredentials))
    XCTAssertEqual(try AppDatabase(path: harness.databaseFile.path).appStoreConnectRowCount(), 0)
    XCTAssertFalse(
      FileManager.default.fileExists(
        atPath: harness.stateDirectory.appendingPathComponent("appstoreconnect-widget.json").path))
    XCTAssertEqual(try widget(), "App Store Connect: not configured\n")
    assertNoKeyMaterial(tmux.captures + restarted.captures)
  }

  /// A 401, then a fixed field and a retry without restarting; the key file path fills the Key ID.
  func testRejectedCredentialsSaveNothingAndCanBeFixed() async throws {
    let keyFile = harness.home.appendingPathComponent("AuthKey_\(Self.keyID).p8")
    try key.pem.write(to: keyFile, atomically: true, encoding: .utf8)
    let tmux = try launch()
    tmux.waitFor("Setup · 0/3")
    tmux.send(TabID.appStoreConnect.key)
    tmux.waitFor("Connect App Store Connect")
    tmux.send("Tab")  // arriving on a tab never focuses a field: Tab enters the form
    tmux.type("11111111-2222-3333-4444-555555555555")
    tmux.send("Tab", "Tab")
    tmux.type("~/AuthKey_\(Self.keyID).p8")
    tmux.send("Tab")
    var screen = tmux.waitFor("Private key loaded · P-256")
    XCTAssertTrue(screen.contains(Self.keyID), "Key ID from the file name:\n\(screen)")
    tmux.send("Enter")
    screen = tmux.waitFor("did not accept these credentials")
    XCTAssertTrue(screen.contains("Nothing was saved."), screen)
    XCTAssertFalse(FileManager.default.fileExists(atPath: harness.vaultFile.path))
    XCTAssertFalse(
      FileManager.default.fileExists(
        atPath: harness.stateDirectory.appendingPathComponent("appstoreconnect-widget.json").path))

    tmux.send("Up", "Up", "Up", "C-u")
    tmux.type(Self.issuer)
    tmux.send("C-s")
    tmux.waitFor("Tracker App 1")
    tmux.send("q")
    tmux.waitForExit()
    let rejections = await fake.rejectionReasons()
    XCTAssertEqual(rejections, ["iss mismatch"])
    assertNoKeyMaterial(tmux.captures)
  }
}
