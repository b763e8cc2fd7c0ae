/// A rectangle of a Grid to draw into; coordinates are relative and clipped to the rectangle.
public struct Rect: Sendable, Hashable {
  public var row: Int
  public var column: Int
  public var width: Int
  public var height: Int
  /// The rows the terminal shows of this area. A screen taller than the terminal is drawn into a taller
  /// area and scrolled; screens that adapt to the terminal (compact layouts) decide by this.
  public var visibleHeight: Int
  public init(row: Int, column: Int, width: Int, height: Int, visibleHeight: Int? = nil) {
    self.row = row
    self.column = column
    self.width = max(0, width)
    self.height = max(0, height)
    self.visibleHeight = max(0, min(visibleHeight ?? height, height))
  }
  public var bottom: Int { row + height }
  public var right: Int { column + width }
}

extension Grid {
  /// Writes `text` at (row, column), clipped to `maxWidth` columns (an ellipsis marks a cut).
  /// Returns the number of columns used. Text is drawn as given: sanitise untrusted text first.
  @discardableResult
  public mutating func write(
    _ text: String, row: Int, column: Int, style: CellStyle = .plain, maxWidth: Int? = nil
  ) -> Int {
    draw(text, row: row, column: column, style: style, maxWidth: maxWidth, kind: .text)
  }

  /// `write`, recorded in the write log (when on) as `kind`.
  mutating func draw(
    _ text: String, row: Int, column: Int, style: CellStyle, maxWidth: Int?, kind: WrittenSpan.Kind
  ) -> Int {
    var drawn: [String]? = writeLog == nil ? nil : []
    defer { if let drawn { record(kind, text, row: row, column: column, cells: drawn, style: style) } }
    if row >= height, !text.isEmpty { drewPastBottom = true }
    guard row >= 0, row < height, column < width else { return 0 }
    let limit = min(maxWidth ?? (width - column), width - column)
    guard limit > 0 else { return 0 }
    var used = 0
    /// Places one grapheme; false when the text stops here (cut, with "…" when it was too long).
    func place(_ grapheme: CellText, _ cellWidth: Int, total: Int) -> Bool {
      let reserve = total > limit ? 1 : 0
      if used + cellWidth > limit - reserve {
        if reserve == 1, used < limit {
          self[row, column + used] = Cell(Self.ellipsis, style: style)
          drawn?.append("…")
          used += 1
        }
        return false
      }
      let target = column + used
      if target >= 0 {
        self[row, target] = Cell(grapheme, style: style)
        if cellWidth == 2, target + 1 < width { self[row, target + 1] = Cell(CellText.empty, style: style) }
      }
      drawn?.append(grapheme.string)
      if cellWidth == 2 { drawn?.append("") }
      used += cellWidth
      return true
    }
    if let total = DisplayWidth.simpleWidth(text) {
      // Every scalar is a grapheme of its own (the common case): no grapheme breaking, no property look-ups.
      for scalar in text.unicodeScalars {
        guard place(CellText(scalar), DisplayWidth.simpleWidth(scalar) ?? 1, total: total) else { break }
      }
      return used
    }
    let total = DisplayWidth.of(text)
    for character in text {
      let cellWidth = DisplayWidth.of(character)
      if cellWidth == 0 { continue }
      guard place(CellText(String(character)), cellWidth, total: total) else { break }
    }
    return used
  }

  private static let ellipsis = CellText("…")

  /// Paints `style` over a rectangle, keeping the text.
  public mutating func paint(_ rect: Rect, style: CellStyle) {
    for row in rect.row..<min(rect.bottom, height) where row >= 0 {
      for column in rect.column..<min(rect.right, width) where column >= 0 {
        self[row, column].style = style
      }
    }
  }

  /// Blanks a rectangle.
  public mutating func clear(_ rect: Rect, style: CellStyle = .plain) {
    for row in rect.row..<min(rect.bottom, height) where row >= 0 {
      for column in rect.column..<min(rect.right, width) where column >= 0 {
        self[row, column] = Cell(" ", style: style)
      }
    }
    guard writeLog != nil else { return }
    for row in rect.row..<rect.bottom {
      record(.clear, "", row: row, column: rect.column, cells: Array(repeating: " ", count: rect.width))
    }
  }

  /// A rounded box border around `rect`.
  public mutating func box(_ rect: Rect, style: CellStyle) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    let horizontal = String(repeating: "─", count: rect.width - 2)
    func border(_ text: String, _ row: Int, _ column: Int) {
      _ = draw(text, row: row, column: column, style: style, maxWidth: nil, kind: .border)
    }
    border("╭" + horizontal + "╮", rect.row, rect.column)
    border("╰" + horizontal + "╯", rect.bottom - 1, rect.column)
    for row in (rect.row + 1)..<(rect.bottom - 1) {
      border("│", row, rect.column)
      border("│", row, rect.right - 1)
    }
  }

  /// Writes text and records it as a hyperlink to `url`.
  public mutating func link(_ url: String, row: Int, column: Int, style: CellStyle, maxWidth: Int? = nil) {
    let used = write(url, row: row, column: column, style: style, maxWidth: maxWidth)
    if used == DisplayWidth.of(url) {
      links.append(Hyperlink(position: GridPosition(row: row, column: column), width: used, url: url))
    }
  }
}

extension Grid {
  /// Writes `url` over as many rows as it needs (`width` columns each, no row at or past `limit`; a URL that
  /// does not fit ends in "…" on the last row), every piece announced as a hyperlink to the whole URL.
  /// Returns the rows used.
  @discardableResult
  public mutating func wrappedLink(
    _ url: String, row: Int, column: Int, width: Int, limit: Int, style: CellStyle
  ) -> Int {
    guard width > 0 else { return 0 }
    let characters = Array(url)
    var start = 0
    var current = row
    while start < characters.count, current < limit {
      // On the last row allowed, the rest is written whole: `write` clips it and marks the cut with "…".
      let end = current == limit - 1 ? characters.count : min(characters.count, start + width)
      let used = write(String(characters[start..<end]), row: current, column: column, style: style, maxWidth: width)
      links.append(Hyperlink(position: GridPosition(row: current, column: column), width: used, url: url))
      current += 1
      start = end
    }
    return current - row
  }
}

/// Splits text into lines of at most `width` columns at spaces (words longer than a line are cut).
public enum WordWrap {
  public static func lines(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var result: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      for word in paragraph.split(separator: " ") {
        let candidate = line.isEmpty ? String(word) : line + " " + word
        if DisplayWidth.of(candidate) <= width {
          line = candidate
        } else {
          if !line.isEmpty { result.append(line) }
          line = String(word)
        }
      }
      result.append(line)
    }
    return result
  }

  /// At most `maxLines` lines; when the text needs more, the last one holds all the rest, so that `write`
  /// (given the width) ends it with an ellipsis instead of the text stopping at a line break.
  public static func lines(_ text: String, width: Int, maxLines: Int) -> [String] {
    let all = lines(text, width: width)
    guard maxLines > 0 else { return [] }
    guard all.count > maxLines else { return all }
    return Array(all.prefix(maxLines - 1)) + [all[(maxLines - 1)...].joined(separator: " ")]
  }
}
