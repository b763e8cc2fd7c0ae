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
    return next + writeKeys(keys, into: &grid, row: next, area: area)
  }

  /// Draws a "k does · k does" line, wrapped between its entries where it does not fit (never cut mid-word, as a
  /// narrow German screen would); returns the rows used.
  @discardableResult
  static func writeKeys(_ keys: String, into grid: inout Grid, row: Int, area: Rect) -> Int {
    let lines = keyLines(keys, width: area.width - 4)
    for (index, line) in lines.enumerated() {
      grid.write(line, row: row + index, column: 2, style: Theme.hint, maxWidth: area.width - 4)
    }
    return lines.count
  }

  /// `keys` packed into lines of at most `width` columns, breaking only between " · " entries.
  static func keyLines(_ keys: String, width: Int) -> [String] {
    // The usual case, on every frame that shows a link: the whole line fits, and packing its entries again would
    // give back the same string (widths add up across the " · " joins).
    if DisplayWidth.of(keys) <= width { return [keys] }
    var lines: [String] = []
    for entry in keys.components(separatedBy: " · ") {
      if let last = lines.last, DisplayWidth.of(last) + 3 + DisplayWidth.of(entry) <= width {
        lines[lines.count - 1] = last + " · " + entry
      } else {
        lines.append(entry)
      }
    }
    return lines.isEmpty ? [""] : lines
  }

  static func fitsBesideLabel(url: String, labelWidth: Int, area: Rect) -> Bool {
    3 + labelWidth + DisplayWidth.of(url) <= area.right - 1
  }
}
