import Foundation
import VibesApp
import VibesCore
import VibesStorage
import XCTest

/// A scripted `TrackSearching` that measures how many searches run at once.
private actor FakeSearcher: TrackSearching {
  var queries: [String] = []
  /// When each search started, and when each 429 was thrown.
  var starts: [ContinuousClock.Instant] = []
  var limitedAt: [ContinuousClock.Instant] = []
  var inFlight = 0
  var maxInFlight = 0
  /// 429s to throw before answering, per query.
  var rateLimits: [String: [Int?]] = [:]
  let latency: Duration
  let catalog: [TrackCandidate]

  init(latency: Duration = .milliseconds(20), catalog: [TrackCandidate]) {
    self.latency = latency
    self.catalog = catalog
  }

  func limit(_ query: String, with retryAfters: [Int?]) { rateLimits[query] = retryAfters }

  func searchTracks(query: String, limit: Int) async throws -> [TrackCandidate] {
    queries.append(query)
    starts.append(.now)
    inFlight += 1
    maxInFlight = max(maxInFlight, inFlight)
    defer { inFlight -= 1 }
    // A 429 answers at once (before the others finish), as a rate limiter does.
    if var pending = rateLimits[query], !pending.isEmpty {
      let seconds = pending.removeFirst()
      rateLimits[query] = pending
      limitedAt.append(.now)
      throw TrackSearchRateLimited(retryAfterSeconds: seconds)
    }
    try await Task.sleep(for: latency)
    // Answer like Spotify's field filter: tracks whose name contains the quoted title's first word.
    let title = query.split(separator: "\"")[1].lowercased()
    return Array(catalog.filter { $0.name.lowercased().hasPrefix(title) }.prefix(limit))
  }
}

/// Records the sleeps the resolver asks for instead of waiting.
private final class SleepRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private var recorded: [Duration] = []
  var sleeps: [Duration] { lock.withLock { recorded } }
  func sleep(_ duration: Duration) async throws {
    lock.withLock { recorded.append(duration) }
    try Task.checkCancellation()
  }
}

private final class ProgressRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private var recorded: [ResolveProgress] = []
  var values: [ResolveProgress] { lock.withLock { recorded } }
  func record(_ value: ResolveProgress) { lock.withLock { recorded.append(value) } }
}

