import Foundation
import VibesCore
import VibesServices
import VibesStorage

extension EffectRunner {
  /// The Create tab's effects: generate (Gemini), resolve (Spotify search), save (create once, then add), the
  /// offline save queue, and Grow. Logs name steps and outcomes, never the key, a prompt or a URL.
  func runCreate(_ effect: CreateEffect, send: @escaping @Sendable (AppAction) -> Void) async {
    let create = dependencies.create
    let database = dependencies.database
    switch effect {
    case .loadHistory:
      let history = (try? database.generatedPlaylists(offset: 0, limit: 50)) ?? []
      let queued = Set((try? database.queuedPlaylistSaves()) ?? [])
      send(.create(.historyLoaded(history, queued: queued)))
      // At start-up, off the path from Enter to a resolved preview.
      database.prepareDateEncoding()

    case .tick(let requestID):
      do {
        try await Task.sleep(for: .seconds(1))
      } catch {
        return
      }
      send(.create(.tick(requestID: requestID)))

    case .generate(let requestID, let prompt, let count):
      guard let key = geminiKey() else {
        send(.create(.generated(requestID: requestID, .failure(.geminiKeyMissing))))
        return
      }
      // The resolve after this needs a Spotify token: read (or refresh) it while Gemini works.
      let preparing = create.prepareSpotify.map { prepare in Task { await prepare() } }
      let before = geminiUsage()
      do {
        let playlist = try await workflow.generate(prompt: prompt, count: count, apiKey: key)
        log.info("create: generated \(playlist.songs.count) songs")
        guard !Task.isCancelled else {
          preparing?.cancel()
          return
        }
        reportGeminiUsage(since: before, send: send)
        send(.create(.generated(requestID: requestID, .success(playlist))))
      } catch {
        guard !Task.isCancelled, (error as? GeminiGenerationError) != .service(.cancelled) else {
          preparing?.cancel()
          return
        }
        log.notice("create: generation failed: \(String(describing: error))")
        reportGeminiUsage(since: before, send: send)
        send(.create(.generated(requestID: requestID, .failure(Self.createFailure(error, now: dependencies.now())))))
      }

    case .resolve(let requestID, let playlistID):
      guard let searcher = create.trackSearcher else {
        send(.create(.resolved(requestID: requestID, .failure(.spotifyNotConnected))))
        return
      }
      let resolver = SongResolver(searcher: searcher, cache: database)
      let throttle = ProgressThrottle()
      do {
        let playlist = try await workflow.resolve(playlistID, using: resolver) { progress in
          guard throttle.shouldSend(progress) else { return }
          send(.create(.resolveProgress(requestID: requestID, resolved: progress.resolved, total: progress.total)))
        }
        log.info("create: resolved \(playlist.songs.filter { $0.uri != nil }.count)/\(playlist.songs.count)")
        send(.create(.resolved(requestID: requestID, .success(playlist))))
      } catch {
        guard !Task.isCancelled, !(error is CancellationError) else { return }
        log.notice("create: resolve failed: \(String(describing: error))")
        send(.create(.resolved(requestID: requestID, .failure(Self.createFailure(error, now: dependencies.now())))))
      }

    case .removeSong(let playlistID, let index):
      do {
        try database.removeSong(atIndex: index, fromGeneratedPlaylist: playlistID)
      } catch {
        log.error("create: removing a song failed: \(String(describing: error))")
      }

    case .restoreSong(let playlistID, let index, let song):
      do {
        try database.insertSong(song, atIndex: index, inGeneratedPlaylist: playlistID)
      } catch {
        log.error("create: restoring a song failed: \(String(describing: error))")
      }

    case .rename(let playlistID, let name):
      do {
        try database.renameGeneratedPlaylist(playlistID, name: name)
      } catch {
        log.error("create: renaming failed: \(String(describing: error))")
      }

    case .save(let requestID, let playlistID, let name):
      try? database.renameGeneratedPlaylist(playlistID, name: name)
      let result = await save(playlistID)
      if case .failure(let failure) = result, failure.isOffline {
        try? database.queuePlaylistSave(playlistID, at: dependencies.now())
        log.notice("create: save queued until the network returns")
      }
      send(.create(.saved(requestID: requestID, result)))

    case .retryQueuedSaves(let seconds):
      do {
        try await Task.sleep(for: .seconds(seconds))
      } catch {
        return
      }
      var saved: [GeneratedPlaylist] = []
      var remaining = Set<Int64>()
      var offline = false
      for id in (try? database.queuedPlaylistSaves()) ?? [] {
        if offline {
          remaining.insert(id)
          continue
        }
        switch await save(id) {
        case .success(let playlist):
          saved.append(playlist)
        case .failure(let failure) where failure.isOffline:
          offline = true
          remaining.insert(id)
        case .failure(let failure):
          // Done once: a save that fails for another reason leaves the queue; the user can save again.
          log.notice("create: queued save failed: \(String(describing: failure))")
          try? database.dequeuePlaylistSave(id)
        }
      }
      send(.create(.queueRetried(saved: saved, remaining: remaining)))

    case .loadMyPlaylists(let requestID):
      guard let web = create.spotifyWeb else {
        send(.create(.myPlaylistsLoaded(requestID: requestID, .failure(.spotifyNotConnected))))
        return
      }
      do {
        let me = try await web.me()
        let playlists = try await SpotifyPager.collect(maxItems: 200) { (offset) async throws(SpotifyWebError) in
          try await web.myPlaylists(limit: 50, offset: offset)
        }
        let own = playlists.filter { $0.owner?.id == me.id }.map {
          OwnPlaylist(id: $0.id, name: $0.name, description: $0.description ?? "", trackCount: $0.itemsTotal ?? 0)
        }
        send(.create(.myPlaylistsLoaded(requestID: requestID, .success(own))))
      } catch {
        guard !Task.isCancelled else { return }
        send(
          .create(
            .myPlaylistsLoaded(requestID: requestID, .failure(Self.createFailure(error, now: dependencies.now())))))
      }

    case .grow(let requestID, let playlist, let count, let excluding):
      let result = await grow(playlist, count: count, excluding: excluding)
      guard !Task.isCancelled else { return }
      send(.create(.growSuggested(requestID: requestID, result)))

    case .addToPlaylist(let playlistID, let uri):
      guard let web = create.spotifyWeb else {
        send(.create(.growAdded(uri: uri, failure: .spotifyNotConnected)))
        return
      }
      do {
        try await web.addItems(playlistID: playlistID, uris: [uri])
        send(.create(.growAdded(uri: uri, failure: nil)))
      } catch {
        send(.create(.growAdded(uri: uri, failure: Self.createFailure(error, now: dependencies.now()))))
      }
    }
  }

