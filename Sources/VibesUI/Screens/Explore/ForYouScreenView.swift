import Foundation
import VibesCore

/// For You (FR-3.2): each song on one row and its checked reason on the row below; the SQLite copy with its age;
/// what is missing (a Gemini key) or when to try again (quota) when Gemini could not answer.
enum ForYouScreenView {
  static func render(
    _ explore: ExploreState, _ screen: ForYouScreen, quota: GeminiUsage? = nil, into grid: inout Grid, _ area: Rect,
    _ t: Localizer
  ) {
    let left = area.column + 2
    let width = area.width - 4
    grid.write(t[.exploreForYouTitle], row: area.row, column: left, style: Theme.title, maxWidth: width)
    var row = area.row + 2
    if let hint = quota?.hint {
      row = paragraph(t[hint], row: row, left: left, width: width, style: Theme.warning, into: &grid) + 1
    }
    switch screen.phase {
    case .loading:
      grid.write(t[.exploreForYouAsking], row: row, column: left, style: Theme.pending, maxWidth: width)
    case .failed(let failure):
      let text = failure == .geminiKeyMissing ? t[.exploreForYouSpotifyFallback] : failureText(failure, t)
      row = paragraph(text, row: row, left: left, width: width, style: Theme.error, into: &grid)
      grid.attentionRow = row - 1
      let hint = failure.pointsToGeminiSetup ? t[.exploreForYouSetupHint] : t.format(.exploreRetryHint, ["key": "r"])
      paragraph(hint, row: row + 1, left: left, width: width, style: Theme.hint, into: &grid)
    case .loaded(let cached):
      if cached.isStale {
        row = paragraph(
          pickedAt(cached.fetchedAt, t), row: row, left: left, width: width, style: Theme.warning,
          into: &grid)
        if let reason = cached.staleReason {
          row = paragraph(
            failureText(reason, t), row: row, left: left, width: width, style: Theme.warning,
            into: &grid)
        }
        row += 1
      }
      guard !cached.entries.isEmpty else {
        paragraph(t[.exploreForYouEmpty], row: row, left: left, width: width, style: Theme.hint, into: &grid)
        return
      }
      let column = area.column + 4
      let rowWidth = area.width - 5
      for (index, entry) in cached.entries.enumerated() {
        let selected = explore.picker == nil && index == screen.list.selected
        ListView.mark(selected, row: row, column: area.column + 1, into: &grid)
        let used = grid.write(
          MusicRows.clean(entry.title), row: row, column: column, style: selected ? Theme.selected : .plain,
          maxWidth: rowWidth)
        if rowWidth - used > 6 {
          grid.write(
            " · " + MusicRows.clean(entry.artist), row: row, column: column + used, style: Theme.hint,
            maxWidth: rowWidth - used)
        }
        grid.write(
          MusicRows.clean(entry.reason), row: row + 1, column: column + 2, style: Theme.hint, maxWidth: rowWidth - 2)
        // The selected song's reason row is kept in view with its title (the scroll follows the focus row).
        if selected { grid.attentionRow = row + 1 }
        row += 2
      }
    }
  }

  /// "Picked 25 Nov 22:10 (saved copy); r asks Gemini again." in the user's language.
  static func pickedAt(_ date: Date, _ t: Localizer) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: t.language.localeIdentifier)
    formatter.dateFormat = "d MMM HH:mm"
    return t.format(.exploreForYouPickedAt, ["date": formatter.string(from: date)])
  }

  /// Create's sentence for the failure, and when to try again after Gemini's per-minute limit.
  static func failureText(_ failure: CreateFailure, _ t: Localizer) -> String {
    guard case .rateLimitedPerMinute(let seconds?) = failure else { return t.createFailure(failure) }
    return t.createFailure(failure) + " " + t.format(.exploreForYouTryAgainIn, ["seconds": "\(seconds)"])
  }

  /// Word-wrapped text from `row`; returns the row below it.
  @discardableResult
  static func paragraph(
    _ text: String, row start: Int, left: Int, width: Int, style: CellStyle, into grid: inout Grid
  ) -> Int {
    var row = start
    for line in WordWrap.lines(text, width: width) {
      grid.write(line, row: row, column: left, style: style)
      row += 1
    }
    return row
  }
}
