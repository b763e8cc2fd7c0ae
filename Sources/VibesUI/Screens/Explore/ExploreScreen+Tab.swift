import VibesCore

/// The Explore tab as the tab bar and the app's `TabModule` see it.
extension ExploreScreen: TabScreen {
  public typealias Feature = ExploreState
  public static func title(_ t: Localizer) -> String { t[.tabExplore] }
  public static func draw(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    render(state, into: &grid, area, t)
  }
}