  var workflow: CreateWorkflow {
    CreateWorkflow(
      gemini: dependencies.create.gemini, model: dependencies.create.model.model, database: dependencies.database,
      now: dependencies.now)
  }

  func geminiKey() -> String? {
    guard let key = try? dependencies.secrets.read(.geminiAPIKey), !key.isEmpty else { return nil }
    return key
  }

  /// One save (create once, add the rest); on success the "You created" card goes to the Feed and the queue
  /// forgets it.
  func save(_ playlistID: Int64) async -> Result<GeneratedPlaylist, CreateFailure> {
    guard let web = dependencies.create.spotifyWeb else { return .failure(.spotifyNotConnected) }
    do {
      let playlist = try await workflow.save(playlistID, to: SpotifyPlaylistSaver(web))
      try? dependencies.database.dequeuePlaylistSave(playlistID)
      if case .saved(let spotifyID, let url) = playlist.saveState {
        let card = CreatedPlaylistCard(
          playlistID: spotifyID, name: playlist.name, url: url, trackCount: SavePlan.uris(for: playlist.songs).count,
          createdAt: dependencies.now())
        do {
          try dependencies.database.addCreatedPlaylistCard(card, at: dependencies.now())
        } catch {
          log.error("create: the feed card could not be written: \(String(describing: error))")
        }
      }
      log.info("create: playlist saved to Spotify")
      return .success(playlist)
    } catch {
      log.notice("create: save failed: \(String(describing: error))")
      return .failure(Self.createFailure(error, now: dependencies.now()))
    }
  }

  /// Reads the playlist's items, asks Gemini (once) for `count` songs in its vibe plus a few spares (none of them,
  /// none of `excluding`), and resolves them; songs not found or already in the playlist are left out and the spares
  /// fill their places. Fails only when no song is left.
  func grow(_ playlist: OwnPlaylist, count: Int, excluding: [SuggestedSong]) async -> Result<
    GrowSuggestions, CreateFailure
  > {
    let create = dependencies.create
    guard let web = create.spotifyWeb, let searcher = create.trackSearcher else {
      return .failure(.spotifyNotConnected)
    }
    guard let key = geminiKey() else { return .failure(.geminiKeyMissing) }
    do {
      let items = try await SpotifyPager.collect(maxItems: 200) { (offset) async throws(SpotifyWebError) in
        try await web.playlistItems(id: playlist.id, limit: 50, offset: offset)
      }
      let tracks = items.compactMap(\.track)
      let existing = tracks.map { GeminiSong(title: $0.name, artist: $0.artists.first?.name ?? "") }
      let answer = try await create.gemini.generatePlaylist(
        .grow(
          playlistName: playlist.name, description: playlist.description, existing: existing,
          excluding: excluding.map(GeminiSong.init), count: count),
        model: create.model.model, apiKey: key)
      let resolver = SongResolver(searcher: searcher, cache: dependencies.database)
      let resolved = try await resolver.resolve((answer.songs + answer.spares).map(SuggestedSong.init))
      let suggestions = Self.growSuggestions(
        resolved, asked: count, inPlaylist: Set(tracks.map(\.uri)), repeated: answer.repeatedCount,
        alreadyListed: answer.alreadyListedCount)
      guard !suggestions.songs.isEmpty else {
        return .failure(.tooFewSongs(asked: count, usable: 0))
      }
      return .success(suggestions)
    } catch {
      return .failure(Self.createFailure(error, now: dependencies.now()))
    }
  }

