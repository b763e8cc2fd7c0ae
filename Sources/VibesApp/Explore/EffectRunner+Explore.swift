import Foundation
import VibesCore
import VibesServices
import VibesStorage

extension EffectRunner {
  /// A Web API client with the stored tokens; nil without a client ID (nothing can be connected then).
  var spotifyWeb: SpotifyWebClient? {
    guard let tokens = dependencies.spotify.tokens else { return nil }
    return SpotifyWebClient(configuration: dependencies.spotify.configuration, tokens: tokens)
  }

  /// Runs the Explore tab's effects: the debounce timer, search, detail screens, library and playlist actions.
  func runExplore(_ effect: ExploreEffect, send: @escaping @Sendable (AppAction) -> Void) async {
    let database = dependencies.database
    switch effect {
    case .findPreview, .playPreview, .pausePreview, .resumePreview, .stopPreview:
      await runPreview(effect, send: send)
    case .player(let effect):
      await runSpotifyPlayer(effect, send: send)
    case .loadRecent:
      let recent = (try? database.recentSearches(limit: ExploreState.recentLimit)) ?? []
      send(.explore(.recentLoaded(recent, queued: (try? database.queuedSpotifyActionCount()) ?? 0)))
      // For You's copy ahead (SQLite only): opening For You then draws it in its first frame.
      if let copy = try? database.forYouList() { send(.explore(.forYouPreloaded(copy))) }

    case .scheduleSearch(let timerID, let seconds):
      do {
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
      } catch {
        return
      }
      send(.explore(.searchDue(timerID: timerID)))

    case .search(let requestID, let query):
      guard
        let result = await music({ client throws(SpotifyWebError) in
          SearchResults(try await client.search(query, limit: ExploreState.pageSize))
        })
      else { return }
      log.info("explore: search answered")
      switch result {
      case .success(let results):
        saveCachedSearch(results, for: query)
      case .failure(let failure):
        if failure.fallsBackToCache, let cached = cachedSearch(query) {
          log.info("explore: search shown from the offline copy")
          send(
            .explore(
              .searchFromCache(
                requestID: requestID, query: query, cached.results, fetchedAt: cached.fetchedAt, reason: failure)))
          return
        }
      }
      send(.explore(.searchFinished(requestID: requestID, query: query, result)))
      await flushIfBackOnline(after: result, send: send)

    case .searchMore(let requestID, let query, let group, let offset):
      guard
        let result = await music({ client throws(SpotifyWebError) in
          SearchResults(
            try await client.search(query, types: [group.spotifyType], limit: ExploreState.pageSize, offset: offset))
        })
      else { return }
      if case .success(let page) = result, var cached = cachedSearch(query)?.results {
        // The offline copy grows with the pages seen, so it matches what was last on screen.
        cached.appendMore(group, from: page)
        saveCachedSearch(cached, for: query)
      }
      send(.explore(.moreFinished(requestID: requestID, group, result)))

    case .rememberSearch(let query):
      do {
        try database.rememberSearch(query, at: dependencies.now(), keep: ExploreState.recentLimit)
      } catch {
        log.error("explore: remembering a search failed: \(String(describing: error))")
      }

    case .loadDetail(let requestID, let link):
      guard let result = await loadDetail(link) else { return }
      send(.explore(.detailFinished(requestID: requestID, link, result)))
      if case .success(let cached) = result, !cached.isStale {
        await flushIfBackOnline(after: Result<Void, MusicFailure>.success(()), send: send)
      }

    case .loadReleases(let requestID, let artistID, let singles, let offset):
      guard
        let result = await music({ client throws(SpotifyWebError) in
          Self.newestFirst(
            MusicPage(
              try await client.artistAlbums(
                id: artistID, includeGroups: [singles ? .single : .album], limit: ExploreState.pageSize, offset: offset),
              MusicAlbum.init))
        })
      else { return }
      send(.explore(.releasesFinished(requestID: requestID, artistID: artistID, singles: singles, result)))

    case .checkLibrary(let uris):
      guard let client = spotifyWeb, let flags = try? await client.libraryContains(uris: uris) else { return }
      send(.explore(.libraryState(Dictionary(zip(uris, flags), uniquingKeysWith: { $1 }))))

    case .loadPlaylists(let requestID):
      guard
        let result = await music({ client throws(SpotifyWebError) in
          try await self.ownPlaylists(client)
        })
      else { return }
      send(.explore(.playlistsLoaded(requestID: requestID, result)))

    case .perform(let requestID, let action, let checkDuplicates):
      if checkDuplicates, case .addToPlaylist(let playlistID, let uris) = action, let client = spotifyWeb {
        if let existing = try? await playlistURIs(client, playlistID), !existing.isDisjoint(with: uris) {
          send(.explore(.duplicateFound(requestID: requestID)))
          return
        }
      }
      let (outcome, snapshot) = await performMusicActionTracking(action, counting: send)
      if let snapshot, let playlistID = action.editedPlaylistID {
        send(.explore(.playlistSnapshot(playlistID: playlistID, snapshotID: snapshot)))
      }
      send(.explore(.actionFinished(action, outcome, queued: (try? database.queuedSpotifyActionCount()) ?? 0)))
      // A song saved here counts its genres as one saved from the song menu does (once it is sent if queued).
      if outcome == .done { await countSaved(action, send: send) }

    case .flushQueue:
      let (sent, remaining) = await flushMusicQueue(counting: send)
      send(.explore(.queueFlushed(sent: sent, remaining: remaining)))

    case .loadLibrary(let requestID, let kind, let offset):
      await runLoadLibrary(requestID: requestID, kind, offset: offset, send: send)
    case .loadForYou(let requestID, let refresh):
      await runLoadForYou(requestID: requestID, refresh: refresh, send: send)
    case .dismissForYou(let entry):
      await runDismissForYou(entry)
    }
  }

