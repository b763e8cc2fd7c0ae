import VibesCore

/// Draws a screen into the content area, scrolled when it is taller than the terminal: the screen is
/// drawn into a taller canvas, and the rows shown follow the user's scroll position or else keep the
/// focused field (the cursor) and any message the screen marked in view.
enum ScrollView {
  /// How many rows a screen may use beyond the terminal's.
  static let canvasRows = 200

  static func render(
    into grid: inout Grid, _ area: Rect, scroll: ScrollPosition, _ draw: (inout Grid, Rect) -> Void
  ) -> ViewportMetrics {
    // Most screens fit: draw at twice the terminal's height first (the screen sees the terminal's height as
    // visible), and only when something lands on the last visible row or below it (the screen goes on below,
    // perhaps after a blank row) draw again into a tall canvas to measure and scroll.
    var fitted = Grid(width: grid.width, height: area.height * 2)
    draw(
      &fitted,
      Rect(row: 0, column: area.column, width: area.width, height: fitted.height, visibleHeight: area.height))
    if fitted.usedRows < area.height, !fitted.drewPastBottom {
      grid.blit(fitted, rows: 0..<area.height, to: area.row)
      grid.focusRow = fitted.focusRow.map { $0 + area.row }
      return ViewportMetrics(contentHeight: fitted.usedRows, viewportHeight: area.height, offset: 0)
    }
    var canvas = Grid(width: grid.width, height: max(area.height, canvasRows))
    draw(
      &canvas, Rect(row: 0, column: area.column, width: area.width, height: canvas.height, visibleHeight: area.height))
    let contentHeight = canvas.usedRows
    guard contentHeight > area.height else {
      grid.blit(fitted, rows: 0..<area.height, to: area.row)
      return ViewportMetrics(contentHeight: contentHeight, viewportHeight: area.height, offset: 0)
    }
    let maxOffset = contentHeight - area.height
    var offset: Int
    if let chosen = scroll.offset {
      offset = chosen
    } else {
      offset = 0
      if let attention = canvas.attentionRow, attention >= area.height { offset = attention - area.height + 1 }
      if let focus = canvas.cursor?.row ?? canvas.focusRow {
        if focus < offset { offset = focus }
        if focus >= offset + area.height { offset = focus - area.height + 1 }
      }
    }
    offset = max(0, min(offset, maxOffset))
    grid.blit(canvas, rows: offset..<(offset + area.height), to: area.row)
    return ViewportMetrics(contentHeight: contentHeight, viewportHeight: area.height, offset: offset)
  }
}

extension Grid {
  /// True when `row` holds anything (text or a styled blank).
  func usesRow(_ row: Int) -> Bool {
    guard row >= 0, row < height else { return false }
    for column in 0..<width where self[row, column] != .blank { return true }
    return false
  }

  /// Rows up to the last one holding anything (text or a styled blank).
  var usedRows: Int {
    // Rows no write reached are blank as made: start below the last one written.
    var row = min(height, rowsWritten) - 1
    while row >= 0 {
      for column in 0..<width where self[row, column] != .blank { return row + 1 }
      row -= 1
    }
    return 0
  }

  /// Copies `rows` of `source` to this grid starting at `top`, with the cursor and links that fall inside.
  mutating func blit(_ source: Grid, rows: Range<Int>, to top: Int) {
    if writeLog != nil {
      writeLog?.copiedCuts += source.wordCuts()
      writeLog?.copiedClipped += source.writeLog?.clipped ?? []
    }
    for (index, row) in rows.enumerated() where row < source.height && top + index < height {
      for column in 0..<min(width, source.width) { self[top + index, column] = source[row, column] }
    }
    if let cursor = source.cursor, rows.contains(cursor.row) {
      self.cursor = GridPosition(row: cursor.row - rows.lowerBound + top, column: cursor.column)
    }
    for link in source.links where rows.contains(link.position.row) {
      var moved = link
      moved.position.row = link.position.row - rows.lowerBound + top
      links.append(moved)
    }
    blitImages(source, rows: rows, to: top)
  }
}
