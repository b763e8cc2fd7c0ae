import Foundation
import VibesCore

/// How far a resolution has come: `resolved` of `total` songs have an answer (found or not found).
public struct ResolveProgress: Sendable, Equatable {
  public var resolved: Int
  public var total: Int

  public init(resolved: Int, total: Int) {
    self.resolved = resolved
    self.total = total
  }
}

/// Turns suggested songs into Spotify tracks: cache first (one read), then `track:"…" artist:"…"` searches (at most
/// `maxInFlight` at once), each result picked by `SongMatcher`, the answers cached in one transaction once the
/// searches end (so no search waits for a database write). Honours 429 `Retry-After` (bounded retries), reports
/// progress, and stops promptly when its task is cancelled.
public struct SongResolver: Sendable {
  /// Results per search.
  public static let searchLimit = 5
  /// Searches in flight at once.
  public static let maxInFlight = 4

  public var searcher: any TrackSearching
  public var cache: (any SongResolutionCache)?
  /// Retries of one search after a 429 before the error is passed on.
  public var maxRateLimitRetries = 3
  /// A `Retry-After` longer than this is not waited out: the error is passed on.
  public var maxRetryAfterSeconds = 60
  /// A cached "not found" older than this is searched again (found tracks do not expire).
  public var notFoundLifetime: TimeInterval = 7 * 24 * 3600
  public var now: @Sendable () -> Date
  /// Waits (throws when cancelled); tests pass a recording fake.
  public var sleep: @Sendable (Duration) async throws -> Void

  public init(
    searcher: any TrackSearching, cache: (any SongResolutionCache)?,
    now: @escaping @Sendable () -> Date = Date.init,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    self.searcher = searcher
    self.cache = cache
    self.now = now
    self.sleep = sleep
  }

  /// The longest title or artist put into a query: a hostile or broken answer with 10,000-character titles
  /// must not turn into 10 KB search URLs (which Spotify answers slowly or not at all).
  public static let maxQueryPartLength = 100

  /// The search query for a song: `track:"TITLE" artist:"ARTIST"` (double quotes and control characters
  /// removed from the values, each cut to `maxQueryPartLength` characters).
  public static func query(for song: SuggestedSong) -> String {
    func clean(_ text: String) -> String {
      let words = TerminalText.sanitize(text).replacingOccurrences(of: "\"", with: " ")
        .split(whereSeparator: \.isWhitespace).joined(separator: " ")
      return String(words.prefix(maxQueryPartLength))
    }
    return "track:\"\(clean(song.title))\" artist:\"\(clean(SongNormalizer.primaryArtist(song.artist)))\""
  }

  /// Resolves every song, in order. Songs with the same normalised key are searched once. Throws the searcher's
  /// error (e.g. `TrackSearchRateLimited` after the retries) or `CancellationError`; answers found before a failure
  /// are already in the cache, so a retry does not search them again.
  public func resolve(
    _ songs: [SuggestedSong], progress: @escaping @Sendable (ResolveProgress) -> Void = { _ in }
  ) async throws -> [ResolvedSong] {
    let keys = songs.map(\.key)
    var answers: [String: SongResolution] = [:]
    var unique: [(key: String, song: SuggestedSong)] = []
    var seen = Set<String>()
    for (key, song) in zip(keys, songs) where seen.insert(key).inserted { unique.append((key, song)) }
    let cached = (try? cache?.cachedResolutions(forKeys: unique.map(\.key))) ?? [:]
    var toSearch: [(key: String, song: SuggestedSong)] = []
    for (key, song) in unique {
      if let answer = usableAnswer(cached[key]) {
        answers[key] = answer
      } else {
        toSearch.append((key, song))
      }
    }
    let report = { @Sendable (answers: [String: SongResolution]) in
      progress(ResolveProgress(resolved: keys.filter { answers[$0] != nil }.count, total: keys.count))
    }
    report(answers)

    var fresh: [String: CachedResolution] = [:]
    do {
      try await searchAll(toSearch, into: &answers, fresh: &fresh, reportProgress: report)
    } catch {
      // What was found before the failure is kept, so a retry does not search it again.
      try? cache?.storeResolutions(fresh)
      // A searcher may report its own cancelled error; the caller only needs to know it was cancelled.
      if Task.isCancelled { throw CancellationError() }
      throw error
    }
    try? cache?.storeResolutions(fresh)
    try Task.checkCancellation()
    return zip(keys, songs).map { ResolvedSong(song: $1, resolution: answers[$0] ?? .pending) }
  }