  /// After a request that reached Spotify: the network is back, so send what the offline queue holds.
  func flushIfBackOnline<T>(after result: Result<T, MusicFailure>, send: @escaping @Sendable (AppAction) -> Void) async
  {
    guard case .success = result, ((try? dependencies.database.queuedSpotifyActionCount()) ?? 0) > 0 else { return }
    let (sent, remaining) = await flushMusicQueue(counting: send)
    send(.explore(.queueFlushed(sent: sent, remaining: remaining)))
  }

  /// Runs `call` with a client; maps its failure. nil when the request was cancelled.
  func music<T: Sendable>(
    _ call: (SpotifyWebClient) async throws(SpotifyWebError) -> T
  ) async -> Result<T, MusicFailure>? {
    guard let client = spotifyWeb else { return .failure(.notConnected) }
    do {
      return .success(try await call(client))
    } catch {
      guard let failure = MusicFailure(error) else { return nil }
      log.notice("spotify web: \(String(describing: failure))")
      return .failure(failure)
    }
  }

  /// A detail from Spotify (then cached in SQLite), or the cached copy marked stale when the network fails.
  func loadDetail(_ link: SpotifyLink) async -> Result<CachedDetail, MusicFailure>? {
    let key = "\(link.kind.rawValue):\(link.id)"
    guard let result = await music({ client throws(SpotifyWebError) in try await self.fetchDetail(client, link) })
    else { return nil }
    switch result {
    case .success(let detail):
      let now = dependencies.now()
      if let payload = try? JSONEncoder().encode(detail) {
        try? dependencies.database.saveMusicCache(key, payload: payload, at: now)
      }
      return .success(CachedDetail(detail: detail, fetchedAt: now))
    case .failure(let failure):
      if failure.fallsBackToCache, let entry = try? dependencies.database.musicCache(key),
        let detail = try? JSONDecoder().decode(MusicDetail.self, from: entry.payload)
      {
        return .success(CachedDetail(detail: detail, fetchedAt: entry.fetchedAt, isStale: true, staleReason: failure))
      }
      return .failure(failure)
    }
  }

