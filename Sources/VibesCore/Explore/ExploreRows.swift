/// One selectable row of the search results: an item of a group, or that group's "more".
public struct ResultRow: Sendable, Hashable {
  public enum Content: Sendable, Hashable {
    case item(MusicItem)
    case more
  }
  public var group: SearchGroup
  public var content: Content
}

/// The sections of a detail screen, in the order they are drawn.
public enum DetailSection: Sendable, Hashable {
  case artists, album, popular, albums, singles, tracks
}

/// One selectable row of a detail screen.
public struct DetailRow: Sendable, Hashable {
  public enum Content: Sendable, Hashable {
    case item(MusicItem)
    /// The next page of an artist's albums or singles.
    case more
  }
  public var section: DetailSection
  public var content: Content

  public var item: MusicItem? {
    if case .item(let item) = content { return item }
    return nil
  }
}

extension SearchResults {
  /// The rows in display order: each group's items, then its "more" when Spotify has another page.
  public var rows: [ResultRow] {
    var rows: [ResultRow] = []
    for group in SearchGroup.allCases {
      let items = items(group)
      guard !items.isEmpty else { continue }
      rows += items.map { ResultRow(group: group, content: .item($0)) }
      if nextOffset(group) != nil { rows.append(ResultRow(group: group, content: .more)) }
    }
    return rows
  }
}

extension MusicDetail {
  /// The selectable rows in display order.
  public var rows: [DetailRow] {
    switch self {
    case .track(let track):
      var rows = track.artists.map { DetailRow(section: .artists, content: .item(.artist($0))) }
      if let album = track.album { rows.append(DetailRow(section: .album, content: .item(.album(album)))) }
      return rows
    case .artist(let detail):
      var rows = detail.popular.map { DetailRow(section: .popular, content: .item(.track($0))) }
      rows += detail.albums.items.map { DetailRow(section: .albums, content: .item(.album($0))) }
      if detail.albums.nextOffset != nil { rows.append(DetailRow(section: .albums, content: .more)) }
      rows += detail.singles.items.map { DetailRow(section: .singles, content: .item(.album($0))) }
      if detail.singles.nextOffset != nil { rows.append(DetailRow(section: .singles, content: .more)) }
      return rows
    case .album(let detail):
      return detail.tracks.map { DetailRow(section: .tracks, content: .item(.track($0))) }
    case .playlist(let detail):
      return (detail.tracks ?? []).map { DetailRow(section: .tracks, content: .item(.track($0))) }
    }
  }

  /// The Spotify URIs whose library state this screen shows (the item and its tracks).
  public var libraryURIs: [String] {
    switch self {
    case .track(let track): return [track.uri]
    case .artist(let detail): return detail.popular.map(\.uri)
    case .album(let detail): return [detail.album.uri] + detail.tracks.map(\.uri)
    case .playlist(let detail): return (detail.tracks ?? []).map(\.uri)
    }
  }
}
