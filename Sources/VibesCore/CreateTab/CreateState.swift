import Foundation

extension TabID {
  public static let create = TabID("create")
}

/// Which part of the Create root has the focus (the ids of its form's fields).
public enum CreateRootFocus: Sendable, Hashable, CaseIterable {
  case prompt
  case length
  case history
}

/// Where the Create root stands: composing, asking Gemini, or showing why that failed.
public enum CreatePhase: Sendable, Hashable {
  case idle
  /// Gemini is working; `elapsedSeconds` counts up once a second (a timer effect with its own `timerID`, so
  /// cancelling one never leaves the other running).
  case generating(requestID: Int, timerID: Int, elapsedSeconds: Int)
  case failed(CreateFailure)
}

/// Screens pushed on the Create tab's stack.
public enum CreateDestination: Sendable, Hashable {
  case preview(CreatePreview)
  case grow(GrowState)
}

/// The preview of a generated playlist: its editable name, its songs and what runs on it.
public struct CreatePreview: Sendable, Hashable {
  public enum Focus: Sendable, Hashable {
    case name
    case tracks
  }

  public enum Phase: Sendable, Hashable {
    case idle
    /// "Finding songs on Spotify resolved/total".
    case resolving(requestID: Int, resolved: Int, total: Int)
    case saving(requestID: Int)
    /// Offline: the save waits in the queue and runs once the network is back.
    case queued
    case failed(CreateFailure)
  }

  public var playlist: GeneratedPlaylist
  /// The name field and the track list, on the one form engine (the list takes the focus like a button).
  public var form: Form<Focus, Never>
  public var list = ListState()
  public var phase: Phase = .idle
  /// Songs removed in this preview, most recent last (`u` puts the last one back); at most `undoLimit`.
  public var removed: [RemovedSong] = []

  /// How many removals `u` can undo.
  public static let undoLimit = 20

  public init(_ playlist: GeneratedPlaylist) {
    self.playlist = playlist
    self.form = Form([Field(.name, .text, value: playlist.name), .button(.tracks)], focus: .tracks, blurCheck: .never)
  }

  public var focus: Focus {
    get { form.focus }
    set { form.focus = newValue }
  }

  /// The name being edited (the playlist's name until it is changed).
  public var name: TextField {
    get { form.textField(.name) }
    set { form.setInput(.name, newValue.input) }
  }

  /// True while a song still waits for its search.
  public var hasPendingSongs: Bool { playlist.songs.contains { $0.resolution == .pending } }

  /// How many songs were found on Spotify.
  public var foundCount: Int { playlist.songs.filter { $0.uri != nil }.count }

  /// The found tracks' total length in milliseconds.
  public var totalMilliseconds: Int {
    WireNumbers.sum(
      playlist.songs.lazy.map { song in
        if case .found(let track) = song.resolution { return track.durationMs }
        return 0
      })
  }

  /// The playlist's link once saved.
  public var savedURL: String? {
    if case .saved(_, let url) = playlist.saveState { return url }
    return nil
  }
}

/// A song removed from the preview and where it stood, so an undo puts it back at its place.
public struct RemovedSong: Sendable, Hashable {
  public var index: Int
  public var song: ResolvedSong

  public init(index: Int, song: ResolvedSong) {
    self.index = index
    self.song = song
  }
}

/// One of the user's own Spotify playlists, as Grow lists it.
public struct OwnPlaylist: Sendable, Hashable {
  public var id: String
  public var name: String
  public var description: String
  public var trackCount: Int

  public init(id: String, name: String, description: String, trackCount: Int) {
    self.id = id
    self.name = name
    self.description = description
    self.trackCount = WireNumbers.clampedCount(trackCount)
  }
}

/// What Grow got from one Gemini answer: the songs to offer, and how many were left out and why.
public struct GrowSuggestions: Sendable, Hashable {
  public var songs: [ResolvedSong]
  /// The number of songs asked for.
  public var asked: Int
  /// Blank or repeated entries of the answer.
  public var repeated: Int
  /// Songs already in the playlist (by name, or found as a track it holds).
  public var alreadyInPlaylist: Int
  /// Songs Spotify's search did not find.
  public var notFound: Int

