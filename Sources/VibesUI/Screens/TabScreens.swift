import VibesCore

/// How each registered tab is titled and drawn: one row per tab (the core's `TabRegistry` holds the rest).
public struct TabScreen: Sendable {
  public let id: TabID
  public let title: @Sendable (Localizer) -> String
  /// A short title for a narrow tab bar (defaults to the title).
  public let shortTitle: @Sendable (Localizer) -> String
  public let render: @Sendable (AppState, inout Grid, Rect, Localizer) -> Void

  public init(
    _ id: TabID, title: @escaping @Sendable (Localizer) -> String,
    short: (@Sendable (Localizer) -> String)? = nil,
    render: @escaping @Sendable (AppState, inout Grid, Rect, Localizer) -> Void
  ) {
    self.id = id
    self.title = title
    self.shortTitle = short ?? title
    self.render = render
  }
}

public enum TabScreens {
  public static let all: [TabScreen] = [
    TabScreen(.feed, title: { $0[.tabFeed] }, render: FeedTabScreen.render),
    TabScreen(.explore, title: { $0[.tabExplore] }, render: ExploreScreen.render),
    TabScreen(.create, title: { $0[.tabCreate] }, render: CreateScreen.render),
    TabScreen(.profile, title: { $0[.tabProfile] }, render: ProfileScreen.render),
    TabScreen(
      .appStoreConnect, title: { $0[.tabAppStoreConnect] }, short: { _ in "ASC" }, render: AppStoreConnectScreen.render),
    TabScreen(.tracker, title: { $0[.tabTracker] }, render: TrackerScreen.render),
  ]

  public static func screen(_ id: TabID) -> TabScreen? { all.first { $0.id == id } }
}

/// The Feed tab's screens: the feed root, the checklist, a credential form or the Spotify step.
enum FeedTabScreen {
  static func render(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    switch state.feed.path.last {
    case nil: FeedScreen.render(state, into: &grid, area, t)
    case .checklist(let checklist): ChecklistScreen.render(state, checklist, into: &grid, area, t)
    case .spotify(let connect): SpotifyScreen.render(state, connect, into: &grid, area, t)
    case .credentialForm(let form): FormScreen.render(state, form, into: &grid, area, t)
    case .concert(let concert): ConcertDetailScreen.render(concert, into: &grid, area, t)
    case .release(let detail): ReleaseDetailScreen.render(detail, into: &grid, area, t)
    }
  }
}
