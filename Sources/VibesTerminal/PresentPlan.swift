import VibesUI

/// What one `present` must do, decided from the previous and the next grid alone (pure, tested).
struct PresentPlan: Equatable, Sendable {
  /// Nothing is known about the screen (first present, resize, size change): erase and draw every cell.
  var repaintAll: Bool
  /// Cells to hand to ncurses, row-major; continuation cells never appear (their wide lead is drawn instead).
  var cells: [GridPosition]
  /// Previously announced links that are gone: their span is re-written as plain text to drop the hyperlink.
  var unlink: [Hyperlink]
  /// Links to announce (again) over the drawn text.
  var link: [Hyperlink]
  /// Overlay cells to write (again) over the drawn screen: graphemes ncurses would measure differently from
  /// the grid (emoji with VS16, ZWJ sequences). ncurses holds blanks there, so its picture stays aligned.
  var overlays: [GridPosition]

  /// - Parameters:
  ///   - previous: the grid last presented, or nil when the screen must be fully repainted.
  ///   - announced: the links announced by the last present.
  ///   - needsOverlay: whether a grapheme of the given grid width must be written as an overlay.
  static func make(
    previous: Grid?, announced: [Hyperlink], next: Grid,
    needsOverlay: (_ text: String, _ width: Int) -> Bool = { _, _ in false }
  ) -> PresentPlan {
    func overlays(onRows rows: (Int) -> Bool) -> [GridPosition] {
      var result: [GridPosition] = []
      for row in 0..<next.height where rows(row) {
        for column in 0..<next.width where !next[row, column].isContinuation {
          // Printable ASCII never needs one: skip making its text.
          if next[row, column].isPrintableASCII { continue }
          if needsOverlay(next[row, column].text, cellWidth(next, row: row, column: column)) {
            result.append(GridPosition(row: row, column: column))
          }
        }
      }
      return result
    }

    guard let previous, previous.width == next.width, previous.height == next.height else {
      var cells: [GridPosition] = []
      cells.reserveCapacity(next.width * next.height)
      for row in 0..<next.height {
        for column in 0..<next.width where !next[row, column].isContinuation {
          cells.append(GridPosition(row: row, column: column))
        }
      }
      let unlink = previous == nil ? [] : announced.filter { !next.links.contains($0) }
      return PresentPlan(
        repaintAll: true, cells: cells, unlink: unlink, link: next.links,
        overlays: overlays { _ in true })
    }

    var cells: [GridPosition] = []
    // Rows with a changed cell, by row (a flag per row: a set hashed every changed cell).
    var touched = [Bool](repeating: false, count: next.height)
    let width = next.width
    previous.cells.withUnsafeBufferPointer { old in
      next.cells.withUnsafeBufferPointer { new in
        for row in 0..<next.height {
          let start = row * width
          for column in 0..<width where old[start + column] != new[start + column] {
            touched[row] = true
            if !new[start + column].isContinuation {
              cells.append(GridPosition(row: row, column: column))
            } else if column > 0, cells.last != GridPosition(row: row, column: column - 1) {
              // A changed continuation under an unchanged lead: draw the lead again.
              cells.append(GridPosition(row: row, column: column - 1))
            }
          }
        }
      }
    }
    func isTouched(_ row: Int) -> Bool { row >= 0 && row < touched.count && touched[row] }
    // ncurses may re-send unchanged characters of a row it updates (moving right by overwriting is cheaper than
    // a cursor move), and that re-send drops an OSC 8 link or an overlay: those on touched rows and cursor rows
    // are written again.
    if previous.cursor != next.cursor {
      for cursor in [previous.cursor, next.cursor].compactMap({ $0 }) where cursor.row >= 0 && cursor.row < next.height
      {
        touched[cursor.row] = true
      }
    }
    let unlink = announced.filter { !next.links.contains($0) }
    let link = next.links.filter { link in
      !unlink.isEmpty || !announced.contains(link) || isTouched(link.position.row)
    }
    let unlinkedRows = Set(unlink.map(\.position.row))
    return PresentPlan(
      repaintAll: false, cells: cells, unlink: unlink, link: link,
      overlays: overlays { isTouched($0) || unlinkedRows.contains($0) })
  }

  /// 2 when the next cell is the grapheme's continuation, else 1.
  static func cellWidth(_ grid: Grid, row: Int, column: Int) -> Int {
    column + 1 < grid.width && grid[row, column + 1].isContinuation ? 2 : 1
  }
}
