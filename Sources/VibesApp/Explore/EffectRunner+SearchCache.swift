import Foundation
import VibesCore
import VibesStorage

extension EffectRunner {
  /// The search type the cache keys Explore's four-group search under (Spotify's `type` parameter).
  static let searchCacheType = "track,artist,album,playlist"

  /// Keeps `results` as the offline copy of `query` (best effort: a failed write only loses the copy).
  func saveCachedSearch(_ results: SearchResults, for query: String) {
    do {
      try dependencies.database.saveCachedSearch(
        ExploreState.normalized(query), type: Self.searchCacheType, payload: try JSONEncoder().encode(results),
        at: dependencies.now())
    } catch {
      log.error("explore: caching search results failed: \(String(describing: error))")
    }
  }

  /// The offline copy of `query`'s results with the time they were fetched, if one was kept and still reads.
  func cachedSearch(_ query: String) -> (results: SearchResults, fetchedAt: Date)? {
    guard
      let entry = try? dependencies.database.cachedSearch(ExploreState.normalized(query), type: Self.searchCacheType),
      let results = try? JSONDecoder().decode(SearchResults.self, from: entry.payload)
    else { return nil }
    return (results, entry.fetchedAt)
  }
}
