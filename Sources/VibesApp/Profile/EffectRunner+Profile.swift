import Foundation
import VibesCore
import VibesServices
import VibesStorage

extension EffectRunner {
  /// Runs the Profile tab's effects: one range's top artists and tracks (cached in SQLite for offline reading).
  func runProfile(_ effect: ProfileEffect, send: @escaping @Sendable (AppAction) -> Void) async {
    switch effect {
    case .loadStats(let requestID, let range):
      let key = "stats:\(range.rawValue)"
      guard
        let result = await music({ client throws(SpotifyWebError) in
          let artists = try await client.topArtists(timeRange: range.spotify, limit: ProfileState.topLimit)
          let tracks = try await client.topTracks(timeRange: range.spotify, limit: ProfileState.topLimit)
          return ListeningStats(
            topArtists: artists.items.map(MusicArtist.init), topTracks: tracks.items.map { MusicTrack($0) })
        })
      else { return }
      switch result {
      case .success(let stats):
        let now = dependencies.now()
        if let payload = try? JSONEncoder().encode(stats) {
          try? dependencies.database.saveMusicCache(key, payload: payload, at: now)
        }
        send(.profile(.statsFinished(requestID: requestID, range, .success(CachedStats(stats: stats, fetchedAt: now)))))
      case .failure(let failure):
        if failure.fallsBackToCache, let entry = try? dependencies.database.musicCache(key),
          let stats = try? JSONDecoder().decode(ListeningStats.self, from: entry.payload)
        {
          let cached = CachedStats(stats: stats, fetchedAt: entry.fetchedAt, isStale: true)
          send(.profile(.statsFinished(requestID: requestID, range, .success(cached))))
        } else {
          send(.profile(.statsFinished(requestID: requestID, range, .failure(failure))))
        }
      }
    }
  }
}
