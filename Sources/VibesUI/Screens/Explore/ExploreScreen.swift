import VibesCore

/// The Explore tab: the search with its results or recent searches; detail screens on top; the playlist
/// picker over whatever shows.
public enum ExploreScreen {
  static func render(_ state: AppState, into grid: inout Grid, _ whole: Rect, _ t: Localizer) {
    let explore = state.explore
    guard state.facts?.storedSecrets.contains(.spotify) ?? false else {
      MusicRows.connectPrompt(t[.tabExplore], row: whole.row, area: whole, into: &grid, t)
      return
    }
    // What plays on Spotify from vibes: one line above the screen (`VibesUI/Screens/Playback/`).
    let lineRows = SpotifyPlayerView.lineHeight(explore.player)
    SpotifyPlayerView.renderLine(
      explore.player, row: whole.row, column: whole.column + 2, width: whole.width - 4, into: &grid, t)
    let area = Rect(
      row: whole.row + lineRows, column: whole.column, width: whole.width, height: whole.height - lineRows,
      visibleHeight: whole.visibleHeight - lineRows)
    if let screen = explore.path.last {
      DetailScreenView.render(explore, screen, into: &grid, area, t)
      if let track = screen.confirmRemove, case .playlist(let detail)? = screen.loaded?.detail {
        DetailScreenView.renderRemoveQuestion(track, from: detail.playlist, into: &grid, area, t)
      }
    } else if let forYou = explore.forYouScreen {
      ForYouScreenView.render(explore, forYou, quota: state.context.geminiUsage, into: &grid, area, t)
    } else if let library = explore.libraryScreen {
      LibraryScreenView.render(explore, library, into: &grid, area, t)
    } else {
      renderSearch(explore, into: &grid, area, t)
    }
    if let picker = explore.picker { PlaylistPickerView.render(picker, into: &grid, area, t) }
    SpotifyPlayerView.renderOverlay(explore.player, into: &grid, area, t)
  }

  static func renderSearch(_ explore: ExploreState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    let label = t[.exploreSearchLabel]
    let used = grid.write(label, row: area.row, column: area.column + 2, style: Theme.title)
    let fieldColumn = area.column + 2 + used + 1
    let fieldWidth = max(4, area.width - fieldColumn - 2)
    // The one text field: the hint to press / shows while the empty field does not have the focus.
    let cursor = TextFieldView.draw(
      explore.query, placeholder: explore.isEditing ? nil : explore.query.placeholder.map { t[$0] },
      style: explore.isEditing ? Theme.focusedBorder : Theme.field, into: &grid, row: area.row, column: fieldColumn,
      width: fieldWidth)
    if explore.isEditing { grid.cursor = GridPosition(row: area.row, column: cursor) }
    var row = area.row + 1
    if explore.queuedActions > 0 {
      grid.write(
        t.counted(explore.queuedActions, one: ExploreL10n.exploreQueuedWaitingOne, other: .exploreQueuedWaiting),
        row: row, column: area.column + 2, style: Theme.warning, maxWidth: area.width - 4)
    }
    row += 1
    if explore.showsRecent {
      renderRecent(explore, row: row, into: &grid, area, t)
      return
    }
    switch explore.search {
    case .idle:
      if explore.trimmedQuery.count < ExploreState.minimumQueryLength {
        grid.write(
          t[.exploreTypeMore], row: row,
          column: area.column + 2, style: Theme.hint)
      } else {
        grid.write(t[.exploreSearching], row: row, column: area.column + 2, style: Theme.pending)
      }
    case .loading:
      grid.write(t[.exploreSearching], row: row, column: area.column + 2, style: Theme.pending)
    case .failed(_, let failure):
      for line in WordWrap.lines(t[failure.text], width: area.width - 4) {
        grid.write(line, row: row, column: area.column + 2, style: Theme.error)
        row += 1
      }
      grid.attentionRow = row - 1
      grid.write(
        retryHint(explore, t), row: row + 1, column: area.column + 2, style: Theme.hint, maxWidth: area.width - 4)
    case .loaded(let query, let results):
      if results.isEmpty {
        grid.write(
          t.format(.exploreNoResults, ["query": MusicRows.clean(query)]), row: row, column: area.column + 2,
          maxWidth: area.width - 4)
        return
      }
      if let copy = explore.offlineCopy {
        // Read from SQLite because Spotify could not be reached: say how old, and how to ask again.
        let used = grid.write(
          MusicRows.age(copy.fetchedAt, t), row: row, column: area.column + 2, style: Theme.warning,
          maxWidth: area.width - 4)
        let rest = area.width - 4 - used - 2
        if rest > 3 {
          grid.write(
            retryHint(explore, t), row: row, column: area.column + 2 + used + 2, style: Theme.hint, maxWidth: rest)
        }
        row += 2
      }
      renderResults(explore, results, row: row, into: &grid, area, t)
    }
  }

