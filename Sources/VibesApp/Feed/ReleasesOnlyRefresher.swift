import Foundation
import VibesCore
import VibesStorage

/// The Feed refresh for a user with Spotify but no Ticketmaster: new releases only, ranked beside whatever concerts
/// are cached, written only when the top artists could be read (a failure never empties the cache).
public struct ReleasesOnlyRefresher: Sendable {
  public let database: AppDatabase
  public let maxArtists: Int
  private let now: @Sendable () -> Date

  public init(database: AppDatabase, maxArtists: Int = 20, now: @escaping @Sendable () -> Date = Date.init) {
    self.database = database
    self.maxArtists = max(0, maxArtists)
    self.now = now
  }

  /// Top artists, their recent albums and singles, ranked and cached; `failure` names why when the top artists
  /// could not be read.
  public func refresh(_ source: any NewReleaseSource, failure: @Sendable () -> String?) async -> FeedRefreshOutcome {
    guard let artists = try? await source.topArtists() else {
      return .failed(reason: failure() ?? "Spotify could not be reached.")
    }
    var releases: [NewReleaseCard] = []
    for artist in artists.prefix(maxArtists) {
      if Task.isCancelled { break }
      if let found = try? await source.recentReleases(artistID: artist.id) { releases += found }
    }
    let fetchedAt = now()
    do {
      let concerts = try database.cachedFeedCards(kind: .concert).compactMap(\.concert)
      let ranked = FeedRanking.rank(concerts: concerts, releases: releases, topArtists: artists, now: fetchedAt)
      try database.replaceNewReleases(cards: ranked, fetchedAt: fetchedAt)
      return .updated(count: try database.feedCardCount(), at: fetchedAt)
    } catch {
      return FeedRefresher.saveFailed(database)
    }
  }
}
