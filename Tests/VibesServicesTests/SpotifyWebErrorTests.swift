import Foundation
import VibesServices
import VibesTestSupport
import XCTest

/// Token refresh, development-mode 403s, rate limits, 5xx backoff, cancellation and error hygiene.
final class SpotifyWebErrorTests: SpotifyWebFakeTestCase {

  // MARK: 401

  func testStaleTokenIsRefreshedOnceAndRetried() async throws {
    let tokens = ScriptedSpotifyTokens(current: "stale-token", refreshed: "good-token")
    let me = try await client(tokens: tokens).me()
    XCTAssertEqual(me.id, "ada")
    let refreshes = await tokens.refreshCount
    XCTAssertEqual(refreshes, 1)
    let sent = await fake.recordedRequests().map { $0.request.headers["authorization"] }
    XCTAssertEqual(sent, ["Bearer stale-token", "Bearer good-token"])
  }

  func testSecond401IsUnauthorizedWithoutASecondRefresh() async throws {
    let tokens = ScriptedSpotifyTokens(current: "stale-token", refreshed: "also-bad")
    let error = await captureSpotifyError { () async throws(SpotifyWebError) in
      try await self.client(tokens: tokens).me()
    }
    XCTAssertEqual(error, .unauthorized)
    let refreshes = await tokens.refreshCount
    XCTAssertEqual(refreshes, 1)
    let count = await fake.recordedRequests().count
    XCTAssertEqual(count, 2)
  }

  func testRefusedRefreshIsReconnectNeededAndNoTokenIsNotConnected() async throws {
    let refused = await captureSpotifyError { () async throws(SpotifyWebError) in
      try await self.client(tokens: ScriptedSpotifyTokens(current: "stale-token")).me()
    }
    XCTAssertEqual(refused, .reconnectNeeded)
    let before = await fake.recordedRequests().count
    let none = await captureSpotifyError { () async throws(SpotifyWebError) in
      try await self.client(tokens: ScriptedSpotifyTokens(current: nil)).search("x")
    }
    XCTAssertEqual(none, .notConnected)
    let after = await fake.recordedRequests().count
    XCTAssertEqual(after, before, "no request without a token")
  }

  func testRealTokenProviderRefreshesAgainstTheAccountsFake() async throws {
    let accounts = try await FakeSpotifyServer()
    let web = try await FakeSpotifyWebServer(accounts: accounts)
    let pair = await accounts.issueTokens()
    let storage = MemoryTokenStorage(
      SpotifyTokens(accessToken: pair.access, refreshToken: pair.refresh, expiresAt: Date().addingTimeInterval(3600)))
    let provider = SpotifyTokenProvider(
      accounts: SpotifyAccountsClient(baseURL: accounts.baseURL, clientID: FakeSpotifyServer.clientID),
      storage: storage)
    let client = SpotifyWebClient(
      baseURL: web.baseURL, transport: URLSessionTransport(timeout: 5), tokens: provider, retry: SleepLog().policy())
    _ = try await client.me()
    await accounts.expireAccessTokens()
    let artist = try await client.artist(id: Catalog.basaltID)
    XCTAssertEqual(artist.name, "Basalt")
    let refreshes = await accounts.tokenRequestCount(grantType: "refresh_token")
    XCTAssertEqual(refreshes, 1)
    XCTAssertNotEqual(storage.tokens?.accessToken, pair.access, "the rotated token was stored")
    let statuses = await web.recordedRequests().map(\.path)
    XCTAssertEqual(statuses, ["/v1/me", "/v1/artists/\(Catalog.basaltID)", "/v1/artists/\(Catalog.basaltID)"])
    await web.stop()
    await accounts.stop()
  }

  // MARK: 403

