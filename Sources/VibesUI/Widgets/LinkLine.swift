import VibesCore

/// A URL drawn in full (also announced as an OSC 8 hyperlink) and the keys that open or copy it.
enum LinkLine {
  /// Draws `label URL` (the URL on lines of its own when both do not fit, never cut) and the keys
  /// below; returns the row after them.
  @discardableResult
  static func render(
    url: String, keys: String, label: String? = nil, into grid: inout Grid, row: Int, area: Rect, _ t: Localizer
  ) -> Int {
    let label = label ?? t[.linkLabel]
    let labelWidth = grid.write(label, row: row, column: 2, style: Theme.hint)
    var next = row
    if fitsBesideLabel(url: url, labelWidth: labelWidth, area: area) {
      grid.link(url, row: row, column: 3 + labelWidth, style: Theme.link)
    } else {
      next += grid.wrappedLink(
        url, row: next + 1, column: 2, width: area.width - 2, limit: grid.height, style: Theme.link)
    }
    next += 1
    grid.write(keys, row: next, column: 2, style: Theme.hint, maxWidth: area.width - 4)
    return next + 1
  }

  /// The rows `render` uses: 2, or more when the URL needs lines of its own.
  static func height(url: String, label: String, area: Rect) -> Int {
    if fitsBesideLabel(url: url, labelWidth: DisplayWidth.of(label), area: area) { return 2 }
    let width = max(1, area.width - 2)
    return 2 + (url.count + width - 1) / width
  }

  static func fitsBesideLabel(url: String, labelWidth: Int, area: Rect) -> Bool {
    3 + labelWidth + DisplayWidth.of(url) <= area.right - 1
  }
}
