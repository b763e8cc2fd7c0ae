import Foundation

/// The three lists of "Your library" on Explore's root.
public enum LibraryKind: String, Sendable, Hashable, Codable, CaseIterable {
  case savedTracks, savedAlbums, playlists

  /// The row title on the root and the screen's title.
  public var title: ExploreL10n {
    switch self {
    case .savedTracks: return .exploreLibrarySavedSongs
    case .savedAlbums: return .exploreLibrarySavedAlbums
    case .playlists: return .exploreLibraryPlaylists
    }
  }
}

/// One page (or the pages seen so far) of a library list, with when it was fetched and whether it is the
/// SQLite copy read because Spotify could not be reached.
public struct CachedLibrary: Sendable, Hashable, Codable {
  public var page: MusicPage<MusicItem>
  public var fetchedAt: Date
  public var isStale: Bool
  public var staleReason: MusicFailure?

  public init(page: MusicPage<MusicItem>, fetchedAt: Date, isStale: Bool = false, staleReason: MusicFailure? = nil) {
    self.page = page
    self.fetchedAt = fetchedAt
    self.isStale = isStale
    self.staleReason = staleReason
  }
}

/// A library list opened from the root: saved songs, saved albums or your playlists. Detail screens opened
/// from it are pushed on `ExploreState.path` above it.
public struct LibraryScreen: Sendable, Hashable {
  /// The page size of a library list (Spotify's maximum for these endpoints).
  public static let pageSize = 50

  public var kind: LibraryKind
  public var phase: Phase
  public var list = ListState()
  /// The next page that is loading.
  public var moreRequestID: Int?

  public enum Phase: Sendable, Hashable {
    case loading(requestID: Int)
    case loaded(CachedLibrary)
    case failed(MusicFailure)
  }

  public init(kind: LibraryKind, phase: Phase) {
    self.kind = kind
    self.phase = phase
  }

  public var loaded: CachedLibrary? {
    if case .loaded(let cached) = phase { return cached }
    return nil
  }

  /// The selectable rows: the items, then "more" when Spotify has another page.
  public var rows: [DetailRow] {
    guard let page = loaded?.page else { return [] }
    var rows = page.items.map { DetailRow(section: .tracks, content: .item($0)) }
    if page.nextOffset != nil { rows.append(DetailRow(section: .tracks, content: .more)) }
    return rows
  }

  /// A song or album removed from the library leaves Saved songs / Saved albums at once (the selection stays in
  /// its place). When Spotify has already dropped it, the next page starts one earlier; a removal still queued
  /// offline leaves Spotify's offsets as they are.
  public mutating func drop(uris: Set<String>, spotifyHasDropped: Bool) {
    guard kind != .playlists, case .loaded(var cached) = phase else { return }
    let before = cached.page.items.count
    cached.page.items.removeAll { uris.contains($0.link.uri) }
    let removed = before - cached.page.items.count
    guard removed > 0 else { return }
    cached.page.total = max(0, cached.page.total - removed)
    if spotifyHasDropped, let next = cached.page.nextOffset { cached.page.nextOffset = max(0, next - removed) }
    phase = .loaded(cached)
    list.selected = min(list.selected, max(0, rows.count - 1))
    list.scrollTop = min(list.scrollTop, list.selected)
  }

  /// True when `r` asks Spotify again: the list failed, or shows an offline copy.
  public var canRetry: Bool {
    switch phase {
    case .failed: return true
    case .loaded(let cached): return cached.isStale
    case .loading: return false
    }
  }
}

extension ExploreState {
  /// The root's rows below the recent searches (only while the field is empty).
  public var libraryRowsShown: Bool { showsRecent }

  /// The library kind of root row `index`, if it is one of the "Your library" rows (after the recent searches).
  public func libraryKind(atRoot index: Int) -> LibraryKind? {
    guard showsRecent else { return nil }
    let offset = index - recentSearches.count
    return LibraryKind.allCases.indices.contains(offset) ? LibraryKind.allCases[offset] : nil
  }