  func testUserNotOnTheAllowlistIsNotRegistered() async throws {
    await fake.setRegistered(false)
    let error = await captureSpotifyError { () async throws(SpotifyWebError) in
      try await self.client().me()
    }
    XCTAssertEqual(error, .notRegistered)
    await fake.setRegistered(true)
    await fake.enqueue(.notRegistered)
    let scripted = await captureSpotifyError { () async throws(SpotifyWebError) in
      try await self.client().playlistItems(id: Catalog.ownPlaylistID)
    }
    XCTAssertEqual(scripted, .notRegistered, "the allowlist message wins over the playlist-owner reading")
    await fake.enqueue(
      .raw(status: 403, body: #"{"error":{"status":403,"message":"User not registered in the Developer Dashboard"}}"#))
    let older = await captureSpotifyError { () async throws(SpotifyWebError) in try await self.client().me() }
    XCTAssertEqual(older, .notRegistered)
  }

  func testOtherForbiddenAnswers() async throws {
    await fake.enqueue(
      .raw(
        status: 403,
        body: #"{"error":{"status":403,"message":"Active premium subscription required for the owner of the app."}}"#))
    let premium = await captureSpotifyError { () async throws(SpotifyWebError) in try await self.client().me() }
    XCTAssertEqual(premium, .premiumRequired)
    await fake.enqueue(.status(403))
    let plain = await captureSpotifyError { () async throws(SpotifyWebError) in try await self.client().me() }
    XCTAssertEqual(plain, .forbidden(reason: "Forbidden"))
  }

  // MARK: 429

  func testShortRetryAfterIsWaitedOutAndRetried() async throws {
    let log = SleepLog()
    await fake.enqueue(.rateLimited(retryAfter: "2"))
    let results = try await client(retry: log.policy()).search("basalt", types: [.artist])
    XCTAssertEqual(results.artists?.items.first?.name, "Basalt")
    XCTAssertEqual(log.recorded, [2])
    let count = await fake.recordedRequests().count
    XCTAssertEqual(count, 2)
  }

  func testHTTPDateRetryAfterIsAccepted() async throws {
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    let log = SleepLog()
    await fake.enqueue(.rateLimited(retryAfter: formatter.string(from: now.addingTimeInterval(3))))
    _ = try await client(retry: log.policy(now: now)).me()
    XCTAssertEqual(log.recorded, [3])
    await fake.enqueue(.rateLimited(retryAfter: formatter.string(from: now.addingTimeInterval(120))))
    let error = await captureSpotifyError { () async throws(SpotifyWebError) in
      try await self.client(retry: log.policy(now: now)).me()
    }
    XCTAssertEqual(error, .rateLimited(retryAfterSeconds: 120))
  }

  func testLongRetryAfterIsThrownWithItsSeconds() async throws {
    let log = SleepLog()
    await fake.enqueue(.rateLimited(retryAfter: "30"))
    let error = await captureSpotifyError { () async throws(SpotifyWebError) in
      try await self.client(retry: log.policy()).search("x")
    }
    XCTAssertEqual(error, .rateLimited(retryAfterSeconds: 30))
    XCTAssertEqual(log.recorded, [])
    let count = await fake.recordedRequests().count
    XCTAssertEqual(count, 1)
  }

  func testShortRateLimitsAreRetriedAtMostTwice() async throws {
    let log = SleepLog()
    for _ in 0..<3 { await fake.enqueue(.rateLimited(retryAfter: "1")) }
    let error = await captureSpotifyError { () async throws(SpotifyWebError) in
      try await self.client(retry: log.policy()).me()
    }
    XCTAssertEqual(error, .rateLimited(retryAfterSeconds: 1))
    XCTAssertEqual(log.recorded, [1, 1])
    let count = await fake.recordedRequests().count
    XCTAssertEqual(count, 3)
    await fake.enqueue(.rateLimited(retryAfter: nil))
    let unknown = await captureSpotifyError { () async throws(SpotifyWebError) in try await self.client().me() }
    XCTAssertEqual(unknown, .rateLimited(retryAfterSeconds: nil))
  }

  // MARK: 5xx

  func testServerErrorsBackOffWithFullJitterAndSucceed() async throws {
    let log = SleepLog()
    await fake.enqueue(.status(503))
    await fake.enqueue(.status(502))
    let me = try await client(retry: log.policy(random: 0.75)).me()
    XCTAssertEqual(me.id, "ada")
    XCTAssertEqual(log.recorded, [0.375, 0.75], "full jitter: random × 0.5 s × 2^attempt")
  }

  func testServerErrorRetriesAreBounded() async throws {
    let log = SleepLog()
    for _ in 0..<5 { await fake.enqueue(.status(500)) }
    let error = await captureSpotifyError { () async throws(SpotifyWebError) in
      try await self.client(retry: log.policy(random: 0)).me()
    }
    XCTAssertEqual(error, .server(status: 500))
    XCTAssertEqual(log.recorded, [0, 0])
    let count = await fake.recordedRequests().count
    XCTAssertEqual(count, 3)
  }

  func testPostIsNotRetriedOnServerError() async throws {
    let log = SleepLog()
    await fake.enqueue(.status(502))
    let error = await captureSpotifyError { () async throws(SpotifyWebError) in
      try await self.client(retry: log.policy()).createPlaylist(name: "once")
    }
    XCTAssertEqual(error, .server(status: 502))
    XCTAssertEqual(log.recorded, [])
    let catalog = await fake.catalog()
    XCTAssertFalse(catalog.playlists.contains { $0.name == "once" })
  }

  func testBackoffStaysWithinItsCeiling() {
    for fraction in stride(from: 0.0, through: 0.999, by: 0.111) {
      let policy = SpotifyRetryPolicy(baseBackoff: 0.5, maxBackoff: 3, random: { fraction })
      for attempt in 0..<8 {
        let ceiling = min(3, 0.5 * pow(2, Double(attempt)))
        let delay = policy.backoff(attempt: attempt)
        XCTAssertGreaterThanOrEqual(delay, 0)
        XCTAssertLessThanOrEqual(delay, ceiling)
        XCTAssertEqual(delay, ceiling * fraction, accuracy: 1e-9)
      }
    }
    let wild = SpotifyRetryPolicy(random: { 7 })
    XCTAssertLessThanOrEqual(wild.backoff(attempt: 100), wild.maxBackoff)
  }

  // MARK: Other statuses

  func testBadRequestMessageIsSanitised() async throws {
    await fake.enqueue(
      .raw(status: 400, body: #"{"error":{"status":400,"message":"Bad \u001b[31mthing at https://x.example/?t=abc"}}"#))
    let dirty = await captureSpotifyError { () async throws(SpotifyWebError) in try await self.client().me() }
    XCTAssertEqual(dirty, .badRequest(message: nil))
    await fake.enqueue(.raw(status: 400, body: #"{"error":{"status":400,"message":"Bad \u001b[31mthing"}}"#))
    let stripped = await captureSpotifyError { () async throws(SpotifyWebError) in try await self.client().me() }
    XCTAssertEqual(stripped, .badRequest(message: "Bad [31mthing"))
    await fake.enqueue(.raw(status: 200, body: "not json"))
    let garbage = await captureSpotifyError { () async throws(SpotifyWebError) in try await self.client().me() }
    XCTAssertEqual(garbage, .invalidResponse)
    await fake.enqueue(.raw(status: 418, body: ""))
    let teapot = await captureSpotifyError { () async throws(SpotifyWebError) in try await self.client().me() }
    XCTAssertEqual(teapot, .unexpectedStatus(418))
  }

  func testUnreachableServerIsATransportError() async throws {
    let closed = fake.baseURL
    await fake.stop()
    let error = await captureSpotifyError { () async throws(SpotifyWebError) in
      try await self.client(base: closed).me()
    }
    guard case .transport(.network(let problem))? = error else { return XCTFail("\(String(describing: error))") }
    XCTAssertEqual(problem.kind, .connectionRefused)
    fake = try await FakeSpotifyWebServer(validTokens: ["good-token"])
  }

  func testErrorDescriptionsCarryNoTokenOrURL() {
    let errors: [SpotifyWebError] = [
      .notConnected, .reconnectNeeded, .unauthorized, .notRegistered, .premiumRequired, .notPlaylistOwner,
      .playerRefused(.premiumRequired), .playerRefused(.noActiveDevice), .playerRefused(.unknown), .missingScope,
      .forbidden(reason: "Forbidden"), .forbidden(reason: nil), .notFound, .rateLimited(retryAfterSeconds: 7),
      .rateLimited(retryAfterSeconds: nil), .server(status: 503), .badRequest(message: "Invalid limit"),
      .badRequest(message: nil), .unexpectedStatus(418),
      .transport(.network(TransportFailure(.timedOut, host: "api.example"))),
      .transport(.network(TransportFailure(.connectionRefused, host: "api.example"))),
      .invalidResponse, .cancelled,
    ]
    for error in errors {
      let texts = [error.localizedDescription, String(describing: error)]
      for text in texts {
        XCTAssertFalse(text.isEmpty)
        XCTAssertFalse(text.contains("://"), text)
        XCTAssertFalse(text.contains("token"), text)
        XCTAssertFalse(text.contains("Bearer"), text)
      }
    }
    XCTAssertTrue(SpotifyWebError.rateLimited(retryAfterSeconds: 7).localizedDescription.contains("7 s"))
  }

  // MARK: Cancellation

  func testCancellationDuringARequestEndsPromptly() async throws {
    await fake.setLatency(3)
    let client = client()
    let task = Task { try await client.me() }
    try await Task.sleep(nanoseconds: 150_000_000)
    let started = Date()
    task.cancel()
    let result = await task.result
    XCTAssertLessThan(Date().timeIntervalSince(started), 1.5)
    guard case .failure(let error) = result else { return XCTFail("expected cancellation, got \(result)") }
    XCTAssertEqual(error as? SpotifyWebError, .cancelled)
  }

  func testCancellationDuringARateLimitWaitEndsPromptly() async throws {
    await fake.enqueue(.rateLimited(retryAfter: "5"))
    let client = SpotifyWebClient(
      baseURL: fake.baseURL, transport: URLSessionTransport(timeout: 5),
      tokens: ScriptedSpotifyTokens(current: "good-token"), retry: SpotifyRetryPolicy(maxAutomaticWait: 5))
    let task = Task { try await client.me() }
    try await Task.sleep(nanoseconds: 300_000_000)
    let started = Date()
    task.cancel()
    let result = await task.result
    XCTAssertLessThan(Date().timeIntervalSince(started), 1.5)
    guard case .failure(let error) = result else { return XCTFail("expected cancellation, got \(result)") }
    XCTAssertEqual(error as? SpotifyWebError, .cancelled)
    let count = await fake.recordedRequests().count
    XCTAssertEqual(count, 1, "no retry after cancellation")
  }
}
