import Foundation
import VibesServices
import VibesTestSupport
import XCTest

final class TicketmasterEventsClientTests: XCTestCase {
  private let key = "TMeventsKey0123456789abcdefXYZ"
  private let now = Date()
  private var fake: FakeTicketmasterServer!
  private var sleeps: TicketmasterSleepLog!

  override func setUp() async throws {
    fake = try await FakeTicketmasterServer(
      validKeys: [key], eventsByCity: ["Berlin": 250, "Big": 1_800, "Empty": 0, "Köln & Bonn": 3],
      style: .varied(now: now, pastEvents: 4))
    sleeps = TicketmasterSleepLog()
  }

  override func tearDown() async throws {
    await fake.stop()
    fake = nil
  }

  /// A client whose limiter and backoff never really wait (their waits are logged), with the top of every jitter
  /// range unless told otherwise.
  private func client(
    timeout: TimeInterval = 5, maxAttempts: Int = 4,
    random: @escaping @Sendable (ClosedRange<Double>) -> Double = {
      $0.upperBound
    }
  ) -> TicketmasterEventsClient {
    let log = sleeps!
    let clock = VirtualClock()
    return TicketmasterEventsClient(
      baseURL: fake.baseURL, transport: URLSessionTransport(timeout: timeout),
      limiter: RequestRateLimiter(clock: { clock.now }, sleep: { clock.advance($0) }),
      backoff: BackoffPolicy(maxAttempts: maxAttempts, baseDelay: 1, maxDelay: 30, random: random),
      sleep: { seconds in log.append(seconds) })
  }

  func testPagesThroughACityWithTheDocumentedQuery() async throws {
    let result = try await client().musicEvents(apiKey: key, city: "berlin")
    XCTAssertEqual(result.events.count, 250)
    XCTAssertEqual(result.totalElements, 250)
    XCTAssertEqual(Set(result.events.map(\.id)).count, 250)
    XCTAssertFalse(result.stoppedByQuota)
    XCTAssertNotNil(result.rateLimitReset)
    let requests = await fake.recordedRequests()
    XCTAssertEqual(requests.map { $0.queryValue("page") }, ["0", "1", "2"])
    for request in requests {
      XCTAssertEqual(request.path, "/discovery/v2/events.json")
      XCTAssertEqual(request.queryValue("apikey"), key)
      XCTAssertEqual(request.queryValue("city"), "berlin")
      XCTAssertEqual(request.queryValue("classificationName"), "music")
      XCTAssertEqual(request.queryValue("sort"), "date,asc")
      XCTAssertEqual(request.queryValue("size"), "100")
    }
    XCTAssertEqual(sleeps.values, [], "no backoff on a clean run")
  }

  func testStopsAtFiveHundredEventsAndBeforeDeepPaging() async throws {
    let result = try await client().musicEvents(apiKey: key, city: "Big", maxEvents: 10_000)
    XCTAssertEqual(result.events.count, 500)
    XCTAssertEqual(result.totalElements, 1_800)
    let pages = await fake.recordedRequests().compactMap { $0.queryValue("page").flatMap(Int.init) }
    XCTAssertEqual(pages, [0, 1, 2, 3, 4])
    XCTAssertTrue(pages.allSatisfy { ($0 + 1) * 100 <= 1_000 })

    let few = try await client().musicEvents(apiKey: key, city: "Big", maxEvents: 150)
    XCTAssertEqual(few.events.count, 150)
  }

  func testEmptyCityAndSpecialCharacters() async throws {
    let empty = try await client().musicEvents(apiKey: key, city: "Empty")
    XCTAssertEqual(empty.events, [])
    XCTAssertEqual(empty.totalElements, 0)
    let special = try await client().musicEvents(apiKey: key, city: "Köln & Bonn")
    XCTAssertEqual(special.events.count, 3)
    let cities = await fake.recordedRequests().map { $0.queryValue("city") }
    XCTAssertEqual(cities, ["Empty", "Köln & Bonn"])
  }

  func testVariedEventsKeepMissingFieldsStatusesAndRawNames() async throws {
    let events = try await client().musicEvents(apiKey: key, city: "Berlin").events
    XCTAssertEqual(events.filter { $0.priceRanges.isEmpty }.count, 250 / 7)
    XCTAssertEqual(events.filter { $0.localTime == nil }.count, 250 / 5)
    XCTAssertEqual(events.filter { $0.venues.isEmpty }.count, 250 / 11)
    XCTAssertEqual(Set(events.compactMap(\.statusCode)), ["onsale", "offsale", "canceled", "postponed", "rescheduled"])
    XCTAssertTrue(events.contains { $0.name?.contains("\u{1B}]0;pwned\u{07}") == true }, "names stay raw")
    XCTAssertEqual(events.first?.timezone, "Europe/Berlin")
  }

  func testRateLimitWithResetWaitsForTheResetThenSucceeds() async throws {
    await fake.enqueue(.tooManyRequests(resetInSeconds: 3))
    let result = try await client().musicEvents(apiKey: key, city: "Köln & Bonn")
    XCTAssertEqual(result.events.count, 3)
    XCTAssertEqual(sleeps.values.count, 1)
    let wait = try XCTUnwrap(sleeps.values.first)
    XCTAssertGreaterThanOrEqual(wait, 2)
    XCTAssertLessThanOrEqual(wait, 5, "the reset (≤ 3 s, rounded up) plus at most 1 s of jitter")
    let count = await fake.recordedRequests().count
    XCTAssertEqual(count, 2)
  }

