import Foundation

/// The Feed's list: a window of cached cards around what is visible, never the whole cache,
/// so start-up and scrolling cost the same with 10 or 100,000 cards.
public struct FeedState: Sendable, Hashable {
  /// All cached cards, or nil until the first count arrives.
  public var totalCount: Int?
  /// The feed index of `window[0]`.
  public var windowOffset: Int = 0
  /// The loaded cards; nil marks a card whose kind this version does not know (drawn as a quiet row, never opened).
  public var window: [FeedCard?] = []
  /// The selected card's index in the whole feed and the feed index of the first visible row, moved like every
  /// list; it counts only while the SetupCard (above item 0) does not have the focus.
  public var selection = ListState()
  /// True while the SetupCard has the focus (it does when the Feed opens).
  public var setupCardFocused = true
  /// The window the last load asked for, so one is not requested twice.
  public var pendingWindow: FeedWindowRequest?
  /// After a refresh: the id of the card the cursor was on, so the cursor stays on that card (not on whatever
  /// now stands at its old index) once the new window arrives.
  public var followCardID: String?

  public init() {}

  /// True when `index` is loaded (its card may still be of an unknown kind).
  public func isLoaded(_ index: Int) -> Bool {
    let local = index - windowOffset
    return local >= 0 && local < window.count
  }

  /// The card at `index` when it is loaded and of a kind this version knows.
  public func card(at index: Int) -> FeedCard? {
    guard isLoaded(index) else { return nil }
    return window[index - windowOffset]
  }

  /// nil while the SetupCard has the focus; otherwise the selected card's index in the whole feed.
  public var selectedItem: Int? {
    get { setupCardFocused ? nil : selection.selected }
    set {
      setupCardFocused = newValue == nil
      if let newValue { selection.selected = newValue }
    }
  }

  /// Moves the focus: the SetupCard is above item 0, so Up from the first item (or Home, or PgUp past the top)
  /// returns to it and Down from it goes to the first item; within the cards it moves like every list.
  public mutating func move(_ move: ListState.Move, visibleRows: Int) {
    let total = totalCount ?? 0
    switch move {
    case .home:
      setupCardFocused = true
    case .up, .pageUp:
      guard !setupCardFocused else { break }
      if selection.selected - (move == .up ? 1 : max(1, visibleRows)) < 0 {
        setupCardFocused = true
      } else {
        selection.apply(move, count: total, visibleRows: visibleRows)
      }
    case .down, .pageDown, .end:
      guard total > 0 else { break }
      if setupCardFocused {
        // From the card: as if the selection stood just above item 0.
        setupCardFocused = false
        selection.selected = -1
      }
      selection.apply(move, count: total, visibleRows: visibleRows)
    }
    clampSelection(visibleRows: visibleRows)
  }

  /// Keeps the selection inside the feed and the visible rows; with no cards left the SetupCard takes the focus.
  public mutating func clampSelection(visibleRows: Int) {
    let total = totalCount ?? 0
    if !setupCardFocused, selection.selected >= total {
      if total > 0 { selection.selected = total - 1 } else { setupCardFocused = true }
    }
    guard !setupCardFocused else {
      selection.scrollTop = 0
      return
    }
    selection.clamp(count: total, visibleRows: visibleRows)
  }

  /// The selected card, if a known one is selected.
  public var selectedCard: FeedCard? { selectedItem.flatMap(card(at:)) }

  /// True when every index in `range` is loaded (or past the end of the feed).
  public func covers(_ range: Range<Int>) -> Bool {
    let end = min(range.upperBound, totalCount ?? 0)
    guard range.lowerBound < end else { return true }
    return range.lowerBound >= windowOffset && end <= windowOffset + window.count
  }
}

public struct FeedWindowRequest: Sendable, Hashable {
  public var offset: Int
  public var limit: Int
  public init(offset: Int, limit: Int) {
    self.offset = offset
    self.limit = limit
  }
}
