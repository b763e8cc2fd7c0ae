import VibesCore

/// The People area as the app's `TabModule` sees it (an area: no place in the tab bar, Profile shows selected).
extension PeopleScreen: TabScreen {
  public typealias Feature = PeopleFeature
  public static func title(_ t: Localizer) -> String { t[.peopleTitle] }
  public static func draw(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    render(state, into: &grid, area, t)
  }
}
