/// Every tab, in tab-bar order (the number keys follow it). The app builds it once from its `TabModule`s
/// (Sources/VibesApp/AppTabs.swift) and hands it to `AppState`; the core only reads it, so the core never
/// names a tab and a tab's pieces cannot drift apart.
public struct TabList: Sendable, Hashable {
  public let tabs: [TabRegistration]
  public let ids: [TabID]
  /// The tabs of the tab bar, in order (areas such as People are left out: they have no number key).
  public let tabBarIDs: [TabID]
  /// The global keys for this tab bar, built once (the reducer and the footer read them on every key).
  let globalKeys: GlobalKeyTable

  public init(_ tabs: [TabRegistration]) {
    self.tabs = tabs
    self.ids = tabs.map { $0.id }
    self.tabBarIDs = tabs.filter { $0.home == nil }.map { $0.id }
    self.globalKeys = GlobalKeyTable(tabBarIDs: tabBarIDs)
  }

  /// The tab the tab bar shows as selected while `id` shows (an area's home).
  public func tabBarTab(for id: TabID) -> TabID { registration(id)?.home ?? id }

  public func registration(_ id: TabID) -> TabRegistration? { tabs.first { $0.id == id } }

  public func contains(_ id: TabID) -> Bool { registration(id) != nil }

  /// The 1-based number shown in the tab bar and used by the number keys.
  public func number(of id: TabID) -> Int? { tabBarIDs.firstIndex(of: id).map { $0 + 1 } }

  public func tab(number: Int) -> TabID? {
    let ids = tabBarIDs
    return ids.indices.contains(number - 1) ? ids[number - 1] : nil
  }

  /// True when any tab wants the runtime's clock.
  public var wantsClock: Bool { tabs.contains { $0.wantsClock } }

  // The list is fixed for a run: two lists are the same when they hold the same tabs in the same order.
  public static func == (lhs: TabList, rhs: TabList) -> Bool { lhs.ids == rhs.ids }
  public func hash(into hasher: inout Hasher) { hasher.combine(ids) }
}
