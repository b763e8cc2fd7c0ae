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
      row = ListView.render(
        labels: grow.playlists.map {
          TerminalText.sanitize($0.name) + " · "
            + t.counted($0.trackCount, one: CreateL10n.createSongCountOne, other: .createSongCount)
        }, selected: grow.playlistList.selected, top: row, markerColumn: 1, column: 3, width: area.width - 5,
        into: &grid)
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
      row = ListView.render(
        count: grow.suggestions.count, selected: grow.suggestionList.selected, top: row, markerColumn: 1, into: &grid
      ) { grid, item in
        let song = grow.suggestions[item.index]
        let text: String
        var style = item.style()
        switch song.resolution {
        case .found(let track):
          text =
            TerminalText.sanitize(track.name) + " — " + TerminalText.sanitize(track.artists.joined(separator: ", "))
            + (grow.adding == track.uri ? "  " + t[.createAdding] : "")
        case .notFound, .pending:
          text =
            TerminalText.sanitize(song.song.title) + " — " + TerminalText.sanitize(song.song.artist) + "  "
            + t[.createNotFound]
          style = item.style(Theme.hint)
        }
        grid.write(text, row: item.row, column: 3, style: style, maxWidth: area.width - 5)
      }
    }
  }
}
