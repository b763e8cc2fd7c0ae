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
        let used = grid.write(
          symbol(preview.playback.phase) + " " + progress(preview.playback) + "  ", row: row, column: column,
          style: Theme.title, maxWidth: width)
        if used < width {
          grid.write(t[.previewAppleMusic], row: row, column: column + used, style: Theme.hint, maxWidth: width - used)
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
