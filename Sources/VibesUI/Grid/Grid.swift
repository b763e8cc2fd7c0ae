import VibesCore

/// One terminal cell. `text` is one grapheme of display width 1 or 2; the cell right of a wide
/// grapheme holds `""` (a continuation) and is never drawn by itself. Held as plain bytes (`CellText`), so grids
/// are made, compared and freed without reference counting.
public struct Cell: Sendable, Hashable {
  var glyph: CellText
  public var style: CellStyle

  public var text: String {
    get { glyph.string }
    set { glyph = CellText(newValue) }
  }

  public init(_ text: String = " ", style: CellStyle = .plain) {
    self.glyph = CellText(text)
    self.style = style
  }

  init(_ glyph: CellText, style: CellStyle) {
    self.glyph = glyph
    self.style = style
  }

  public static let blank = Cell()
  public var isContinuation: Bool { glyph.isEmpty }
  /// One printable ASCII character, which every terminal draws as the grid does (no overlay needed).
  public var isPrintableASCII: Bool { glyph.isPrintableASCII }
}

public struct GridPosition: Sendable, Hashable {
  public var row: Int
  public var column: Int
  public init(row: Int, column: Int) {
    self.row = row
    self.column = column
  }
}

/// A run of cells whose text is a URL to announce as an OSC 8 hyperlink on top of the drawn text.
public struct Hyperlink: Sendable, Hashable {
  public var position: GridPosition
  public var width: Int
  public var url: String
  public init(position: GridPosition, width: Int, url: String) {
    self.position = position
    self.width = width
    self.url = url
  }
}

/// The whole screen as a plain value: what every screen renders into and what the terminal presents.
/// Tests compare it as text (`lines`) and inspect styles of spans.
public struct Grid: Sendable, Hashable {
  public let width: Int
  public let height: Int
  public private(set) var cells: [Cell]
  /// Where the terminal cursor should blink (a focused text field), or nil to hide it.
  public var cursor: GridPosition?
  public var links: [Hyperlink] = []
  /// Pictures to draw over reserved blank boxes after the text (`ImagePlacement`); the text is the same without them.
  public var images: [ImagePlacement] = []
  /// The row of the focused element when it is not a text field (a button, a list row), so a scrolled
  /// screen keeps it in view.
  public var focusRow: Int?
  /// The row of a message that must be seen (a new error), kept in view when nothing else is focused.
  public var attentionRow: Int?
  /// The content viewport as drawn (set by the app view; the runtime records it for PgUp/PgDn).
  public var viewport: ViewportMetrics?
  /// True once a write fell below the last row: the screen wanted more rows than the grid has.
  public internal(set) var drewPastBottom = false
  /// Every draw in order, for layout tests; nil (and free) unless made while `Grid.recordsWrites` is on.
  public var writeLog: WriteLog?
  /// Rows from the top that any write reached (every row below holds blank cells as made), so `usedRows`
  /// looks only there. Not part of the grid's value: `==` and `hash` leave it out.
  private(set) var rowsWritten = 0

  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    self.cells = Array(repeating: .blank, count: self.width * self.height)
    if Self.recordsWrites { writeLog = WriteLog() }
  }

  public subscript(row: Int, column: Int) -> Cell {
    get { cells[row * width + column] }
    set {
      cells[row * width + column] = newValue
      if row >= rowsWritten { rowsWritten = row + 1 }
    }
  }

  public static func == (lhs: Grid, rhs: Grid) -> Bool {
    lhs.width == rhs.width && lhs.height == rhs.height && lhs.cursor == rhs.cursor && lhs.focusRow == rhs.focusRow
      && lhs.attentionRow == rhs.attentionRow && lhs.viewport == rhs.viewport
      && lhs.drewPastBottom == rhs.drewPastBottom && lhs.links == rhs.links && lhs.images == rhs.images
      && lhs.writeLog == rhs.writeLog && lhs.cells == rhs.cells
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(width)
    hasher.combine(height)
    hasher.combine(cells)
    hasher.combine(cursor)
    hasher.combine(links)
    hasher.combine(images)
    hasher.combine(focusRow)
    hasher.combine(attentionRow)
    hasher.combine(viewport)
    hasher.combine(drewPastBottom)
    hasher.combine(writeLog)
  }

  public func contains(row: Int, column: Int) -> Bool {
    row >= 0 && row < height && column >= 0 && column < width
  }

  /// The rows as plain strings, continuations skipped, trailing spaces trimmed.
  public var lines: [String] {
    (0..<height).map { row in
      var line = ""
      for column in 0..<width {
        let cell = self[row, column]
        if !cell.isContinuation { line += cell.text }
      }
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }
  }

  public var text: String { lines.joined(separator: "\n") }
}