final class SongResolverTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-resolver-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDown() { try? FileManager.default.removeItem(at: directory) }

  private func database() throws -> AppDatabase {
    try AppDatabase(path: directory.appendingPathComponent("vibes.sqlite").path)
  }

  private static func track(_ index: Int) -> TrackCandidate {
    TrackCandidate(
      id: "id\(index)", uri: "spotify:track:id\(index)", name: "Song \(index) - Remastered",
      artists: ["Artist \(index)"],
      album: "Album", durationMs: 200_000)
  }

  private let catalog = (0..<30).map(track)

  private func songs(_ range: Range<Int>) -> [SuggestedSong] {
    range.map { SuggestedSong(title: "Song \($0)", artist: "Artist \($0)") }
  }

  func testQueryUsesFieldFiltersAndDropsQuotes() {
    XCTAssertEqual(
      SongResolver.query(for: SuggestedSong(title: "\"Heroes\"", artist: "David Bowie feat. Someone")),
      #"track:"Heroes" artist:"David Bowie""#)
  }

  func testQueryIsBoundedAndFreeOfControlsWhateverGeminiSends() {
    let title = "\u{1b}]0;PWNED\u{07}Tide" + String(repeating: "W", count: 10_000)
    let query = SongResolver.query(
      for: SuggestedSong(title: title, artist: "A\u{0}da " + String(repeating: "x", count: 5_000)))
    XCTAssertLessThan(query.count, 2 * SongResolver.maxQueryPartLength + 30, "10 KB titles make short queries")
    XCTAssertFalse(query.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f }, query)
    XCTAssertTrue(query.hasPrefix(#"track:"Tide"#), query)
  }

  func testResolvesInOrderWithAtMostFourInFlightAndReportsProgress() async throws {
    let searcher = FakeSearcher(catalog: catalog)
    let progress = ProgressRecorder()
    let resolver = SongResolver(searcher: searcher, cache: try database())
    var wanted = songs(0..<12)
    wanted.append(SuggestedSong(title: "Missing Song", artist: "Nobody"))
    let resolved = try await resolver.resolve(wanted) { progress.record($0) }

    XCTAssertEqual(resolved.map(\.song), wanted)
    XCTAssertEqual(resolved.prefix(12).map(\.uri), (0..<12).map { "spotify:track:id\($0)" })
    XCTAssertEqual(resolved.last?.resolution, .notFound)
    let maxInFlight = await searcher.maxInFlight
    let queries = await searcher.queries
    XCTAssertEqual(maxInFlight, 4)
    XCTAssertEqual(queries.count, 13)
    XCTAssertTrue(queries.contains("track:\"Song 3\" artist:\"Artist 3\""))
    XCTAssertEqual(progress.values.first, ResolveProgress(resolved: 0, total: 13))
    XCTAssertEqual(progress.values.last, ResolveProgress(resolved: 13, total: 13))
    XCTAssertEqual(progress.values.map(\.resolved), Array(0...13))
  }

  func testCacheHitsMakeNoSearchAndDuplicatesAreSearchedOnce() async throws {
    let db = try database()
    let first = FakeSearcher(catalog: catalog)
    _ = try await SongResolver(searcher: first, cache: db).resolve(
      songs(0..<5) + [SuggestedSong(title: "Nope", artist: "X")])

    let second = FakeSearcher(catalog: catalog)
    let progress = ProgressRecorder()
    let again =
      songs(0..<5) + [
        SuggestedSong(title: "Nope", artist: "X"), SuggestedSong(title: "SONG 1 (Remastered)", artist: "artist 1"),
      ]
      + songs(5..<7) + songs(5..<6)
    let resolved = try await SongResolver(searcher: second, cache: db).resolve(again) { progress.record($0) }
    let queries = await second.queries
    XCTAssertEqual(Set(queries), [#"track:"Song 5" artist:"Artist 5""#, #"track:"Song 6" artist:"Artist 6""#])
    XCTAssertEqual(queries.count, 2)
    XCTAssertEqual(resolved[5].resolution, .notFound)
    XCTAssertEqual(resolved[6].uri, "spotify:track:id1")
    XCTAssertEqual(resolved[9].uri, "spotify:track:id5")
    XCTAssertEqual(progress.values.first, ResolveProgress(resolved: 7, total: 10))
  }

  func testStaleNotFoundIsSearchedAgain() async throws {
    let db = try database()
    let song = SuggestedSong(title: "Song 2", artist: "Artist 2")
    try db.storeResolution(
      CachedResolution(track: nil, resolvedAt: Date(timeIntervalSinceNow: -8 * 24 * 3600)), forKey: song.key)
    let searcher = FakeSearcher(catalog: catalog)
    let resolved = try await SongResolver(searcher: searcher, cache: db).resolve([song])
    XCTAssertEqual(resolved.first?.uri, "spotify:track:id2")
    XCTAssertEqual(try db.cachedResolution(forKey: song.key)?.track?.id, "id2")
  }

  func testRateLimitWaitsRetryAfterThenRetriesBounded() async throws {
    let searcher = FakeSearcher(catalog: catalog)
    let query = "track:\"Song 1\" artist:\"Artist 1\""
    await searcher.limit(query, with: [3, nil])
    let sleeper = SleepRecorder()
    let resolver = SongResolver(searcher: searcher, cache: nil, sleep: { try await sleeper.sleep($0) })
    let resolved = try await resolver.resolve(songs(0..<3))
    XCTAssertEqual(resolved.map(\.uri), ["spotify:track:id0", "spotify:track:id1", "spotify:track:id2"])
    // Song 1 waits Retry-After, then a jittered backoff; songs that had not started yet wait out the pause.
    XCTAssertTrue(sleeper.sleeps.contains(.seconds(3)), "\(sleeper.sleeps)")
    XCTAssertTrue(sleeper.sleeps.contains { $0 >= .milliseconds(250) && $0 <= .seconds(2) }, "\(sleeper.sleeps)")
    XCTAssertTrue(sleeper.sleeps.allSatisfy { $0 >= .milliseconds(250) && $0 <= .seconds(3) }, "\(sleeper.sleeps)")
    let count = await searcher.queries.filter { $0 == query }.count
    XCTAssertEqual(count, 3)

    // Past the retry bound the 429 is passed on; a Retry-After longer than a minute is not waited out.
    let stubborn = FakeSearcher(catalog: catalog)
    await stubborn.limit(query, with: [1, 1, 1, 1, 1])
    do {
      _ = try await SongResolver(searcher: stubborn, cache: nil, sleep: { try await sleeper.sleep($0) }).resolve(
        songs(1..<2))
      XCTFail("expected the rate limit")
    } catch let error as TrackSearchRateLimited {
      XCTAssertEqual(error.retryAfterSeconds, 1)
    }
    let stubbornCount = await stubborn.queries.count
    XCTAssertEqual(stubbornCount, 4)
    let long = FakeSearcher(catalog: catalog)
    await long.limit(query, with: [3600])
    do {
      _ = try await SongResolver(searcher: long, cache: nil, sleep: { try await sleeper.sleep($0) }).resolve(
        songs(1..<2))
      XCTFail("expected the rate limit")
    } catch let error as TrackSearchRateLimited {
      XCTAssertEqual(error.retryAfterSeconds, 3600)
    }
  }

  func testNoNewSearchStartsWhileARetryAfterIsRunning() async throws {
    let searcher = FakeSearcher(latency: .milliseconds(200), catalog: catalog)
    await searcher.limit("track:\"Song 0\" artist:\"Artist 0\"", with: [1])
    let resolved = try await SongResolver(searcher: searcher, cache: nil).resolve(songs(0..<10))
    XCTAssertEqual(resolved.compactMap(\.uri).count, 10)
    let limitedAt = await searcher.limitedAt
    let starts = await searcher.starts
    let limited = try XCTUnwrap(limitedAt.first)
    // Songs 1–3 started with song 0; without the shared pause songs 4–6 would start when they finish (~200 ms).
    // Whatever had not started when the 429 came waits the whole second (songs 1–3 may or may not have started).
    XCTAssertEqual(starts.count, 11)
    let duringPause = starts.filter { $0 - limited > .milliseconds(100) && $0 - limited < .milliseconds(950) }
    XCTAssertEqual(duringPause, [])
    XCTAssertGreaterThanOrEqual(starts.filter { $0 - limited >= .milliseconds(950) }.count, 7)
  }

  func testCancellationStopsPromptlyAndLeavesNoSearchRunning() async throws {
    let searcher = FakeSearcher(latency: .milliseconds(300), catalog: catalog)
    let resolver = SongResolver(searcher: searcher, cache: try database())
    let wanted = songs(0..<30)
    let task = Task { try await resolver.resolve(wanted) }
    try await Task.sleep(for: .milliseconds(100))
    let started = ContinuousClock.now
    task.cancel()
    do {
      _ = try await task.value
      XCTFail("expected cancellation")
    } catch is CancellationError {}
    XCTAssertLessThan(ContinuousClock.now - started, .milliseconds(250))
    let inFlight = await searcher.inFlight
    let queries = await searcher.queries.count
    XCTAssertEqual(inFlight, 0)
    XCTAssertEqual(queries, 4)
  }
}
