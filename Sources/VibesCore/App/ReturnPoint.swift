/// Where Esc goes back to after a navigation request opened a screen in another tab (Feed "You created" →
/// the playlist in Explore; Profile › Connections → the Spotify step on the Feed). The root records it when it
/// follows a request that changes the tab; Esc (or q off a tab's root) that closes the opened screen selects
/// the origin tab again, whose own state (and so its screen) was never touched. Any tab a request opens gets
/// this for free.
public struct ReturnPoint: Sendable, Hashable {
  /// The tab the user came from.
  public var origin: TabID
  /// The tab the request opened.
  public var destination: TabID
  /// The destination's depth right after the request: closing a screen below it returns to the origin.
  public var openedDepth: Int

  public init(origin: TabID, destination: TabID, openedDepth: Int) {
    self.origin = origin
    self.destination = destination
    self.openedDepth = openedDepth
  }
}

extension AppReducer {
  /// Follows `request` and records where Esc returns to when it showed another tab.
  ///
  /// A request sent from a screen that an earlier request opened and that has closed since (its work done: the
  /// first-start sign-in, which then sends the user on to the Feed) hands on the earlier origin: Esc never leads
  /// back to a finished screen, and a request that lands on that origin leaves no way back at all.
  static func recordingReturn(_ state: inout AppState, _ follow: (inout AppState) -> [AppEffect]) -> [AppEffect] {
    let current = state.selectedTab
    var origin = current
    if let point = state.returnPoint, point.destination == current,
      (state.selectedRegistration?.depth(state) ?? 0) < point.openedDepth
    {
      origin = point.origin
    }
    let effects = follow(&state)
    guard state.selectedTab != current else { return effects }
    if state.selectedTab == origin {
      state.returnPoint = nil
    } else if let depth = state.selectedRegistration?.depth(state) {
      state.returnPoint = ReturnPoint(origin: origin, destination: state.selectedTab, openedDepth: depth)
    }
    return effects
  }

  /// After Esc on the destination: back to the origin once the opened screen closed.
  static func returnIfClosed(_ state: inout AppState) -> [AppEffect] {
    guard let point = state.returnPoint else { return [] }
    guard point.destination == state.selectedTab else {
      state.returnPoint = nil
      return []
    }
    guard (state.selectedRegistration?.depth(state) ?? 0) < point.openedDepth else { return [] }
    state.returnPoint = nil
    return select(point.origin, &state)
  }
}
