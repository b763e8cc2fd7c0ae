import VibesCore

/// The one way a single-line text field is drawn (credential forms, App Store Connect, Tracker forms):
/// the field's underline, the text scrolled sideways so the cursor stays visible (an ellipsis marks text
/// hidden on either side), secrets as bullets only. Work is proportional to the field's width, not to the text's length, so a huge paste draws
/// as fast as a short one.
enum TextFieldView {
  /// Draws `input`; returns the cursor's column.
  @discardableResult
  static func draw(
    _ input: TextInput, secret: Bool = false, lineBreakSymbol: String? = nil, into grid: inout Grid, row: Int,
    column: Int, width: Int
  ) -> Int {
    guard width > 0 else { return column }
    grid.write(String(repeating: " ", count: width), row: row, column: column, style: Theme.field)
    if secret {
      let count = input.graphemeCount
      let shown = min(count, width - 1)
      grid.write(SecretMask.bullets(count: shown, limit: width - 1), row: row, column: column, style: Theme.field)
      return column + max(0, input.cursor - (count - shown))
    }
    let text = input.text
    func shown(_ character: Character) -> String {
      if character == "\n" { return lineBreakSymbol ?? " " }
      return TerminalText.sanitize(String(character))
    }
    // Walk back from the cursor until the text before it fills the field (one column stays for the cursor).
    var start = input.cursorIndex
    var before = 0
    while start > text.startIndex {
      let previous = text.index(before: start)
      let cells = DisplayWidth.of(shown(text[previous]))
      if before + cells > width - 1 { break }
      before += cells
      start = previous
    }
    // Then forward from there, only as far as the field reaches.
    var pieces: [String] = []
    var used = 0
    var index = start
    while index < text.endIndex {
      let piece = shown(text[index])
      let cells = DisplayWidth.of(piece)
      if used + cells > width { break }
      pieces.append(piece)
      used += cells
      index = text.index(after: index)
    }
    // Text hidden on either side is marked, so a scrolled value never reads as a word cut in half.
    func ellipsis(for piece: String) -> String { DisplayWidth.of(piece) == 2 ? "… " : "…" }
    if pieces.count > 1, start > text.startIndex { pieces[0] = ellipsis(for: pieces[0]) }
    if pieces.count > 1, index < text.endIndex { pieces[pieces.count - 1] = ellipsis(for: pieces[pieces.count - 1]) }
    grid.write(pieces.joined(), row: row, column: column, style: Theme.field, maxWidth: width)
    return column + before
  }
}
