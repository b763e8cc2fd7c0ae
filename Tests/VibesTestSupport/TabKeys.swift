import VibesApp
import VibesCore

extension TabID {
  /// The number key that selects this tab (from the registry, so tests survive a new tab).
  public var key: String { String(AppTabs.list.number(of: self) ?? 0) }
}

extension Key {
  /// The number key that selects `tab` outside a text field.
  public static func tabKey(_ tab: TabID) -> Key { .character(Character(tab.key)) }
}
