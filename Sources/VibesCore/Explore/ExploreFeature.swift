/// What the Explore tab's bindings do.
public enum ExploreCommand: Sendable, Hashable {
  /// `/`: put the focus into the search field.
  case focusSearch
  /// Enter in the field: search now and move to the results.
  case submitSearch
  /// `r` after a failed search or on an offline copy: ask Spotify again.
  case retrySearch
  /// ↓ or Tab in the field: move to the results.
  case toList
  /// Enter without a Spotify connection: open the Spotify setup step.
  case connect
  case move(ListState.Move)
  /// Enter on a row: open it (or load "more").
  case open
  case toggleSave
  case addToPlaylist
  case openInSpotify
  case copyLink
  /// Enter in the picker (or on the duplicate warning: add anyway).
  case choosePlaylist
  /// `l`: back to the root, selection on "Your library".
  case showLibrary
  /// `x` in your own playlist: ask whether to remove the selected song.
  case askRemoveFromPlaylist
  /// `y` / `n` on that question.
  case confirmRemove(Bool)
  /// `K` / `J` in your own playlist: move the selected song up (-1) or down (+1).
  case moveInPlaylist(Int)
  /// `x` on For You: dismiss the selected song.
  case dismissForYou
  /// `r` on For You: ask Gemini again.
  case refreshForYou
  /// `p` on a track's screen: find and play its preview; again: pause or resume.
  case togglePreview
  /// `.` on a song: the one song menu.
  case songMenu
  /// Play on Spotify (P), its controls, device picker and re-consent question (`VibesCore/Playback/`).
  case player(SpotifyPlayerKey)
}

/// The Explore tab as a feature module.
extension ExploreState: TabFeature {
  public static let id = TabID.explore
  public typealias Action = ExploreAction
  public typealias Effect = ExploreEffect
  public typealias Command = ExploreCommand

  public var depth: Int { path.count + (libraryScreen == nil && forYouScreen == nil ? 0 : 1) }

  public var isEditingText: Bool {
    isConnected && path.isEmpty && libraryScreen == nil && forYouScreen == nil && picker == nil && isEditing
  }

  /// Rows a list page moves by (the terminal minus the chrome, the field and the headers).
  static func visibleRows(_ context: AppContext) -> Int { max(1, context.size.height - 10) }

  static func connected(_ context: AppContext) -> Bool {
    context.facts?.storedSecrets.contains(.spotify) ?? false
  }

  public mutating func start(_ context: inout AppContext) -> [AppEffect] {
    [Self.run(.loadRecent)]
  }

  public mutating func arrive(_ context: inout AppContext) -> [AppEffect] {
    isConnected = Self.connected(context)
    isEditing = false
    return player.arrive(&context).map { Self.run(.player($0)) }
  }

  /// Leaving Explore (for another tab, or the song menu over it) stops reading the player's state: the now-playing
  /// line shows only here, so nobody would see the answers.
  public mutating func leave(_ context: inout AppContext) -> [AppEffect] {
    player.leave().map { .cancel(requestID: $0) }
  }

  public mutating func contextChanged(_ change: ContextChange, _ context: inout AppContext) -> [AppEffect] {
    let wasConnected = isConnected
    isConnected = Self.connected(context)
    // Disconnecting Spotify forgets For You's SQLite copy; the one read ahead goes with it.
    if !isConnected { forYouCopy = nil }
    if isConnected, !wasConnected, change == .factsChanged { return [Self.run(.flushQueue)] }
    return []
  }

  public func bindings(_ context: AppContext) -> [KeyBinding<ExploreCommand>] {
    guard Self.connected(context) else {
      return [KeyBinding([.enter], "Enter", .key(ExploreL10n.exploreHelpConnect), .connect)]
    }
    if let picker { return pickerBindings(picker) }
    if playerTakesKeys { return playerBindings }
    if let screen = path.last {
      if screen.confirmRemove != nil {
        return [
          KeyBinding([.character("y")], "y", .key(ExploreL10n.exploreHelpRemoveYes), .confirmRemove(true)),
          KeyBinding([.character("n")], "n", .key(ExploreL10n.exploreHelpRemoveNo), .confirmRemove(false)),
        ]
      }
      // In your own playlist the edit keys come first: a narrow footer drops entries from the end.
      guard ownPlaylistTracks(screen) != nil else { return previewBindings + playerBindings + detailBindings }
      return listBindings + playlistEditBindings + playerBindings + actionBindings
        + detailBindings.dropFirst(
          listBindings.count + actionBindings.count)
    }
    if let forYouScreen { return forYouBindings(forYouScreen) }
    if let libraryScreen {
      return listBindings + (libraryScreen.canRetry ? [retryBinding] : []) + actionBindings + [
        KeyBinding([.character("/")], "/", .key(ExploreL10n.exploreHelpNewSearch), footer: false, .focusSearch)
      ] + playerBindings
    }
    if isEditing {
      return [
        KeyBinding([.enter], "Enter", .key(ExploreL10n.exploreHelpSearch), .submitSearch),
        KeyBinding([.down, .tab], "↓", .key(ExploreL10n.exploreHelpResults), .toList),
      ]
    }
    // Footer order is priority (a narrow footer drops entries from the end): retry comes before the item actions.
    return [KeyBinding([.character("/")], "/", .key(ExploreL10n.exploreHelpSearch), .focusSearch)] + listBindings
      + (canRetrySearch ? [retryBinding] : []) + [libraryBinding] + actionBindings + playerBindings
  }

