import Foundation
import VibesCore

/// The preview line under a track's facts: "▶ 0:12 / 0:30" and the Apple Music link beside it (Apple's terms ask
/// for it), or why there is none.
enum PreviewLineView {
  /// "0:12 / 0:30" (the total once the player knows it).
  static func progress(_ playback: PreviewPlayback) -> String {
    let elapsed = MusicDuration.text(milliseconds: Int(max(0, playback.elapsed) * 1000))
    guard let total = playback.total, total > 0 else { return elapsed }
    return elapsed + " / " + MusicDuration.text(milliseconds: Int(total * 1000))
  }

  /// The narrowest line that still has a bar worth drawing.
  static let minimumLineWidth = 24
  /// The longest bar (a wide terminal does not need a longer one).
  static let maximumBarWidth = 30

  /// "▶ ━━━━━────── 0:12 / 0:30" in `width` columns: the bar takes what the symbol and the times leave (none
  /// when fewer than 4 columns are left).
  static func progressLine(_ playback: PreviewPlayback, width: Int, glyphs: ProgressGlyphs) -> String {
    let symbol = glyphs.ascii ? asciiSymbol(playback.phase) : symbol(playback.phase)
    let times = progress(playback)
    let room = min(Self.maximumBarWidth, width - DisplayWidth.of(symbol) - DisplayWidth.of(times) - 2)
    guard room >= 4 else { return symbol + " " + times }
    let total = playback.total ?? 0
    let fraction = total > 0 ? min(1, max(0, playback.elapsed / total)) : 0
    return symbol + " " + bar(fraction: fraction, width: room, glyphs: glyphs) + " " + times
  }

  /// `width` cells: the played part heavy, the rest light.
  static func bar(fraction: Double, width: Int, glyphs: ProgressGlyphs) -> String {
    let filled = min(width, max(0, Int((fraction * Double(width)).rounded(.down))))
    return String(repeating: glyphs.played, count: filled) + String(repeating: glyphs.left, count: width - filled)
  }

  static func asciiSymbol(_ phase: PreviewPlayback.Phase) -> String {
    switch phase {
    case .playing: return ">"
    case .paused: return "="
    default: return "#"
    }
  }

  static func symbol(_ phase: PreviewPlayback.Phase) -> String {
    switch phase {
    case .playing: return "▶"
    case .paused: return "‖"
    default: return "■"
    }
  }

  /// Draws the preview's lines from `row`; returns the row after them.
  static func render(
    _ preview: TrackPreview, into grid: inout Grid, row start: Int, column: Int, width: Int, _ t: Localizer
  ) -> Int {
    var row = start
    func say(_ text: String, _ style: CellStyle) {
      for line in WordWrap.lines(text, width: width) {
        grid.write(line, row: row, column: column, style: style, maxWidth: width)
        row += 1
      }
    }
    switch preview.phase {
    case .finding:
      say(t[.previewFinding], Theme.pending)
    case .none:
      say(t[.previewNone], Theme.hint)
    case .failed(let text):
      say(t[text], Theme.error)
    case .ready(_, let storeURL):
      switch preview.playback.phase {
      case .failed(let failure):
        say(t[failure.explanation], Theme.error)
      case .loading:
        say(t[.previewLoading], Theme.pending)
      default:
        // "▶ ━━━━━────── 0:12 / 0:30  Preview from Apple Music": the label moves to its own row when the bar
        // and it do not fit together (it is never dropped: Apple's terms ask for it beside the preview).
        let label = t[.previewAppleMusic]
        let labelWidth = DisplayWidth.of(label) + 2
        let sideBySide = width >= Self.minimumLineWidth + labelWidth
        let line = progressLine(
          preview.playback, width: sideBySide ? width - labelWidth : width, glyphs: ProgressGlyphs.inUse)
        let used = grid.write(line, row: row, column: column, style: Theme.title, maxWidth: width)
        if sideBySide {
          grid.write(label, row: row, column: column + used + 2, style: Theme.hint, maxWidth: width - used - 2)
        } else {
          row += 1
          grid.write(label, row: row, column: column, style: Theme.hint, maxWidth: width)
        }
        row += 1
        // Apple Music's page beside the progress, as an OSC 8 hyperlink (Apple's terms ask for it).
        if let storeURL {
          row += grid.wrappedLink(
            MusicRows.clean(storeURL), row: row, column: column, width: width, limit: row + 2, style: Theme.link)
        }
      }
    }
    return row
  }
}

/// The characters of the progress bar: box-drawing lines where the terminal can show them, ASCII elsewhere (the
/// Linux console's font, a dumb terminal, a locale that is not UTF-8).
struct ProgressGlyphs: Sendable, Hashable {
  var played: String
  var left: String
  var ascii: Bool

  static let unicode = ProgressGlyphs(played: "━", left: "─", ascii: false)
  static let plain = ProgressGlyphs(played: "=", left: "-", ascii: true)

  /// Pure: the choice for this environment. The locale is the first of LC_ALL, LC_CTYPE, LANG that is set (as
  /// setlocale reads them); none set is the terminal session's C.UTF-8 fallback.
  static func choose(environment: [String: String]) -> ProgressGlyphs {
    let term = (environment["TERM"] ?? "").lowercased()
    if term.isEmpty || term == "dumb" || term == "linux" || term.hasPrefix("vt") { return .plain }
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    guard let locale else { return .unicode }
    let codeset = locale.lowercased()
    return codeset.contains("utf-8") || codeset.contains("utf8") ? .unicode : .plain
  }

  /// This process's choice (read once).
  static let current = choose(environment: ProcessInfo.processInfo.environment)
  /// Set by tests that draw screens, so the result does not depend on the terminal running them.
  @TaskLocal static var override: ProgressGlyphs?
  /// What screens draw with.
  static var inUse: ProgressGlyphs { override ?? current }
}
