import VibesCore

/// The Profile tab's listening stats: the period tabs, then top artists, top tracks and top genres, each
/// ranked with a bar of block characters (the rank and the number carry the meaning without colour).
public enum ProfileScreen {
  static func render(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    let connected = state.facts?.storedSecrets.contains(.spotify) ?? false
    var row = area.row
    if connected {
      row = renderStats(state, into: &grid, area, t)
    } else {
      grid.write(t[.profileListeningStats], row: row, column: area.column + 2, style: Theme.title)
      let text = t[.profileNotConnected]
      row += 1
      for line in WordWrap.lines(text, width: area.width - 4) {
        grid.write(line, row: row, column: area.column + 2, style: Theme.hint)
        row += 1
      }
    }
    ProfileSettingsView.render(
      state, statsRows: connected ? state.profile.rows.count : 0, row: row + 1, into: &grid, area, t)
  }

  /// The period tabs and the three ranked lists; returns the row below them.
  static func renderStats(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) -> Int {
    let profile = state.profile
    let left = area.column + 2
    var column = left
    column +=
      grid.write(t[.profileListeningStats], row: area.row, column: column, style: Theme.title) + 2
    for range in StatsRange.allCases {
      let label = " \(t[range.title]) "
      let style = range == profile.range ? Theme.selected : Theme.hint
      column += grid.write(label, row: area.row, column: column, style: style) + 1
    }
    var row = area.row + 1
    let cached = profile.stats[profile.range]
    if let cached, cached.isStale {
      grid.write(
        MusicRows.age(cached.fetchedAt, t), row: row, column: left, style: Theme.warning, maxWidth: area.width - 4)
    } else if profile.loading[profile.range] != nil {
      grid.write(t[.musicLoading], row: row, column: left, style: Theme.pending)
    }
    if let failure = profile.failures[profile.range] {
      // The whole explanation (what to do is at its end), wrapped.
      let lines = WordWrap.lines(t[failure.text], width: area.width - 4)
      for (offset, line) in lines.enumerated() {
        grid.write(line, row: row + offset, column: left, style: Theme.error, maxWidth: area.width - 4)
      }
      row += max(0, lines.count - 1)
      grid.attentionRow = row
    }
    row += 1
    guard let stats = cached?.stats else { return row }
    let rows = profile.rows
    var index = 0
    // The top artist's picture (FR-10.1) at the right of the artists; their names keep left of it.
    let box = ArtworkBox.place(stats.topArtists.first?.imageURL, in: &grid, area, row: row, large: false)
    row = section(t[.profileTopArtists], row: row, area: area, into: &grid)
    let artistCount = stats.topArtists.count
    for (rank, artist) in stats.topArtists.enumerated() {
      let beside = box.map { $0.row <= row && row < $0.bottom } ?? false
      bar(
        rank: rank, of: artistCount, label: MusicRows.clean(artist.name), value: nil,
        selected: profile.list.selected == index && rows.count > index, row: row, area: area,
        right: beside ? box.map { $0.column - 1 } : nil, into: &grid)
      row += 1
      index += 1
    }
    if stats.topArtists.isEmpty { row = empty(row: row, area: area, into: &grid, t) }
    if let box { row = max(row, box.bottom) }
    row = section(t[.profileTopTracks], row: row + 1, area: area, into: &grid)
    let trackCount = stats.topTracks.count
    for (rank, track) in stats.topTracks.enumerated() {
      let label = MusicRows.clean(track.name) + " — " + MusicRows.clean(track.artistNames)
      bar(
        rank: rank, of: trackCount, label: label, value: nil, selected: profile.list.selected == index, row: row,
        area: area, into: &grid)
      row += 1
      index += 1
    }
    if stats.topTracks.isEmpty { row = empty(row: row, area: area, into: &grid, t) }
    row = section(t[.profileTopGenres], row: row + 1, area: area, into: &grid)
    let genres = stats.topGenres.prefix(ProfileState.topLimit)
    let most = genres.first?.count ?? 1
    for (rank, genre) in genres.enumerated() {
      bar(
        rank: rank, of: most, label: MusicRows.clean(genre.genre), value: (genre.count, most), selected: false,
        row: row, area: area, into: &grid)
      row += 1
    }
    if genres.isEmpty { row = empty(row: row, area: area, into: &grid, t) }
    return row
  }

  static func section(_ title: String, row: Int, area: Rect, into grid: inout Grid) -> Int {
    grid.write(title, row: row, column: area.column + 2, style: Theme.title)
    return row + 1
  }

  static func empty(row: Int, area: Rect, into grid: inout Grid, _ t: Localizer) -> Int {
    grid.write(
      t[.profileNothingYet], row: row,
      column: area.column + 4, style: Theme.hint)
    return row + 1
  }

  /// "  1 ████████  Name": ranked entries get a bar that shrinks with the rank; genres a bar by count.
  static func bar(
    rank: Int, of total: Int, label: String, value: (Int, Int)?, selected: Bool, row: Int, area: Rect,
    right: Int? = nil, into grid: inout Grid
  ) {
    let barWidth = area.width >= 70 ? 16 : 8
    let filled: Int
    if let (count, most) = value {
      filled = max(1, barWidth * count / max(1, most))
    } else {
      filled = max(1, barWidth * (total - rank) / max(1, total))
    }
    ListView.mark(selected, row: row, column: area.column + 1, into: &grid)
    grid.write(String(format: "%2d", rank + 1), row: row, column: area.column + 2, style: Theme.hint)
    grid.write(
      String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled), row: row,
      column: area.column + 5, style: Theme.complete)
    var column = area.column + 6 + barWidth
    if let (count, _) = value { column += grid.write("\(count)×", row: row, column: column, style: Theme.hint) + 1 }
    grid.write(
      label, row: row, column: column, style: selected ? Theme.selected : .plain,
      maxWidth: max(0, (right ?? area.right) - column - 1))
  }
}
