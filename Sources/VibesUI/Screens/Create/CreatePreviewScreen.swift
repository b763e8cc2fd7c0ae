import Foundation
import VibesCore

/// A generated playlist: editable name, description, the songs as found on Spotify, and the save.
enum CreatePreviewScreen {
  static func render(
    _ state: AppState, _ preview: CreatePreview, into grid: inout Grid, _ area: Rect, _ t: Localizer
  ) {
    var row = area.row
    let label = t[.createName]
    grid.write(label, row: row, column: 2, style: preview.focus == .name ? Theme.focusedBorder : Theme.hint)
    let column = 3 + DisplayWidth.of(label)
    if preview.focus == .name {
      let cursor = TextFieldView.draw(
        preview.name, into: &grid, row: row, column: column, width: max(8, area.width - column - 2))
      if state.isEditingText { grid.cursor = GridPosition(row: row, column: cursor) }
      grid.focusRow = row
    } else {
      grid.write(
        TerminalText.sanitize(preview.playlist.name), row: row, column: column, style: Theme.title,
        maxWidth: area.width - column - 2)
    }
    row += 1
    let description = TerminalText.sanitize(preview.playlist.description)
    for line in WordWrap.lines(description, width: max(10, area.width - 4), maxLines: 2) {
      grid.write(line, row: row, column: 2, style: Theme.hint, maxWidth: area.width - 4)
      row += 1
    }
    row = status(state, preview, row: row, into: &grid, area, t)
    row += 1

    let songs = preview.playlist.songs
    let numberWidth = String(songs.count).count
    ListView.render(
      count: songs.count, selected: preview.focus == .tracks ? preview.list.selected : nil, top: row, markerColumn: 1,
      into: &grid
    ) { grid, item in
      let (index, row, song) = (item.index, item.row, songs[item.index])
      let number = String(repeating: " ", count: numberWidth - String(index + 1).count) + "\(index + 1)."
      grid.write(number, row: row, column: 3, style: Theme.hint)
      let textColumn = 4 + number.count
      let width = area.width - textColumn - 1
      switch song.resolution {
      case .found(let track):
        let length = Localizer.trackLength(track.durationMs)
        let main =
          TerminalText.sanitize(track.name) + " — " + TerminalText.sanitize(track.artists.joined(separator: ", "))
          + " · " + TerminalText.sanitize(track.album)
        grid.write(main, row: row, column: textColumn, style: item.style(), maxWidth: width - 7)
        grid.write(length, row: row, column: area.width - 1 - DisplayWidth.of(length), style: Theme.hint)
      case .notFound:
        let main =
          Theme.incompleteSymbol + " " + TerminalText.sanitize(song.song.title) + " — "
          + TerminalText.sanitize(song.song.artist)
        let note = t[.createNotFound]
        let used = grid.write(
          main, row: row, column: textColumn, style: item.style(Theme.hint),
          maxWidth: max(10, width - DisplayWidth.of(note) - 3))
        grid.write(note, row: row, column: textColumn + used + 2, style: Theme.warning, maxWidth: width - used - 2)
      case .pending:
        let main = TerminalText.sanitize(song.song.title) + " — " + TerminalText.sanitize(song.song.artist)
        grid.write(main, row: row, column: textColumn, style: item.style(), maxWidth: width)
      }
    }
  }

  /// The resolve progress, the totals, and the save's state; returns the row after them.
  static func status(
    _ state: AppState, _ preview: CreatePreview, row: Int, into grid: inout Grid, _ area: Rect, _ t: Localizer
  ) -> Int {
    var row = row
    let total = preview.playlist.songs.count
    switch preview.phase {
    case .resolving(_, let resolved, let count):
      let text = t.format(.createFinding, ["resolved": "\(resolved)", "count": "\(count)"])
      let used = grid.write(text, row: row, column: 2, style: Theme.pending)
      let barWidth = min(30, area.width - used - 6)
      if barWidth >= 5 {
        let filled = count == 0 ? 0 : barWidth * resolved / count
        grid.write(
          String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled), row: row,
          column: 3 + used, style: Theme.pending)
      }
      return row + 1
    default:
      break
    }
    if !state.create.isSpotifyConnected(state.context) {
      row = CreateScreen.paragraph(
        t.createFailure(.spotifyNotConnected), row: row, area: area, style: Theme.warning, into: &grid)
      return row
    }
    if !preview.hasPendingSongs {
      let found = preview.foundCount
      let text = t.format(
        .createFoundSummary,
        ["found": "\(found)", "total": "\(total)", "length": t.totalLength(preview.totalMilliseconds)])
      grid.write(text, row: row, column: 2, style: .plain, maxWidth: area.width - 4)
      row += 1
    }
    switch preview.phase {
    case .saving:
      grid.write(
        t[.createSaving], row: row, column: 2, style: Theme.pending)
      grid.attentionRow = row
      row += 1
    case .queued:
      row = CreateScreen.paragraph(
        t[.createQueuedOffline],
        row: row, area: area, style: Theme.warning, into: &grid)
      grid.attentionRow = row - 1
    case .failed(let failure):
      row = CreateScreen.paragraph(
        Theme.incompleteSymbol + " " + t.createFailure(failure), row: row, area: area, style: Theme.error, into: &grid)
      grid.attentionRow = row - 1
    case .idle, .resolving:
      break
    }
    if let url = preview.savedURL {
      grid.write(
        Theme.completeSymbol + " " + t[.createSavedToSpotify], row: row, column: 2,
        style: Theme.complete)
      row += 1
      row = LinkLine.render(
        url: TerminalText.sanitize(url), keys: t[.createLinkKeys], into: &grid,
        row: row, area: area, t)
    }
    return row
  }
}
