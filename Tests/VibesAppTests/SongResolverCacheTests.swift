import Foundation
import VibesApp
import VibesCore
import VibesStorage
import XCTest

/// Answers every search with one matching track at once, except the titles it refuses with a long 429.
private struct InstantSearcher: TrackSearching {
  var refused: Set<String> = []

  func searchTracks(query: String, limit: Int) async throws -> [TrackCandidate] {
    let title = String(query.split(separator: "\"")[1])
    if refused.contains(title) { throw TrackSearchRateLimited(retryAfterSeconds: 3600) }
    return [
      TrackCandidate(id: title, uri: "spotify:track:\(title)", name: title, artists: ["A"], album: "B", durationMs: 1)
    ]
  }
}

/// The SQLite cache, counting how the resolver talks to it.
private final class CountingCache: SongResolutionCache, @unchecked Sendable {
  // @unchecked: every access to the counters holds the lock.
  let database: AppDatabase
  private let lock = NSLock()
  private var counts: [String: Int] = [:]

  init(_ database: AppDatabase) { self.database = database }

  func count(_ name: String) -> Int { lock.withLock { counts[name, default: 0] } }
  private func note(_ name: String) { lock.withLock { counts[name, default: 0] += 1 } }

  func cachedResolution(forKey key: String) throws -> CachedResolution? {
    note("read one")
    return try database.cachedResolution(forKey: key)
  }

  func storeResolution(_ resolution: CachedResolution, forKey key: String) throws {
    note("write one")
    try database.storeResolution(resolution, forKey: key)
  }

  func cachedResolutions(forKeys keys: [String]) throws -> [String: CachedResolution] {
    note("read many")
    return try database.cachedResolutions(forKeys: keys)
  }

  func storeResolutions(_ resolutions: [String: CachedResolution]) throws {
    note("write many")
    try database.storeResolutions(resolutions)
  }
}

/// The resolve reads its cache once and writes it once (no search waits for a database write), keeps what it
/// found when a later search fails, and the throttle thins out progress reports.
final class SongResolverCacheTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-cache-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDown() { try? FileManager.default.removeItem(at: directory) }

  private func database() throws -> AppDatabase {
    try AppDatabase(path: directory.appendingPathComponent("vibes.sqlite").path)
  }

  private func songs(_ titles: [String]) -> [SuggestedSong] { titles.map { SuggestedSong(title: $0, artist: "A") } }

  func testOneCacheReadAndOneCacheWritePerResolve() async throws {
    let cache = CountingCache(try database())
    let titles = (0..<20).map { "Song \($0)" }
    let first = try await SongResolver(searcher: InstantSearcher(), cache: cache).resolve(songs(titles))
    XCTAssertEqual(first.compactMap(\.uri).count, 20)
    XCTAssertEqual(cache.count("read many"), 1)
    XCTAssertEqual(cache.count("write many"), 1)
    XCTAssertEqual(cache.count("read one") + cache.count("write one"), 0)
    XCTAssertEqual(try cache.database.cachedResolutions(forKeys: songs(titles).map(\.key)).count, 20)

    // Everything cached: the second resolve searches nothing and writes nothing.
    let refusing = InstantSearcher(refused: Set(titles))
    let second = try await SongResolver(searcher: refusing, cache: cache).resolve(songs(titles))
    XCTAssertEqual(second, first)
    XCTAssertEqual(cache.count("read many"), 2)
    XCTAssertEqual(cache.count("write many"), 2, "an empty batch is no transaction")
  }

  func testWhatWasFoundBeforeAFailureIsCachedSoARetryDoesNotSearchItAgain() async throws {
    let db = try database()
    let titles = ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight"]
    do {
      _ = try await SongResolver(searcher: InstantSearcher(refused: ["Eight"]), cache: db).resolve(songs(titles))
      XCTFail("expected the rate limit")
    } catch is TrackSearchRateLimited {}
    let cached = try db.cachedResolutions(forKeys: songs(titles).map(\.key))
    XCTAssertGreaterThanOrEqual(cached.count, 4, "the songs answered before the failure")
    XCTAssertNil(cached[SuggestedSong(title: "Eight", artist: "A").key])
    XCTAssertTrue(cached.values.allSatisfy { $0.track != nil })
  }

  func testBatchReadsAndWritesRoundTripThroughSQLite() throws {
    let db = try database()
    let at = Date(timeIntervalSince1970: 1_800_000_000)
    let track = TrackCandidate(
      id: "t", uri: "spotify:track:t", name: "T", artists: ["X", "Y"], album: "Z", durationMs: 9)
    try db.storeResolutions([
      "found": CachedResolution(track: track, resolvedAt: at), "missing": CachedResolution(track: nil, resolvedAt: at),
    ])
    XCTAssertEqual(
      try db.cachedResolutions(forKeys: ["found", "missing", "never"]),
      [
        "found": CachedResolution(track: track, resolvedAt: at),
        "missing": CachedResolution(track: nil, resolvedAt: at),
      ])
    XCTAssertEqual(try db.cachedResolution(forKey: "found"), CachedResolution(track: track, resolvedAt: at))
    XCTAssertEqual(try db.cachedResolutions(forKeys: []), [:])
  }

  func testTheThrottlePassesTheFirstTheLastAndOnePerInterval() {
    let throttle = ProgressThrottle(interval: .milliseconds(100))
    let start = ContinuousClock.now
    func passes(_ resolved: Int, at milliseconds: Int) -> Bool {
      throttle.shouldSend(ResolveProgress(resolved: resolved, total: 20), now: start + .milliseconds(milliseconds))
    }
    XCTAssertTrue(passes(0, at: 0))
    XCTAssertFalse(passes(1, at: 10))
    XCTAssertFalse(passes(4, at: 99))
    XCTAssertTrue(passes(5, at: 100))
    XCTAssertFalse(passes(8, at: 150))
    XCTAssertTrue(passes(20, at: 151), "the last report always goes out")
  }
}
