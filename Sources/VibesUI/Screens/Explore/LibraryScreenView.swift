import VibesCore

/// A "Your library" list: saved songs, saved albums or your playlists, drawn like search results.
enum LibraryScreenView {
  static func render(
    _ explore: ExploreState, _ screen: LibraryScreen, into grid: inout Grid, _ area: Rect, _ t: Localizer
  ) {
    let left = area.column + 2
    let width = area.width - 4
    let used = grid.write(t[.exploreLibraryTitle] + " ", row: area.row, column: left, style: Theme.hint)
    grid.write(t[screen.kind.title], row: area.row, column: left + used, style: Theme.title, maxWidth: width - used)
    var row = area.row + 2
    switch screen.phase {
    case .loading:
      grid.write(t[.musicLoading], row: row, column: left, style: Theme.pending)
    case .failed(let failure):
      for line in WordWrap.lines(t[failure.text], width: width) {
        grid.write(line, row: row, column: left, style: Theme.error)
        row += 1
      }
      grid.attentionRow = row - 1
      grid.write(
        t.format(.exploreRetryHint, ["key": "r"]), row: row + 1, column: left, style: Theme.hint, maxWidth: width)
    case .loaded(let cached):
      if cached.isStale {
        let used = grid.write(
          MusicRows.age(cached.fetchedAt, t), row: row, column: left, style: Theme.warning, maxWidth: width)
        let rest = width - used - 2
        if rest > 3 {
          grid.write(
            t.format(.exploreRetryHint, ["key": "r"]), row: row, column: left + used + 2, style: Theme.hint,
            maxWidth: rest)
        }
        row += 2
      }
      let rows = screen.rows
      if rows.isEmpty {
        grid.write(t[.exploreLibraryEmpty], row: row, column: left, style: Theme.hint, maxWidth: width)
        return
      }
      for (index, entry) in rows.enumerated() {
        let selected = explore.picker == nil && index == screen.list.selected
        switch entry.content {
        case .item(let item):
          MusicRows.draw(
            item, saved: explore.library[item.link.uri] == true, selected: selected, row: row, area: area,
            thumbnail: true, into: &grid, t)
        case .more:
          let loading = screen.moreRequestID != nil
          MusicRows.drawMore(
            loading ? t[.exploreLoadingMore] : t[.exploreMore], selected: selected, row: row, area: area, into: &grid)
        }
        row += 1
      }
    }
  }
}
