import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// The SQLite queue: offline events wait, are sent oldest first when the API answers, and survive a restart
/// without being lost or sent twice.
final class TrackerQueueTests: XCTestCase {
  static let key = "trk_live_queue_0123456789"
  var fake: FakeTrackerServer!
  var sandbox: TrackerSandbox!

  override func setUp() async throws {
    fake = try await FakeTrackerServer(validKeys: [Self.key], validBrands: ["brand-q"])
    sandbox = try TrackerSandbox()
  }

  override func tearDown() async throws {
    await fake?.stop()
    sandbox?.remove()
  }

  let configuration = TrackerConfiguration(
    apiKey: key, brandID: "brand-q", userID: "u1", environment: .qc)

  func sender() throws -> TrackerSender {
    let dependencies = TrackerDependencies.testing(store: try sandbox.store(), fake: fake.baseURL)
    return try XCTUnwrap(dependencies.sender)
  }

  func testOfflineEventsAreQueuedThenSentInOrderAfterARestartWithoutLossOrDuplicates() async throws {
    await fake.setOffline(true)
    var first = try sender()
    for name in ["e1", "e2", "e3"] {
      try first.enqueue(TrackerEvent(name: name, userID: "u1"), configuration: configuration)
      let result = await first.flush(configuration: configuration)
      XCTAssertEqual(result.stoppedBy, .transport(TransportFailure(.connectionLost, host: "127.0.0.1")))
      XCTAssertTrue(result.isOffline)
    }
    XCTAssertEqual(try first.database.trackerQueueCount(), 3)
    let accepted = await fake.acceptedEvents()
    XCTAssertEqual(accepted, [])

    // Restart: a new database connection on the same file, a new sender.
    first = try sender()
    await fake.setOffline(false)
    let result = await first.flush(configuration: configuration)
    XCTAssertEqual(result.sent.map(\.event), ["e1", "e2", "e3"])
    XCTAssertEqual(result.remaining, 0)
    let acceptedAfterRestart = await fake.acceptedEvents()
    XCTAssertEqual(acceptedAfterRestart, ["e1", "e2", "e3"])

    // Nothing left to send twice.
    let again = try await sender().flush(configuration: configuration)
    XCTAssertEqual(again.sent.count, 0)
    let acceptedAtTheEnd = await fake.acceptedEvents()
    XCTAssertEqual(acceptedAtTheEnd, ["e1", "e2", "e3"])
  }

  func testAnEventIsDeletedOnlyAfterATwoHundredAndTheRestKeepsItsOrder() async throws {
    let sender = try sender()
    for name in ["a", "b", "c"] {
      try sender.enqueue(TrackerEvent(name: name), configuration: configuration)
    }
    await fake.enqueue(.raw(status: 200, body: "{}"))
    await fake.enqueue(.status(500))
    let partial = await sender.flush(configuration: configuration)
    XCTAssertEqual(partial.sent.map(\.event), ["a"])
    XCTAssertEqual(partial.stoppedBy, .server(status: 500))
    XCTAssertEqual(partial.remaining, 2)
    XCTAssertEqual(try sender.database.queuedTrackerEvents(limit: 10).map(\.event), ["b", "c"])

    let rest = await sender.flush(configuration: configuration)
    XCTAssertEqual(rest.sent.map(\.event), ["b", "c"])
    let accepted = await fake.acceptedEvents()
    XCTAssertEqual(accepted, ["a", "b", "c"])
    let events = await fake.recordedRequests().compactMap(\.event)
    XCTAssertEqual(
      events, ["a", "b", "b", "c"], "b was tried once, failed, and was sent once more")
  }

  func testAWrongKeyStopsAndKeepsTheQueue() async throws {
    let sender = try sender()
    try sender.enqueue(TrackerEvent(name: "kept"), configuration: configuration)
    var wrong = configuration
    wrong.apiKey = "trk_wrong"
    let result = await sender.flush(configuration: wrong)
    XCTAssertEqual(result.stoppedBy, .invalidAPIKey)
    XCTAssertFalse(result.isOffline)
    XCTAssertEqual(result.remaining, 1)
  }

  func testConcurrentFlushesNeverSendAnEventTwice() async throws {
    let sender = try sender()
    for index in 0..<10 {
      try sender.enqueue(TrackerEvent(name: "n\(index)"), configuration: configuration)
    }
    let configuration = configuration
    async let one = sender.flush(configuration: configuration)
    async let two = sender.flush(configuration: configuration)
    let total = await one.sent.count + two.sent.count
    XCTAssertEqual(total, 10)
    let accepted = await fake.acceptedEvents()
    XCTAssertEqual(accepted, (0..<10).map { "n\($0)" })
  }

