import Foundation

/// One For You song as the screen and the SQLite copy keep it: the resolved Spotify track and the one-line reason
/// that passed the reason check (raw text; the screen sanitises it).
public struct ForYouEntry: Sendable, Hashable, Codable {
  public var title: String
  public var artist: String
  public var reason: String
  /// The Spotify track id (Enter opens the track's detail screen).
  public var trackID: String

  public init(title: String, artist: String, reason: String, trackID: String) {
    self.title = title
    self.artist = artist
    self.reason = reason
    self.trackID = trackID
  }

  /// The song in ForYouMemory's terms (dismissing it remembers this).
  public var song: ForYouSong { ForYouSong(title: title, artist: artist) }
  public var link: SpotifyLink { SpotifyLink(kind: .track, id: trackID) }
}

/// The For You list with when Gemini answered it; `isStale` when it is the SQLite copy (opened offline, or a
/// refresh failed for `staleReason`).
public struct CachedForYou: Sendable, Hashable, Codable {
  public var entries: [ForYouEntry]
  public var fetchedAt: Date
  public var isStale: Bool
  /// Why a refresh could not replace the copy (not stored).
  public var staleReason: CreateFailure?

  public init(entries: [ForYouEntry], fetchedAt: Date, isStale: Bool = false, staleReason: CreateFailure? = nil) {
    self.entries = entries
    self.fetchedAt = fetchedAt
    self.isStale = isStale
    self.staleReason = staleReason
  }

  enum CodingKeys: String, CodingKey { case entries, fetchedAt }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    entries = try container.decode([ForYouEntry].self, forKey: .entries)
    fetchedAt = try container.decode(Date.self, forKey: .fetchedAt)
    isStale = false
    staleReason = nil
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(entries, forKey: .entries)
    try container.encode(fetchedAt, forKey: .fetchedAt)
  }
}

/// The For You screen (FR-3.2) opened from Explore's root: Gemini's picks grounded in the user's listening, each with
/// its checked reason. Detail screens opened from it go on `ExploreState.path` above it.
public struct ForYouScreen: Sendable, Hashable {
  public var phase: Phase
  public var list = ListState()

  public enum Phase: Sendable, Hashable {
    case loading(requestID: Int)
    case loaded(CachedForYou)
    case failed(CreateFailure)
  }

  public init(phase: Phase) {
    self.phase = phase
  }

  public var loaded: CachedForYou? {
    if case .loaded(let cached) = phase { return cached }
    return nil
  }

  /// True when Enter opens the Gemini setup step (no key, or the key was refused) instead of a song.
  public var needsGeminiSetup: Bool {
    if case .failed(let failure) = phase { return failure.pointsToGeminiSetup }
    return false
  }
}

extension ExploreState {
  /// The root row of "For you": after the recent searches and the library rows.
  public var forYouRootIndex: Int? { showsRecent ? recentSearches.count + LibraryKind.allCases.count : nil }

  /// Opens For You: the SQLite copy when there is one (read ahead: drawn at once; else the runner answers with it),
  /// else one Gemini request.
  mutating func openForYou(refresh: Bool, _ context: inout AppContext) -> [AppEffect] {
    isEditing = false
    let effects = closeLibrary()
    if !refresh, let forYouCopy {
      forYouScreen = ForYouScreen(phase: .loaded(forYouCopy))
      return effects
    }
    let requestID = context.makeRequestID()
    forYouScreen = ForYouScreen(phase: .loading(requestID: requestID))
    return effects + [Self.run(.loadForYou(requestID: requestID, refresh: refresh))]
  }

  /// `r`: ask Gemini again (one request), keeping nothing that was dismissed.
  mutating func refreshForYou(_ context: inout AppContext) -> [AppEffect] {
    guard path.isEmpty, let screen = forYouScreen else { return [] }
    if case .loading = screen.phase { return [] }
    return openForYou(refresh: true, &context)
  }

  /// Enter on For You: the selected song's track screen, or the Gemini setup step when the key is missing.
  mutating func openForYouRow(_ context: inout AppContext) -> [AppEffect] {
    guard let screen = forYouScreen else { return [] }
    if screen.needsGeminiSetup {
      context.navigationRequest = .openSetupStep(.gemini)
      return []
    }
    guard let entries = screen.loaded?.entries, entries.indices.contains(screen.list.selected) else { return [] }
    return open(entries[screen.list.selected].link, &context)
  }

  /// `x`: the song leaves the list at once; the runner remembers it so it and its artist weigh less next time.
  mutating func dismissForYou() -> [AppEffect] {
    guard path.isEmpty, var screen = forYouScreen, var cached = screen.loaded,
      cached.entries.indices.contains(screen.list.selected)
    else { return [] }
    let entry = cached.entries.remove(at: screen.list.selected)
    screen.phase = .loaded(cached)
    screen.list.selected = min(screen.list.selected, max(0, cached.entries.count - 1))
    screen.list.scrollTop = min(screen.list.scrollTop, screen.list.selected)
    forYouScreen = screen
    forYouCopy?.entries.removeAll { $0.song.key == entry.song.key }
    return [Self.run(.dismissForYou(entry))]
  }

  /// The copy read ahead; one already kept (a list answered meanwhile) is newer.
  mutating func forYouPreloaded(_ copy: CachedForYou) {
    guard forYouCopy == nil, isConnected else { return }
    forYouCopy = copy
    forYouCopy?.isStale = true
  }

  mutating func forYouFinished(_ requestID: Int, _ result: Result<CachedForYou, CreateFailure>) -> [AppEffect] {
    guard var screen = forYouScreen, screen.phase == .loading(requestID: requestID) else { return [] }
    switch result {
    case .success(let cached):
      screen.phase = .loaded(cached)
      // What a later open shows at once: the list as the runner keeps it in SQLite (an offline copy then).
      forYouCopy = CachedForYou(entries: cached.entries, fetchedAt: cached.fetchedAt, isStale: true)
    case .failure(let failure): screen.phase = .failed(failure)
    }
    screen.list = ListState()
    forYouScreen = screen
    return []
  }
}
