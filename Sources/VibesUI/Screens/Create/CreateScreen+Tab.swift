import VibesCore

/// The Create tab as the tab bar and the app's `TabModule` see it.
extension CreateScreen: TabScreen {
  public typealias Feature = CreateState
  public static func title(_ t: Localizer) -> String { t[.tabCreate] }
  public static func draw(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    render(state, into: &grid, area, t)
  }
}
