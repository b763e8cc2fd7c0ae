import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// `PreviewFinder` against the loopback iTunes fake and a real SQLite file: UPC first, search second, the answer
/// cached, a rate limit never cached as "no preview".
final class PreviewFinderTests: XCTestCase {
  private var fake: FakeITunesServer!
  private var directory: URL!
  private var database: AppDatabase!

  private static let upc = "00602547657381"
  private static let songs = [
    FakeITunesSong(
      trackID: 10, trackName: "Hey Jude", artistName: "The Beatles", collectionName: "1 (Remastered)",
      trackTimeMillis: 427_000, discNumber: 1, trackNumber: 21, upc: upc),
    FakeITunesSong(
      trackID: 11, trackName: "Hey Jude (Karaoke Version)", artistName: "The Beatles Tribute",
      collectionName: "Karaoke Hits", trackTimeMillis: 427_000),
  ]

  override func setUp() async throws {
    fake = try await FakeITunesServer(songs: Self.songs)
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-preview-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    database = try AppDatabase(path: directory.appendingPathComponent("vibes.sqlite").path)
  }

  override func tearDown() async throws {
    await fake.stop()
    database = nil
    try? FileManager.default.removeItem(at: directory)
  }

  private func finder() -> PreviewFinder {
    PreviewFinder(
      client: ITunesClient(
        baseURL: fake.baseURL, transport: URLSessionTransport(timeout: 5),
        limiter: RequestRateLimiter(requestsPerSecond: 1000, sleep: { _ in })),
      database: database)
  }

  private let heyJude = PreviewRequest(
    spotifyTrackID: "0aym2LBJBk9DAYuHHutrIl",
    query: PreviewQuery(
      title: "Hey Jude - Remastered 2015", artists: ["The Beatles"], album: "1 (Remastered)",
      durationMilliseconds: 425_653, discNumber: 1, trackNumber: 21))

  func testSearchMatchIsCachedAndTheSecondAskMakesNoRequest() async throws {
    let first = try await finder().find(heyJude)
    guard case .available(let preview, let store) = first else { return XCTFail("\(first)") }
    XCTAssertTrue(preview.hasSuffix("mzaf_10.plus.aac.p.m4a"), preview)
    XCTAssertEqual(URL(string: store ?? "")?.host, "music.apple.com")
    let requests = await fake.recordedRequests()
    XCTAssertEqual(requests.map(\.path), ["/search"])
    XCTAssertEqual(requests.first?.queryValue("term"), "hey jude beatles")
    let second = try await finder().find(heyJude)
    XCTAssertEqual(second, first)
    let after = await fake.recordedRequests()
    XCTAssertEqual(after.count, 1)
  }

  func testTheUPCRouteComesFirst() async throws {
    var request = heyJude
    request.albumUPC = Self.upc
    let answer = try await finder().find(request)
    guard case .available(let preview, _) = answer else { return XCTFail("\(answer)") }
    XCTAssertTrue(preview.contains("mzaf_10"))
    let requests = await fake.recordedRequests()
    XCTAssertEqual(requests.map(\.path), ["/lookup"])
  }

  func testARateLimitIsNotCachedAsNone() async throws {
    await fake.enqueue(.status(403))
    do {
      _ = try await finder().find(heyJude)
      XCTFail("a rate limit must be thrown")
    } catch {
      XCTAssertEqual(error, .rateLimited)
    }
    XCTAssertNil(try database.cachedPreview(spotifyTrackID: heyJude.spotifyTrackID, storefront: "US"))
    // The next ask goes to the store again and finds it.
    let answer = try await finder().find(heyJude)
    guard case .available = answer else { return XCTFail("\(answer)") }
  }

  func testNoMatchIsCachedAsNone() async throws {
    let request = PreviewRequest(
      spotifyTrackID: "x", query: PreviewQuery(title: "Hey Jude", artists: ["Wilson Pickett"]))
    let answer = try await finder().find(request)
    XCTAssertEqual(answer, PreviewAvailability.none)
    XCTAssertEqual(try database.cachedPreview(spotifyTrackID: "x", storefront: "US"), PreviewAvailability.none)
  }
}
