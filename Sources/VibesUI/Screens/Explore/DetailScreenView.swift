import VibesCore

/// A track, artist, album or playlist screen: a header with the facts, then its selectable sections.
enum DetailScreenView {
  static func render(
    _ explore: ExploreState, _ screen: DetailScreen, into grid: inout Grid, _ area: Rect, _ t: Localizer
  ) {
    let left = area.column + 2
    let width = area.width - 4
    switch screen.phase {
    case .loading:
      grid.write(t[.musicLoading], row: area.row, column: left, style: Theme.pending)
      return
    case .failed(let failure):
      var row = area.row
      for line in WordWrap.lines(t[failure.text], width: width) {
        grid.write(line, row: row, column: left, style: Theme.error)
        row += 1
      }
      grid.write(t[.exploreEscBack], row: row + 1, column: left, style: Theme.hint)
      return
    case .loaded(let cached):
      var row = area.row
      // The cover (or photo) at the right of the header; the header keeps left of it.
      let box = ArtworkBox.place(cached.detail.artworkAddress, in: &grid, area, row: row)
      let textWidth = ArtworkBox.textWidth(width, beside: box)
      let header = headerLines(cached.detail, explore, t)
      let kind = kindTitle(cached.detail, t)
      let used = grid.write(kind + " ", row: row, column: left, style: Theme.hint)
      grid.write(
        MusicRows.clean(cached.detail.item.name), row: row, column: left + used, style: Theme.title,
        maxWidth: textWidth - used)
      row += 1
      for line in header {
        grid.write(line, row: row, column: left, maxWidth: textWidth)
        row += 1
      }
      // The Spotify page as an OSC 8 hyperlink (o opens it, c copies it).
      grid.link(
        MusicRows.clean(cached.detail.item.webURL), row: row, column: left, style: Theme.link, maxWidth: textWidth)
      row += 1
      if case .track(let track) = cached.detail, let preview = explore.preview, preview.trackID == track.id {
        row = PreviewLineView.render(preview, into: &grid, row: row, column: left, width: textWidth, t)
      }
      if cached.isStale {
        grid.write(
          MusicRows.age(cached.fetchedAt, t), row: row, column: left, style: Theme.warning, maxWidth: textWidth)
        row += 1
      }
      if case .playlist(let detail) = cached.detail, detail.tracks == nil {
        row += 1
        for line in WordWrap.lines(t[.exploreOthersPlaylist], width: textWidth) {
          grid.write(line, row: row, column: left, style: Theme.hint)
          row += 1
        }
      }
      if let box { row = max(row, box.bottom) }
      renderRows(cached.detail, screen, explore, row: row, into: &grid, area, t)
    }
  }

  static func kindTitle(_ detail: MusicDetail, _ t: Localizer) -> String {
    switch detail {
    case .track: return t[.exploreKindTrack]
    case .artist: return t[.exploreKindArtist]
    case .album(let album):
      return album.album.albumType == "single" ? "Single" : t[.exploreKindAlbum]
    case .playlist: return "Playlist"
    }
  }

  static func headerLines(_ detail: MusicDetail, _ explore: ExploreState, _ t: Localizer) -> [String] {
    let saved = explore.library[detail.item.link.uri]
    let libraryLine =
      saved == true ? Theme.completeSymbol + " " + t[.exploreInLibrary] : nil
    switch detail {
    case .track(let track):
      var facts = [MusicDuration.text(milliseconds: track.durationMs)]
      if let date = track.album?.releaseDate { facts.append(t.date(iso: MusicRows.clean(date))) }
      if track.explicit { facts.append(t[.exploreExplicit]) }
      return [t.format(.musicBy, ["name": MusicRows.clean(track.artistNames)]), facts.joined(separator: " · ")]
        + (libraryLine.map { [$0] } ?? [])
    case .artist(let detail):
      let genres = detail.artist.genres.map(MusicRows.clean).joined(separator: ", ")
      return genres.isEmpty ? [] : [genres]
    case .album(let detail):
      var facts: [String] = []
      if let year = detail.album.releaseYear { facts.append(MusicRows.clean(year)) }
      facts.append(t.counted(detail.tracks.count, one: ExploreL10n.exploreTrackCountOne, other: .exploreTrackCount))
      facts.append(MusicDuration.text(milliseconds: detail.totalDurationMs))
      let artists = MusicRows.clean(detail.album.artists.map(\.name).joined(separator: ", "))
      return [t.format(.musicBy, ["name": artists]), facts.joined(separator: " · ")] + (libraryLine.map { [$0] } ?? [])
    case .playlist(let detail):
      var lines: [String] = []
      let owner = detail.playlist.ownerName ?? detail.playlist.ownerID
      if let owner { lines.append(t.format(.musicBy, ["name": MusicRows.clean(owner)])) }
      if let description = detail.playlist.description, !description.isEmpty {
        lines.append(MusicRows.clean(description))
      }
      var facts: [String] = []
      if let total = detail.playlist.itemsTotal {
        facts.append(t.counted(total, one: ExploreL10n.exploreTrackCountOne, other: .exploreTrackCount))
      }
      if let duration = detail.totalDurationMs { facts.append(MusicDuration.text(milliseconds: duration)) }
      if !facts.isEmpty { lines.append(facts.joined(separator: " · ")) }
      return lines
    }
  }

