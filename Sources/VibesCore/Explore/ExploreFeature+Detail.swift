import Foundation

extension ExploreState {
  /// Pushes the screen for `link`: at once from this session's cache, else loading (an offline copy is asked
  /// for again, so it is replaced once the network is back).
  public mutating func open(_ link: SpotifyLink, _ context: inout AppContext) -> [AppEffect] {
    picker = nil
    isEditing = false
    if let cached = detailCache[link], !cached.isStale {
      path.append(DetailScreen(link: link, phase: .loaded(cached)))
      return []
    }
    let requestID = context.makeRequestID()
    path.append(DetailScreen(link: link, phase: .loading(requestID: requestID)))
    return [Self.run(.loadDetail(requestID: requestID, link))]
  }

  mutating func openSelected(_ context: inout AppContext) -> [AppEffect] {
    guard let screen = path.last else {
      if forYouScreen != nil { return openForYouRow(&context) }
      return libraryScreen != nil ? openLibraryRow(&context) : openRootRow(&context)
    }
    guard let detail = screen.loaded?.detail else { return [] }
    let rows = detail.rows
    guard rows.indices.contains(screen.list.selected) else { return [] }
    let row = rows[screen.list.selected]
    switch row.content {
    case .item(let item):
      return open(item.link, &context)
    case .more:
      guard case .artist(let artist) = detail else { return [] }
      let singles = row.section == .singles
      guard let offset = singles ? artist.singles.nextOffset : artist.albums.nextOffset else { return [] }
      let requestID = context.makeRequestID()
      return [
        Self.run(.loadReleases(requestID: requestID, artistID: artist.artist.id, singles: singles, offset: offset))
      ]
    }
  }

  mutating func reduceDetail(_ action: ExploreAction, _ context: inout AppContext) -> [AppEffect] {
    switch action {
    case .open(let link):
      return open(link, &context)
    case .openThen(let link, let arrival):
      return open(link, then: arrival, &context)
    case .detailFinished(let requestID, let link, let result):
      guard let index = path.firstIndex(where: { $0.phase == .loading(requestID: requestID) }) else { return [] }
      switch result {
      case .success(let cached):
        detailCache[link] = cached
        path[index].phase = .loaded(cached)
        if let reason = cached.staleReason {
          // Say why the offline copy shows (e.g. how long Spotify asks to wait).
          context.notice = .localized(
            LocalizedText(ExploreL10n.exploreOfflineCopyNotice) { t in ["reason": t[reason.text]] }, isWarning: true)
        }
        let uris = cached.detail.libraryURIs
        let check = uris.isEmpty || cached.isStale ? [] : [Self.run(.checkLibrary(uris: uris))]
        return check + (index == path.count - 1 ? arriveIfReady(&context) : [])
      case .failure(let failure):
        path[index].phase = .failed(failure)
        return []
      }
    case .releasesFinished(_, let artistID, let singles, let result):
      switch result {
      case .success(let page):
        for index in path.indices {
          guard case .loaded(var cached) = path[index].phase, case .artist(var detail) = cached.detail,
            detail.artist.id == artistID
          else { continue }
          if singles { detail.singles.append(page) } else { detail.albums.append(page) }
          cached.detail = .artist(detail)
          path[index].phase = .loaded(cached)
          detailCache[path[index].link] = cached
        }
      case .failure(let failure):
        context.notice = failure.notice
      }
      return []
    case .libraryState(let states):
      library.merge(states) { $1 }
      return []
    case .playlistsLoaded(let requestID, let result):
      guard var picker, picker.phase == .loading(requestID: requestID) else { return [] }
      switch result {
      case .success(let playlists):
        picker.playlists = playlists
        picker.phase = .choosing
        if playlists.isEmpty {
          self.picker = nil
          context.notice = .localized(LocalizedText(ExploreL10n.exploreNoOwnPlaylists), isWarning: true)
          return []
        }
      case .failure(let failure):
        picker.phase = .failed(failure)
        context.notice = failure.notice
      }
      self.picker = picker
      return []
    case .duplicateFound(let requestID):
      guard var picker, case .adding(requestID, let playlist) = picker.phase else { return [] }
      picker.phase = .confirmDuplicate(playlist)
      self.picker = picker
      return []
    case .actionFinished(let action, let outcome, let queued):
      queuedActions = queued
      return actionFinished(action, outcome, &context)
    case .playlistSnapshot(let playlistID, let snapshotID):
      playlistSnapshot(playlistID, snapshotID)
      return []
    case .libraryFinished(let requestID, let kind, let result):
      return libraryFinished(requestID, kind, result, &context)
    case .forYouFinished(let requestID, let result):
      return forYouFinished(requestID, result)
    case .previewFound(let requestID, let trackID, let result):
      return previewFound(requestID, trackID, result, &context)
    case .previewProgress(let trackID, let playback):
      previewProgress(trackID, playback, &context)
      return []
    case .previewRemote(let trackID, let host):
      guard preview?.trackID == trackID else { return [] }
      context.notice = .localized(
        LocalizedText(PlaybackL10n.previewRemoteSession, ["host": TerminalText.sanitize(host)]), isWarning: true)
      return []
    case .queueFlushed(let sent, let remaining):
      queuedActions = remaining
      if sent > 0 {
        context.notice = .localized(
          LocalizedText(ExploreL10n.exploreQueueFlushed, ["sent": "\(sent)", "remaining": "\(remaining)"]),
          isWarning: false)
      }
      return []
    default:
      return []
    }
  }

