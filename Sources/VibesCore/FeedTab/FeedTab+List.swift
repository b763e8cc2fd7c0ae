/// The Feed root: the SetupCard on top, then the cached items (a window of them, never the whole cache).
extension FeedTab {
  /// Items loaded beyond the visible rows on each side, so small moves never wait for the database.
  static let windowMargin = 40

  var listBindings: [KeyBinding<FeedCommand>] {
    ListState.bindings(label: "↑ ↓ / j k") { .list($0) } + [
      KeyBinding([.enter, .right, .character("l")], "Enter", .common(.helpOpen), .openCard),
      KeyBinding([.character("r")], "r", Self.help(.helpRefresh), .refresh),
      // In `?` help, not the footer: at 60 columns the footer has no room left for the warning's `!`.
      KeyBinding(
        [.character("i")], "i", .key(InboxL10n.inboxHelpOpenInbox), footer: false, .navigate(.openInbox)),
    ]
  }

  /// The quick actions bar (FR-4.3) and the empty state's "Find people to follow": shown on the bar and the empty
  /// text, so they stay out of the footer (at 60 columns it has no room).
  func quickBindings(_ context: AppContext) -> [KeyBinding<FeedCommand>] {
    var bindings: [KeyBinding<FeedCommand>] = []
    if context.tabs.contains(.explore) {
      bindings.append(
        KeyBinding(
          [.character("/")], "/", .key(SocialFeedL10n.helpSearch), footer: false, .navigate(.searchExplore(""))))
      // The song menu's "Send to one" finishes it: pick the song in Explore's search first.
      bindings.append(
        KeyBinding(
          [.character("s")], "s", .key(SocialFeedL10n.helpSendSong), footer: false, .navigate(.searchExplore(""))))
    }
    if context.tabs.contains(.people) {
      bindings.append(
        KeyBinding([.character("f")], "f", .key(SocialFeedL10n.helpFindPeople), footer: false, .navigate(.findPeople)))
    }
    return bindings
  }

  /// The SetupCard is above item 0: Up from the first item (or Home) returns to it.
  mutating func moveInList(_ move: ListState.Move, _ context: AppContext) -> [AppEffect] {
    // The user moved: the cursor no longer follows the card it was on before a refresh.
    list.followCardID = nil
    list.move(move, visibleRows: ScreenLayout.feedVisibleRows(context.size))
    return windowEffects(context)
  }

  /// Keeps the selection inside the visible rows.
  mutating func clampScroll(_ context: AppContext) {
    list.clampSelection(visibleRows: ScreenLayout.feedVisibleRows(context.size))
  }

  /// Asks for a new window when the visible rows are not all loaded.
  mutating func windowEffects(_ context: AppContext, force: Bool = false) -> [AppEffect] {
    let rows = ScreenLayout.feedVisibleRows(context.size)
    let visible = list.selection.scrollTop..<(list.selection.scrollTop + rows)
    if !force, list.totalCount != nil, list.covers(visible) { return [] }
    let request = windowRequest(context)
    if !force, list.pendingWindow == request { return [] }
    list.pendingWindow = request
    return [Self.run(.loadFeedWindow(request))]
  }

  /// The cards the list would load now: the visible rows with `windowMargin` either side.
  func windowRequest(_ context: AppContext) -> FeedWindowRequest {
    let rows = ScreenLayout.feedVisibleRows(context.size)
    let offset = max(0, list.selection.scrollTop - Self.windowMargin)
    return FeedWindowRequest(offset: offset, limit: rows + 2 * Self.windowMargin)
  }

  /// Cards from the cache arrived (a window load, or a poll's answer that carried them): show them, keeping the
  /// cursor on the card it followed.
  mutating func windowArrived(total: Int, offset: Int, items: [FeedCard?], _ context: AppContext) {
    list.totalCount = total
    list.windowOffset = offset
    list.window = items
    list.pendingWindow = nil
    if let id = list.followCardID {
      list.followCardID = nil
      if let local = items.firstIndex(where: { $0?.id == id }) { list.selectedItem = offset + local }
    }
    clampScroll(context)
  }
}
