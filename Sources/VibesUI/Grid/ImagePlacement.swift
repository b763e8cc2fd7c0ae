import VibesCore

/// "The picture at `key` goes here": a box of blank cells a screen reserved, and the picture once it is loaded
/// (`AppView` fills `image` from `ArtworkState`). The presenter draws it after the text, with the terminal's image
/// protocol or half-blocks; the cells stay blank in the grid, so the text is the same with or without pictures.
public struct ImagePlacement: Sendable, Hashable {
  public var row: Int
  public var column: Int
  public var columns: Int
  public var rows: Int
  /// The picture's address (an https URL).
  public var key: String
  public var image: ArtworkBitmap?

  public init(row: Int, column: Int, columns: Int, rows: Int, key: String, image: ArtworkBitmap? = nil) {
    self.row = row
    self.column = column
    self.columns = columns
    self.rows = rows
    self.key = key
    self.image = image
  }

  public var cellRows: Range<Int> { row..<(row + rows) }
  public var cellColumns: Range<Int> { column..<(column + columns) }

  /// Same box and key (the picture may have arrived since).
  public func sameBox(as other: ImagePlacement) -> Bool {
    row == other.row && column == other.column && columns == other.columns && rows == other.rows
      && key == other.key
  }
}

extension Grid {
  /// Reserves `rect` for the picture at `key`: the cells are blanked and the placement recorded when the whole box
  /// lies inside the grid (else nothing is recorded; the cells are still blanked).
  public mutating func placeImage(_ key: String, in rect: Rect) {
    guard rect.width > 0, rect.height > 0 else { return }
    for row in rect.row..<rect.bottom where row >= 0 && row < height {
      for column in rect.column..<rect.right where column >= 0 && column < width { self[row, column] = .blank }
    }
    guard rect.row >= 0, rect.column >= 0, rect.bottom <= height, rect.right <= width else { return }
    images.append(ImagePlacement(row: rect.row, column: rect.column, columns: rect.width, rows: rect.height, key: key))
  }

  /// True when every cell of the placement's box is still blank (nothing was drawn over it, such as the help).
  public func isUncovered(_ placement: ImagePlacement) -> Bool {
    guard placement.row >= 0, placement.column >= 0, placement.row + placement.rows <= height,
      placement.column + placement.columns <= width
    else { return false }
    for row in placement.cellRows {
      for column in placement.cellColumns where self[row, column] != .blank { return false }
    }
    return true
  }

  /// Moves the placements wholly inside `rows` of `source` to this grid at `top` (a box cut by scrolling is left
  /// out: its cells stay blank).
  mutating func blitImages(_ source: Grid, rows: Range<Int>, to top: Int) {
    for placement in source.images
    where placement.row >= rows.lowerBound && placement.row + placement.rows <= rows.upperBound {
      var moved = placement
      moved.row = placement.row - rows.lowerBound + top
      if moved.row + moved.rows <= height { images.append(moved) }
    }
  }

  /// The placements with their pictures from `artwork` (those not loaded have none), keeping only those whose box
  /// is still uncovered.
  public mutating func resolveImages(_ artwork: ArtworkState) {
    images = images.filter(isUncovered).map { placement in
      var resolved = placement
      resolved.image = artwork.bitmap(placement.key)
      return resolved
    }
  }
}
