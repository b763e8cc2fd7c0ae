import VibesCore

/// The song menu area as the app's `TabModule` sees it: the one `SongMenuView`.
public enum SongMenuScreen: TabScreen {
  public typealias Feature = SongMenuFeature
  public static func title(_ t: Localizer) -> String { t[.songMenuTitle] }
  public static func draw(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    SongMenuView.render(state.songMenu, into: &grid, area, t)
  }
}
