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
  static func recordingReturn(_ state: inout AppState, _ follow: (inout AppState) -> [AppEffect]) -> [AppEffect] {
    let origin = state.selectedTab
    let effects = follow(&state)
    if state.selectedTab != origin, let depth = state.selectedRegistration?.depth(state) {
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