  func testRateLimitWithoutResetBacksOffExponentiallyThenThrows() async throws {
    for _ in 0..<4 { await fake.enqueue(.spikeArrest) }
    let error = await captureError { () async throws(ServiceError) in
      try await client().musicEvents(apiKey: key, city: "Berlin")
    }
    XCTAssertEqual(error, .rateLimited(retryAfterSeconds: nil))
    XCTAssertEqual(sleeps.values, [1, 2, 4], "full jitter, at the top of each range here")
    let count = await fake.recordedRequests().count
    XCTAssertEqual(count, 4, "bounded: four tries, never a tight loop")
  }

  func testQuotaResetFarAwayIsReportedWithoutWaiting() async throws {
    await fake.enqueue(.tooManyRequests(resetInSeconds: 7_200))
    let error = await captureError { () async throws(ServiceError) in
      try await client().musicEvents(apiKey: key, city: "Berlin")
    }
    guard case .rateLimited(let seconds?) = error else { return XCTFail("\(String(describing: error))") }
    XCTAssertEqual(Double(seconds), 7_200, accuracy: 5)
    XCTAssertEqual(sleeps.values, [])
    let count = await fake.recordedRequests().count
    XCTAssertEqual(count, 1)
  }

  func testQuotaViolationFaultWithAnotherStatusIsARateLimit() async throws {
    await fake.enqueue(.quotaViolationBody(status: 500))
    let result = try await client(random: { $0.lowerBound }).musicEvents(apiKey: key, city: "Köln & Bonn")
    XCTAssertEqual(result.events.count, 3)
    XCTAssertEqual(sleeps.values, [0])
  }

  func testDailyQuotaRunningOutStopsPagingWithWhatArrived() async throws {
    await fake.setRateLimitAvailable(2)
    let result = try await client().musicEvents(apiKey: key, city: "Berlin")
    XCTAssertEqual(result.events.count, 200)
    XCTAssertTrue(result.stoppedByQuota)
    XCTAssertEqual(result.rateLimitAvailable, 0)
    let count = await fake.recordedRequests().count
    XCTAssertEqual(count, 2)
  }

  func testServerErrorsRetryOnlyWhenTransient() async throws {
    await fake.enqueue(.serverError(status: 503))
    let recovered = try await client().musicEvents(apiKey: key, city: "Köln & Bonn")
    XCTAssertEqual(recovered.events.count, 3)

    await fake.enqueue(.serverError(status: 500))
    await assertThrows(.server(status: 500)) { () async throws(ServiceError) in
      try await client().musicEvents(apiKey: key, city: "Berlin")
    }
    XCTAssertEqual(sleeps.values, [1])
  }

  func testTruncatedBodyAndSlowServerFailCleanly() async throws {
    await fake.enqueue(.truncatedBody)
    await assertThrows(.invalidResponse) { () async throws(ServiceError) in
      try await client().musicEvents(apiKey: key, city: "Berlin")
    }
    await fake.enqueue(.slow(seconds: 3))
    do {
      _ = try await client(timeout: 0.5).musicEvents(apiKey: key, city: "Berlin")
      XCTFail("a slow server times out")
    } catch {
      guard case .network(let problem) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(problem.kind, .timedOut)
    }
  }

  func testBadKeyAndTheKeyNeverShowsInAnError() async throws {
    let wrong = "TMwrongKey_SECRET_987654321"
    let invalid = await captureError { () async throws(ServiceError) in
      try await client().musicEvents(apiKey: wrong, city: "Berlin")
    }
    XCTAssertEqual(invalid, .invalidCredentials)
    await fake.enqueue(.tooManyRequests(resetInSeconds: nil))
    let limited = await captureError { () async throws(ServiceError) in
      try await client(maxAttempts: 1).musicEvents(apiKey: key, city: "Berlin")
    }
    XCTAssertEqual(limited, .rateLimited(retryAfterSeconds: nil))
    for error in [invalid, limited].compactMap({ $0 }) {
      for text in [String(describing: error), error.localizedDescription, "\(error)"] {
        XCTAssertFalse(text.contains(wrong) || text.contains(key) || text.contains("apikey"), text)
      }
    }
  }

  func testRealLimiterKeepsTwoHundredMillisecondsBetweenRequests() async throws {
    let shared = RequestRateLimiter()
    let events = TicketmasterEventsClient(
      baseURL: fake.baseURL, transport: URLSessionTransport(timeout: 5), limiter: shared)
    let key = self.key
    async let first = events.musicEvents(apiKey: key, city: "Berlin")
    async let second = events.musicEvents(apiKey: key, city: "Berlin")
    _ = try await (first, second)
    let arrivals = await fake.arrivalTimes().sorted()
    XCTAssertEqual(arrivals.count, 6)
    for (earlier, later) in zip(arrivals, arrivals.dropFirst()) {
      XCTAssertGreaterThan(later - earlier, 0.15, "at most 5 requests per second, spaced")
    }
  }
}

/// Waits a client asked for, in order.
final class TicketmasterSleepLog: @unchecked Sendable {
  private let lock = NSLock()
  private var log: [Double] = []

  var values: [Double] {
    lock.lock()
    defer { lock.unlock() }
    return log
  }

  func append(_ value: Double) {
    lock.lock()
    log.append(value)
    lock.unlock()
  }
}
