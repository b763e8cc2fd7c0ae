import Foundation
import VibesServices
import VibesTestSupport
import XCTest

/// A token source whose refresh hands out `refreshed` (or fails with `refreshError`), counting calls.
actor ScriptedSpotifyTokens: SpotifyAccessTokenSource {
  private(set) var current: String?
  let refreshed: String?
  private(set) var refreshCount = 0
  private(set) var accessCount = 0

  init(current: String?, refreshed: String? = nil) {
    self.current = current
    self.refreshed = refreshed
  }

  func accessToken() throws(SpotifyTokenError) -> String {
    accessCount += 1
    guard let current else { throw .notConnected }
    return current
  }

  func refreshNow() throws(SpotifyTokenError) -> String {
    refreshCount += 1
    guard let refreshed else { throw .reconnectNeeded }
    current = refreshed
    return refreshed
  }
}

/// Records every delay the client asks to sleep, without sleeping.
final class SleepLog: @unchecked Sendable {
  private let lock = NSLock()
  private var delays: [TimeInterval] = []

  var recorded: [TimeInterval] { lock.withLock { delays } }

  func policy(random: Double = 0.5, now: Date = Date(), maxAutomaticWait: TimeInterval = 5) -> SpotifyRetryPolicy {
    SpotifyRetryPolicy(
      maxAutomaticWait: maxAutomaticWait,
      sleep: { [self] seconds in lock.withLock { delays.append(seconds) } },
      random: { random }, now: { now })
  }
}

/// Runs `operation`, which must throw a `SpotifyWebError`; returns it.
func captureSpotifyError<T>(
  file: StaticString = #filePath, line: UInt = #line, _ operation: () async throws(SpotifyWebError) -> T
) async -> SpotifyWebError? {
  do {
    let value = try await operation()
    XCTFail("expected a SpotifyWebError, got \(value)", file: file, line: line)
    return nil
  } catch {
    return error
  }
}

/// The paths a development-mode app must never call (removed in 2024–2026). Listing the library stays on
/// `GET /v1/me/tracks` and `GET /v1/me/albums`; writes there are gone (saving uses `/v1/me/library`).
func isRemovedSpotifyEndpoint(_ request: FakeSpotifyWebRequest) -> Bool {
  let path = request.path
  if path.hasPrefix("/v1/me/tracks") || path.hasPrefix("/v1/me/albums") { return request.method != "GET" }
  if path.hasPrefix("/v1/me/following") { return true }
  if path.hasPrefix("/v1/users/") || path.hasPrefix("/v1/recommendations") || path.hasPrefix("/v1/browse") {
    return true
  }
  if path.hasPrefix("/v1/audio-features") || path.hasPrefix("/v1/audio-analysis") { return true }
  if path.hasSuffix("/top-tracks") || path.hasSuffix("/related-artists") { return true }
  if path.hasPrefix("/v1/playlists/") && path.hasSuffix("/tracks") { return true }
  let batch = ["/v1/tracks", "/v1/albums", "/v1/artists"]
  if batch.contains(path) || request.queryValue("ids") != nil { return true }
  return false
}

/// The set-up of every Web API client test: the fake (which takes the token "good-token") started before each test
/// and stopped after it, and a client for it with a scripted token source and a retry policy that never sleeps.
class SpotifyWebFakeTestCase: XCTestCase {
  typealias Catalog = FakeSpotifyWebCatalog
  var fake: FakeSpotifyWebServer!

  override func setUp() async throws {
    try await super.setUp()
    fake = try await FakeSpotifyWebServer(validTokens: ["good-token"])
  }

  override func tearDown() async throws {
    await fake.stop()
    fake = nil
    try await super.tearDown()
  }

  /// A client of the fake (of `base` where given: a closed port, say).
  func client(
    tokens: any SpotifyAccessTokenSource = ScriptedSpotifyTokens(current: "good-token"),
    retry: SpotifyRetryPolicy = SleepLog().policy(), base: URL? = nil
  ) -> SpotifyWebClient {
    SpotifyWebClient(
      baseURL: base ?? fake.baseURL, transport: URLSessionTransport(timeout: 5), tokens: tokens, retry: retry)
  }
}