  func fetchDetail(_ client: SpotifyWebClient, _ link: SpotifyLink) async throws(SpotifyWebError) -> MusicDetail {
    switch link.kind {
    case .track:
      return .track(MusicTrack(try await client.track(id: link.id)))
    case .album:
      let album = try await client.album(id: link.id)
      let mapped = MusicAlbum(album)
      let tracks = try await SpotifyPager.collect(first: album.tracks, maxItems: Self.maxListItems) {
        (offset) async throws(SpotifyWebError) in
        try await client.albumTracks(id: link.id, limit: 50, offset: offset)
      }
      return .album(AlbumDetail(album: mapped, tracks: tracks.map { MusicTrack($0, album: mapped) }))
    case .artist:
      let artist = MusicArtist(try await client.artist(id: link.id))
      let albums = try await client.artistAlbums(id: link.id, includeGroups: [.album], limit: ExploreState.pageSize)
      let singles = try await client.artistAlbums(id: link.id, includeGroups: [.single], limit: ExploreState.pageSize)
      // Top tracks are gone for new apps: "Popular" is a search for the artist's tracks, kept to this artist.
      let escaped = artist.name.replacingOccurrences(of: "\"", with: "")
      let popular =
        (try? await client.search("artist:\"\(escaped)\"", types: [.track], limit: ExploreState.pageSize))?
        .tracks?.items.filter { $0.artists.contains { $0.id == link.id } }.map { MusicTrack($0) } ?? []
      return .artist(
        ArtistDetail(
          artist: artist, albums: Self.newestFirst(MusicPage(albums, MusicAlbum.init)),
          singles: Self.newestFirst(MusicPage(singles, MusicAlbum.init)), popular: popular))
    case .playlist:
      let playlist = try await client.playlist(id: link.id)
      let userID = try? dependencies.database.spotifyConnection()?.userID
      if let owner = playlist.owner?.id, let userID, owner != userID {
        return .playlist(PlaylistDetail(playlist: MusicPlaylist(playlist), tracks: nil))
      }
      do {
        let shown = try await playlistEntries(client, link.id).compactMap { entry in
          entry.item.track.map { (entry.position, $0) }
        }
        return .playlist(
          PlaylistDetail(
            playlist: MusicPlaylist(playlist), tracks: shown.map { MusicTrack($0.1) }, positions: shown.map(\.0)))
      } catch .notPlaylistOwner {
        return .playlist(PlaylistDetail(playlist: MusicPlaylist(playlist), tracks: nil))
      }
    }
  }

  /// A playlist's entries with their positions as Spotify counts them (`null` entries left out but counted), at
  /// most `maxListItems`.
  func playlistEntries(_ client: SpotifyWebClient, _ playlistID: String) async throws(SpotifyWebError) -> [(
    position: Int, item: SpotifyPlaylistItem
  )] {
    var entries: [(position: Int, item: SpotifyPlaylistItem)] = []
    var offset = 0
    while entries.count < Self.maxListItems {
      let page = try await client.playlistItems(id: playlistID, limit: 50, offset: offset)
      for (position, item) in zip(page.positions, page.items) { entries.append((position, item)) }
      guard page.hasNext, !page.items.isEmpty else { break }
      offset += 50
    }
    return Array(entries.prefix(Self.maxListItems))
  }

  /// The most tracks an album or playlist detail reads (and the search cache keeps).
  static let maxListItems = 500

  static func newestFirst(_ page: MusicPage<MusicAlbum>) -> MusicPage<MusicAlbum> {
    var sorted = page
    sorted.items.sort { ($0.releaseDate ?? "") > ($1.releaseDate ?? "") }
    return sorted
  }

  /// The user's own playlists (followed ones belong to others and cannot be added to).
  func ownPlaylists(_ client: SpotifyWebClient) async throws(SpotifyWebError) -> [MusicPlaylist] {
    let page = try await client.myPlaylists(limit: 50)
    var userID = try? dependencies.database.spotifyConnection()?.userID
    if userID == nil { userID = try await client.me().id }
    return page.items.filter { $0.owner?.id == nil || $0.owner?.id == userID }.map(MusicPlaylist.init)
  }

  func playlistURIs(_ client: SpotifyWebClient, _ playlistID: String) async throws(SpotifyWebError) -> Set<String> {
    let items = try await SpotifyPager.collect(maxItems: 1000) { (offset) async throws(SpotifyWebError) in
      try await client.playlistItems(id: playlistID, limit: 50, offset: offset)
    }
    return Set(items.compactMap { $0.track?.uri })
  }

  /// Sends one action; without network it joins the offline queue. Older queued actions go first, so a new
  /// action waits behind them. Other features' runners (Create's "save playlist") call this too. `counting`: where
  /// the queued saves sent first announce what their genres unlock (`flushMusicQueueTracking`).
  func performMusicAction(
    _ action: MusicAction, counting announce: (@Sendable (AppAction) -> Void)? = nil
  ) async -> MusicActionOutcome {
    await performMusicActionTracking(action, counting: announce).outcome
  }