  static func sectionTitle(_ section: DetailSection, _ t: Localizer) -> String {
    switch section {
    case .artists: return t[.exploreArtists]
    case .album: return t[.exploreKindAlbum]
    case .popular: return t[.explorePopular]
    case .albums: return t[.exploreAlbums]
    case .singles: return t[.exploreSingles]
    case .tracks: return t[.exploreTracks]
    }
  }

  static func renderRows(
    _ detail: MusicDetail, _ screen: DetailScreen, _ explore: ExploreState, row start: Int, into grid: inout Grid,
    _ area: Rect, _ t: Localizer
  ) {
    var row = start
    var section: DetailSection?
    var number = 0
    for (index, entry) in detail.rows.enumerated() {
      if entry.section != section {
        row += 1
        section = entry.section
        number = 0
        grid.write(sectionTitle(entry.section, t), row: row, column: area.column + 2, style: Theme.title)
        row += 1
      }
      let selected = explore.picker == nil && index == screen.list.selected
      switch entry.content {
      case .item(let item):
        number += 1
        let prefix = entry.section == .tracks ? "\(number). " : ""
        MusicRows.draw(
          item, prefix: prefix, saved: explore.library[item.link.uri] == true, selected: selected, row: row, area: area,
          into: &grid, t)
      case .more:
        MusicRows.drawMore(t[.exploreMore], selected: selected, row: row, area: area, into: &grid)
      }
      row += 1
    }
  }
}

extension DetailScreenView {
  /// "Remove “Tide” from Late Night? y removes it, n keeps it." as a box over the playlist.
  static func renderRemoveQuestion(
    _ track: MusicTrack, from playlist: MusicPlaylist, into grid: inout Grid, _ area: Rect, _ t: Localizer
  ) {
    let width = min(area.width - 4, 60)
    let text = t.format(
      .exploreRemoveQuestion, ["track": MusicRows.clean(track.name), "playlist": MusicRows.clean(playlist.name)])
    let lines = WordWrap.lines(text, width: width - 4, maxLines: max(1, area.visibleHeight - 4))
    let box = Rect(
      row: area.row + 1, column: area.column + (area.width - width) / 2, width: width, height: lines.count + 2)
    grid.clear(box)
    grid.box(box, style: Theme.focusedBorder)
    for (index, line) in lines.enumerated() {
      grid.write(line, row: box.row + 1 + index, column: box.column + 2, style: Theme.warning, maxWidth: width - 4)
    }
    grid.attentionRow = box.row + lines.count
  }
}

/// The add-to-playlist picker, drawn as a box over the screen.
enum PlaylistPickerView {
  /// The failure or the duplicate question the picker shows, if any.
  static func message(_ phase: PlaylistPicker.Phase, _ t: Localizer) -> String? {
    switch phase {
    case .failed(let failure):
      return t[failure.text]
    case .confirmDuplicate(let playlist):
      return t.format(.explorePickerDuplicate, ["name": MusicRows.clean(playlist.name)])
    default:
      return nil
    }
  }

  static func render(_ picker: PlaylistPicker, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    let width = min(area.width - 4, 60)
    // A message (a failure, the duplicate question) gets the rows it wraps to, as far as the terminal allows.
    var wanted = max(picker.playlists.count, 2)
    if let message = message(picker.phase, t) {
      wanted = max(wanted, WordWrap.lines(message, width: width - 4).count)
    }
    let rows = min(wanted, max(2, area.visibleHeight - 6))
    let box = Rect(row: area.row + 1, column: area.column + (area.width - width) / 2, width: width, height: rows + 4)
    grid.clear(box)
    grid.box(box, style: Theme.focusedBorder)
    let inner = box.column + 2
    let innerWidth = width - 4
    grid.write(
      t.format(.explorePickerTitle, ["title": MusicRows.clean(picker.title)]),
      row: box.row + 1, column: inner, style: Theme.title, maxWidth: innerWidth)
    let top = box.row + 2
    switch picker.phase {
    case .loading:
      grid.write(
        t[.explorePickerLoading], row: top, column: inner, style: Theme.pending)
    case .failed:
      for (index, line) in WordWrap.lines(message(picker.phase, t) ?? "", width: innerWidth, maxLines: rows)
        .enumerated()
      {
        grid.write(line, row: top + index, column: inner, style: Theme.error, maxWidth: innerWidth)
      }
    case .confirmDuplicate:
      let text = message(picker.phase, t) ?? ""
      for (index, line) in WordWrap.lines(text, width: innerWidth, maxLines: rows).enumerated() {
        grid.write(line, row: top + index, column: inner, style: Theme.warning, maxWidth: innerWidth)
      }
    case .adding(_, let playlist):
      grid.write(
        t.format(.explorePickerAdding, ["name": MusicRows.clean(playlist.name)]), row: top, column: inner,
        style: Theme.pending, maxWidth: innerWidth)
    case .choosing:
      ListView.render(
        labels: picker.playlists.map { MusicRows.clean($0.name) + ($0.itemsTotal.map { "  \($0)" } ?? "") },
        selected: picker.list.selected, first: picker.list.scrollTop, limit: rows, top: top, markerColumn: inner - 1,
        column: inner + 1, width: innerWidth - 1, into: &grid)
    }
  }
}
