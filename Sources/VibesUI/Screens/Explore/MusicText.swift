import Foundation
import VibesCore

/// Drawing helpers shared by the Explore and Profile screens. Every string from the network passes
/// `TerminalText.sanitize` here and is clipped to its cell by `Grid.write`.
enum MusicRows {
  /// Untrusted text made safe to draw.
  static func clean(_ text: String?) -> String { TerminalText.sanitize(text ?? "") }

  /// One line for an item: its name, then who and what (artists, year, owner).
  static func line(_ item: MusicItem, _ t: Localizer) -> (String, String) {
    switch item {
    case .track(let track):
      let mark = track.explicit ? " 🅴" : ""
      return (
        clean(track.name) + mark, clean(track.artistNames) + "  " + MusicDuration.text(milliseconds: track.durationMs)
      )
    case .artist(let artist):
      return (clean(artist.name), clean(artist.genres.prefix(3).joined(separator: ", ")))
    case .album(let album):
      let artists = clean(album.artists.map(\.name).joined(separator: ", "))
      let year = album.releaseYear.map { "(\(clean($0)))" }
      return (clean(album.name), [artists, year].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " "))
    case .playlist(let playlist):
      let owner = playlist.ownerName ?? playlist.ownerID
      return (clean(playlist.name), owner.map { t.format(.musicBy, ["name": clean($0)]) } ?? "")
    }
  }

  /// Draws a selectable row: a marker, the name and the details in a dimmer style. With `thumbnail` (search
  /// results, library lists) the row starts with the item's 2×1 picture where lists show thumbnails
  /// (`ArtworkBox.thumbnail`), and its text 3 columns later.
  static func draw(
    _ item: MusicItem, prefix: String = "", saved: Bool, selected: Bool, row: Int, area: Rect, thumbnail: Bool = false,
    into grid: inout Grid, _ t: Localizer
  ) {
    let (name, detail) = line(item, t)
    ListView.mark(selected, row: row, column: area.column + 1, into: &grid)
    grid.write(saved ? Theme.completeSymbol : " ", row: row, column: area.column + 2, style: Theme.complete)
    let indent =
      thumbnail ? ArtworkBox.thumbnail(item.thumbnailURL, in: &grid, area, row: row, column: area.column + 4) : 0
    let left = area.column + 4 + indent
    let width = area.width - 5 - indent
    let nameWidth = detail.isEmpty ? width : min(DisplayWidth.of(prefix + name), max(12, width * 3 / 5))
    let used = grid.write(
      prefix + name, row: row, column: left, style: selected ? Theme.selected : .plain, maxWidth: nameWidth)
    if !detail.isEmpty, width - used - 2 > 3 {
      grid.write(detail, row: row, column: left + used + 2, style: Theme.hint, maxWidth: width - used - 2)
    }
  }

  /// The "More…" row under a group of results ("Loading more…" while it loads).
  static func drawMore(_ text: String, selected: Bool, row: Int, area: Rect, into grid: inout Grid) {
    ListView.mark(selected, row: row, column: area.column + 1, into: &grid)
    grid.write(text, row: row, column: area.column + 4, style: selected ? Theme.selected : Theme.hint)
  }

  /// "offline copy from 23 Nov 09:30" for answers read from the cache.
  static func age(_ date: Date, _ t: Localizer) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: t.language.localeIdentifier)
    formatter.dateFormat = "d MMM HH:mm"
    return t.format(.musicOfflineCopy, ["date": formatter.string(from: date)])
  }

  /// The explanation shown without a Spotify connection.
  static func connectPrompt(_ title: String, row: Int, area: Rect, into grid: inout Grid, _ t: Localizer) {
    grid.write(title, row: row, column: area.column + 2, style: Theme.title)
    let text = t[.musicConnectText]
    var current = row + 2
    for line in WordWrap.lines(text, width: area.width - 4) {
      grid.write(line, row: current, column: area.column + 2)
      current += 1
    }
    grid.write(
      t[.musicConnectPress], row: current + 1,
      column: area.column + 2, style: Theme.warning, maxWidth: area.width - 4)
  }
}