  var libraryBinding: KeyBinding<ExploreCommand> {
    KeyBinding([.character("l")], "l", .key(ExploreL10n.exploreHelpLibrary), .showLibrary)
  }

  var retryBinding: KeyBinding<ExploreCommand> {
    KeyBinding([.character("r")], "r", .key(ExploreL10n.exploreHelpRetry), .retrySearch)
  }

  /// For You: open, dismiss, refresh; Enter opens the Gemini setup step while the key is missing.
  func forYouBindings(_ screen: ForYouScreen) -> [KeyBinding<ExploreCommand>] {
    let refresh = KeyBinding(
      [.character("r")], "r", .key(ExploreL10n.exploreHelpForYouRefresh), ExploreCommand.refreshForYou)
    let newSearch = KeyBinding(
      [.character("/")], "/", .key(ExploreL10n.exploreHelpNewSearch), footer: false, ExploreCommand.focusSearch)
    switch screen.phase {
    case .loading:
      return [newSearch]
    case .failed(let failure) where failure.pointsToGeminiSetup:
      return [KeyBinding([.enter], "Enter", .key(ExploreL10n.exploreHelpSetUpGemini), .open), refresh, newSearch]
    case .failed:
      return [refresh, newSearch]
    case .loaded(let cached):
      guard !cached.entries.isEmpty else { return [refresh, newSearch] }
      return listBindings + [
        KeyBinding([.character("x")], "x", .key(ExploreL10n.exploreHelpForYouDismiss), .dismissForYou), refresh,
        newSearch, SongMenuKey.binding(.songMenu),
      ]
    }
  }

  /// The keys every list answers to (the results, a detail screen's sections, the playlist picker).
  var moveBindings: [KeyBinding<ExploreCommand>] { ListState.bindings { .move($0) } }

  var listBindings: [KeyBinding<ExploreCommand>] {
    moveBindings + [KeyBinding([.enter], "Enter", .common(.helpOpen), .open)]
  }

  var actionBindings: [KeyBinding<ExploreCommand>] {
    [
      KeyBinding([.character("s")], "s", .key(ExploreL10n.exploreHelpSaveRemove), .toggleSave),
      KeyBinding([.character("a")], "a", .key(ExploreL10n.exploreHelpAddToPlaylist), .addToPlaylist),
      KeyBinding([.character("o")], "o", .key(ExploreL10n.exploreHelpOpenInSpotify), .openInSpotify),
      KeyBinding([.character("c")], "c", .key(ExploreL10n.exploreHelpCopyLink), .copyLink),
      SongMenuKey.binding(.songMenu),
    ]
  }

  var detailBindings: [KeyBinding<ExploreCommand>] {
    listBindings + actionBindings + [
      KeyBinding([.character("/")], "/", .key(ExploreL10n.exploreHelpNewSearch), footer: false, .focusSearch),
      KeyBinding([.character("l")], "l", .key(ExploreL10n.exploreHelpLibrary), footer: false, .showLibrary),
    ]
  }

  /// Removing and moving songs: only in your own playlist (Spotify shows no tracks of other people's).
  var playlistEditBindings: [KeyBinding<ExploreCommand>] {
    [
      KeyBinding([.character("x")], "x", .key(ExploreL10n.exploreHelpRemoveFromPlaylist), .askRemoveFromPlaylist),
      KeyBinding([.character("K")], "K J", .key(ExploreL10n.exploreHelpMoveSong), .moveInPlaylist(-1)),
      KeyBinding([.character("J")], "K J", .key(ExploreL10n.exploreHelpMoveSong), .moveInPlaylist(1)),
    ]
  }

  func pickerBindings(_ picker: PlaylistPicker) -> [KeyBinding<ExploreCommand>] {
    switch picker.phase {
    case .choosing:
      return moveBindings + [
        KeyBinding([.enter], "Enter", .key(ExploreL10n.exploreHelpAddHere), .choosePlaylist)
      ]
    case .confirmDuplicate:
      return [
        KeyBinding(
          [.enter, .character("y")], "Enter", .key(ExploreL10n.exploreHelpAddAnyway), .choosePlaylist)
      ]
    case .loading, .adding, .failed:
      return []
    }
  }

