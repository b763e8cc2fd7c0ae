import Foundation

/// The Feed's list: a window of cached items around what is visible, never the whole cache,
/// so start-up and scrolling cost the same with 10 or 100,000 items.
public struct FeedState: Sendable, Hashable {
  /// All cached items, or nil until the first count arrives.
  public var totalCount: Int?
  /// The feed index of `window[0]`.
  public var windowOffset: Int = 0
  public var window: [FeedItem] = []
  /// nil while the SetupCard has the focus; otherwise the selected item's index in the whole feed.
  public var selectedItem: Int?
  /// The feed index of the first visible row.
  public var scrollTop: Int = 0
  /// The window the last load asked for, so one is not requested twice.
  public var pendingWindow: FeedWindowRequest?

  public init() {}

  public func item(at index: Int) -> FeedItem? {
    let local = index - windowOffset
    guard local >= 0, local < window.count else { return nil }
    return window[local]
  }

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
