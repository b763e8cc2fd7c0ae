import Foundation

extension TabID {
  public static let explore = TabID("explore")
}

/// The Explore tab: the search field and its results at the root; detail screens pushed on `path`.
public struct ExploreState: Sendable, Hashable {
  /// How long typing must pause before a search starts.
  public static let debounceSeconds = 0.3
  /// The shortest query that is searched.
  public static let minimumQueryLength = 2
  /// Spotify's 2026 page size for search and artist albums.
  public static let pageSize = 10
  /// Recent searches shown under the empty field.
  public static let recentLimit = 8

  public var query = TextField(placeholder: LocalizedText(ExploreL10n.explorePressSlash))
  /// True while the search field has the focus.
  public var isEditing = false
  public var search = SearchPhase.idle
  /// The debounce timer that may start the next search (answers with other ids are stale).
  public var pendingTimerID: Int?
  /// Results of settled queries this session, so a query typed again answers at once (keyed by
  /// `ExploreState.normalized`; never an offline copy).
  public var searchCache: [String: SearchResults] = [:]
  /// Set while the results shown are the SQLite copy read because Spotify could not be reached.
  public var staleSearch: StaleSearch?
  /// Selection in the results (or in the recent searches while the field is empty).
  public var list = ListState()
  public var recentSearches: [String] = []
  /// A "more" page that is loading.
  public var moreRequest: MoreRequest?
  /// Mirrors whether Spotify is connected (refreshed from the context), for `isEditingText`.
  public var isConnected = false
  /// A "Your library" list opened from the root (detail screens opened from it go on `path` above it).
  public var libraryScreen: LibraryScreen?
  /// For You opened from the root (detail screens opened from it go on `path` above it).
  public var forYouScreen: ForYouScreen?
  /// For You's SQLite copy, read ahead with the recent searches (`forYouPreloaded`) and kept as the list changes, so
  /// opening For You draws the list in its first frame instead of "Loading…" while the copy is read.
  public var forYouCopy: CachedForYou?
  /// Detail screens pushed above the search (and above the library list, if one is open).
  public var path: [DetailScreen] = []
  /// Details opened this session (Back and revisits are instant).
  public var detailCache: [SpotifyLink: CachedDetail] = [:]
  /// Library state of the URIs seen on detail screens (true: saved).
  public var library: [String: Bool] = [:]
  /// The add-to-playlist picker, over the screen on top.
  public var picker: PlaylistPicker?
  /// Library and playlist actions waiting in the offline queue.
  public var queuedActions = 0
  /// The preview of the track on the detail screen (one at a time).
  public var preview: TrackPreview?
  /// Play on Spotify: the now-playing line, the device picker, the re-consent question.
  public var player = SpotifyPlayer()

  public init() {}

  /// The group whose next page is loading.
  public struct MoreRequest: Sendable, Hashable {
    public var group: SearchGroup
    public var requestID: Int
  }
}

/// Search results read from the offline cache: for which query, when they were fetched, and why.
public struct StaleSearch: Sendable, Hashable {
  public var query: String
  public var fetchedAt: Date
  public var reason: MusicFailure

  public init(query: String, fetchedAt: Date, reason: MusicFailure) {
    self.query = query
    self.fetchedAt = fetchedAt
    self.reason = reason
  }
}

/// Where the search stands.
public enum SearchPhase: Sendable, Hashable {
  /// Nothing to show (the field is empty or shorter than 2 characters).
  case idle
  /// A request for `query` is in flight.
  case loading(requestID: Int, query: String)
  case loaded(query: String, SearchResults)
  case failed(query: String, MusicFailure)
}

/// A detail answer with the time it was fetched (an answer from the SQLite cache is older than this session).
public struct CachedDetail: Sendable, Hashable, Codable {
  public var detail: MusicDetail
  public var fetchedAt: Date
  /// True when it came from the offline cache because the network failed.
  public var isStale: Bool
  /// Why the cache was read instead (no network, Spotify down, rate limited).
  public var staleReason: MusicFailure?

  public init(detail: MusicDetail, fetchedAt: Date, isStale: Bool = false, staleReason: MusicFailure? = nil) {
    self.detail = detail
    self.fetchedAt = fetchedAt
    self.isStale = isStale
    self.staleReason = staleReason
  }
}

