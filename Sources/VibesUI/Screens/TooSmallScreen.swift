import VibesCore

/// Shown instead of a squeezed layout when the terminal is below the minimum size.
enum TooSmallScreen {
  static func render(into grid: inout Grid, size: ScreenSize, _ t: Localizer) {
    let message = t.format(
      .tooSmall,
      [
        "width": "\(ScreenLayout.minimumWidth)", "height": "\(ScreenLayout.minimumHeight)",
        "currentWidth": "\(size.width)", "currentHeight": "\(size.height)",
      ])
    let lines = WordWrap.lines(message, width: max(1, grid.width - 2))
    let top = max(0, (grid.height - lines.count) / 2)
    for (offset, line) in lines.enumerated() {
      let column = max(0, (grid.width - DisplayWidth.of(line)) / 2)
      grid.write(line, row: top + offset, column: column, style: Theme.warning)
    }
  }
}
