import VibesCore

/// A URL drawn in full (also announced as an OSC 8 hyperlink) and the keys that open or copy it.
enum LinkLine {
  @discardableResult
  static func render(url: String, keys: String, into grid: inout Grid, row: Int, area: Rect, _ t: Localizer)
    -> Int
  {
    let label = t[.linkLabel]
    let labelWidth = grid.write(label, row: row, column: 2, style: Theme.hint)
    let urlColumn = 3 + labelWidth
    var next = row
    if urlColumn + DisplayWidth.of(url) <= area.right - 1 {
      grid.link(url, row: row, column: urlColumn, style: Theme.link)
    } else {
      // Too narrow for label and URL on one line: the URL gets a line of its own, never cut.
      next += 1
      grid.link(url, row: next, column: 2, style: Theme.link, maxWidth: area.width - 2)
    }
    next += 1
    grid.write(keys, row: next, column: 2, style: Theme.hint, maxWidth: area.width - 4)
    return next + 1
  }
}
