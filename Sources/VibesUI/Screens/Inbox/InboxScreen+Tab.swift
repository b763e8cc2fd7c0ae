import VibesCore

/// The Inbox area as the app's `TabModule` sees it.
extension InboxScreen: TabScreen {
  public typealias Feature = InboxFeature
  public static func title(_ t: Localizer) -> String { t[.inboxTitle] }
  public static func draw(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    render(state, into: &grid, area, t)
  }
}
