import VibesCore

/// The AppStoreConnect tab as the tab bar and the app's `TabModule` see it.
extension AppStoreConnectScreen: TabScreen {
  public typealias Feature = AppStoreConnectState
  public static func title(_ t: Localizer) -> String { t[.tabAppStoreConnect] }
  public static func shortTitle(_ t: Localizer) -> String { "ASC" }
  public static func draw(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    render(state, into: &grid, area, t)
  }
}
