import VibesCore

/// The one list widget: every list, picker and menu (Feed cards, checklist, Explore results, library and detail rows,
/// Create pickers and preview, Profile rows, App Store Connect apps, Tracker actions, city suggestions, form rows)
/// draws its focus through it, so the focus marker "›", the focus style and the scrolling are the same everywhere.
///
/// A row's own content (columns, counts, states) is the caller's: `render` hands each visible row to a closure with
/// the style its main text takes. The widget draws the marker (a blank on the other rows), paints the focus bar on
/// lists that use one, records the focused row in `Grid.focusRow` so the `ScrollView` keeps it in view (PgUp/PgDn
/// still move by the viewport metrics it reports), and for a list that scrolls itself (`ListState.scrollTop`) draws
/// only the rows of its window. Lists whose rows stand between headings (grouped results, Profile sections) mark
/// each row with `mark` as they draw it.
enum ListView {
  /// The one focus marker.
  static let marker = "›"

  /// How the focused row stands out.
  enum Look: Sendable {
    /// The marker beside the row in the focus-border colour; the row's main text takes the focus style.
    case marker
    /// The row painted in the focus style over `Row.bar`'s columns, the marker inside it (Feed cards, checklist,
    /// the App Store Connect apps table).
    case bar
  }

  /// One row as the list hands it to the caller to draw.
  struct Row: Sendable {
    /// The item's index in the whole list.
    let index: Int
    /// The grid row it is drawn on.
    let row: Int
    let selected: Bool

    /// The style of the row's main text: the focus style on the focused row, `normal` on the others.
    func style(_ normal: CellStyle = .plain) -> CellStyle { selected ? Theme.selected : normal }
  }

  /// Draws the rows `first..<first + limit` of a list of `count` items from grid row `top`, one row each: the marker
  /// at `markerColumn` (for `.bar`, the row painted from there over `barWidth` columns first), then `draw` for the
  /// row's content. `selected` nil marks no row (the focus is elsewhere, e.g. in a search field). Returns the row
  /// below the last one drawn.
  @discardableResult
  static func render(
    count: Int, selected: Int?, first: Int = 0, limit: Int? = nil, top: Int, markerColumn: Int, look: Look = .marker,
    barWidth: Int = 0, into grid: inout Grid, _ draw: (inout Grid, Row) -> Void
  ) -> Int {
    let start = max(0, first)
    let end = min(count, limit.map { start + max(0, $0) } ?? count)
    var row = top
    for index in start..<max(start, end) {
      let item = Row(index: index, row: row, selected: index == selected)
      let bar = look == .bar ? Rect(row: row, column: markerColumn, width: barWidth, height: 1) : nil
      mark(item.selected, row: row, column: markerColumn, bar: bar, into: &grid)
      draw(&grid, item)
      row += 1
    }
    return row
  }

  /// Marks one row: on a `bar` (the `.bar` look) the focused row is painted in the focus style and the marker takes
  /// it; otherwise the marker stands in the focus-border colour. The other rows get a blank in its place. The
  /// focused row is recorded so a scrolled screen keeps it in view.
  static func mark(_ selected: Bool, row: Int, column: Int, bar: Rect? = nil, into grid: inout Grid) {
    let style: CellStyle
    if let bar {
      if selected { grid.paint(bar, style: Theme.selected) }
      style = selected ? Theme.selected : .plain
    } else {
      style = Theme.focusedBorder
    }
    grid.write(selected ? marker : " ", row: row, column: column, style: style)
    if selected { grid.focusRow = row }
  }

  /// A list of one-line labels (city suggestions, library kinds, playlists to pick): the marker at `markerColumn`,
  /// each label at `column`, cut to `width` columns by display width (a wide character never split), in the focus
  /// style on the focused row and `normal` on the others.
  @discardableResult
  static func render(
    labels: [String], selected: Int?, first: Int = 0, limit: Int? = nil, top: Int, markerColumn: Int, column: Int,
    width: Int, normal: CellStyle = .plain, into grid: inout Grid
  ) -> Int {
    render(
      count: labels.count, selected: selected, first: first, limit: limit, top: top, markerColumn: markerColumn,
      into: &grid
    ) { grid, row in
      grid.write(labels[row.index], row: row.row, column: column, style: row.style(normal), maxWidth: width)
    }
  }
}