  /// `performMusicAction`, also answering a playlist edit's new `snapshot_id`. A playlist edited by queued
  /// actions just sent is edited at the version they left.
  func performMusicActionTracking(
    _ action: MusicAction, counting announce: (@Sendable (AppAction) -> Void)? = nil
  ) async -> (outcome: MusicActionOutcome, snapshot: String?) {
    let database = dependencies.database
    var action = action
    if ((try? database.queuedSpotifyActionCount()) ?? 0) > 0 {
      let flushed = await flushMusicQueueTracking(counting: announce)
      if ((try? database.queuedSpotifyActionCount()) ?? 0) > 0 { return (enqueue(action), nil) }
      if let playlistID = action.editedPlaylistID, let snapshot = flushed.snapshots[playlistID] {
        action = action.atSnapshot(snapshot)
      }
    }
    guard let client = spotifyWeb else { return (.failed(.notConnected), nil) }
    do {
      let snapshot = try await send(action, client)
      log.info("explore: library/playlist action done")
      return (.done, snapshot)
    } catch {
      guard let failure = MusicFailure(error) else { return (.failed(.offline), nil) }
      // Queued as attempted: a lost or slow answer may mean the request reached Spotify, so it is reconciled
      // before it is sent again. A slow answer is worded as such.
      if failure == .offline || failure == .timedOut { return (enqueue(action, attempted: true), nil) }
      log.notice("explore: action refused: \(String(describing: failure))")
      return (.failed(failure), nil)
    }
  }

  func enqueue(_ action: MusicAction, attempted: Bool = false) -> MusicActionOutcome {
    do {
      try dependencies.database.enqueueSpotifyAction(
        try JSONEncoder().encode(action), at: dependencies.now(), attempted: attempted)
      log.info("explore: action queued while offline")
      return .queued
    } catch {
      log.error("explore: queueing an action failed: \(String(describing: error))")
      return .failed(.offline)
    }
  }

  /// Sends an action again whose earlier send may have reached Spotify: a playlist is looked for before it is
  /// created, and only the tracks a playlist does not hold yet are added. Library saves and removals (PUT,
  /// DELETE) are idempotent and simply sent.
  @discardableResult
  func resend(_ action: MusicAction, _ client: SpotifyWebClient) async throws -> String? {
    let saver = SpotifyPlaylistSaver(client)
    switch action {
    case .save, .remove:
      try await send(action, client)
    case .removeFromPlaylist(let playlistID, let uris, _):
      // Removing by URI again is harmless; the version it was meant for may have been changed by the first send.
      return try await send(.removeFromPlaylist(playlistID: playlistID, uris: uris, snapshotID: nil), client)
    case .movePlaylistItem(let playlistID, let uri, let from, _, _):
      // Moved already when the song no longer stands where it was taken from; else the move is still due, at the
      // version it was meant for.
      let entries = try await playlistEntries(client, playlistID)
      guard entries.contains(where: { $0.position == from && $0.item.track?.uri == uri }) else { return nil }
      return try await send(action, client)
    case .addToPlaylist(let playlistID, let uris):
      try await addMissing(uris, to: playlistID, saver)
    case .createPlaylist(let name, let description, let uris):
      if let found = try await saver.findCreatedPlaylist(
        name: name, description: description ?? "", excluding: [])
      {
        try await addMissing(uris, to: found.id, saver)
      } else {
        try await send(action, client)
      }
    }
    return nil
  }

  private func addMissing(_ uris: [String], to playlistID: String, _ saver: SpotifyPlaylistSaver) async throws {
    let held = Set(try await saver.itemURIs(playlistID: playlistID) ?? [])
    let missing = uris.filter { !held.contains($0) }
    if !missing.isEmpty { try await saver.addItems(playlistID: playlistID, uris: missing) }
  }

  /// Sends one action; a playlist edit answers the playlist's new `snapshot_id`.
  @discardableResult
  func send(_ action: MusicAction, _ client: SpotifyWebClient) async throws(SpotifyWebError) -> String? {
    switch action {
    case .removeFromPlaylist(let playlistID, let uris, let snapshotID):
      return try await client.removeItems(playlistID: playlistID, uris: uris, snapshotID: snapshotID)
    case .movePlaylistItem(let playlistID, _, let from, let insertBefore, let snapshotID):
      return try await client.moveItem(
        playlistID: playlistID, from: from, insertBefore: insertBefore, snapshotID: snapshotID)
    case .save(let uris): try await client.saveToLibrary(uris: uris)
    case .remove(let uris): try await client.removeFromLibrary(uris: uris)
    case .addToPlaylist(let playlistID, let uris): try await client.addItems(playlistID: playlistID, uris: uris)
    case .createPlaylist(let name, let description, let uris):
      let playlist = try await client.createPlaylist(name: name, description: description)
      try await client.addItems(playlistID: playlist.id, uris: uris)
    }
    return nil
  }

  /// How long a flusher holds the action it is sending: longer than any one send takes (create and add,
  /// 15 s each, with their bounded retries), so a live holder never loses it; a killed one's expires.
  static let queueClaimLease: TimeInterval = 120