  mutating func performCommand(_ command: ExploreCommand, _ context: inout AppContext) -> [AppEffect] {
    switch command {
    case .connect:
      context.navigationRequest = .openSetupStep(.spotify)
      return []
    case .focusSearch:
      // From a detail screen too: back to the search, with the field focused.
      var effects: [AppEffect] = []
      for screen in path {
        if case .loading(let id) = screen.phase { effects.append(.cancel(requestID: id)) }
      }
      path = []
      picker = nil
      isEditing = true
      return effects + closeLibrary()
    case .submitSearch:
      return submitSearch(&context)
    case .retrySearch:
      return libraryScreen != nil ? retryLibrary(&context) : retrySearch(&context)
    case .showLibrary:
      return showLibrary()
    case .dismissForYou:
      return dismissForYou()
    case .refreshForYou:
      return refreshForYou(&context)
    case .togglePreview:
      return togglePreview(&context)
    case .player(let key):
      return performPlayer(key, &context)
    case .askRemoveFromPlaylist:
      askRemoveFromPlaylist()
      return []
    case .confirmRemove(let yes):
      return confirmRemove(yes, &context)
    case .moveInPlaylist(let step):
      return moveInPlaylist(step, &context)
    case .toList:
      isEditing = false
      return settleSearch()
    case .move(let move):
      moveSelection(move, context)
      return []
    case .open:
      return openSelected(&context)
    case .toggleSave:
      return toggleSave(&context)
    case .addToPlaylist:
      return addToPlaylist(&context)
    case .openInSpotify:
      guard let item = actionItem(allowingAny: true) else { return [] }
      return [.openURL(item.webURL)]
    case .copyLink:
      guard let item = actionItem(allowingAny: true) else { return [] }
      context.notice = .linkCopied
      return [.copyToClipboard(item.webURL)]
    case .choosePlaylist:
      return choosePlaylist(&context)
    case .songMenu:
      return SongMenuKey.open(selectedSong, &context)
    }
  }

  /// Typing and pasting into the search field. A paste at the root goes into the field even when it
  /// does not have the focus (so a pasted Spotify link opens at once).
  mutating func handleUnboundEvent(_ event: InputEvent, _ context: inout AppContext) -> [AppEffect]? {
    guard Self.connected(context), path.isEmpty, libraryScreen == nil, forYouScreen == nil, picker == nil else {
      return nil
    }
    switch event {
    case .key(let key):
      guard isEditing, let outcome = query.edit(.key(key)) else { return nil }
      return outcome == .edited ? queryChanged(&context) : []
    case .paste(let text):
      // Pasted with the results focused, the text replaces the query (a link after the old words would open
      // nothing); into the focused field it goes at the cursor.
      if !isEditing { query.clear() }
      isEditing = true
      _ = query.edit(.paste(text))
      return queryChanged(&context)
    }
  }

  /// Esc: close the picker, leave the field, or pop a detail screen.
  mutating func goBackStep(_ context: inout AppContext) -> [AppEffect]? {
    if let effects = player.goBack() { return effects.map { Self.run(.player($0)) } }
    if let picker {
      self.picker = nil
      if case .adding(let id, _) = picker.phase { return [.cancel(requestID: id)] }
      if case .loading(let id) = picker.phase { return [.cancel(requestID: id)] }
      return []
    }
    if let last = path.indices.last, path[last].confirmRemove != nil {
      path[last].confirmRemove = nil
      return []
    }
    if path.isEmpty, libraryScreen != nil || forYouScreen != nil { return closeLibrary() }
    if path.isEmpty {
      guard isEditing else { return nil }
      isEditing = false
      return []
    }
    let screen = path.removeLast()
    if case .loading(let id) = screen.phase { return [.cancel(requestID: id)] }
    return []
  }

  mutating func moveSelection(_ move: ListState.Move, _ context: AppContext) {
    let rows = Self.visibleRows(context)
    if var picker {
      picker.list.apply(move, count: picker.playlists.count, visibleRows: rows)
      self.picker = picker
    } else if var screen = path.last {
      screen.list.apply(move, count: screen.loaded?.detail.rows.count ?? 0, visibleRows: rows)
      path[path.count - 1] = screen
    } else if var screen = forYouScreen {
      // Two rows a song (its reason below it): a page is half the screen's height in songs.
      let height = context.viewport.viewportHeight > 0 ? context.viewport.viewportHeight : rows
      screen.list.apply(move, count: screen.loaded?.entries.count ?? 0, visibleRows: max(1, height / 2))
      forYouScreen = screen
    } else if var screen = libraryScreen {
      // A library list is long: a page is the screen's height, so PgDn always brings new rows into view.
      let page = max(rows, context.viewport.viewportHeight - 1)
      screen.list.apply(move, count: screen.rows.count, visibleRows: page)
      libraryScreen = screen
    } else {
      list.apply(move, count: rootRowCount, visibleRows: rows)
    }
  }
}

extension AppAction {
  public static func explore(_ action: ExploreAction) -> AppAction { .feature(ExploreState.self, action) }
  /// The Explore action inside, if this is one.
  public var exploreAction: ExploreAction? { action(of: ExploreState.self) }
}

extension AppEffect {
  public static func explore(_ effect: ExploreEffect) -> AppEffect { ExploreState.run(effect) }
  /// The Explore effect inside, if this is one.
  public var exploreEffect: ExploreEffect? { effect(of: ExploreState.self) }
}