  /// The item the actions act on: the selected row's track or album, else the screen's own.
  /// `allowingAny` also takes artists and playlists (open and copy work for every item).
  public func actionItem(allowingAny: Bool = false) -> MusicItem? {
    func fits(_ item: MusicItem?) -> MusicItem? {
      guard let item else { return nil }
      switch item {
      case .track, .album: return item
      case .artist, .playlist: return allowingAny ? item : nil
      }
    }
    if let screen = path.last {
      guard let detail = screen.loaded?.detail else { return nil }
      let rows = detail.rows
      let selected = rows.indices.contains(screen.list.selected) ? rows[screen.list.selected].item : nil
      if case .track = detail.item { return fits(detail.item) }
      return fits(selected) ?? fits(detail.item)
    }
    if let screen = libraryScreen {
      let rows = screen.rows
      return rows.indices.contains(screen.list.selected) ? fits(rows[screen.list.selected].item) : nil
    }
    guard !showsRecent else { return nil }
    let rows = resultRows
    guard rows.indices.contains(list.selected), case .item(let item) = rows[list.selected].content else { return nil }
    return fits(item)
  }

  mutating func toggleSave(_ context: inout AppContext) -> [AppEffect] {
    guard let item = actionItem() else { return [] }
    let uri = item.link.uri
    let action: MusicAction = library[uri] == true ? .remove(uris: [uri]) : .save(uris: [uri])
    return [Self.run(.perform(requestID: context.makeRequestID(), action, checkDuplicates: false))]
  }

  mutating func addToPlaylist(_ context: inout AppContext) -> [AppEffect] {
    guard let item = actionItem() else { return [] }
    let uris: [String]
    switch item {
    case .track(let track):
      uris = [track.uri]
    case .album(let album):
      guard case .album(let detail)? = detailCache[album.link]?.detail, !detail.tracks.isEmpty else {
        context.notice = .localized(LocalizedText(ExploreL10n.exploreOpenAlbumFirst), isWarning: true)
        return []
      }
      uris = detail.tracks.map(\.uri)
    default:
      return []
    }
    let requestID = context.makeRequestID()
    picker = PlaylistPicker(uris: uris, title: item.name, phase: .loading(requestID: requestID))
    return [Self.run(.loadPlaylists(requestID: requestID))]
  }

  mutating func choosePlaylist(_ context: inout AppContext) -> [AppEffect] {
    guard var picker else { return [] }
    let playlist: MusicPlaylist
    let check: Bool
    switch picker.phase {
    case .choosing:
      guard picker.playlists.indices.contains(picker.list.selected) else { return [] }
      playlist = picker.playlists[picker.list.selected]
      check = true
    case .confirmDuplicate(let chosen):
      playlist = chosen
      check = false
    default:
      return []
    }
    let requestID = context.makeRequestID()
    picker.phase = .adding(requestID: requestID, playlist)
    self.picker = picker
    let action = MusicAction.addToPlaylist(playlistID: playlist.id, uris: picker.uris)
    return [Self.run(.perform(requestID: requestID, action, checkDuplicates: check))]
  }

  mutating func actionFinished(
    _ action: MusicAction, _ outcome: MusicActionOutcome, _ context: inout AppContext
  ) -> [AppEffect] {
    let waiting = queuedActions
    switch outcome {
    case .failed(let failure):
      if case .addToPlaylist = action { picker = nil }
      context.notice = failure.notice
      switch action {
      case .removeFromPlaylist(let playlistID, _, _), .movePlaylistItem(let playlistID, _, _, _, _):
        return reloadPlaylist(playlistID, &context)
      default:
        return []
      }
    case .done, .queued:
      break
    }
    let queued = outcome == .queued
    // Each outcome has its own sentence when queued offline (never a translated half glued on).
    func notice(_ done: ExploreL10n, _ waitingKey: ExploreL10n, _ values: [String: String] = [:]) -> Notice {
      let key = queued ? waitingKey : done
      return .localized(LocalizedText(key, values.merging(["waiting": "\(waiting)"]) { $1 }), isWarning: queued)
    }
    switch action {
    case .save(let uris):
      for uri in uris { library[uri] = true }
      context.notice = notice(.exploreSaved, .exploreSavedQueued)
    case .remove(let uris):
      for uri in uris { library[uri] = false }
      libraryScreen?.drop(uris: Set(uris), spotifyHasDropped: !queued)
      context.notice = notice(.exploreRemoved, .exploreRemovedQueued)
    case .createPlaylist(let name, _, _):
      context.notice = notice(.exploreCreated, .exploreCreatedQueued, ["name": TerminalText.sanitize(name)])
    case .removeFromPlaylist(let playlistID, _, _):
      context.notice = notice(
        .exploreRemovedFromPlaylist, .exploreRemovedFromPlaylistQueued, ["name": playlistName(playlistID)])
    case .movePlaylistItem(let playlistID, _, _, _, _):
      context.notice = notice(
        .exploreMovedInPlaylist, .exploreMovedInPlaylistQueued, ["name": playlistName(playlistID)])
    case .addToPlaylist(let playlistID, _):
      let name = picker?.playlists.first { $0.id == playlistID }?.name ?? ""
      picker = nil
      context.notice = notice(.exploreAdded, .exploreAddedQueued, ["name": TerminalText.sanitize(name)])
    }
    return []
  }

  /// The name of an open playlist, made safe for the status line.
  func playlistName(_ playlistID: String) -> String {
    for screen in path.reversed() {
      if case .playlist(let detail)? = screen.loaded?.detail, detail.playlist.id == playlistID {
        return TerminalText.sanitize(detail.playlist.name)
      }
    }
    return ""
  }
}
