import Foundation
import VibesServices
import VibesTestSupport
import XCTest

/// `ITunesClient` against the loopback iTunes fake: the documented queries, the 403/429 rate limit as a typed error,
/// the 3 s spacing, and hostile answers.
final class ITunesClientTests: XCTestCase {
  private var fake: FakeITunesServer!
  private var clock: VirtualClock!
  private var waits: WaitLog!

  private static let songs = [
    FakeITunesSong(
      trackID: 1, trackName: "Hey Jude", artistName: "The Beatles", collectionName: "1", trackTimeMillis: 427_000,
      discNumber: 1, trackNumber: 21, upc: "00602547657381"),
    FakeITunesSong(
      trackID: 2, trackName: "Let It Be", artistName: "The Beatles", collectionName: "1", trackTimeMillis: 243_000,
      discNumber: 1, trackNumber: 26, upc: "00602547657381"),
    FakeITunesSong(
      trackID: 3, trackName: "Hey Jude (Karaoke)", artistName: "Sing Along Stars", collectionName: "Hits",
      trackTimeMillis: 420_000
    ).withoutPreview(),
  ]

  override func setUp() async throws {
    fake = try await FakeITunesServer(songs: Self.songs)
    clock = VirtualClock()
    waits = WaitLog()
  }

  override func tearDown() async throws {
    await fake.stop()
    fake = nil
  }

  private func client(timeout: TimeInterval = 5) -> ITunesClient {
    let clock = clock!
    let waits = waits!
    return ITunesClient(
      baseURL: fake.baseURL, country: "de", transport: URLSessionTransport(timeout: timeout, maxBodyBytes: 64 * 1024),
      limiter: RequestRateLimiter(
        requestsPerSecond: 1 / ITunesClient.requestSpacing, clock: { clock.now },
        sleep: { seconds in
          waits.append(seconds)
          clock.advance(seconds)
        }))
  }

  func testSearchSendsTheDocumentedQueryAndReadsSongs() async throws {
    let songs = try await client().searchSongs(term: "hey jude beatles", limit: 5)
    XCTAssertEqual(songs.map(\.trackID), [1])
    XCTAssertEqual(songs.first?.durationMilliseconds, 427_000)
    XCTAssertEqual(songs.first?.previewURL?.host, "audio-ssl.itunes.apple.com")
    XCTAssertEqual(songs.first?.trackViewURL?.host, "music.apple.com")
    XCTAssertEqual(songs.first?.discNumber, 1)
    XCTAssertEqual(songs.first?.trackNumber, 21)
    let recorded = await fake.recordedRequests()
    let request = try XCTUnwrap(recorded.first)
    XCTAssertEqual(request.path, "/search")
    XCTAssertTrue(request.query.contains("term=hey+jude+beatles"), request.query)
    XCTAssertEqual(request.queryValue("media"), "music")
    XCTAssertEqual(request.queryValue("entity"), "song")
    XCTAssertEqual(request.queryValue("country"), "DE")
    XCTAssertEqual(request.queryValue("limit"), "5")
  }

  func testATermWithPlusAndAmpersandArrivesWhole() async throws {
    _ = try await client().searchSongs(term: "simon & garfunkel + c++")
    let recorded = await fake.recordedRequests()
    let request = try XCTUnwrap(recorded.first)
    XCTAssertEqual(request.queryValue("term"), "simon & garfunkel + c++")
  }

  func testUPCLookupSkipsTheCollectionAndKeepsTheSongs() async throws {
    let songs = try await client().albumSongs(upc: "00602547657381")
    XCTAssertEqual(songs.map(\.trackID), [1, 2])
    let recorded = await fake.recordedRequests()
    let request = try XCTUnwrap(recorded.first)
    XCTAssertEqual(request.path, "/lookup")
    XCTAssertEqual(request.queryValue("upc"), "00602547657381")
    XCTAssertEqual(request.queryValue("entity"), "song")
  }

  func testNoResultIsAnEmptyListNotAnError() async throws {
    let songs = try await client().searchSongs(term: "nothing like this exists")
    XCTAssertEqual(songs, [])
  }

  func testTheEmpty403IsARateLimit() async throws {
    await fake.enqueue(.status(403))
    do {
      _ = try await client().searchSongs(term: "hey jude")
      XCTFail("a 403 must throw")
    } catch {
      XCTAssertEqual(error, .rateLimited)
    }
    await fake.enqueue(.status(429))
    do {
      _ = try await client().albumSongs(upc: "1")
      XCTFail("a 429 must throw")
    } catch {
      XCTAssertEqual(error, .rateLimited)
    }
  }

  func testCallsAreSpacedThreeSecondsApart() async throws {
    let client = client()
    for _ in 0..<3 { _ = try await client.searchSongs(term: "beatles") }
    XCTAssertEqual(waits.values.count, 2)
    for wait in waits.values { XCTAssertEqual(wait, 3, accuracy: 0.001) }
  }

  func testHostileAnswersAreTypedFailures() async throws {
    await fake.enqueue(.raw(status: 200, body: "<html>not json</html>", contentType: "text/html"))
    do {
      _ = try await client().searchSongs(term: "x")
      XCTFail()
    } catch { XCTAssertEqual(error, .invalidResponse) }
    // Over the body cap.
    await fake.enqueue(.raw(status: 200, body: String(repeating: " ", count: 200_000), contentType: "application/json"))
    do {
      _ = try await client().searchSongs(term: "x")
      XCTFail()
    } catch { XCTAssertEqual(error, .invalidResponse) }
    await fake.enqueue(.status(503))
    do {
      _ = try await client().searchSongs(term: "x")
      XCTFail()
    } catch { XCTAssertEqual(error, .server(status: 503)) }
    // A server that never answers is bounded by the transport's deadline.
    await fake.enqueue(.delay(seconds: 5))
    let started = Date()
    do {
      _ = try await client(timeout: 0.5).searchSongs(term: "x")
      XCTFail()
    } catch {
      guard case .network(let problem) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(problem.kind, .timedOut)
    }
    XCTAssertLessThan(Date().timeIntervalSince(started), 3)
  }

  func testTheBaseURLVariable() {
    let url = ServiceEndpoints.itunes(environment: ["VIBES_ITUNES_API_URL": "http://127.0.0.1:9/prefix"])
    XCTAssertEqual(url.url.absoluteString, "http://127.0.0.1:9/prefix")
    XCTAssertEqual(ServiceEndpoints.itunes(environment: [:]).url, ITunesClient.defaultBaseURL)
    XCTAssertTrue(ServiceEndpoints.itunes(environment: ["VIBES_ITUNES_API_URL": "ftp://x"]).ignoredOverride)
  }
}

/// Records the limiter's waits.
final class WaitLog: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [Double] = []
  var values: [Double] { lock.withLock { stored } }
  func append(_ value: Double) { lock.withLock { stored.append(value) } }
}