  public init(songs: [ResolvedSong], asked: Int, repeated: Int = 0, alreadyInPlaylist: Int = 0, notFound: Int = 0) {
    self.songs = songs
    self.asked = asked
    self.repeated = repeated
    self.alreadyInPlaylist = alreadyInPlaylist
    self.notFound = notFound
  }

  /// How many songs were left out.
  public var droppedCount: Int { repeated + alreadyInPlaylist + notFound }
}

/// How many songs one Grow answer gave and how many it left out, by reason.
public struct GrowLeftOut: Sendable, Hashable {
  public var kept: Int
  public var asked: Int
  public var repeated: Int
  public var alreadyInPlaylist: Int
  public var notFound: Int

  public init(_ answer: GrowSuggestions) {
    kept = answer.songs.count
    asked = answer.asked
    repeated = answer.repeated
    alreadyInPlaylist = answer.alreadyInPlaylist
    notFound = answer.notFound
  }
}

/// Grow a playlist: pick one of your playlists, get songs that fit it, add them one by one.
public struct GrowState: Sendable, Hashable {
  public enum Phase: Sendable, Hashable {
    case loadingPlaylists(requestID: Int)
    case choosing
    case suggesting(requestID: Int)
    case ready
    case failed(CreateFailure)
  }

  public var phase: Phase
  public var playlists: [OwnPlaylist] = []
  public var playlistList = ListState()
  public var chosen: OwnPlaylist?
  public var suggestions: [ResolvedSong] = []
  public var suggestionList = ListState()
  /// What the last answer left out and why (nil when nothing was left out), shown above the suggestions.
  public var leftOut: GrowLeftOut?
  /// Every song suggested so far for the chosen playlist (not suggested again by `r`).
  public var suggestedBefore: [SuggestedSong] = []
  /// The add that runs, by track URI.
  public var adding: String?

  public init(phase: Phase) { self.phase = phase }
}

/// The Create tab's state: the prompt form and history at the root, the preview and Grow pushed.
public struct CreateState: Sendable, Hashable {
  public static let lengthRange = 10...30
  public static let defaultLength = 20
  /// Songs Grow asks for.
  public static let growCount = 15
  /// Seconds between retries of queued (offline) saves.
  public static let queueRetrySeconds: Double = 15
  /// The longest per-minute wait shown when Gemini gives no delay.
  public static let defaultRetrySeconds = 60
  /// The longest countdown a rate limit starts (one hour, the services' `RetryAfter.maxSeconds`): an absurd wait
  /// from the server (10⁹ s, Int.max) must not lock generate until restart.
  public static let maxCountdownSeconds = 3600

  /// Prompts to pick with ↑/↓ in the prompt field, in every language (the field gets the screen's).
  public static let examples: [LocalizedText] = [
    CreateL10n.createExampleRoadTrip, .createExampleRainyPiano, .createExampleHipHopParty, .createExampleDeepWork,
    .createExampleNightWalk,
  ].map { LocalizedText($0) }

  /// The example prompts as `language` writes them.
  public static func examplePrompts(in language: Language) -> [String] { examples.map { $0.resolved(language) } }