  /// "Press r to try again." (Enter while the field has the focus).
  static func retryHint(_ explore: ExploreState, _ t: Localizer) -> String {
    t.format(.exploreRetryHint, ["key": explore.isEditing ? "Enter" : "r"])
  }

  static func renderRecent(_ explore: ExploreState, row start: Int, into grid: inout Grid, _ area: Rect, _ t: Localizer)
  {
    guard !explore.recentSearches.isEmpty else {
      grid.write(
        t[.exploreRecentHint],
        row: start, column: area.column + 2, style: Theme.hint, maxWidth: area.width - 4)
      renderLibraryRows(explore, row: start + 2, into: &grid, area, t)
      return
    }
    grid.write(t[.exploreRecentTitle], row: start, column: area.column + 2, style: Theme.title)
    ListView.render(
      labels: explore.recentSearches.map(MusicRows.clean), selected: explore.isEditing ? nil : explore.list.selected,
      top: start + 1, markerColumn: area.column + 1, column: area.column + 4, width: area.width - 6, into: &grid)
    renderLibraryRows(explore, row: start + 2 + explore.recentSearches.count, into: &grid, area, t)
  }

  /// "Your library": saved songs, saved albums, your playlists, For you (root rows after the recent searches).
  static func renderLibraryRows(
    _ explore: ExploreState, row start: Int, into grid: inout Grid, _ area: Rect, _ t: Localizer
  ) {
    grid.write(t[.exploreLibraryTitle], row: start, column: area.column + 2, style: Theme.title)
    ListView.render(
      labels: LibraryKind.allCases.map { t[$0.title] } + [t[.exploreForYouTitle]],
      selected: explore.isEditing ? nil : explore.list.selected - explore.recentSearches.count, top: start + 1,
      markerColumn: area.column + 1, column: area.column + 4, width: area.width - 6, into: &grid)
  }

  static func groupTitle(_ group: SearchGroup, _ t: Localizer) -> String {
    switch group {
    case .tracks: return t[.exploreTracks]
    case .artists: return t[.exploreArtists]
    case .albums: return t[.exploreAlbums]
    case .playlists: return t[.explorePlaylists]
    }
  }

  static func renderResults(
    _ explore: ExploreState, _ results: SearchResults, row start: Int, into grid: inout Grid, _ area: Rect,
    _ t: Localizer
  ) {
    var row = start
    var group: SearchGroup?
    for (index, result) in results.rows.enumerated() {
      if result.group != group {
        if group != nil { row += 1 }
        group = result.group
        grid.write(groupTitle(result.group, t), row: row, column: area.column + 2, style: Theme.title)
        row += 1
      }
      let selected = !explore.isEditing && index == explore.list.selected
      switch result.content {
      case .item(let item):
        MusicRows.draw(
          item, saved: explore.library[item.link.uri] == true, selected: selected, row: row, area: area,
          thumbnail: true, into: &grid, t)
      case .more:
        let loading = explore.moreRequest?.group == result.group
        MusicRows.drawMore(
          loading ? t[.exploreLoadingMore] : t[.exploreMore], selected: selected, row: row, area: area, into: &grid)
      }
      row += 1
    }
  }
}
