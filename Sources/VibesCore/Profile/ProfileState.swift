import Foundation

extension TabID {
  public static let profile = TabID("profile")
}

/// The period the listening stats cover (Spotify's `time_range`).
public enum StatsRange: String, Sendable, Hashable, Codable, CaseIterable {
  case shortTerm = "short_term"
  case mediumTerm = "medium_term"
  case longTerm = "long_term"

  /// The letter that selects the range ("4 weeks", "6 months", "all time").
  public var shortcut: Character {
    switch self {
    case .shortTerm: return "w"
    case .mediumTerm: return "m"
    case .longTerm: return "a"
    }
  }

  /// The range's name ("4 weeks").
  public var title: ProfileL10n {
    switch self {
    case .shortTerm: return .profileRangeShortTerm
    case .mediumTerm: return .profileRangeMediumTerm
    case .longTerm: return .profileRangeLongTerm
    }
  }
}

/// One range's top artists and tracks.
public struct ListeningStats: Sendable, Hashable, Codable {
  public var topArtists: [MusicArtist]
  public var topTracks: [MusicTrack]

  public init(topArtists: [MusicArtist], topTracks: [MusicTrack]) {
    self.topArtists = topArtists
    self.topTracks = topTracks
  }

  /// Genres counted over the top artists, most frequent first (ties by name).
  public var topGenres: [(genre: String, count: Int)] {
    var counts: [String: Int] = [:]
    for artist in topArtists {
      for genre in Set(artist.genres.map { $0.lowercased() }) { counts[genre, default: 0] += 1 }
    }
    return counts.map { (genre: $0.key, count: $0.value) }
      .sorted { $0.count != $1.count ? $0.count > $1.count : $0.genre < $1.genre }
  }
}

/// Stats as fetched (or read from the offline cache, then `isStale`).
public struct CachedStats: Sendable, Hashable, Codable {
  public var stats: ListeningStats
  public var fetchedAt: Date
  public var isStale: Bool

  public init(stats: ListeningStats, fetchedAt: Date, isStale: Bool = false) {
    self.stats = stats
    self.fetchedAt = fetchedAt
    self.isStale = isStale
  }
}

/// The Profile tab, first part: listening stats for three ranges.
public struct ProfileState: Sendable, Hashable {
  /// How many artists and tracks each range lists.
  public static let topLimit = 10

  public var range = StatsRange.shortTerm
  public var stats: [StatsRange: CachedStats] = [:]
  public var loading: [StatsRange: Int] = [:]
  public var failures: [StatsRange: MusicFailure] = [:]
  /// Selection over the top artists, then the top tracks, then the settings rows.
  public var list = ListState()
  /// Connections, version and paths, read when the tab is shown; nil until then.
  public var info: ProfileInfo?
  public var signOut: SignOutPhase = .idle

  public init() {}

  /// The selectable entries of the shown range: artists, then tracks.
  public var rows: [MusicItem] {
    guard let stats = stats[range]?.stats else { return [] }
    return stats.topArtists.map(MusicItem.artist) + stats.topTracks.map(MusicItem.track)
  }

  /// The rows below the stats: each connection, the artwork setting, the tutorial, then Sign out.
  public var settingsRows: [ProfileSettingsRow] {
    ConnectedService.allCases.map(ProfileSettingsRow.connection) + (info?.sharesTaste == nil ? [] : [.shareTaste])
      + [.artwork, .replayTutorial, .signOut]
  }

  /// Every selectable row: the stats' entries (when connected), then the settings rows.
  func selectableCount(_ context: AppContext) -> Int {
    (Self.connected(context) ? rows.count : 0) + settingsRows.count
  }

  /// The settings row selected, if the selection is below the stats.
  public func selectedSettingsRow(statsRows: Int) -> ProfileSettingsRow? {
    let index = list.selected - statsRows
    return settingsRows.indices.contains(index) ? settingsRows[index] : nil
  }
}

public enum ProfileAction: Sendable, Hashable {
  case statsFinished(requestID: Int, StatsRange, Result<CachedStats, MusicFailure>)
  case infoLoaded(ProfileInfo)
  case signedOut(success: Bool)
  /// The taste-summary setting was stored as `shares`; `failed` when the published summary could not be removed
  /// (or published) now — removal is tried again at the next start.
  case tasteSharingSet(shares: Bool, failed: Bool)
  /// The artwork setting could not be saved (it still applies for this run).
  case artworkSaveFailed
}

