/// Every tab, in tab-bar order (the number keys follow it). Adding a tab: its module folder, a stored
/// property in `AppState`, one row here, one row in the UI's `TabScreens` and one in the app's effect
/// runners.
public enum TabRegistry {
  public static let tabs: [TabRegistration] = [
    TabRegistration(\AppState.feed),
    TabRegistration(\AppState.explore),
    TabRegistration(\AppState.create),
    TabRegistration(\AppState.profile),
    TabRegistration(\AppState.appStoreConnect),
    TabRegistration(\AppState.tracker),
  ]

  public static var ids: [TabID] { tabs.map(\.id) }

  public static func registration(_ id: TabID) -> TabRegistration? { tabs.first { $0.id == id } }

  public static func number(of id: TabID) -> Int? { tabs.firstIndex { $0.id == id }.map { $0 + 1 } }

  public static func tab(number: Int) -> TabID? {
    tabs.indices.contains(number - 1) ? tabs[number - 1].id : nil
  }
}
