import Foundation
import Logging
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// The Feed's effects through the real runner: a SQLite file, a vault, and the loopback Ticketmaster fake speaking
/// the Discovery API (paging, missing fields, 401, 429, quota, 5xx, slow and truncated bodies).
final class FeedEffectRunnerTests: XCTestCase {
  static let key = "TmFeedRunnerKey0123456789"
  let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded())

  var home: URL!
  var fake: FakeTicketmasterServer!
  var database: AppDatabase!
  var secrets: (any SecretStore)!
  var logged: LogRecorder!

  override func setUp() async throws {
    home = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-feedrunner-\(UUID().uuidString)")
    let paths = AppPaths(environment: ["HOME": home.path])
    try paths.createDirectories()
    database = try AppDatabase(path: paths.databaseFile.path)
    secrets = VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
    fake = try await FakeTicketmasterServer(
      validKeys: [Self.key], eventsByCity: ["Berlin": 250, "Hamburg": 10], style: .varied(now: now, pastEvents: 5))
    try secrets.write(Self.key, for: .ticketmasterAPIKey)
    try database.saveStepVerified(.ticketmaster, city: "Berlin", at: now)
    logged = LogRecorder()
  }

  override func tearDown() async throws {
    await fake.stop()
    try? FileManager.default.removeItem(at: home)
  }

  func runner(base: URL? = nil, timeout: TimeInterval = 5) -> EffectRunner {
    let clock = now
    let recorder = logged!
    let events = TicketmasterEventsClient(
      baseURL: base ?? fake.baseURL, transport: URLSessionTransport(timeout: timeout),
      limiter: RequestRateLimiter(requestsPerSecond: 1_000),
      backoff: BackoffPolicy(maxAttempts: 2, baseDelay: 0.01, maxDelay: 30), sleep: { _ in })
    return EffectRunner(
      dependencies: AppDependencies(
        database: database, secrets: secrets, secretStoreInfo: SecretStoreInfo(kind: .vault, location: home.path),
        gemini: GeminiClient(baseURL: fake.baseURL), ticketmaster: TicketmasterClient(baseURL: fake.baseURL),
        browser: BrowserLauncher(environment: [:]),
        logger: Logger(label: "test") { _ in recorder.handler() }, now: { clock }, feedEvents: events))
  }

  func refresh(_ runner: EffectRunner? = nil) async -> FeedRefreshReport? {
    let action = await (runner ?? self.runner()).run(FeedTab.run(.refreshFeed(requestID: 4)))
    guard case .refreshFinished(4, let report)? = action?.action(of: FeedTab.self) else {
      XCTFail("\(String(describing: action))")
      return nil
    }
    return report
  }

  func window(_ offset: Int = 0, _ limit: Int = 1_000) async -> [FeedCard?] {
    let action = await runner().run(.loadFeedWindow(FeedWindowRequest(offset: offset, limit: limit)))
    guard case .windowLoaded(_, _, let cards)? = action?.action(of: FeedTab.self) else { return [] }
    return cards
  }

  func prefill() throws {
    let cached = (0..<3).map { FeedCard.concert(ConcertCard(eventID: "old\($0)", name: "Cached \($0)")) }
    try database.replaceConcerts(city: "Berlin", cards: cached, fetchedAt: now.addingTimeInterval(-3 * 3600))
  }

  func testRefreshPagesThroughTheCityCachesRankedCardsAndTheWindowReadsThem() async throws {
    let report = await refresh()
    guard case .updated(let count, _)? = report?.outcome else { return XCTFail("\(String(describing: report))") }
    XCTAssertEqual(count, 245, "250 events, 5 of them past")
    XCTAssertEqual(report?.updatedAt, now)
    let pages = await fake.recordedRequests().compactMap { $0.queryValue("page") }
    XCTAssertEqual(pages, ["0", "1", "2"])
    let cards = await window()
    XCTAssertEqual(cards.count, 245)
    XCTAssertTrue(cards.allSatisfy { $0?.concert != nil }, "every event decodes, missing fields included")
    XCTAssertTrue(cards.contains { $0?.concert?.priceRanges.isEmpty == true }, "events without prices are kept")
    XCTAssertTrue(cards.contains { $0?.concert?.localTime == nil }, "events without a time are kept")
    let starts = cards.compactMap { $0?.concert }.compactMap(FeedRanking.startDate(of:))
    XCTAssertEqual(starts, starts.sorted(), "soonest first")
    XCTAssertFalse(logged.text.contains(Self.key), "the key never reaches a log line")
  }

  func testRejectedKeyFailsAndKeepsTheCache() async throws {
    try prefill()
    await fake.setValidKeys([])
    let report = await refresh()
    XCTAssertEqual(report?.outcome, .failed(reason: "Ticketmaster rejected the key."))
    XCTAssertEqual(try database.feedCardCount(), 3)
  }

  func testRateLimitWithAResetTimeIsReportedWithItsWait() async throws {
    try prefill()
    await fake.enqueue(.tooManyRequests(resetInSeconds: 30))
    await fake.enqueue(.tooManyRequests(resetInSeconds: 30))
    let report = await refresh()
    guard case .rateLimited(let seconds)? = report?.outcome else { return XCTFail("\(String(describing: report))") }
    XCTAssertNotNil(seconds)
    XCTAssertTrue((1...31).contains(seconds ?? 0), "\(String(describing: seconds))")
    XCTAssertEqual(try database.feedCardCount(), 3, "a failed refresh never empties the cache")
  }

  func testRateLimitWithoutResetHeadersAndQuotaBodiesAreRateLimits() async throws {
    try prefill()
    await fake.enqueue(.tooManyRequests(resetInSeconds: nil))
    await fake.enqueue(.tooManyRequests(resetInSeconds: nil))
    guard case .rateLimited? = await refresh()?.outcome else { return XCTFail("429 without headers") }
    await fake.enqueue(.quotaViolationBody(status: 500))
    await fake.enqueue(.quotaViolationBody(status: 500))
    guard case .rateLimited? = await refresh()?.outcome else { return XCTFail("quota body with 500") }
    await fake.setRateLimitAvailable(0)
    guard case .rateLimited? = await refresh()?.outcome else { return XCTFail("daily quota spent") }
    XCTAssertEqual(try database.feedCardCount(), 3)
  }

  func testServerErrorsAndTruncatedBodiesFailWithoutEmptyingTheCache() async throws {
    try prefill()
    await fake.enqueue(.serverError(status: 503))
    await fake.enqueue(.serverError(status: 503))
    guard case .failed? = await refresh()?.outcome else { return XCTFail("5xx") }
    await fake.enqueue(.truncatedBody)
    await fake.enqueue(.truncatedBody)
    guard case .failed? = await refresh()?.outcome else { return XCTFail("truncated") }
    XCTAssertEqual(try database.feedCardCount(), 3)
  }

  func testSlowServerAndStoppedServerAreOfflineWithTheCacheAge() async throws {
    try prefill()
    await fake.enqueue(.slow(seconds: 3))
    await fake.enqueue(.slow(seconds: 3))
    let slow = await refresh(runner(timeout: 0.5))
    XCTAssertEqual(slow?.outcome, .offline(cachedAt: now.addingTimeInterval(-3 * 3600)))
    await fake.stop()
    let stopped = await refresh()
    XCTAssertEqual(stopped?.outcome, .offline(cachedAt: now.addingTimeInterval(-3 * 3600)))
    XCTAssertEqual(stopped?.updatedAt, now.addingTimeInterval(-3 * 3600))
    XCTAssertEqual(try database.feedCardCount(), 3)
  }

  func testStatusEffectReportsTheCacheAge() async throws {
    try prefill()
    let action = await runner().run(FeedTab.run(.loadFeedStatus))
    XCTAssertEqual(action, .feed(.feedStatusLoaded(updatedAt: now.addingTimeInterval(-3 * 3600), now: now)))
  }

  func testCityChangeDropsTheOldCitysConcertsAndTheNextRefreshFillsTheNewOne() async throws {
    _ = await refresh()
    XCTAssertEqual(try database.feedCardCount(), 245)
    let submission = CredentialSubmission(step: .ticketmaster, apiKey: .stored, city: "Hamburg")
    _ = await runner().run(.save(requestID: 1, submission, .ticketmaster(upcomingEvents: 3)))
    XCTAssertEqual(try database.feedCardCount(), 0, "Berlin's concerts left with the city")
    _ = await refresh()
    XCTAssertEqual(try database.feedCardCount(), 5, "Hamburg's 10 events, 5 of them past")
  }

  /// Issue 20 item 9: saving keeps the radius and the taken city's coordinates with the step; they come back in the
  /// facts and the next refresh searches there with that radius.
  func testSavedRadiusAndPlaceReachTheFactsAndTheRefresh() async throws {
    let hamburg = City(name: "Hamburg", countryCode: "DE", latitude: 53.5753, longitude: 10.0153, population: 0)
    let submission = CredentialSubmission(
      step: .ticketmaster, apiKey: .stored, city: "Hamburg, DE", radiusKm: 10, place: hamburg)
    let saved = await runner().run(.save(requestID: 1, submission, .ticketmaster(upcomingEvents: 3)))
    guard case .credentialSaved(1, let facts, _)? = saved?.action(of: FeedTab.self) else {
      return XCTFail("\(String(describing: saved))")
    }
    XCTAssertEqual(facts.concertRadiusKm, 10)
    XCTAssertEqual(facts.concertPlace, hamburg)
    XCTAssertEqual(facts.ticketmasterCity, "Hamburg, DE")
    _ = await refresh()
    let recorded = await fake.recordedRequests()
    let request = try XCTUnwrap(recorded.last)
    XCTAssertEqual(request.queryValue("latlong"), "53.5753,10.0153")
    XCTAssertEqual(request.queryValue("radius"), "10")
    XCTAssertEqual(try database.feedCardCount(), 5, "Hamburg's 10 events, 5 of them past")
  }

  func testRemovingTicketmasterDropsItsConcertsKeepsReleases() async throws {
    try prefill()
    try database.replaceNewReleases(cards: [.newRelease(FeedFixtures.release(1))], fetchedAt: now)
    _ = await runner().run(.removeCredential(.ticketmaster))
    XCTAssertEqual(try database.feedCardCount(), 1)
    XCTAssertEqual(try database.cachedFeedCards(kind: .newRelease).count, 1)
  }

  func testSpotifyDisconnectDropsCachedReleasesKeepsConcerts() async throws {
    try prefill()
    let release = FeedCard.newRelease(FeedFixtures.release(1))
    try database.replaceNewReleases(cards: [release], fetchedAt: now)
    XCTAssertEqual(try database.feedCardCount(), 4)
    try secrets.write("refresh-token", for: .spotifyRefreshToken)
    _ = await runner().run(.spotify(.disconnect))
    XCTAssertEqual(try database.feedCardCount(), 3)
    XCTAssertTrue(try database.cachedFeedCards(kind: .newRelease).isEmpty)
  }

  func testUnknownKindsKeepTheirSlotInTheWindow() async throws {
    try prefill()
    let cards = await window(0, 10)
    XCTAssertEqual(cards.count, 3)
  }
}

/// Collects log lines (to check no secret is logged).
final class LogRecorder: @unchecked Sendable {
  // @unchecked: every access holds the lock.
  private let lock = NSLock()
  private var lines: [String] = []

  func append(_ line: String) {
    lock.lock()
    lines.append(line)
    lock.unlock()
  }

  var text: String {
    lock.lock()
    defer { lock.unlock() }
    return lines.joined(separator: "\n")
  }

  func handler() -> LogHandler { RecordingLogHandler(recorder: self) }
}

struct RecordingLogHandler: LogHandler {
  let recorder: LogRecorder
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace
  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }
  func log(event: LogEvent) { recorder.append("\(event.message)") }
}