public enum ProfileEffect: CancellableEffect {
  /// Top artists and tracks for `range` (from the cache with its age when offline).
  case loadStats(requestID: Int, StatsRange)
  /// Connections, version and paths (no secret is read).
  case loadInfo
  /// Every secret and every cached item of every service removed (the same code as `vibes auth logout --all`).
  case signOut
  /// Stores whether your taste summary may be published; on publishes it now, off deletes the published one.
  case setTasteSharing(Bool)
  /// Remember Profile → Artwork (on or off) for the next start.
  case saveArtwork(Bool)

  public var cancellationID: Int? {
    switch self {
    case .loadStats(let id, _): return id
    case .loadInfo, .signOut, .setTasteSharing, .saveArtwork: return nil
    }
  }
}

/// What the Profile tab's bindings do.
public enum ProfileCommand: Sendable, Hashable {
  case connect
  case range(StatsRange)
  case shiftRange(Int)
  case move(ListState.Move)
  case open
  case reload
  case askSignOut
  case confirmSignOut
  case keep
  /// `p`: the People area (find, follow, your followers).
  case people
  /// `.` on a top track: the one song menu.
  case songMenu
}

extension ProfileState: TabFeature {
  public static let id = TabID.profile
  public typealias Action = ProfileAction
  public typealias Effect = ProfileEffect
  public typealias Command = ProfileCommand

  public var depth: Int { 0 }
  public var isEditingText: Bool { false }

  static func connected(_ context: AppContext) -> Bool {
    context.facts?.storedSecrets.contains(.spotify) ?? false
  }

  /// The first visit reads People's saved lists ahead: People is opened from here (`p`), and its first frame then
  /// shows the copy instead of "Loading…" while the copy is read (the bench's `people_300`).
  public mutating func start(_ context: inout AppContext) -> [AppEffect] {
    [PeopleFeature.run(.preloadLists)]
  }

  public mutating func arrive(_ context: inout AppContext) -> [AppEffect] {
    load(range, &context, force: false) + [Self.run(.loadInfo)]
  }

  public mutating func reduce(_ action: ProfileAction, _ context: inout AppContext) -> [AppEffect] {
    switch action {
    case .statsFinished(let requestID, let range, let result):
      guard loading[range] == requestID else { return [] }
      loading[range] = nil
      switch result {
      case .success(let cached):
        stats[range] = cached
        failures[range] = nil
        if range == self.range { list.clamp(count: rows.count, visibleRows: 1000) }
      case .failure(let failure):
        failures[range] = failure
      }
      return []
    case .infoLoaded(let info):
      self.info = info
      return []
    case .tasteSharingSet(let shares, let failed):
      info?.sharesTaste = shares
      let key: ProfileL10n =
        switch (shares, failed) {
        case (true, false): .profileTasteSharedNotice
        case (false, false): .profileTasteRemovedNotice
        case (true, true): .profileTasteShareFailed
        case (false, true): .profileTasteRemoveFailed
        }
      context.notice = .localized(LocalizedText(key), isWarning: failed)
      return []
    case .artworkSaveFailed:
      context.notice = .localized(LocalizedText(ProfileL10n.profileArtworkSaveFailed), isWarning: true)
      return []
    case .signedOut(let success):
      guard success else {
        signOut = .failed
        context.notice = .localized(LocalizedText(ProfileL10n.profileSignOutFailed), isWarning: true)
        return []
      }
      // Every tab starts again from nothing, as on the first launch.
      context.notice = .localized(LocalizedText(ProfileL10n.profileSignedOut), isWarning: false)
      context.navigationRequest = .restart
      return []
    }
  }

