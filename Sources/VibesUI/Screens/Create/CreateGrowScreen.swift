import Foundation
import VibesCore

/// Grow a playlist: your playlists, then songs that fit the chosen one, each with Add.
enum CreateGrowScreen {
  static func render(_ grow: GrowState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    var row = area.row
    let title =
      grow.chosen.map { t.format(.createGrowTitle, ["name": TerminalText.sanitize($0.name)]) }
      ?? t[.createGrowPlaylist]
    grid.write(title, row: row, column: 2, style: Theme.title, maxWidth: area.width - 4)
    row += 2
    switch grow.phase {
    case .loadingPlaylists:
      grid.write(
        t[.createLoadingPlaylists], row: row, column: 2,
        style: Theme.pending)
    case .suggesting:
      grid.write(
        t[.createAskingForSongs], row: row, column: 2,
        style: Theme.pending)
    case .failed(let failure):
      row = CreateScreen.paragraph(
        Theme.incompleteSymbol + " " + t.createFailure(failure), row: row, area: area, style: Theme.error, into: &grid)
      grid.attentionRow = row - 1
    case .choosing:
      if grow.playlists.isEmpty {
        grid.write(
          t[.createNoOwnPlaylists], row: row,
          column: 2, style: Theme.hint)
      }
      for (index, playlist) in grow.playlists.enumerated() {
        let selected = index == grow.playlistList.selected
        grid.write(selected ? "›" : " ", row: row, column: 1, style: Theme.focusedBorder)
        grid.write(
          TerminalText.sanitize(playlist.name) + " · "
            + t.counted(playlist.trackCount, one: CreateL10n.createSongCountOne, other: .createSongCount),
          row: row, column: 3, style: selected ? Theme.selected : .plain, maxWidth: area.width - 5)
        if selected { grid.focusRow = row }
        row += 1
      }
    case .ready:
      if let leftOut = grow.leftOut {
        let text = t.format(
          .createGrowLeftOut,
          [
            "kept": "\(leftOut.kept)", "asked": "\(leftOut.asked)", "repeated": "\(leftOut.repeated)",
            "listed": "\(leftOut.alreadyInPlaylist)", "notFound": "\(leftOut.notFound)",
          ])
        row = CreateScreen.paragraph(text, row: row, area: area, style: Theme.hint, into: &grid) + 1
      }
      if grow.suggestions.isEmpty {
        grid.write(
          t[.createAllAdded], row: row,
          column: 2, style: Theme.hint)
      }
      for (index, song) in grow.suggestions.enumerated() {
        let selected = index == grow.suggestionList.selected
        grid.write(selected ? "›" : " ", row: row, column: 1, style: Theme.focusedBorder)
        let text: String
        var style: CellStyle = selected ? Theme.selected : .plain
        switch song.resolution {
        case .found(let track):
          text =
            TerminalText.sanitize(track.name) + " — " + TerminalText.sanitize(track.artists.joined(separator: ", "))
            + (grow.adding == track.uri ? "  " + t[.createAdding] : "")
        case .notFound, .pending:
          text =
            TerminalText.sanitize(song.song.title) + " — " + TerminalText.sanitize(song.song.artist) + "  "
            + t[.createNotFound]
          if !selected { style = Theme.hint }
        }
        grid.write(text, row: row, column: 3, style: style, maxWidth: area.width - 5)
        if selected { grid.focusRow = row }
        row += 1
      }
    }
  }
}
