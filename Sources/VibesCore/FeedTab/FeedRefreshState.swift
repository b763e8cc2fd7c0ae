import Foundation

/// What the Feed knows about its last and running refresh, for the status line under the SetupCard.
public struct FeedRefreshState: Sendable, Hashable {
  /// How the last refresh ended, or that one runs.
  public enum Phase: Sendable, Hashable {
    case idle
    case updating(requestID: Int)
    /// The network was unreachable; the cache is shown as it is.
    case offline
    /// Ticketmaster asked to slow down (429 or quota); the next try waits this long (nil: unknown).
    case rateLimited(retryAfterSeconds: Int?)
    /// Any other failure, in a short sentence free of keys and URLs.
    case failed(reason: String)
    /// The cache could not be written: the disk holding the data folder `folder` is full.
    case diskFull(folder: String)
    /// `r` without Ticketmaster set up.
    case needsTicketmaster
  }

  /// The cache's last successful refresh (nil: never), as storage says.
  public var updatedAt: Date?
  /// The latest time an effect or the clock reported; "5 min ago" is measured from it (the reducer has no clock).
  public var now: Date?
  /// True once storage answered `loadFeedStatus` (`updatedAt` nil then means never refreshed, not unknown).
  public var statusLoaded = false
  /// When the last refresh was asked for (by the start check, the clock or `r`), so a failing refresh is retried
  /// at most once per `staleAfter`, never on every tick.
  public var lastAttemptAt: Date?
  /// Actions that Explore and Create queued while offline (their retry queues in storage), still waiting to sync.
  public var pendingSync = 0
  public var phase: Phase = .idle
  /// The last refresh's Spotify problem, shown after the status.
  public var spotifyProblem: String?
  /// Set once the start-up check (refresh when older than 30 minutes) has been made.
  public var startCheckDone = false

  /// The cache counts as stale after this long.
  public static let staleAfter: TimeInterval = 30 * 60

  public init() {}

  public var isUpdating: Bool {
    if case .updating = phase { return true }
    return false
  }

  /// True when the cache has never been refreshed or is older than `staleAfter` at `now`.
  public var isStale: Bool {
    guard let updatedAt else { return true }
    guard let now else { return false }
    return now.timeIntervalSince(updatedAt) > Self.staleAfter
  }

  /// True when the clock may start a refresh at `now`: the cache is stale and no refresh was asked for within
  /// `staleAfter` (a failing one is not retried on every tick).
  public var isDueForRefresh: Bool {
    guard isStale, !isUpdating, let now else { return false }
    guard let lastAttemptAt else { return true }
    return now.timeIntervalSince(lastAttemptAt) >= Self.staleAfter
  }
}

/// What a refresh effect reports back.
public struct FeedRefreshReport: Sendable, Hashable {
  public var outcome: FeedRefreshOutcome
  /// The cache's last successful refresh after this one.
  public var updatedAt: Date?
  public var now: Date
  /// Why new releases could not be fetched (e.g. the account is not on the app's allowlist), or nil.
  public var spotifyProblem: String?
  public init(outcome: FeedRefreshOutcome, updatedAt: Date?, now: Date, spotifyProblem: String? = nil) {
    self.outcome = outcome
    self.updatedAt = updatedAt
    self.now = now
    self.spotifyProblem = spotifyProblem
  }
}

/// One track of a release's tracklist (raw network text).
public struct ReleaseTrack: Sendable, Hashable {
  public var number: Int
  public var name: String
  public var artists: [String]
  public var durationMs: Int
  /// The Spotify track id, so Enter opens the track in Explore (nil: only the album can be opened).
  public var id: String?
  public init(number: Int, name: String, artists: [String] = [], durationMs: Int, id: String? = nil) {
    self.number = number
    self.name = name
    self.artists = artists
    self.durationMs = WireNumbers.durationMs(durationMs)
    self.id = id
  }
}

/// A new release's detail: the card, and its tracklist once loaded.
public struct ReleaseDetailState: Sendable, Hashable {
  public enum Tracks: Sendable, Hashable {
    case loading(requestID: Int)
    case loaded([ReleaseTrack])
    /// A short sentence (e.g. "This Spotify account is not on the app's user list…").
    case failed(String)
  }

  public var card: NewReleaseCard
  public var tracks: Tracks
  /// The highlighted track (Enter opens it in Explore, where it can be saved or added to a playlist).
  public var list = ListState()

  public init(card: NewReleaseCard, tracks: Tracks) {
    self.card = card
    self.tracks = tracks
  }

  /// The loaded tracks (empty while loading or after a failure).
  public var loadedTracks: [ReleaseTrack] {
    if case .loaded(let list) = tracks { return list }
    return []
  }

  /// The sum of the loaded tracks' durations, in milliseconds.
  public var totalMs: Int? {
    guard case .loaded(let list) = tracks else { return nil }
    return WireNumbers.sum(list.lazy.map(\.durationMs))
  }
}
