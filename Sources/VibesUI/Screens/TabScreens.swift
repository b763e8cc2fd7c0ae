import VibesCore

/// A tab's screens: its title in the tab bar and the drawing of whatever its stack shows. Each tab's screen type
/// conforms (below, one extension per tab); the app's `TabModule` names it, so a tab without one does not compile.
public protocol TabScreen: SendableMetatype {
  associatedtype Feature: TabFeature
  static func title(_ t: Localizer) -> String
  /// A short title for a narrow tab bar (defaults to the title).
  static func shortTitle(_ t: Localizer) -> String
  /// Draws the tab's top screen into `area`.
  static func draw(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer)
}

extension TabScreen {
  public static func shortTitle(_ t: Localizer) -> String { title(t) }
}

/// A tab's screen as the registration carries it (the `TabPart` the UI reads).
public struct TabScreenPart: TabPart {
  public let title: @Sendable (Localizer) -> String
  public let shortTitle: @Sendable (Localizer) -> String
  public let render: @Sendable (AppState, inout Grid, Rect, Localizer) -> Void

  public init<Screen: TabScreen>(_ screen: Screen.Type) {
    title = { Screen.title($0) }
    shortTitle = { Screen.shortTitle($0) }
    render = { Screen.draw($0, into: &$1, $2, $3) }
  }
}

extension TabList {
  /// Each tab-bar tab's screen, in tab-bar order, with its id (areas have no place in the tab bar).
  public var screens: [(id: TabID, screen: TabScreenPart)] {
    tabs.filter { $0.home == nil }.compactMap { registration in
      registration.part(TabScreenPart.self).map { (registration.id, $0) }
    }
  }
}