  /// `l`: back to the root with the field empty and the selection on "Saved songs".
  mutating func showLibrary() -> [AppEffect] {
    var effects = cancelSearchWork()
    for screen in path {
      if case .loading(let id) = screen.phase { effects.append(.cancel(requestID: id)) }
    }
    effects += closeLibrary()
    path = []
    picker = nil
    isEditing = false
    query.clear()
    search = .idle
    list = ListState()
    list.selected = recentSearches.count
    return effects
  }

  /// Opens a library list (loading it from Spotify, or from SQLite when Spotify cannot be reached).
  mutating func openLibrary(_ kind: LibraryKind, _ context: inout AppContext) -> [AppEffect] {
    isEditing = false
    let requestID = context.makeRequestID()
    libraryScreen = LibraryScreen(kind: kind, phase: .loading(requestID: requestID))
    return [Self.run(.loadLibrary(requestID: requestID, kind, offset: 0))]
  }

  /// Closes the library list (or For You), cancelling what it was loading.
  mutating func closeLibrary() -> [AppEffect] {
    var effects: [AppEffect] = []
    if let forYou = forYouScreen {
      forYouScreen = nil
      if case .loading(let id) = forYou.phase { effects.append(.cancel(requestID: id)) }
    }
    guard let screen = libraryScreen else { return effects }
    libraryScreen = nil
    if case .loading(let id) = screen.phase { effects.append(.cancel(requestID: id)) }
    if let id = screen.moreRequestID { effects.append(.cancel(requestID: id)) }
    return effects
  }

  /// `r` on a failed list or an offline copy: ask Spotify again from the first page.
  mutating func retryLibrary(_ context: inout AppContext) -> [AppEffect] {
    guard path.isEmpty, let screen = libraryScreen, screen.canRetry else { return [] }
    let effects = closeLibrary()
    return effects + openLibrary(screen.kind, &context)
  }

  /// Enter on the library list: an item opens its detail screen, "more" loads the next page.
  mutating func openLibraryRow(_ context: inout AppContext) -> [AppEffect] {
    guard var screen = libraryScreen, let cached = screen.loaded else { return [] }
    let rows = screen.rows
    guard rows.indices.contains(screen.list.selected) else { return [] }
    switch rows[screen.list.selected].content {
    case .item(let item):
      return open(item.link, &context)
    case .more:
      // An offline copy has no next page to ask for; `r` asks Spotify again.
      guard screen.moreRequestID == nil, !cached.isStale, let offset = cached.page.nextOffset else { return [] }
      let requestID = context.makeRequestID()
      screen.moreRequestID = requestID
      libraryScreen = screen
      return [Self.run(.loadLibrary(requestID: requestID, screen.kind, offset: offset))]
    }
  }

  mutating func libraryFinished(
    _ requestID: Int, _ kind: LibraryKind, _ result: Result<CachedLibrary, MusicFailure>, _ context: inout AppContext
  ) -> [AppEffect] {
    guard var screen = libraryScreen, screen.kind == kind else { return [] }
    if screen.moreRequestID == requestID {
      screen.moreRequestID = nil
      switch result {
      case .success(let next):
        if case .loaded(var cached) = screen.phase, !next.isStale {
          cached.page.append(next.page)
          screen.phase = .loaded(cached)
        }
      case .failure(let failure):
        context.notice = failure.notice
      }
      libraryScreen = screen
      return []
    }
    guard screen.phase == .loading(requestID: requestID) else { return [] }
    switch result {
    case .success(let cached):
      screen.phase = .loaded(cached)
      screen.list = ListState()
      if let reason = cached.staleReason {
        context.notice = .localized(
          LocalizedText(ExploreL10n.exploreOfflineCopyNotice) { t in ["reason": t[reason.text]] }, isWarning: true)
      }
    case .failure(let failure):
      screen.phase = .failed(failure)
    }
    libraryScreen = screen
    guard case .success(let cached) = result, !cached.isStale else { return [] }
    let uris = cached.page.items.compactMap { item -> String? in
      switch item {
      case .track(let track): return track.uri
      case .album(let album): return album.uri
      default: return nil
      }
    }
    // Saved songs and albums are in the library by definition.
    for uri in uris { library[uri] = true }
    return []
  }
}
