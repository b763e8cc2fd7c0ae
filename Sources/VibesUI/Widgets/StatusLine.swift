import VibesCore

/// The status line's rows: information on one row (cut with "…"); a warning wrapped onto up to
/// `maximumRows` rows above the footer, and when even those are too few, the last ends in "… ! shows all"
/// (just "…" while a text field takes the `!`).
enum StatusLine {
  /// The most rows a warning takes from the screen.
  static let maximumRows = 3

  /// One row of the status line, as drawn.
  struct Row: Equatable {
    var text: String
    var style: CellStyle
    /// The "! shows all" hint after a cut (drawn in the hint style).
    var hint: String?
  }

  /// The rows to draw for the state's notice at `width` columns (empty when there is none, or while the whole
  /// message shows in its overlay).
  static func rows(_ state: AppState, width: Int, _ t: Localizer) -> [Row] {
    guard let notice = state.notice, !state.isNoticeOpen, width > 0 else { return [] }
    let style = self.style(notice)
    let text = t.notice(notice)
    guard notice.isWarning else { return [Row(text: text, style: style)] }
    let lines = wrap(text, width: width)
    guard lines.count > maximumRows else { return lines.map { Row(text: $0, style: style) } }
    var rows = lines.prefix(maximumRows - 1).map { Row(text: $0, style: style) }
    let rest = lines.dropFirst(maximumRows - 1).joined(separator: " ")
    let hint = NoticeKeys.openBindings(state).isEmpty ? nil : t[.noticeCutHint]
    let room = width - 1 - (hint.map { DisplayWidth.of($0) + 1 } ?? 0)
    rows.append(Row(text: prefix(rest, width: max(0, room)) + "…", style: style, hint: hint))
    return rows
  }

  /// How many rows the status line takes: at least one (blank when there is nothing to say).
  static func height(_ state: AppState, width: Int, _ t: Localizer) -> Int {
    max(1, rows(state, width: width, t).count)
  }

  static func style(_ notice: Notice) -> CellStyle {
    switch notice {
    case .saved, .savedCityWithEvents, .savedCityWithoutEvents, .removed, .message: return Theme.complete
    case .localized(_, let isWarning): return isWarning ? Theme.warning : .plain
    case .noBrowser, .storageUnavailable, .fieldFull: return Theme.warning
    case .linkOpened, .linkCopied: return .plain
    }
  }

  /// Splits text into rows of at most `width` columns at spaces; a word longer than a row (a path) is broken
  /// across rows, so every character is drawn.
  static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var result: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      var lineWidth = 0
      for word in paragraph.split(separator: " ") {
        let wordWidth = DisplayWidth.of(String(word))
        if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
          line += " " + word
          lineWidth += 1 + wordWidth
          continue
        }
        if lineWidth > 0 {
          result.append(line)
          (line, lineWidth) = ("", 0)
        }
        // A word wider than a row fills rows whole; its last piece starts the next line.
        for character in word {
          let characterWidth = DisplayWidth.of(character)
          if lineWidth + characterWidth > width, lineWidth > 0 {
            result.append(line)
            (line, lineWidth) = ("", 0)
          }
          line.append(character)
          lineWidth += characterWidth
        }
      }
      result.append(line)
    }
    return result
  }

  /// The longest start of `text` that fits in `width` columns.
  static func prefix(_ text: String, width: Int) -> String {
    var result = ""
    var used = 0
    for character in text {
      let characterWidth = DisplayWidth.of(character)
      if used + characterWidth > width { break }
      result.append(character)
      used += characterWidth
    }
    return result
  }
}
