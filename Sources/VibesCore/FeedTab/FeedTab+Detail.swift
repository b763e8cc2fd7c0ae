/// The details pushed from a card: a concert (Buy tickets, map) and a new release (tracklist, Open in Spotify).
extension FeedTab {
  /// Enter on a card: its detail; on the SetupCard: the checklist. Unknown kinds do not open.
  mutating func openCard(_ context: inout AppContext) -> [AppEffect] {
    guard let index = list.selectedItem else {
      path.append(.checklist(ChecklistState()))
      return []
    }
    guard let card = list.card(at: index) else { return [] }
    switch card.payload {
    case .concert(let concert):
      path.append(.concert(concert))
      return []
    case .newRelease(let release):
      let id = context.makeRequestID()
      path.append(.release(ReleaseDetailState(card: release, tracks: .loading(requestID: id))))
      return [Self.run(.loadRelease(requestID: id, albumID: release.albumID))]
    case .songShare, .newFollow:
      return openSocialCard(card, &context)
    case .createdPlaylist(let playlist):
      // Explore shows playlists (tracks, open and copy links); without it, the browser opens the playlist.
      if context.tabs.contains(.explore) {
        context.navigationRequest = .openSpotifyItem(SpotifyLink(kind: .playlist, id: playlist.playlistID))
        return []
      }
      let link = FeedLinks.safe(playlist.url)
      return link.isEmpty ? [] : [.openURL(link)]
    }
  }

  /// A tracklist arrived (or failed) for the release detail on top; stale answers are dropped.
  mutating func releaseLoaded(requestID: Int, _ result: Result<[ReleaseTrack], FeedLoadFailure>) {
    guard case .release(var detail)? = path.last, case .loading(let id) = detail.tracks, id == requestID else {
      return
    }
    switch result {
    case .success(let tracks): detail.tracks = .loaded(tracks)
    case .failure(let failure): detail.tracks = .failed(failure.message)
    }
    path[path.count - 1] = .release(detail)
  }

  func concertBindings(_ concert: ConcertCard, _ context: AppContext) -> [KeyBinding<FeedCommand>] {
    var bindings: [KeyBinding<FeedCommand>] = []
    if concert.attractions.first != nil, context.tabs.contains(.explore) {
      // FR-5.2: from a concert to its artist (Explore searches the headliner's name).
      bindings.append(KeyBinding([.character("a")], "a", Self.help(.helpArtistInExplore), .detail(.openArtist)))
    }
    if concert.url != nil {
      bindings.append(
        KeyBinding([.character("o"), .enter], "o", Self.help(.helpOpenLink), .detail(.openLink)))
      bindings.append(KeyBinding([.character("c")], "c", Self.help(.helpCopyLink), .detail(.copyLink)))
    }
    if concert.mapURL != nil {
      bindings.append(KeyBinding([.character("m")], "m", Self.help(.helpOpenMap), .detail(.openMap)))
    }
    return bindings
  }

  func releaseBindings(_ detail: ReleaseDetailState, _ context: AppContext) -> [KeyBinding<FeedCommand>] {
    var bindings: [KeyBinding<FeedCommand>] = []
    if !detail.loadedTracks.isEmpty, context.tabs.contains(.explore) {
      // The tracks lead on: Enter opens the highlighted one in Explore, where it can be saved or added.
      // PgUp/PgDn stay with the screen (it is taller than the terminal with a long tracklist).
      bindings += ListState.bindings(paging: false) { FeedCommand.detail(.move($0)) }
      bindings.append(KeyBinding([.enter], "Enter", Self.help(.helpTrackInExplore), .detail(.openTrack)))
      if detail.selectedSong != nil { bindings.append(SongMenuKey.binding(.detail(.songMenu))) }
    }
    guard detail.card.spotifyURL != nil else { return bindings }
    let openKeys: [Key] = bindings.isEmpty ? [.character("o"), .enter] : [.character("o")]
    return bindings + [
      KeyBinding(openKeys, "o", Self.help(.helpOpenLink), .detail(.openLink)),
      KeyBinding([.character("c")], "c", Self.help(.helpCopyLink), .detail(.copyLink)),
    ]
  }

  mutating func performDetail(_ command: FeedDetailCommand, _ context: inout AppContext) -> [AppEffect] {
    if let effects = performSong(command, &context) { return effects }
    switch (path.last, command) {
    case (.release(var detail)?, .move(let move)):
      detail.list.apply(move, count: detail.loadedTracks.count, visibleRows: ScreenLayout.feedVisibleRows(context.size))
      path[path.count - 1] = .release(detail)
      return []
    case (.release(let detail)?, .openTrack):
      let tracks = detail.loadedTracks
      guard tracks.indices.contains(detail.list.selected) else { return [] }
      if let id = tracks[detail.list.selected].id, !id.isEmpty {
        context.navigationRequest = .openSpotifyItem(SpotifyLink(kind: .track, id: id))
      } else if !detail.card.albumID.isEmpty {
        context.navigationRequest = .openSpotifyItem(SpotifyLink(kind: .album, id: detail.card.albumID))
      }
      return []
    case (.release(let detail)?, .songMenu):
      return SongMenuKey.open(detail.selectedSong, &context)
    case (.concert(let concert)?, .openArtist):
      guard let artist = concert.attractions.first?.name else { return [] }
      context.navigationRequest = .searchExplore(artist)
      return []
    default:
      break
    }
    let link: String?
    switch (path.last, command) {
    case (.concert(let concert)?, .openLink), (.concert(let concert)?, .copyLink): link = concert.url
    case (.concert(let concert)?, .openMap): link = concert.mapURL?.absoluteString
    case (.release(let detail)?, .openLink), (.release(let detail)?, .copyLink): link = detail.card.spotifyURL
    default: link = nil
    }
    guard let link = link.map(FeedLinks.safe), !link.isEmpty else { return [] }
    guard command == .copyLink else { return [.openURL(link)] }
    // Say so: a copy through the terminal (OSC 52) is otherwise invisible.
    context.notice = .linkCopied
    return [.copyToClipboard(link)]
  }

  static func help(_ key: FeedL10n) -> HelpText { .key(key) }
}

/// What the keys of a detail screen do.
public enum FeedDetailCommand: Sendable, Hashable {
  case openLink
  case copyLink
  case openMap
  /// Move in a release's tracklist.
  case move(ListState.Move)
  /// The highlighted track of a release, in Explore.
  case openTrack
  /// A concert's headliner, searched in Explore.
  case openArtist
  /// `.` on a release's track: the one song menu.
  case songMenu
  /// Song Detail: the sender's profile in People.
  case openSender
  /// Song Detail: mark the song read.
  case markRead
  /// Song Detail: `R` on a song sent to you, search for a song to send back into its conversation.
  case replyWithSong
}

/// A failure to load a detail, as one short sentence (free of keys, tokens and URLs).
public struct FeedLoadFailure: Error, Sendable, Hashable {
  public var message: String
  public init(_ message: String) { self.message = message }
}

/// Links from the network, made safe to hand to a browser or a terminal hyperlink.
public enum FeedLinks {
  /// Only http(s) links, with control characters and spaces removed (they could end an OSC 8 sequence early).
  public static func safe(_ link: String) -> String {
    let cleaned = String(String.UnicodeScalarView(link.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F }))
    let lower = cleaned.lowercased()
    guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return "" }
    return TerminalText.sanitize(cleaned)
  }
}