/// A pushed detail screen: what it shows and where its selection stands.
public struct DetailScreen: Sendable, Hashable {
  public var link: SpotifyLink
  public var phase: Phase
  public var list = ListState()
  /// Set while "remove this song from your playlist?" waits for y or n.
  public var confirmRemove: MusicTrack?
  /// What to do once this screen has loaded (another surface asked for it: `ExploreArrival`).
  public var arrival: ExploreArrival?

  public enum Phase: Sendable, Hashable {
    case loading(requestID: Int)
    case loaded(CachedDetail)
    case failed(MusicFailure)
  }

  public init(link: SpotifyLink, phase: Phase) {
    self.link = link
    self.phase = phase
  }

  public var loaded: CachedDetail? {
    if case .loaded(let cached) = phase { return cached }
    return nil
  }
}

/// The add-to-playlist picker: the user's own playlists, then a duplicate warning if needed.
public struct PlaylistPicker: Sendable, Hashable {
  public var uris: [String]
  /// What is being added, for the messages ("Night Swim").
  public var title: String
  public var phase: Phase
  /// The user's own playlists (empty while loading).
  public var playlists: [MusicPlaylist] = []
  public var list = ListState()

  public enum Phase: Sendable, Hashable {
    case loading(requestID: Int)
    case choosing
    /// The chosen playlist already holds some of the URIs: Enter adds anyway, Esc keeps it as is.
    case confirmDuplicate(MusicPlaylist)
    case adding(requestID: Int, MusicPlaylist)
    case failed(MusicFailure)
  }

  public init(uris: [String], title: String, phase: Phase) {
    self.uris = uris
    self.title = title
    self.phase = phase
  }
}

/// A library or playlist change, as the offline queue keeps it.
public enum MusicAction: Sendable, Hashable, Codable {
  case save(uris: [String])
  case remove(uris: [String])
  case addToPlaylist(playlistID: String, uris: [String])
  /// A new private playlist with these tracks (Create's "save playlist").
  case createPlaylist(name: String, description: String?, uris: [String])
  /// Every occurrence of these songs out of your own playlist, at the version shown (`snapshotID`).
  case removeFromPlaylist(playlistID: String, uris: [String], snapshotID: String?)
  /// The song `uri` at `from` moved to stand before the one now at `insertBefore` in your own playlist.
  case movePlaylistItem(playlistID: String, uri: String, from: Int, insertBefore: Int, snapshotID: String?)
}

public enum ExploreAction: Sendable, Hashable {
  /// Recent searches read at start-up (newest first), and how many actions wait in the offline queue.
  case recentLoaded([String], queued: Int)
  /// The debounce timer `timerID` ran out.
  case searchDue(timerID: Int)
  case searchFinished(requestID: Int, query: String, Result<SearchResults, MusicFailure>)
  /// Spotify could not be reached (`reason`): the last results for `query`, fetched at `fetchedAt`, from SQLite.
  case searchFromCache(requestID: Int, query: String, SearchResults, fetchedAt: Date, reason: MusicFailure)
  case moreFinished(requestID: Int, SearchGroup, Result<SearchResults, MusicFailure>)
  /// Open this item's screen (from a pasted link, Profile, or another feature).
  case open(SpotifyLink)
  /// Open this item's screen and, once loaded, play its preview or add it to a playlist (the song menu).
  case openThen(SpotifyLink, ExploreArrival)
  /// Search for this text now, from the search screen (another tab asked, e.g. a concert's artist).
  case search(String)
  case detailFinished(requestID: Int, SpotifyLink, Result<CachedDetail, MusicFailure>)
  /// An artist's next page of albums or singles.
  case releasesFinished(requestID: Int, artistID: String, singles: Bool, Result<MusicPage<MusicAlbum>, MusicFailure>)
  /// `/v1/me/library/contains` answered.
  case libraryState([String: Bool])
  case playlistsLoaded(requestID: Int, Result<[MusicPlaylist], MusicFailure>)
  /// The outcome of a save, remove or add: done, queued offline, or refused.
  case actionFinished(MusicAction, MusicActionOutcome, queued: Int)
  /// The chosen playlist already holds some of the URIs (checked before adding).
  case duplicateFound(requestID: Int)
  /// The offline queue was sent (or partly): how many are still waiting.
  case queueFlushed(sent: Int, remaining: Int)
  /// A playlist edit was taken: the playlist's new version.
  case playlistSnapshot(playlistID: String, snapshotID: String)
  /// A page of a library list answered (from Spotify, or the SQLite copy marked stale).
  case libraryFinished(requestID: Int, LibraryKind, Result<CachedLibrary, MusicFailure>)
  /// For You answered: Gemini's checked picks, the SQLite copy (stale when a refresh failed), or why not.
  case forYouFinished(requestID: Int, Result<CachedForYou, CreateFailure>)
  /// For You's SQLite copy, read ahead by `loadRecent` when there is one (no request).
  case forYouPreloaded(CachedForYou)
  /// The iTunes lookup for `trackID`'s preview answered.
  case previewFound(requestID: Int, trackID: String, Result<PreviewAvailability, PreviewLookupFailure>)
  /// The preview player's state for `trackID` changed (progress, pause, end, failure).
  case previewProgress(trackID: String, PreviewPlayback)
  /// vibes runs over ssh: the preview of `trackID` plays on `host`, not on the computer in front of the user.
  case previewRemote(trackID: String, host: String)
  /// Play on Spotify's answers (`VibesCore/Playback/`).
  case player(SpotifyPlayerAction)
}