  /// Keeps the first `asked` resolved songs that were found and are not in the playlist yet, counting what was
  /// left out on the way (spares after the last kept song are not counted: they were never needed).
  static func growSuggestions(
    _ resolved: [ResolvedSong], asked: Int, inPlaylist: Set<String>, repeated: Int, alreadyListed: Int
  ) -> GrowSuggestions {
    var result = GrowSuggestions(songs: [], asked: asked, repeated: repeated, alreadyInPlaylist: alreadyListed)
    for song in resolved where result.songs.count < asked {
      guard let uri = song.uri else {
        result.notFound += 1
        continue
      }
      guard !inPlaylist.contains(uri), !result.songs.contains(where: { $0.uri == uri }) else {
        result.alreadyInPlaylist += 1
        continue
      }
      result.songs.append(song)
    }
    return result
  }

  /// The Create failure for any error of the steps above.
  static func createFailure(_ error: any Error, now: Date) -> CreateFailure {
    switch error {
    case let gemini as GeminiGenerationError: return createFailure(gemini, now: now)
    case let spotify as SpotifyWebError: return createFailure(spotify)
    case let limited as TrackSearchRateLimited: return .spotifyRateLimited(retryAfterSeconds: limited.retryAfterSeconds)
    default: return .storage
    }
  }

  static func createFailure(_ error: GeminiGenerationError, now: Date) -> CreateFailure {
    switch error {
    case .invalidModelName: return .invalidModelName
    case .modelNotFound(let model): return .modelNotFound(model: model)
    case .keyRejected: return .keyRejected
    case .keyForbidden: return .keyForbidden
    case .rateLimitedPerMinute(let seconds): return .rateLimitedPerMinute(retryAfterSeconds: seconds)
    case .quotaExhaustedForToday: return .quotaExhaustedForToday(resetsAt: nextPacificMidnight(after: now))
    case .ranOutOfTokens: return .ranOutOfTokens
    case .answerBlocked(let reason): return .answerBlocked(reason: reason)
    case .promptBlocked(let reason): return .promptBlocked(reason: reason)
    case .emptyReply: return .emptyReply
    case .malformedReply: return .malformedReply
    case .invalidReply(.missingName): return .malformedReply
    case .invalidReply(.tooFewSongs(let asked, let usable)): return .tooFewSongs(asked: asked, usable: usable)
    case .serverProblem(let status): return .serverProblem(status: status)
    case .service(let service): return createFailure(service)
    }
  }

  static func createFailure(_ error: ServiceError) -> CreateFailure {
    switch error {
    case .invalidCredentials: return .keyRejected
    case .forbidden: return .keyForbidden
    case .rateLimited(let seconds): return .rateLimitedPerMinute(retryAfterSeconds: seconds)
    case .server(let status): return .serverProblem(status: status)
    case .network(let problem): return problem.kind == .timedOut ? .timedOut : .offline
    case .cancelled: return .offline
    case .unexpectedStatus(let status): return .serverProblem(status: status)
    case .invalidResponse: return .malformedReply
    }
  }

  static func createFailure(_ error: SpotifyWebError) -> CreateFailure {
    switch error {
    case .notConnected, .reconnectNeeded, .unauthorized: return .spotifyNotConnected
    case .rateLimited(let seconds): return .spotifyRateLimited(retryAfterSeconds: seconds)
    case .transport(let service):
      if case .network(let problem) = service, problem.kind == .timedOut { return .timedOut }
      return .offline
    case .server(let status): return .serverProblem(status: status)
    default: return .spotify(error.errorDescription ?? "Spotify refused the request.")
    }
  }

  /// The Gemini free quota resets at midnight Pacific time.
  static func nextPacificMidnight(after date: Date) -> Date? {
    var calendar = Calendar(identifier: .gregorian)
    guard let zone = TimeZone(identifier: "America/Los_Angeles") else { return nil }
    calendar.timeZone = zone
    let start = calendar.startOfDay(for: date)
    return calendar.date(byAdding: .day, value: 1, to: start)
  }
}
