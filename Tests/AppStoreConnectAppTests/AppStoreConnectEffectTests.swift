import Foundation
import Logging
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// The effects against real storage (SQLite file, vault files, the snapshot file) and the loopback fake:
/// every failure saves nothing; success saves, syncs, and removal leaves nothing behind.
final class AppStoreConnectEffectTests: XCTestCase {
  static let issuer = "57246542-96fe-1a63-e053-0824d011072a"
  static let keyID = "2X9R4HXF34"
  static let apps = (1...3).map {
    AppStoreConnectApp(
      id: "\($0)", name: "App \($0)", bundleID: "com.example.app\($0)", sku: "SKU\($0)")
  }

  let key = TestAppStoreConnectKey()
  var home: URL!
  var paths: AppPaths!
  var fake: FakeAppStoreConnectServer!
  var runner: EffectRunner!

  override func setUp() async throws {
    home = FileManager.default.temporaryDirectory.appendingPathComponent(
      "asc-app-\(UUID().uuidString)")
    paths = AppPaths(environment: ["HOME": home.path])
    try paths.createDirectories()
    fake = try await FakeAppStoreConnectServer(
      keys: [Self.keyID: .init(issuerID: Self.issuer, publicKey: key.publicKey)], apps: Self.apps,
      pageSize: 2)
    let database = try AppDatabase(path: paths.databaseFile.path)
    let vault = VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
    var logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    logger.logLevel = .critical
    let unreachable = URL(string: "http://127.0.0.1:9")!
    let dependencies = AppDependencies(
      database: database, secrets: vault,
      secretStoreInfo: SecretStoreInfo(kind: .vault, location: paths.vaultFile.path),
      gemini: GeminiClient(baseURL: unreachable),
      ticketmaster: TicketmasterClient(baseURL: unreachable),
      browser: BrowserLauncher(environment: [:]),
      appStoreConnect: AppStoreConnectDependencies(
        client: AppStoreConnectClient(
          baseURL: fake.baseURL, transport: URLSessionTransport(timeout: 0.5)),
        paths: paths, home: home.path),
      logger: logger)
    runner = EffectRunner(dependencies: dependencies)
  }

  override func tearDown() async throws {
    await fake?.stop()
    try? FileManager.default.removeItem(at: home)
  }

  func run(_ effect: AppStoreConnectEffect) async -> [AppStoreConnectAction] {
    let log = ActionLog()
    await runner.run(.appStoreConnect(effect)) { action in
      if let action = action.appStoreConnectAction { log.append(action) }
    }
    return log.actions
  }

  func submission(key text: String, issuer: String = issuer) -> AppStoreConnectSubmission {
    AppStoreConnectSubmission(issuerID: issuer, keyID: Self.keyID, privateKey: RedactedText(text))
  }

