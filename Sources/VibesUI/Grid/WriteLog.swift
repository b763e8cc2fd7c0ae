/// One draw recorded by a Grid whose `writeLog` is on: a text span, a box border piece or a cleared row.
public struct WrittenSpan: Sendable, Hashable {
  /// What drew the cells: text (`write`), a border (`box`) or a blanking (`clear`, an overlay's background).
  public enum Kind: Sendable, Hashable { case text, border, clear }

  public var kind: Kind
  public var row: Int
  public var column: Int
  /// The text the screen asked to draw (before clipping).
  public var text: String
  /// The cells this draw set, from `column` on: one grapheme each, "" right of a wide one.
  public var cells: [String]
  public var style: CellStyle

  public init(kind: Kind, row: Int, column: Int, text: String, cells: [String], style: CellStyle = .plain) {
    self.kind = kind
    self.row = row
    self.column = column
    self.text = text
    self.cells = cells
    self.style = style
  }

  /// True when `write` clipped the text (its last cell is the ellipsis it put there).
  public var isClipped: Bool { kind == .text && cells.last == "…" && !text.hasSuffix("…") }
}

/// A word that shows cut without an ellipsis, or text that was not drawn at all.
public struct WordCut: Sendable, Hashable, CustomStringConvertible {
  /// Why the word is cut.
  public enum Reason: Sendable, Hashable {
    /// A later draw replaced part of the word (the text of that draw).
    case overwritten(by: String)
    /// The text fell outside the grid or into no width at all, so nothing of it shows.
    case notDrawn
    /// The text started left of the grid's first column: the start of the word is missing.
    case offTheEdge
  }

  public var row: Int
  public var column: Int
  /// The whole text of the span the word belongs to.
  public var text: String
  /// The word as it shows now.
  public var shown: String
  public var reason: Reason

  public var description: String {
    switch reason {
    case .overwritten(let by): "row \(row) col \(column): \"\(shown)\" of \"\(text)\" overwritten by \"\(by)\""
    case .notDrawn: "row \(row) col \(column): \"\(text)\" not drawn (outside the grid or no width)"
    case .offTheEdge: "row \(row) col \(column): \"\(shown)\" of \"\(text)\" starts left of the grid"
    }
  }
}

/// What a Grid drew, in order: on only in tests (`Grid.recordsWrites`), nil and free in the app.
public struct WriteLog: Sendable, Hashable {
  public var spans: [WrittenSpan] = []
  /// Cuts found in grids drawn apart and copied in (a scrolled screen's tall canvas).
  public var copiedCuts: [WordCut] = []
  /// The text spans `write` clipped, here and in the grids copied in.
  public var clipped: [WrittenSpan] {
    spans.filter(\.isClipped) + copiedClipped
  }
  /// Clipped spans of grids drawn apart and copied in.
  public var copiedClipped: [WrittenSpan] = []
  public init() {}
}

extension Grid {
  /// Test-only switch: Grids made while this task-local is true record every draw in `writeLog`.
  @TaskLocal public static var recordsWrites = false

  mutating func record(
    _ kind: WrittenSpan.Kind, _ text: String, row: Int, column: Int, cells: [String], style: CellStyle = .plain
  ) {
    writeLog?.spans.append(WrittenSpan(kind: kind, row: row, column: column, text: text, cells: cells, style: style))
  }

  /// The words that show cut without an ellipsis or not at all: a word partly or wholly replaced by a later
  /// text or border (cells blanked by a later `clear` belong to an overlay drawn over it and do not count), a
  /// word starting left of the grid, and text that drew nothing.
  /// Empty when the log is off.
  public func wordCuts() -> [WordCut] {
    guard let log = writeLog else { return [] }
    // Per cell: the last draw, and the last `clear` (an overlay blanks its area before drawing on it).
    var owner = [Int?](repeating: nil, count: width * height)
    var cleared = [Int](repeating: -1, count: width * height)
    for (index, span) in log.spans.enumerated() {
      for offset in span.cells.indices where contains(row: span.row, column: span.column + offset) {
        owner[span.row * width + span.column + offset] = index
        if span.kind == .clear { cleared[span.row * width + span.column + offset] = index }
      }
    }
    var cuts = log.copiedCuts
    for (index, span) in log.spans.enumerated() where span.kind == .text {
      if span.cells.isEmpty {
        if span.text.contains(where: { $0 != " " }) {
          cuts.append(WordCut(row: span.row, column: span.column, text: span.text, shown: "", reason: .notDrawn))
        }
        continue
      }
      var start = 0
      while start < span.cells.count {
        guard span.cells[start] != " " else {
          start += 1
          continue
        }
        var end = start
        while end < span.cells.count, span.cells[end] != " " { end += 1 }
        var kept = 0
        var coveringText: String?
        var shown = ""
        var offGrid = false
        for offset in start..<end {
          let column = span.column + offset
          guard contains(row: span.row, column: column) else {
            offGrid = true
            continue
          }
          let cell = self[span.row, column]
          shown += cell.text
          if owner[span.row * width + column] == index || cell.text == span.cells[offset] {
            kept += 1
          } else if let other = owner[span.row * width + column], cleared[span.row * width + column] < index {
            coveringText = coveringText ?? log.spans[other].text
          }
        }
        if let coveringText {
          cuts.append(
            WordCut(
              row: span.row, column: span.column + start, text: span.text, shown: shown,
              reason: .overwritten(by: coveringText)))
        } else if offGrid, !shown.isEmpty {
          cuts.append(
            WordCut(row: span.row, column: span.column + start, text: span.text, shown: shown, reason: .offTheEdge))
        }
        start = end
      }
    }
    return cuts
  }
}
