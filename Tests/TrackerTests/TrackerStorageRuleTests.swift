import Foundation
import VibesApp
import VibesCore
import VibesStorage
import VibesTestSupport
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let storageRules = Driver.Exhaustivity.nonExhaustive(
  because: "checks what is stored and logged for a configuration, not the reducer steps around it")

/// The protocol's storage rules (Docs/tracker-protocol.md): one reading of what is stored for the app and for
/// `vibes status`, and a configuration that cannot be saved is logged and used for the session.
final class TrackerStorageRuleTests: XCTestCase {
  static let key = "trk_live_storage_0123456789"
  var sandbox: TrackerSandbox!
  var fake: FakeTrackerServer!

  override func setUp() async throws {
    sandbox = try TrackerSandbox()
    fake = try await FakeTrackerServer(validKeys: [Self.key], validBrands: ["brand-q"])
  }

  override func tearDown() async throws {
    await fake.stop()
    sandbox.remove()
  }

  func testAStrangeEnvironmentOrAMissingKeyIsUnreadableNeverConfigured() throws {
    let store = try sandbox.store()
    XCTAssertEqual(store.stored(), .none)
    try store.database.saveTrackerSettings(brandID: "b", userID: "", environment: "bogus", at: Date())
    try store.secrets.write("trk_x", for: .trackerAPIKey)
    XCTAssertEqual(store.stored(), .unreadable(.unknownEnvironment))
    try store.database.saveTrackerSettings(brandID: "b", userID: "", environment: "qc", at: Date())
    try store.secrets.delete(.trackerAPIKey)
    XCTAssertEqual(store.stored(), .unreadable(.missingKey))
    try store.secrets.write("trk_x", for: .trackerAPIKey)
    XCTAssertEqual(
      store.stored(), .configured(TrackerConfiguration(apiKey: "trk_x", brandID: "b", userID: "", environment: .qc)))
  }

  func testAConfigurationThatCannotBeSavedIsUsedForTheSession() async throws {
    let blocker = sandbox.url.appendingPathComponent("not-a-directory")
    try Data("x".utf8).write(to: blocker)
    let unwritable = VaultSecretStore(
      vaultFile: blocker.appendingPathComponent("secrets.vault"), keyFile: blocker.appendingPathComponent("vault.key"))
    let store = TrackerConfigurationStore(database: try sandbox.openDatabase(), secrets: unwritable)
    let runner = makeRunner(
      database: store.database, secrets: unwritable, tracker: .testing(store: store, fake: fake.baseURL))
    let configuration = TrackerConfiguration(
      apiKey: Self.key, brandID: "brand-q", userID: "u", environment: .qc)

    let actions = await runner.runCollecting(.initialize(requestID: 7, configuration, persist: true))
    guard case .initializationFinished(7, configuration, .success)? = actions.first else {
      return XCTFail("initialization must go on without storage: \(actions)")
    }
    XCTAssertEqual(
      actions.dropFirst().first,
      .eventsProcessed(TrackerSendReport(entries: [.keptForSession], remaining: 0, isOffline: false)))

    var driver = Driver.tracker(storageRules)
    guard let id = driver.submit(key: configuration.apiKey, brand: configuration.brandID) else {
      return XCTFail("no submit")
    }
    var submitted = configuration
    submitted.userID = driver.state.tracker.setupForm.userID.text
    driver.send(.tracker(.initializationFinished(requestID: id, submitted, .success(Date()))))
    driver.send(
      .tracker(.eventsProcessed(TrackerSendReport(entries: [.keptForSession], remaining: 0, isOffline: false))))
    XCTAssertEqual(driver.state.tracker.configuration, submitted, "the SDK goes on with the configuration")
    XCTAssertFalse(driver.screen.contains("correct them"), driver.screen)
    XCTAssertTrue(driver.screen.contains("used for this session only"), driver.screen)
  }
}
