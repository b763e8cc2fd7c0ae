import Foundation
import VibesCore
import VibesServices
import VibesStorage

/// "Your library": saved songs, saved albums and your playlists, one bounded page at a time; the first page is
/// kept in the SQLite music cache so it shows (with its age) when Spotify cannot be reached.
extension EffectRunner {
  /// The music cache key of a library list's first page.
  static func libraryCacheKey(_ kind: LibraryKind) -> String { "library:\(kind.rawValue)" }

  func runLoadLibrary(
    requestID: Int, _ kind: LibraryKind, offset: Int, send: @escaping @Sendable (AppAction) -> Void
  ) async {
    guard let result = await loadLibrary(kind, offset: offset) else { return }
    send(.explore(.libraryFinished(requestID: requestID, kind, result)))
    if case .success(let cached) = result, !cached.isStale {
      await flushIfBackOnline(after: Result<Void, MusicFailure>.success(()), send: send)
    }
  }

  /// One page from Spotify (the first is cached), or the cached first page marked stale when the network fails.
  func loadLibrary(_ kind: LibraryKind, offset: Int) async -> Result<CachedLibrary, MusicFailure>? {
    let key = Self.libraryCacheKey(kind)
    guard
      let result = await music({ client throws(SpotifyWebError) in
        try await self.fetchLibraryPage(client, kind, offset: offset)
      })
    else { return nil }
    switch result {
    case .success(let page):
      let now = dependencies.now()
      if offset == 0, let payload = try? JSONEncoder().encode(page) {
        try? dependencies.database.saveMusicCache(key, payload: payload, at: now)
      }
      return .success(CachedLibrary(page: page, fetchedAt: now))
    case .failure(let failure):
      if offset == 0, failure.fallsBackToCache, let entry = try? dependencies.database.musicCache(key),
        let page = try? JSONDecoder().decode(MusicPage<MusicItem>.self, from: entry.payload)
      {
        log.info("explore: library list shown from the offline copy")
        return .success(CachedLibrary(page: page, fetchedAt: entry.fetchedAt, isStale: true, staleReason: failure))
      }
      return .failure(failure)
    }
  }

  func fetchLibraryPage(_ client: SpotifyWebClient, _ kind: LibraryKind, offset: Int) async throws(SpotifyWebError)
    -> MusicPage<MusicItem>
  {
    let limit = LibraryScreen.pageSize
    switch kind {
    case .savedTracks:
      let page = try await client.savedTracks(limit: limit, offset: offset)
      return Self.libraryPage(page.items.compactMap(\.item).map { .track(MusicTrack($0)) }, page)
    case .savedAlbums:
      let page = try await client.savedAlbums(limit: limit, offset: offset)
      return Self.libraryPage(page.items.compactMap(\.item).map { .album(MusicAlbum($0)) }, page)
    case .playlists:
      let page = try await client.myPlaylists(limit: limit, offset: offset)
      return Self.libraryPage(page.items.map { .playlist(MusicPlaylist($0)) }, page)
    }
  }

  static func libraryPage<Source>(_ items: [MusicItem], _ page: SpotifyPaging<Source>) -> MusicPage<MusicItem> {
    // Offsets count Spotify's items, including those it sent without a track or album.
    let (next, overflow) = page.offset.addingReportingOverflow(max(page.limit, page.items.count, 1))
    return MusicPage(items: items, total: page.total, nextOffset: page.hasNext && !overflow ? next : nil)
  }
}
