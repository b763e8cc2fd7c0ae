import VibesCore

/// The App Store Connect tab until its flow lands: an honest note, not a fake screen.
enum PlaceholderTabScreen {
  static func render(into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    grid.write(t[.tabNotAvailableTitle], row: area.row + 1, column: 2, style: Theme.title)
    for (offset, line) in WordWrap.lines(t[.tabNotAvailableBody], width: area.width - 4).enumerated() {
      grid.write(line, row: area.row + 3 + offset, column: 2)
    }
  }
}