/// How a library or playlist action ended.
public enum MusicActionOutcome: Sendable, Hashable {
  case done
  /// No network: kept in the offline queue.
  case queued
  case failed(MusicFailure)
}

public enum ExploreEffect: CancellableEffect {
  /// Read the recent searches and the offline queue's length (and For You's copy ahead: `forYouPreloaded`).
  case loadRecent
  /// Sleep `seconds`, then answer `searchDue(timerID)`.
  case scheduleSearch(timerID: Int, seconds: Double)
  case search(requestID: Int, query: String)
  /// One more page of one group.
  case searchMore(requestID: Int, query: String, SearchGroup, offset: Int)
  /// Remember a settled query (SQLite).
  case rememberSearch(String)
  case loadDetail(requestID: Int, SpotifyLink)
  case loadReleases(requestID: Int, artistID: String, singles: Bool, offset: Int)
  case checkLibrary(uris: [String])
  case loadPlaylists(requestID: Int)
  /// Run a library or playlist action (queued when offline). `checkDuplicates` first reads the playlist.
  case perform(requestID: Int, MusicAction, checkDuplicates: Bool)
  /// Send what waits in the offline queue, in order.
  case flushQueue
  /// One page of a library list (`offset` 0 falls back to the SQLite copy when Spotify cannot be reached).
  case loadLibrary(requestID: Int, LibraryKind, offset: Int)
  /// For You: the SQLite copy if there is one and `refresh` is false, else one Gemini request resolved on Spotify.
  case loadForYou(requestID: Int, refresh: Bool)
  /// Remember a dismissed For You song (ForYouMemory) and drop it from the copy.
  case dismissForYou(ForYouEntry)
  /// Find the track's preview (cache, then iTunes); answers `previewFound`.
  case findPreview(requestID: Int, trackID: String, PreviewQuery)
  /// Play `url` (one preview at a time) and report its progress as `previewProgress` until it stops.
  case playPreview(requestID: Int, trackID: String, url: String)
  case pausePreview
  case resumePreview
  case stopPreview
  /// Play on Spotify's commands, reads and poll timer (`VibesApp/Playback/`).
  case player(SpotifyPlayerEffect)

  public var cancellationID: Int? {
    switch self {
    case .scheduleSearch(let id, _): return id
    case .search(let id, _): return id
    case .searchMore(let id, _, _, _): return id
    case .loadDetail(let id, _): return id
    case .loadReleases(let id, _, _, _): return id
    case .loadLibrary(let id, _, _): return id
    case .loadForYou(let id, _): return id
    case .findPreview(let id, _, _): return id
    case .playPreview(let id, _, _): return id
    case .player(let effect): return effect.cancellationID
    default: return nil
    }
  }
}

extension NavigationRequest {
  /// Show Explore with this track, album, artist or playlist opened (from Profile, Create, the Feed).
  public static func openSpotifyItem(_ link: SpotifyLink) -> NavigationRequest { .open(ExploreState.self, .open(link)) }
  /// Show Explore searching for this text (a concert's artist from the Feed).
  public static func searchExplore(_ text: String) -> NavigationRequest { .open(ExploreState.self, .search(text)) }
}
