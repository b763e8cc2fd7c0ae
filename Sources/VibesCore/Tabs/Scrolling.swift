/// The content viewport as last drawn: how tall the content is and where the view stands. The runtime
/// records it after each render so PageUp/PageDown move by what is really on screen.
public struct ViewportMetrics: Sendable, Hashable {
  public var contentHeight: Int
  public var viewportHeight: Int
  public var offset: Int

  public init(contentHeight: Int = 0, viewportHeight: Int = 0, offset: Int = 0) {
    self.contentHeight = contentHeight
    self.viewportHeight = viewportHeight
    self.offset = offset
  }

  public var maxOffset: Int { max(0, contentHeight - viewportHeight) }
  public var isScrollable: Bool { contentHeight > viewportHeight }
}

/// Where the user scrolled the screen on top; nil follows the focus (and any new message).
public struct ScrollPosition: Sendable, Hashable {
  public var offset: Int?
  public init(offset: Int? = nil) { self.offset = offset }

  /// Moves by `rows` from where the view stands now, within the content.
  public mutating func scroll(by rows: Int, in metrics: ViewportMetrics) {
    offset = max(0, min(metrics.maxOffset, (offset ?? metrics.offset) + rows))
  }
}

/// A selectable list's selection and first visible row, shared by every list: ↑/↓ stop at the edges,
/// PageUp/PageDown move by a page, Home/End jump, and the selection always stays in view.
public struct ListState: Sendable, Hashable {
  public var selected: Int
  public var scrollTop: Int

  public init(selected: Int = 0, scrollTop: Int = 0) {
    self.selected = selected
    self.scrollTop = scrollTop
  }

  public enum Move: Sendable, Hashable {
    case up, down, pageUp, pageDown, home, end
  }

  /// Applies `move` to a list of `count` items of which `visibleRows` show.
  public mutating func apply(_ move: Move, count: Int, visibleRows: Int) {
    guard count > 0 else {
      selected = 0
      scrollTop = 0
      return
    }
    let page = max(1, visibleRows)
    switch move {
    case .up: selected -= 1
    case .down: selected += 1
    case .pageUp: selected -= page
    case .pageDown: selected += page
    case .home: selected = 0
    case .end: selected = count - 1
    }
    clamp(count: count, visibleRows: visibleRows)
  }

  /// Keeps the selection inside the list and the visible rows.
  public mutating func clamp(count: Int, visibleRows: Int) {
    let rows = max(1, visibleRows)
    selected = max(0, min(selected, count - 1))
    if selected < scrollTop { scrollTop = selected }
    if selected >= scrollTop + rows { scrollTop = selected - rows + 1 }
    scrollTop = max(0, min(scrollTop, max(0, count - rows)))
  }

  /// After the items changed (a reload, a sync): the selection stays on the item it was on (`previous`, found
  /// among the new items' `ids`) while that item is still there, else keeps its place clamped to the new items.
  public mutating func keep<ID: Equatable>(_ previous: ID?, in ids: [ID], visibleRows: Int) {
    if let previous, let index = ids.firstIndex(of: previous) { selected = index }
    clamp(count: ids.count, visibleRows: visibleRows)
  }

  /// The keys every list answers to, as bindings: ↑/k ↓/j, PgUp/PgDn, Home/g, End/G; `command` makes each
  /// move the feature's own command. A list drawn inside a screen that scrolls as a whole (the Profile) passes
  /// `paging: false`: PgUp/PgDn then stay the screen's scroll keys (`GlobalKeys`), so every row of the screen,
  /// not only the list's, is reachable by paging.
  public static func bindings<Command>(
    label: String = "↑ ↓", paging: Bool = true, _ command: (Move) -> Command
  ) -> [KeyBinding<Command>] {
    var bindings = [
      KeyBinding([.up, .character("k")], label, .common(.helpMove), command(.up)),
      KeyBinding([.down, .character("j")], label, .common(.helpMove), command(.down)),
    ]
    if paging {
      bindings += [
        KeyBinding([.pageUp], "PgUp PgDn", .common(.helpPage), footer: false, command(.pageUp)),
        KeyBinding([.pageDown], "PgUp PgDn", .common(.helpPage), footer: false, command(.pageDown)),
      ]
    }
    return bindings + [
      KeyBinding([.home, .character("g")], "g / G", .common(.helpTop), footer: false, command(.home)),
      KeyBinding([.end, .character("G")], "g / G", .common(.helpTop), footer: false, command(.end)),
    ]
  }
}