  /// Secret store, SQLite and files as on a fresh install.
  func assertNothingSaved(_ context: String, file: StaticString = #filePath, line: UInt = #line)
    throws
  {
    let vault = VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
    XCTAssertFalse(try vault.contains(.appStoreConnectCredentials), context, file: file, line: line)
    XCTAssertEqual(
      try AppDatabase(path: paths.databaseFile.path).appStoreConnectRowCount(), 0, context,
      file: file, line: line)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: paths.appStoreConnectWidgetFile.path), context,
      file: file, line: line)
    XCTAssertEqual(
      AppStoreConnectWidget.line(environment: ["HOME": home.path]),
      "App Store Connect: not configured")
    XCTAssertEqual(filesContaining(key.bodyLines), [], context, file: file, line: line)
  }

  func filesContaining(_ secrets: [String]) -> [String] {
    var found: [String] = []
    guard let walker = FileManager.default.enumerator(at: home, includingPropertiesForKeys: nil)
    else { return [] }
    for case let url as URL in walker {
      guard let data = try? Data(contentsOf: url) else { continue }
      if secrets.contains(where: { data.range(of: Data($0.utf8)) != nil }) {
        found.append(url.path)
      }
    }
    return found
  }

  func testEveryFailureMapsToItsCaseAndSavesNothing() async throws {
    let cases: [(FakeBehaviour?, AppStoreConnectSubmission, AppStoreConnectFailure)] = [
      (
        nil, submission(key: "-----BEGIN PRIVATE KEY-----\nnot base64!\n-----END PRIVATE KEY-----"),
        .malformedKey
      ),
      (nil, submission(key: "SGVsbG8gd29ybGQ="), .malformedKey),
      (
        nil, submission(key: home.appendingPathComponent("AuthKey_MISSING123.p8").path),
        .keyFileUnreadable
      ),
      (.ascNotAuthorized, submission(key: key.pem), .notAuthorized),
      (
        nil, submission(key: key.pem, issuer: "11111111-2222-3333-4444-555555555555"),
        .notAuthorized
      ),
      (.ascRoleTooLow, submission(key: key.pem), .roleTooLow),
      (.ascAgreementRequired, submission(key: key.pem), .agreementRequired),
      (.ascRateLimited, submission(key: key.pem), .rateLimited),
      (.dropConnection, submission(key: key.pem), .transport(TransportFailure(.connectionLost, host: "127.0.0.1"))),
      (.delay(seconds: 2), submission(key: key.pem), .transport(TransportFailure(.timedOut, host: "127.0.0.1"))),
      (.status(500), submission(key: key.pem), .server(status: 500)),
      // The client's own failure reaches the feature unchanged (one type, no mapping): the status is kept.
      (.status(404), submission(key: key.pem), .unexpectedStatus(404)),
      (.raw(status: 200, body: "<html>", contentType: "text/html"), submission(key: key.pem), .invalidResponse),
    ]
    for (index, (behaviour, submission, expected)) in cases.enumerated() {
      let before = await fake.recordedRequests().count
      if let behaviour { await fake.enqueue(behaviour) }
      let actions = await run(.connect(requestID: index, submission))
      XCTAssertEqual(
        actions, [.connectFinished(requestID: index, .failure(expected))], "\(expected)")
      try assertNothingSaved("\(expected)")
      if expected == .malformedKey || expected == .keyFileUnreadable {
        let after = await fake.recordedRequests().count
        XCTAssertEqual(after, before, "a bad key is caught before any network call")
      }
    }
  }

  func testConnectSyncWidgetAndRemoveLeaveNothingBehind() async throws {
    // A messy paste: CRLF and no header lines.
    let pasted = key.bodyLines.joined(separator: "\r\n")
    let connected = await run(.connect(requestID: 1, submission(key: pasted)))
    guard case .connectFinished(1, .success)? = connected.first else {
      return XCTFail("\(connected)")
    }
    let vault = VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
    let stored = try XCTUnwrap(
      AppStoreConnectCredentials.decode(try XCTUnwrap(try vault.read(.appStoreConnectCredentials))))
    XCTAssertEqual(stored.issuerID, Self.issuer)
    XCTAssertEqual(
      stored.privateKeyPEM.trimmingCharacters(in: .newlines),
      key.pem.trimmingCharacters(in: .newlines), "the normalised key is the downloaded .p8")
    let database = try AppDatabase(path: paths.databaseFile.path)
    XCTAssertNotNil(try database.appStoreConnectVerifiedAt())
    XCTAssertEqual(
      AppStoreConnectWidget.line(environment: ["HOME": home.path]),
      "App Store Connect: connected · not synced yet")

    let synced = await run(.sync(requestID: 2))
    XCTAssertEqual(
      Array(synced.dropLast()),
      [.syncProgress(requestID: 2, fetched: 2), .syncProgress(requestID: 2, fetched: 3)])
    guard case .syncFinished(2, .success(let state))? = synced.last else {
      return XCTFail("\(synced)")
    }
    XCTAssertEqual(state.apps.map(\.name), ["App 1", "App 2", "App 3"])
    XCTAssertEqual(try database.appStoreConnectApps(), state.apps)
    let widget = AppStoreConnectWidget.line(environment: ["HOME": home.path, "LANG": "de_DE.UTF-8"])
    XCTAssertTrue(widget.hasPrefix("App Store Connect: 3 Apps · synchronisiert "), widget)
    XCTAssertFalse(widget.contains("\u{1b}"))
    let loaded = await run(.loadStoredState)
    XCTAssertEqual(
      loaded,
      [
        .storedStateLoaded(
          AppStoreConnectStoredState(isConfigured: true, apps: state.apps, lastSync: state.lastSync)
        )
      ])
    XCTAssertEqual(filesContaining(key.bodyLines).filter { !$0.hasSuffix("secrets.vault") }, [])

    let removed = await run(.removeCredentials)
    XCTAssertEqual(removed, [.credentialsRemoved])
    try assertNothingSaved("after removal")
    let reloaded = await run(.loadStoredState)
    XCTAssertEqual(reloaded, [.storedStateLoaded(AppStoreConnectStoredState(isConfigured: false))])
    let lateSync = await run(.sync(requestID: 3))
    XCTAssertEqual(lateSync, [.syncFinished(requestID: 3, .failure(.notConfigured))])
    XCTAssertFalse(FileManager.default.fileExists(atPath: paths.appStoreConnectWidgetFile.path))
  }

  func testAKeyFilePathIsReadAndNamesTheKeyID() async throws {
    let file = home.appendingPathComponent("AuthKey_ABCDE12345.p8")
    try key.pem.replacingOccurrences(of: "\n", with: "\r\n").write(
      to: file, atomically: true, encoding: .utf8)
    let actions = await run(.inspectPrivateKey(requestID: 7, RedactedText(file.path)))
    guard case .privateKeyInspected(7, .success(let summary))? = actions.first else {
      return XCTFail("\(actions)")
    }
    XCTAssertEqual(summary.curve, "P-256")
    XCTAssertEqual(summary.keyIDFromFileName, "ABCDE12345")
    XCTAssertEqual(summary.fingerprint.count, 7)
    let garbage = await run(.inspectPrivateKey(requestID: 8, RedactedText("hello")))
    XCTAssertEqual(garbage, [.privateKeyInspected(requestID: 8, .failure(.malformedKey))])
  }

  /// Removal while a sync is on the wire: the late answer must not bring rows or the snapshot back.
  func testASyncFinishingAfterRemovalLeavesNothingBehind() async throws {
    _ = await run(.connect(requestID: 1, submission(key: key.pem)))
    await fake.enqueue(.delay(seconds: 0.3))
    let runner = self.runner!
    let sync = Task.detached {
      let log = ActionLog()
      await runner.run(.appStoreConnect(.sync(requestID: 2))) { action in
        if let action = action.appStoreConnectAction { log.append(action) }
      }
      return log.actions
    }
    try await Task.sleep(nanoseconds: 100_000_000)
    let removed = await run(.removeCredentials)
    XCTAssertEqual(removed, [.credentialsRemoved])
    let late = await sync.value
    XCTAssertFalse(
      late.contains {
        if case .syncFinished(_, .success) = $0 { return true } else { return false }
      })
    try assertNothingSaved("after a late sync")
  }

  func testSyncFailureKeepsTheCacheAndSaysSoInTheWidget() async throws {
    _ = await run(.connect(requestID: 1, submission(key: key.pem)))
    _ = await run(.sync(requestID: 2))
    await fake.enqueue(.ascRateLimited)
    let failed = await run(.sync(requestID: 3))
    XCTAssertEqual(failed.last, .syncFinished(requestID: 3, .failure(.rateLimited)))
    XCTAssertEqual(try AppDatabase(path: paths.databaseFile.path).appStoreConnectApps().count, 3)
    let widget = AppStoreConnectWidget.line(environment: ["HOME": home.path])
    XCTAssertTrue(widget.hasPrefix("App Store Connect: 3 apps · sync failed "), widget)
  }
}

final class ActionLog: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [AppStoreConnectAction] = []
  func append(_ action: AppStoreConnectAction) { lock.withLock { stored.append(action) } }
  var actions: [AppStoreConnectAction] { lock.withLock { stored } }
}