  public func bindings(_ context: AppContext) -> [KeyBinding<ProfileCommand>] {
    switch signOut {
    case .signingOut: return []
    case .confirming:
      return [
        KeyBinding([.character("y"), .character("Y")], "y", .key(ProfileL10n.profileHelpSignOut), .confirmSignOut),
        KeyBinding([.character("n"), .character("N"), .escape], "n", .common(.helpKeep), .keep),
      ]
    case .idle, .failed: break
    }
    let moves =
      ListState.bindings(paging: false) { ProfileCommand.move($0) } + [
        KeyBinding([.enter], "Enter", .common(.helpOpen), .open),
        KeyBinding([.character("p")], "p", .key(PeopleL10n.peopleHelpPeople), .people),
      ]
    guard Self.connected(context) else { return moves }
    var bindings: [KeyBinding<ProfileCommand>] = [
      KeyBinding([.left, .character("h")], "← →", .key(ProfileL10n.profileHelpPeriod), .shiftRange(-1)),
      KeyBinding([.right, .character("l")], "← →", .key(ProfileL10n.profileHelpPeriod), .shiftRange(1)),
    ]
    for range in StatsRange.allCases {
      bindings.append(
        KeyBinding(
          // Each letter its own label: one shared "w m a" label made the help list it once, as "4 weeks".
          [.character(range.shortcut)], String(range.shortcut), .key(range.title), footer: false,
          .range(range)))
    }
    bindings += moves
    bindings.append(KeyBinding([.character("r")], "r", .key(ProfileL10n.profileHelpReload), footer: false, .reload))
    if selectedSong != nil { bindings.append(SongMenuKey.binding(.songMenu)) }
    return bindings
  }

  public mutating func perform(_ command: ProfileCommand, _ context: inout AppContext) -> [AppEffect] {
    switch command {
    case .connect:
      context.navigationRequest = .openSetupStep(.spotify)
      return []
    case .songMenu:
      return SongMenuKey.open(Self.connected(context) ? selectedSong : nil, &context)
    case .range(let range):
      return select(range, &context)
    case .shiftRange(let offset):
      let all = StatsRange.allCases
      let index = all.firstIndex(of: range) ?? 0
      return select(all[(index + offset + all.count) % all.count], &context)
    case .move(let move):
      list.apply(move, count: selectableCount(context), visibleRows: max(1, context.size.height - 8))
      return []
    case .open:
      let rows = Self.connected(context) ? rows : []
      if rows.indices.contains(list.selected) {
        context.navigationRequest = .openSpotifyItem(rows[list.selected].link)
        return []
      }
      switch selectedSettingsRow(statsRows: rows.count) {
      case .connection(let service)?: context.navigationRequest = service.destination
      case .shareTaste?:
        guard let shares = info?.sharesTaste else { return [] }
        info?.sharesTaste = !shares
        return [Self.run(.setTasteSharing(!shares))]
      case .artwork?:
        // Applied at once: the next frame reserves (or drops) the boxes and the pictures follow.
        guard var facts = context.facts else { return [] }
        facts.artworkOn.toggle()
        context.facts = facts
        return [Self.run(.saveArtwork(facts.artworkOn))]
      case .replayTutorial?: context.navigationRequest = .replayTutorial
      case .signOut?: signOut = .confirming
      case nil: break
      }
      return []
    case .askSignOut:
      signOut = .confirming
      return []
    case .confirmSignOut:
      signOut = .signingOut
      return [Self.run(.signOut)]
    case .keep:
      signOut = .idle
      return []
    case .people:
      context.navigationRequest = .openPeople
      return []
    case .reload:
      return load(range, &context, force: true)
    }
  }

  public mutating func goBack(_ context: inout AppContext) -> [AppEffect]? {
    guard signOut == .confirming else { return nil }
    signOut = .idle
    return []
  }

  mutating func select(_ range: StatsRange, _ context: inout AppContext) -> [AppEffect] {
    self.range = range
    list = ListState()
    return load(range, &context, force: false)
  }

  /// Loads `range` unless it is loaded (fresh) or loading.
  mutating func load(_ range: StatsRange, _ context: inout AppContext, force: Bool) -> [AppEffect] {
    guard Self.connected(context), loading[range] == nil else { return [] }
    if !force, let cached = stats[range], !cached.isStale { return [] }
    let requestID = context.makeRequestID()
    loading[range] = requestID
    failures[range] = nil
    return [Self.run(.loadStats(requestID: requestID, range))]
  }
}

extension AppAction {
  public static func profile(_ action: ProfileAction) -> AppAction { .feature(ProfileState.self, action) }
}

extension AppEffect {
  /// The Profile effect inside, if this is one.
  public var profileEffect: ProfileEffect? { effect(of: ProfileState.self) }
}