  /// The runner: sending while offline logs "queued" and asks for a retry; the retry delivers.
  func testRunnerQueuesOfflineAndTheRetryDelivers() async throws {
    let store = try sandbox.store()
    let runner = makeRunner(
      database: store.database, secrets: store.secrets,
      tracker: .testing(store: store, fake: fake.baseURL))
    await fake.setOffline(true)
    let offline = await runner.runCollecting(.send(TrackerEvent(name: "later"), configuration))
    guard case .eventsProcessed(let report)? = offline.first else { return XCTFail("\(offline)") }
    XCTAssertEqual(report.entries.first, .queued(event: "later"))
    XCTAssertEqual(report.remaining, 1)
    XCTAssertTrue(report.isOffline)

    var state = AppState()
    state.tracker.configuration = configuration
    state.tracker.initializedAt = Date()  // an initialized SDK that went offline
    let effects = AppReducer.reduce(&state, .tracker(.eventsProcessed(report)))
    XCTAssertEqual(effects, [.tracker(.scheduleRetry(seconds: TrackerState.retryDelay))])
    let answer3209 = await runner.runCollecting(.scheduleRetry(seconds: 0))
    XCTAssertEqual(answer3209, [.retryTimerFired])
    let flush = AppReducer.reduce(&state, .tracker(.retryTimerFired))
    XCTAssertEqual(flush, [.tracker(.flush(configuration, summary: false))])

    await fake.setOffline(false)
    let online = await runner.runCollecting(.flush(configuration, summary: false))
    guard case .eventsProcessed(let delivered)? = online.first else { return XCTFail("\(online)") }
    XCTAssertEqual(delivered.entries, [.sent(event: "later", status: 202)])
    XCTAssertEqual(delivered.remaining, 0)
    let accepted = await fake.acceptedEvents()
    XCTAssertEqual(accepted, ["later"])
  }

  /// Initialization through the runner: each error class maps to its failure, and only success saves.
  func testInitializeMapsEachErrorAndSavesOnlyOnSuccess() async throws {
    let store = try sandbox.store()
    let runner = makeRunner(
      database: store.database, secrets: store.secrets,
      tracker: .testing(store: store, fake: fake.baseURL))
    func initialize(_ configuration: TrackerConfiguration) async -> Result<Date, TrackerFailure>? {
      let actions = await runner.runCollecting(
        .initialize(requestID: 1, configuration, persist: true))
      guard case .initializationFinished(_, _, let result)? = actions.first else { return nil }
      return result
    }
    var wrongKey = configuration
    wrongKey.apiKey = "trk_wrong"
    let answer4657 = await initialize(wrongKey)
    XCTAssertEqual(answer4657, .failure(.invalidAPIKey))
    var wrongBrand = configuration
    wrongBrand.brandID = "nope"
    let answer6667 = await initialize(wrongBrand)
    XCTAssertEqual(answer6667, .failure(.invalidBrandID))
    await fake.setOffline(true)
    let answer2717 = await initialize(configuration)
    XCTAssertEqual(answer2717, .failure(.transport(TransportFailure(.connectionLost, host: "127.0.0.1"))))
    XCTAssertNil(try store.load(), "no failed initialization saves anything")
    XCTAssertFalse(try store.secrets.contains(.trackerAPIKey))

    await fake.setOffline(false)
    guard case .success = await initialize(configuration) else {
      return XCTFail("should initialize")
    }
    XCTAssertEqual(try sandbox.store().load(), configuration)
    let initialized = await fake.recordedRequests().last
    XCTAssertEqual(initialized?.event, "sdk_initialized")
    XCTAssertEqual(initialized?.properties["environment"], "qc")
  }

  func testAnUnreadableConfigurationLoadsAsAbsent() async throws {
    let store = try sandbox.store()
    try store.database.saveTrackerSettings(
      brandID: "b", userID: "", environment: "staging-from-the-future", at: Date())
    try store.secrets.write("trk_x", for: .trackerAPIKey)
    let runner = makeRunner(
      database: store.database, secrets: store.secrets,
      tracker: .testing(store: store, fake: fake.baseURL))
    let actions = await runner.runCollecting(.loadConfiguration)
    guard case .configurationLoaded(let configuration, let urls)? = actions.first else {
      return XCTFail("\(actions)")
    }
    XCTAssertNil(configuration)
    XCTAssertEqual(urls[.qc], fake.qcURL.absoluteString)

    // Settings without a secret: also absent.
    try store.database.saveTrackerSettings(brandID: "b", userID: "", environment: "qc", at: Date())
    try store.secrets.delete(.trackerAPIKey)
    let again = await runner.runCollecting(.loadConfiguration)
    XCTAssertEqual(again.first, .configurationLoaded(nil, apiURLs: urls))
  }

  func testResetClearsTheSecretTheSettingsAndTheQueue() async throws {
    let store = try sandbox.store()
    try store.save(configuration, at: Date())
    try store.database.enqueueTrackerEvent(event: "x", body: "{}", at: Date())
    let runner = makeRunner(
      database: store.database, secrets: store.secrets,
      tracker: .testing(store: store, fake: fake.baseURL))
    let answer4547 = await runner.runCollecting(.reset)
    XCTAssertEqual(answer4547, [.resetFinished(success: true)])
    XCTAssertNil(try store.load())
    XCTAssertFalse(try store.secrets.contains(.trackerAPIKey))
    XCTAssertEqual(try store.database.trackerQueueCount(), 0)
  }
}
