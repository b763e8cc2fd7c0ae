import VibesCore

/// The Tracker tab as the tab bar and the app's `TabModule` see it.
extension TrackerScreen: TabScreen {
  public typealias Feature = TrackerState
  public static func title(_ t: Localizer) -> String { t[.tabTracker] }
  public static func draw(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    render(state, into: &grid, area, t)
  }
}
