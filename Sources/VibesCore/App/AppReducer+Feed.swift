/// The Feed root: the SetupCard on top, then the cached items.
extension AppReducer {
  /// Items loaded beyond the visible rows on each side, so small moves never wait for the database.
  static let feedWindowMargin = 40

  static func handleFeedKey(_ state: inout AppState, _ key: Key) -> [AppEffect] {
    let total = state.feed.totalCount ?? 0
    let page = ScreenLayout.feedVisibleRows(state.size)
    switch key {
    case .enter, .right, .character("l"):
      if state.feed.selectedItem == nil {
        state.router.push(.checklist(ChecklistState()))
      }
      return []
    case .down, .character("j"):
      if let selected = state.feed.selectedItem {
        state.feed.selectedItem = min(selected + 1, total - 1)
      } else if total > 0 {
        state.feed.selectedItem = 0
      }
    case .up, .character("k"):
      if let selected = state.feed.selectedItem {
        state.feed.selectedItem = selected == 0 ? nil : selected - 1
      }
    case .pageDown:
      guard total > 0 else { return [] }
      state.feed.selectedItem = min((state.feed.selectedItem ?? -1) + page, total - 1)
    case .pageUp:
      if let selected = state.feed.selectedItem {
        state.feed.selectedItem = selected - page < 0 ? nil : selected - page
      }
    case .home, .character("g"):
      state.feed.selectedItem = nil
    case .end, .character("G"):
      if total > 0 { state.feed.selectedItem = total - 1 }
    default:
      return []
    }
    clampFeedScroll(&state)
    return feedWindowEffects(&state)
  }

  /// Keeps the selection inside the visible rows.
  static func clampFeedScroll(_ state: inout AppState) {
    let rows = ScreenLayout.feedVisibleRows(state.size)
    let total = state.feed.totalCount ?? 0
    if let selected = state.feed.selectedItem {
      if selected >= total { state.feed.selectedItem = total > 0 ? total - 1 : nil }
    }
    guard let selected = state.feed.selectedItem else {
      state.feed.scrollTop = 0
      return
    }
    if selected < state.feed.scrollTop { state.feed.scrollTop = selected }
    if selected >= state.feed.scrollTop + rows { state.feed.scrollTop = selected - rows + 1 }
    state.feed.scrollTop = max(0, min(state.feed.scrollTop, max(0, total - rows)))
  }

  /// Asks for a new window when the visible rows are not all loaded.
  static func feedWindowEffects(_ state: inout AppState, force: Bool = false) -> [AppEffect] {
    let rows = ScreenLayout.feedVisibleRows(state.size)
    let visible = state.feed.scrollTop..<(state.feed.scrollTop + rows)
    if !force, state.feed.totalCount != nil, state.feed.covers(visible) { return [] }
    let offset = max(0, state.feed.scrollTop - feedWindowMargin)
    let request = FeedWindowRequest(offset: offset, limit: rows + 2 * feedWindowMargin)
    if !force, state.feed.pendingWindow == request { return [] }
    state.feed.pendingWindow = request
    return [.loadFeedWindow(request)]
  }
}
