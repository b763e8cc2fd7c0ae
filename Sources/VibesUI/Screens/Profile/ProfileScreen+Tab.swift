import VibesCore

/// The Profile tab as the tab bar and the app's `TabModule` see it.
extension ProfileScreen: TabScreen {
  public typealias Feature = ProfileState
  public static func title(_ t: Localizer) -> String { t[.tabProfile] }
  public static func draw(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    render(state, into: &grid, area, t)
  }
}
