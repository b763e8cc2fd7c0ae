/// The Feed root: the SetupCard on top, then the cached items (a window of them, never the whole cache).
extension FeedTab {
  /// Items loaded beyond the visible rows on each side, so small moves never wait for the database.
  static let windowMargin = 40

  var listBindings: [KeyBinding<FeedCommand>] {
    ListState.bindings(label: "↑ ↓ / j k") { .list($0) } + [
      KeyBinding([.enter, .right, .character("l")], "Enter", .common(.helpOpen), .openCard),
      KeyBinding([.character("r")], "r", Self.help(.helpRefresh), .refresh),
    ]
  }

  /// The SetupCard is above item 0: Up from the first item (or Home) returns to it.
  mutating func moveInList(_ move: ListState.Move, _ context: AppContext) -> [AppEffect] {
    let total = list.totalCount ?? 0
    let page = ScreenLayout.feedVisibleRows(context.size)
    // The user moved: the cursor no longer follows the card it was on before a refresh.
    list.followCardID = nil
    switch move {
    case .down:
      if let selected = list.selectedItem {
        list.selectedItem = min(selected + 1, total - 1)
      } else if total > 0 {
        list.selectedItem = 0
      }
    case .up:
      if let selected = list.selectedItem { list.selectedItem = selected == 0 ? nil : selected - 1 }
    case .pageDown:
      guard total > 0 else { return [] }
      list.selectedItem = min((list.selectedItem ?? -1) + page, total - 1)
    case .pageUp:
      if let selected = list.selectedItem { list.selectedItem = selected - page < 0 ? nil : selected - page }
    case .home:
      list.selectedItem = nil
    case .end:
      if total > 0 { list.selectedItem = total - 1 }
    }
    clampScroll(context)
    return windowEffects(context)
  }

  /// Keeps the selection inside the visible rows.
  mutating func clampScroll(_ context: AppContext) {
    let rows = ScreenLayout.feedVisibleRows(context.size)
    let total = list.totalCount ?? 0
    if let selected = list.selectedItem, selected >= total { list.selectedItem = total > 0 ? total - 1 : nil }
    guard let selected = list.selectedItem else {
      list.scrollTop = 0
      return
    }
    var scroll = ListState(selected: selected, scrollTop: list.scrollTop)
    scroll.clamp(count: total, visibleRows: rows)
    list.scrollTop = scroll.scrollTop
  }

  /// Asks for a new window when the visible rows are not all loaded.
  mutating func windowEffects(_ context: AppContext, force: Bool = false) -> [AppEffect] {
    let rows = ScreenLayout.feedVisibleRows(context.size)
    let visible = list.scrollTop..<(list.scrollTop + rows)
    if !force, list.totalCount != nil, list.covers(visible) { return [] }
    let offset = max(0, list.scrollTop - Self.windowMargin)
    let request = FeedWindowRequest(offset: offset, limit: rows + 2 * Self.windowMargin)
    if !force, list.pendingWindow == request { return [] }
    list.pendingWindow = request
    return [Self.run(.loadFeedWindow(request))]
  }
}
