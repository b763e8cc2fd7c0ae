import Foundation

/// Removing and moving songs in your own playlist: the list changes at once, the change goes through the same
/// perform path and offline queue as the other library actions.
extension ExploreState {
  /// The songs of the screen's playlist if it is your own and loaded fresh (other people's have no tracks; an
  /// offline copy may be out of date, so it is not edited).
  func ownPlaylistTracks(_ screen: DetailScreen) -> [MusicTrack]? {
    guard let cached = screen.loaded, !cached.isStale, case .playlist(let detail) = cached.detail else { return nil }
    return detail.tracks
  }

  /// `x`: ask before removing the selected song.
  mutating func askRemoveFromPlaylist() {
    guard let index = path.indices.last, let tracks = ownPlaylistTracks(path[index]),
      tracks.indices.contains(path[index].list.selected)
    else { return }
    path[index].confirmRemove = tracks[path[index].list.selected]
  }

  /// `y` removes the song asked about (every occurrence, as Spotify does), `n` keeps it.
  mutating func confirmRemove(_ yes: Bool, _ context: inout AppContext) -> [AppEffect] {
    guard let index = path.indices.last, let track = path[index].confirmRemove else { return [] }
    path[index].confirmRemove = nil
    guard yes, case .playlist(var detail)? = path[index].loaded?.detail, let before = detail.tracks?.count else {
      return []
    }
    detail.remove(uri: track.uri)
    let after = detail.tracks?.count ?? 0
    if let total = detail.playlist.itemsTotal { detail.playlist.itemsTotal = max(0, total - (before - after)) }
    replace(detail, at: index)
    path[index].list.selected = min(path[index].list.selected, max(0, after - 1))
    let action = MusicAction.removeFromPlaylist(
      playlistID: detail.playlist.id, uris: [track.uri], snapshotID: detail.playlist.snapshotID)
    return [Self.run(.perform(requestID: context.makeRequestID(), action, checkDuplicates: false))]
  }

  /// `K` / `J`: the selected song one place up or down; the selection moves with it.
  mutating func moveInPlaylist(_ step: Int, _ context: inout AppContext) -> [AppEffect] {
    guard let index = path.indices.last, case .playlist(var detail)? = path[index].loaded?.detail,
      let tracks = ownPlaylistTracks(path[index])
    else { return [] }
    let selected = path[index].list.selected
    let neighbour = selected + step
    guard tracks.indices.contains(selected), tracks.indices.contains(neighbour) else { return [] }
    // Spotify counts positions before the move, entries not shown included: up goes before the song above,
    // down before the entry after the song below.
    let from = detail.position(selected)
    let insertBefore = step < 0 ? detail.position(neighbour) : detail.position(neighbour) + 1
    detail.move(from: from, insertBefore: insertBefore)
    replace(detail, at: index)
    path[index].list.apply(step < 0 ? .up : .down, count: tracks.count, visibleRows: Self.visibleRows(context))
    let action = MusicAction.movePlaylistItem(
      playlistID: detail.playlist.id, uri: tracks[selected].uri, from: from, insertBefore: insertBefore,
      snapshotID: detail.playlist.snapshotID)
    return [Self.run(.perform(requestID: context.makeRequestID(), action, checkDuplicates: false))]
  }

  /// Puts the edited playlist on screen `index` and in the session cache.
  mutating func replace(_ detail: PlaylistDetail, at index: Int) {
    guard case .loaded(var cached) = path[index].phase else { return }
    cached.detail = .playlist(detail)
    path[index].phase = .loaded(cached)
    detailCache[path[index].link] = cached
  }

  /// The playlist's new version after an edit Spotify took, so the next edit applies to it.
  mutating func playlistSnapshot(_ playlistID: String, _ snapshotID: String) {
    for index in path.indices {
      guard path[index].link.id == playlistID, case .playlist(var detail)? = path[index].loaded?.detail else {
        continue
      }
      detail.playlist.snapshotID = snapshotID
      replace(detail, at: index)
    }
  }

  /// A refused edit: the playlist is read again, so the screen shows what Spotify holds.
  mutating func reloadPlaylist(_ playlistID: String, _ context: inout AppContext) -> [AppEffect] {
    let link = SpotifyLink(kind: .playlist, id: playlistID)
    detailCache[link] = nil
    var effects: [AppEffect] = []
    for index in path.indices where path[index].link == link && path[index].loaded != nil {
      let requestID = context.makeRequestID()
      path[index].phase = .loading(requestID: requestID)
      path[index].confirmRemove = nil
      effects.append(Self.run(.loadDetail(requestID: requestID, link)))
    }
    return effects
  }
}