  /// The root's prompt, length and history on the one form engine: the prompt a text field, the length a choice
  /// of `lengthRange`, the history list taking the focus like a button.
  public var form = Form<CreateRootFocus, Never>(
    [
      Field(.prompt, .text),
      Field(
        .length, .picker(options: lengthRange.map(String.init)), choice: defaultLength - lengthRange.lowerBound),
      .button(.history),
    ], focus: .length, blurCheck: .never)
  /// The example shown last (↑/↓ cycle through `examplePrompts`).
  public var exampleIndex: Int?
  public var phase: CreatePhase = .idle
  /// The prompt and length of the last generation (Regenerate repeats them).
  public var lastRequest: CreateRequest?
  /// A per-minute limit's countdown: seconds left and the timer's request id.
  public var countdown: CreateCountdown?
  /// Newest first.
  public var history: [GeneratedPlaylist] = []
  public var historyList = ListState()
  /// Generated playlists whose save waits for the network.
  public var queuedSaves: Set<Int64> = []
  public var isQueueRetryScheduled = false
  public var path: [CreateDestination] = []
  /// A one-line problem on the root that is not a generation failure (empty prompt, wait for the countdown).
  public var hint: CreateHint?

  public init() {}

  public var focus: CreateRootFocus {
    get { form.focus }
    set { form.focus = newValue }
  }

  /// The prompt field; empty, it shows the first example.
  public var prompt: TextField {
    get {
      var field = form.textField(.prompt)
      field.placeholder = Self.examples[0]
      return field
    }
    set { form.setInput(.prompt, newValue.input) }
  }

  /// How many songs to ask for, within `lengthRange`.
  public var length: Int {
    get { Self.lengthRange.lowerBound + (form.field(.length)?.choice ?? 0) }
    set {
      guard let index = form.index(of: .length) else { return }
      form.fields[index].choice =
        min(max(newValue, Self.lengthRange.lowerBound), Self.lengthRange.upperBound)
        - Self.lengthRange.lowerBound
    }
  }

  /// The history rows shown below the form (PgUp/PgDn move by this many).
  static func historyRows(_ context: AppContext) -> Int { max(1, contentRows(context) - 8) }
  /// The preview's track rows below the name, description and status.
  static func previewRows(_ context: AppContext) -> Int { max(1, contentRows(context) - 6) }
  /// Grow's rows below its title.
  static func growRows(_ context: AppContext) -> Int { max(1, contentRows(context) - 2) }
  static func contentRows(_ context: AppContext) -> Int {
    context.size.height - ScreenLayout.headerRows - ScreenLayout.footerRows
  }

  /// The requests that run and can be cancelled (generation, resolve, Grow, the timers): every way out of the
  /// app (quit, sign-out) cancels them, so no Gemini call or search outlives the screen that asked for it.
  public var runningRequestIDs: [Int] {
    var ids: [Int] = []
    if case .generating(let id, let timerID, _) = phase { ids += [id, timerID] }
    if let countdown { ids.append(countdown.requestID) }
    for destination in path {
      switch destination {
      case .preview(let preview):
        if case .resolving(let id, _, _) = preview.phase { ids.append(id) }
      case .grow(let grow):
        if case .loadingPlaylists(let id) = grow.phase { ids.append(id) }
        if case .suggesting(let id) = grow.phase { ids.append(id) }
      }
    }
    return ids
  }

  /// Gemini is configured (facts read and the key stored); nil while the facts are unknown.
  public func hasGeminiKey(_ context: AppContext) -> Bool? {
    context.facts.map { $0.storedSecrets.contains(.gemini) }
  }

  /// Spotify is connected and needs no reconnect.
  public func isSpotifyConnected(_ context: AppContext) -> Bool {
    (context.facts?.storedSecrets.contains(.spotify) ?? false) && !context.spotify.needsReconnect
  }

  /// The preview on top, if any.
  public var preview: CreatePreview? {
    if case .preview(let preview)? = path.last { return preview }
    return nil
  }

  /// Grow on top, if any.
  public var grow: GrowState? {
    if case .grow(let grow)? = path.last { return grow }
    return nil
  }

  mutating func updatePreview(_ body: (inout CreatePreview) -> Void) {
    guard case .preview(var preview)? = path.last else { return }
    body(&preview)
    path[path.count - 1] = .preview(preview)
  }

  mutating func updateGrow(_ body: (inout GrowState) -> Void) {
    guard case .grow(var grow)? = path.last else { return }
    body(&grow)
    path[path.count - 1] = .grow(grow)
  }