  /// Sends the queue oldest first, deleting each action once Spotify took it; stops at the first network
  /// failure. An action Spotify refuses (404, 400) is dropped so it cannot block the rest. Claim-then-send:
  /// each action is claimed in SQLite before it goes out, and while one flusher (a search, the Explore
  /// tab, a perform — of this process or another vibes on the same data folder) holds a claim, any other
  /// flush sends nothing; so several paths flushing at once send each action once.
  func flushMusicQueue(counting announce: (@Sendable (AppAction) -> Void)? = nil) async -> (sent: Int, remaining: Int) {
    let flushed = await flushMusicQueueTracking(counting: announce)
    return (flushed.sent, flushed.remaining)
  }

  /// `flushMusicQueue`, also answering each edited playlist's newest `snapshot_id`: a playlist edited twice
  /// offline gets its second edit at the version the first left. A save made offline counts its songs' genres once
  /// it is sent (as one made online does, `countExplored`); `counting` is where what that unlocks is announced
  /// (without one, nothing is counted: the flush of a path that cannot announce leaves no row behind to count later,
  /// so every path that sends a queued save passes one).
  func flushMusicQueueTracking(
    counting announce: (@Sendable (AppAction) -> Void)? = nil
  ) async -> (sent: Int, remaining: Int, snapshots: [String: String]) {
    let database = dependencies.database
    var snapshots: [String: String] = [:]
    guard let client = spotifyWeb else { return (0, (try? database.queuedSpotifyActionCount()) ?? 0, [:]) }
    let token = ClaimToken.make()
    var sent = 0
    var savedTracks: [String] = []
    while let entry = try? database.claimNextSpotifyAction(
      token: token, now: Date(), lease: Self.queueClaimLease, holderIsGone: ClaimToken.holderIsGone)
    {
      guard var action = try? JSONDecoder().decode(MusicAction.self, from: entry.payload) else {
        try? database.deleteQueuedSpotifyAction(entry.id)
        continue
      }
      if let playlistID = action.editedPlaylistID, let snapshot = snapshots[playlistID] {
        action = action.atSnapshot(snapshot)
      }
      do {
        let snapshot =
          entry.earlierAttempts > 0 ? try await resend(action, client) : try await send(action, client)
        if let snapshot, let playlistID = action.editedPlaylistID { snapshots[playlistID] = snapshot }
        try? database.deleteQueuedSpotifyAction(entry.id)
        sent += 1
        savedTracks += action.savedTrackIDs
      } catch {
        let failure = (error as? SpotifyWebError).flatMap(MusicFailure.init)
        if failure == nil || failure?.fallsBackToCache == true || failure == .reconnectNeeded
          || failure == .notConnected
        {
          try? database.releaseSpotifyActionClaim(entry.id, token: token)
          break
        }
        log.notice("explore: a queued action was refused and dropped: \(String(describing: failure))")
        try? database.deleteQueuedSpotifyAction(entry.id)
      }
    }
    if let announce {
      for trackID in savedTracks { await countExplored(trackID: trackID, saved: true, send: announce) }
    }
    return (sent, (try? database.queuedSpotifyActionCount()) ?? 0, snapshots)
  }
}

extension EffectRunner {
  /// The genres explored (and For You saves) of the songs a library save took (`countExplored`).
  func countSaved(_ action: MusicAction, send: @escaping @Sendable (AppAction) -> Void) async {
    for trackID in action.savedTrackIDs { await countExplored(trackID: trackID, saved: true, send: send) }
  }
}

extension MusicAction {
  /// The Spotify track ids a library save takes (none for any other action, or for albums).
  var savedTrackIDs: [String] {
    guard case .save(let uris) = self else { return [] }
    return uris.compactMap { SpotifyLink.parse($0).flatMap { $0.kind == .track ? $0.id : nil } }
  }

  /// The playlist a remove or move edits.
  var editedPlaylistID: String? {
    switch self {
    case .removeFromPlaylist(let playlistID, _, _), .movePlaylistItem(let playlistID, _, _, _, _): return playlistID
    default: return nil
    }
  }

  /// The same edit at another version of the playlist.
  func atSnapshot(_ snapshot: String) -> MusicAction {
    switch self {
    case .removeFromPlaylist(let playlistID, let uris, _):
      return .removeFromPlaylist(playlistID: playlistID, uris: uris, snapshotID: snapshot)
    case .movePlaylistItem(let playlistID, let uri, let from, let insertBefore, _):
      return .movePlaylistItem(
        playlistID: playlistID, uri: uri, from: from, insertBefore: insertBefore, snapshotID: snapshot)
    default:
      return self
    }
  }
}
