import VibesCore

/// The one way a single-line text field is drawn — the form engine's fields (credentials, App Store Connect,
/// Tracker, the Spotify paste), Explore's search, Create's prompt and playlist name: the field's background,
/// the text scrolled sideways so the cursor stays visible (an ellipsis marks text hidden on either side),
/// widths in terminal cells (a CJK character or an emoji takes two), secrets as bullets only, the placeholder
/// while empty. Work is proportional to the field's width, not to the text's length, so a huge paste draws as
/// fast as a short one.
enum TextFieldView {
  /// Draws `field` in `width` cells from `column`; returns the cursor's column. `placeholder` (dimmed) shows
  /// while the field is empty; `style` is the text's style (the background is always `Theme.field`).
  @discardableResult
  static func draw(
    _ field: TextField, placeholder: String? = nil, style: CellStyle = Theme.field, lineBreakSymbol: String? = nil,
    into grid: inout Grid, row: Int, column: Int, width: Int
  ) -> Int {
    guard width > 0 else { return column }
    grid.write(String(repeating: " ", count: width), row: row, column: column, style: Theme.field)
    let input = field.input
    if input.isEmpty, let placeholder, !placeholder.isEmpty {
      grid.write(placeholder, row: row, column: column, style: Theme.field.merged(Theme.hint), maxWidth: width)
      return column
    }
    if field.masking == .secret {
      // Only the count is read: the secret's characters never reach the grid.
      let count = input.graphemeCount
      let shown = min(count, width - 1)
      grid.write(SecretMask.bullets(count: shown, limit: width - 1), row: row, column: column, style: style)
      return column + max(0, input.cursor - (count - shown))
    }
    let text = input.text
    let hiddenFrom = field.masking == .query ? text.firstIndex(of: "?").map { text.index(after: $0) } : nil
    func shown(_ index: String.Index) -> String {
      if let hiddenFrom, index >= hiddenFrom { return "•" }
      let character = text[index]
      if character == "\n" { return lineBreakSymbol ?? " " }
      return TerminalText.sanitize(String(character))
    }
    // Walk back from the cursor until the text before it fills the field (one column stays for the cursor).
    var start = input.cursorIndex
    var before = 0
    while start > text.startIndex {
      let previous = text.index(before: start)
      let cells = DisplayWidth.of(shown(previous))
      if before + cells > width - 1 { break }
      before += cells
      start = previous
    }
    // Then forward from there, only as far as the field reaches.
    var pieces: [String] = []
    var used = 0
    var index = start
    while index < text.endIndex {
      let piece = shown(index)
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
    grid.write(pieces.joined(), row: row, column: column, style: style, maxWidth: width)
    return column + before
  }
}
