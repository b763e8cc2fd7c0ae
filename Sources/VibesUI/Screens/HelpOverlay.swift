import VibesCore

/// "?" (or F1 in a text field): the keys of the current screen in a box over it.
enum HelpOverlay {
  /// One line per distinct key label, in the order the bindings are declared, plus the text keys.
  static func entries(_ hints: [KeyHint], editing: Bool, _ t: Localizer) -> [(String, String)] {
    var seen = Set<String>()
    var entries: [(String, String)] = []
    for hint in hints + (editing ? TextEditing.hints : []) where seen.insert(hint.label).inserted {
      entries.append((hint.label, t.help(hint.help)))
    }
    return entries
  }

  static func render(into grid: inout Grid, hints: [KeyHint], _ t: Localizer) {
    render(into: &grid, entries: entries(hints, editing: grid.cursor != nil, t), t)
  }

  static func render(into grid: inout Grid, entries unlabelled: [(String, String)], _ t: Localizer) {
    let entries = unlabelled.map { (t.keyLabel($0.0), $0.1) }
    let keyWidth = entries.map { DisplayWidth.of($0.0) }.max() ?? 0
    let textWidth = entries.map { DisplayWidth.of($0.1) }.max() ?? 0
    let width = min(grid.width - 2, max(keyWidth + textWidth + 7, DisplayWidth.of(t[.helpClose]) + 4))
    let height = min(grid.height - 2, entries.count + 4)
    let rect = Rect(row: (grid.height - height) / 2, column: (grid.width - width) / 2, width: width, height: height)
    grid.clear(rect)
    grid.box(rect, style: Theme.focusedBorder)
    grid.write(" " + t[.helpTitle] + " ", row: rect.row, column: rect.column + 2, style: Theme.title)
    for (offset, entry) in entries.enumerated() where offset < height - 4 {
      let row = rect.row + 1 + offset
      grid.write(entry.0, row: row, column: rect.column + 2, style: Theme.title, maxWidth: keyWidth)
      grid.write(entry.1, row: row, column: rect.column + 4 + keyWidth, maxWidth: rect.width - keyWidth - 6)
    }
    grid.write(t[.helpClose], row: rect.bottom - 2, column: rect.column + 2, style: Theme.hint, maxWidth: width - 4)
  }
}

extension Localizer {
  /// Key names as this language's keyboards print them: German keyboards say Strg and Umschalt.
  public func keyLabel(_ keys: String) -> String {
    switch language {
    case .en: return keys
    case .de:
      return keys.replacingOccurrences(of: "Ctrl-", with: "Strg-").replacingOccurrences(of: "Shift-", with: "Umschalt-")
    }
  }
}