  /// Puts `playlist` at the top of the history (replacing an older copy).
  mutating func remember(_ playlist: GeneratedPlaylist) {
    history.removeAll { $0.id == playlist.id }
    history.insert(playlist, at: 0)
  }
}

/// What was asked of Gemini.
public struct CreateRequest: Sendable, Hashable {
  public var prompt: String
  public var count: Int
  public init(prompt: String, count: Int) {
    self.prompt = prompt
    self.count = count
  }
}

/// The per-minute rate limit's countdown.
public struct CreateCountdown: Sendable, Hashable {
  public var requestID: Int
  public var secondsLeft: Int
}

/// A short hint on the root.
public enum CreateHint: Sendable, Hashable {
  case promptEmpty
  case waitForCountdown(Int)
}

public enum CreateAction: Sendable, Hashable {
  /// The history at start-up (newest first) and the saves still queued.
  case historyLoaded([GeneratedPlaylist], queued: Set<Int64>)
  /// One second passed for the timer with this id (elapsed time or countdown).
  case tick(requestID: Int)
  case generated(requestID: Int, Result<GeneratedPlaylist, CreateFailure>)
  case resolveProgress(requestID: Int, resolved: Int, total: Int)
  case resolved(requestID: Int, Result<GeneratedPlaylist, CreateFailure>)
  case saved(requestID: Int, Result<GeneratedPlaylist, CreateFailure>)
  /// A queued save ran: the playlists saved now, and the ids still waiting.
  case queueRetried(saved: [GeneratedPlaylist], remaining: Set<Int64>)
  case myPlaylistsLoaded(requestID: Int, Result<[OwnPlaylist], CreateFailure>)
  case growSuggested(requestID: Int, Result<GrowSuggestions, CreateFailure>)
  /// An Add finished for this URI (nil failure: added).
  case growAdded(uri: String, failure: CreateFailure?)
}

public enum CreateEffect: CancellableEffect {
  /// Read the history and the save queue.
  case loadHistory
  /// Sleep one second, then answer `.tick(requestID)`.
  case tick(requestID: Int)
  /// Ask Gemini for `count` songs and record the playlist.
  case generate(requestID: Int, prompt: String, count: Int)
  /// Resolve the playlist's pending songs on Spotify (progress as `.resolveProgress`).
  case resolve(requestID: Int, playlistID: Int64)
  /// Forget one song of a generated playlist (by its index).
  case removeSong(playlistID: Int64, index: Int)
  /// Put a removed song back at `index` (undo of `removeSong`).
  case restoreSong(playlistID: Int64, index: Int, song: ResolvedSong)
  /// Store an edited name.
  case rename(playlistID: Int64, name: String)
  /// Save to Spotify (create once, then add); offline, queue it.
  case save(requestID: Int, playlistID: Int64, name: String)
  /// Wait, then try every queued save once.
  case retryQueuedSaves(afterSeconds: Double)
  case loadMyPlaylists(requestID: Int)
  /// Read the playlist's items, ask Gemini for `count` more, resolve them.
  case grow(requestID: Int, playlist: OwnPlaylist, count: Int, excluding: [SuggestedSong])
  case addToPlaylist(playlistID: String, uri: String)

  public var cancellationID: Int? {
    switch self {
    case .tick(let id), .generate(let id, _, _), .resolve(let id, _), .loadMyPlaylists(let id),
      .grow(let id, _, _, _):
      return id
    default:
      return nil
    }
  }
}

extension AppAction {
  public static func create(_ action: CreateAction) -> AppAction { .feature(CreateState.self, action) }
  /// The Create action inside, if this is one.
  public var createAction: CreateAction? { action(of: CreateState.self) }
}

extension AppEffect {
  public static func create(_ effect: CreateEffect) -> AppEffect { CreateState.run(effect) }
  /// The Create effect inside, if this is one.
  public var createEffect: CreateEffect? { effect(of: CreateState.self) }
}