  /// Runs the searches through a window of `maxInFlight` tasks, noting each answer as it arrives (in `answers`, and
  /// in `fresh` for the cache).
  func searchAll(
    _ toSearch: [(key: String, song: SuggestedSong)], into answers: inout [String: SongResolution],
    fresh: inout [String: CachedResolution], reportProgress: ([String: SongResolution]) -> Void
  ) async throws {
    let pause = SearchPause()
    try await withThrowingTaskGroup(of: (String, TrackCandidate?).self) { group in
      var next = 0
      func addNext() {
        guard next < toSearch.count else { return }
        let (key, song) = toSearch[next]
        next += 1
        group.addTask { (key, try await self.search(song, pause: pause)) }
      }
      for _ in 0..<Self.maxInFlight { addNext() }
      while let (key, match) = try await group.next() {
        answers[key] = match.map(SongResolution.found) ?? .notFound
        fresh[key] = CachedResolution(track: match, resolvedAt: now())
        reportProgress(answers)
        try Task.checkCancellation()
        addNext()
      }
    }
  }

  /// The answer a cached resolution gives: a found track, or a "not found" that is still recent.
  func usableAnswer(_ cached: CachedResolution?) -> SongResolution? {
    guard let cached else { return nil }
    if let track = cached.track { return .found(track) }
    return now().timeIntervalSince(cached.resolvedAt) < notFoundLifetime ? .notFound : nil
  }

  /// One search with bounded 429 retries; the best match, or nil when none fits. After a 429 the shared `pause`
  /// keeps the other searches of this resolve from starting until the wait is over.
  func search(_ song: SuggestedSong, pause: SearchPause) async throws -> TrackCandidate? {
    var attempt = 0
    var justWaited = false
    while true {
      try Task.checkCancellation()
      if !justWaited, let left = await pause.remaining() { try await sleep(left) }
      justWaited = false
      do {
        let candidates = try await searcher.searchTracks(query: Self.query(for: song), limit: Self.searchLimit)
        return SongMatcher.bestMatch(for: song, among: candidates)
      } catch let limited as TrackSearchRateLimited {
        guard attempt < maxRateLimitRetries else { throw limited }
        if let seconds = limited.retryAfterSeconds, seconds > maxRetryAfterSeconds { throw limited }
        let delay = Self.retryDelay(retryAfter: limited.retryAfterSeconds, attempt: attempt)
        await pause.extend(by: delay)
        try await sleep(delay)
        attempt += 1
        justWaited = true
      }
    }
  }

  /// `Retry-After` when given (at least 1 s), else exponential backoff with full jitter: random in 0…min(30, 2^attempt) s,
  /// never under 0.25 s so a burst of 429s is not a tight loop.
  static func retryDelay(retryAfter: Int?, attempt: Int) -> Duration {
    if let retryAfter { return .seconds(max(1, retryAfter)) }
    let ceiling = min(30.0, pow(2.0, Double(attempt)))
    return .milliseconds(Int(max(0.25, Double.random(in: 0...ceiling)) * 1000))
  }
}

/// The end of the current rate-limit wait, shared by one resolve's searches.
actor SearchPause {
  private var until: ContinuousClock.Instant?

  /// Makes the pause last at least `duration` from now.
  func extend(by duration: Duration) {
    let end = ContinuousClock.now + duration
    if until.map({ end > $0 }) ?? true { until = end }
  }

  /// How long is left, or nil when not paused.
  func remaining() -> Duration? {
    guard let until else { return nil }
    let left = until - ContinuousClock.now
    return left > .zero ? left : nil
  }
}
