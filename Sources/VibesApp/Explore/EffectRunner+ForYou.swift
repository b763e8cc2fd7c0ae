import Foundation
import VibesCore
import VibesServices
import VibesStorage

/// For You (FR-3.2): the user's listening (top artists, top tracks, saved songs) and ForYouMemory make one Gemini
/// request per refresh (`ForYouWorkflow`); the answer is resolved on Spotify and kept in SQLite, so For You opens
/// offline with its age. Logs name steps and counts, never the key, a prompt or a song.
extension EffectRunner {
  func runLoadForYou(requestID: Int, refresh: Bool, send: @escaping @Sendable (AppAction) -> Void) async {
    let database = dependencies.database
    let copy = try? database.forYouList()
    if !refresh, var copy {
      copy.isStale = true
      send(.explore(.forYouFinished(requestID: requestID, .success(copy))))
      return
    }
    let before = geminiUsage()
    let result = await refreshForYou()
    guard !Task.isCancelled else { return }
    reportGeminiUsage(since: before, send: send)
    switch result {
    case .success(let fresh):
      send(.explore(.forYouFinished(requestID: requestID, .success(fresh))))
    case .failure(let failure):
      log.notice("for you: refresh failed: \(String(describing: failure))")
      if var copy {
        copy.isStale = true
        copy.staleReason = failure
        send(.explore(.forYouFinished(requestID: requestID, .success(copy))))
      } else {
        send(.explore(.forYouFinished(requestID: requestID, .failure(failure))))
      }
    }
  }

  /// One Gemini request, resolved; the list and the memory are saved.
  func refreshForYou() async -> Result<CachedForYou, CreateFailure> {
    guard let key = geminiKey() else { return .failure(.geminiKeyMissing) }
    guard let web = spotifyWeb else { return .failure(.spotifyNotConnected) }
    let searcher = dependencies.create.searcher ?? SpotifyTrackSearch(web)
    let database = dependencies.database
    do {
      let artists = try await web.topArtists(limit: 20).items
      let top = try await web.topTracks(limit: 20).items
      let saved = try await web.savedTracks(limit: 50).items.compactMap(\.item)
      let song = { (track: SpotifyTrack) in ForYouSong(title: track.name, artist: track.artists.first?.name ?? "") }
      let listening = ForYouWorkflow.Listening(
        topArtists: artists.map { (name: $0.name, genres: $0.genres) }, topTracks: top.map(song),
        library: saved.map(song), knownURIs: Set((top + saved).map(\.uri)))
      let memory = await loadForYouMemory()
      let flow = ForYouWorkflow(gemini: dependencies.create.gemini, model: dependencies.create.model.model)
      let (items, next) = try await flow.refresh(
        listening, memory: memory, resolver: SongResolver(searcher: searcher, cache: database), apiKey: key)
      let now = dependencies.now()
      let list = CachedForYou(
        entries: items.map {
          ForYouEntry(
            title: $0.track.name, artist: $0.track.artists.first ?? $0.song.artist, reason: $0.reason,
            trackID: $0.track.id)
        }, fetchedAt: now)
      await storeForYouMemory(next)
      do {
        try database.saveForYouList(list, at: now)
      } catch {
        log.error("for you: the offline copy could not be written: \(String(describing: error))")
      }
      log.info("for you: \(items.count) songs")
      return .success(list)
    } catch {
      return .failure(Self.createFailure(error, now: dependencies.now()))
    }
  }

  /// `x`: remembered (it and its artist weigh less next time) and out of the offline copy.
  func runDismissForYou(_ entry: ForYouEntry) async {
    let database = dependencies.database
    var memory = await loadForYouMemory()
    memory.dismiss(entry.song)
    await storeForYouMemory(memory)
    do {
      if var list = try database.forYouList() {
        list.entries.removeAll { $0.song.key == entry.song.key }
        try database.saveForYouList(list, at: list.fetchedAt)
      }
    } catch {
      log.error("for you: a dismissal could not be written: \(String(describing: error))")
    }
  }
}
