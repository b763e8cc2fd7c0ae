import VibesCore

/// The Tracker tab's screens. Until its flow lands it shows the honest placeholder.
enum TrackerScreen {
  static func render(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    PlaceholderTabScreen.render(into: &grid, area, t)
  }

  static func footer(_ state: AppState, _ t: Localizer) -> String { t[.footerPlaceholderTab] }

  /// Key help for the overlay, screen-specific entries first.
  static func helpEntries(_ state: AppState, _ t: Localizer) -> [(String, String)] { [] }
}
