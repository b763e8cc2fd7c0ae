import VibesCore

/// The Feed tab's screens: the feed root, the checklist, a credential form or the Spotify step.
public enum FeedTabScreen: TabScreen {
  public typealias Feature = FeedTab
  public static func title(_ t: Localizer) -> String { t[.tabFeed] }

  public static func draw(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    switch state.feed.path.last {
    case nil: FeedScreen.render(state, into: &grid, area, t)
    case .checklist(let checklist): ChecklistScreen.render(state, checklist, into: &grid, area, t)
    case .spotify(let connect): SpotifyScreen.render(state, connect, into: &grid, area, t)
    case .credentialForm(let form): FormScreen.render(state, form, into: &grid, area, t)
    case .concert(let concert): ConcertDetailScreen.render(concert, into: &grid, area, t)
    case .release(let detail): ReleaseDetailScreen.render(detail, into: &grid, area, t)
    case .song(let share): SongDetailScreen.render(share, now: state.feed.refresh.now, into: &grid, area, t)
    }
  }
}
