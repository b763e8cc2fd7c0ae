import Foundation
import VibesCore
import VibesServices
import VibesStorage

/// What the finder needs to know about a Spotify track (the app fills it from Spotify's track and album).
public struct PreviewRequest: Sendable, Hashable {
  public var spotifyTrackID: String
  public var query: PreviewQuery
  /// The album's UPC (`external_ids.upc`), for the deterministic lookup route.
  public var albumUPC: String?

  public init(spotifyTrackID: String, query: PreviewQuery, albumUPC: String? = nil) {
    self.spotifyTrackID = spotifyTrackID
    self.query = query
    self.albumUPC = albumUPC
  }
}

/// Finds a song's 30-second preview: the SQLite cache first, then the album by UPC (pick by disc/track number and
/// title), then a song search with the normalised title and primary artist; each candidate judged by
/// `PreviewMatcher`. A match and a clean "no match" are cached; a rate limit, a network failure or a bad answer is
/// thrown and nothing is cached (so a 403 never becomes "no preview").
public struct PreviewFinder: Sendable {
  public static let searchLimit = 10

  public var client: ITunesClient
  public var database: AppDatabase?
  public var now: @Sendable () -> Date

  public init(client: ITunesClient, database: AppDatabase?, now: @escaping @Sendable () -> Date = Date.init) {
    self.client = client
    self.database = database
    self.now = now
  }

  public func find(_ request: PreviewRequest) async throws(ITunesError) -> PreviewAvailability {
    let storefront = client.country
    if let cached = try? database?.cachedPreview(
      spotifyTrackID: request.spotifyTrackID, storefront: storefront, now: now())
    {
      return cached
    }
    var match: PreviewMatch?
    if let upc = request.albumUPC, !upc.isEmpty {
      let tracks = try await client.albumSongs(upc: upc).map(Self.candidate)
      match = PreviewMatcher.albumTrack(for: request.query, among: tracks)
    }
    if match == nil {
      let term = PreviewMatcher.searchTerm(for: request.query)
      if !term.isEmpty {
        let found = try await client.searchSongs(term: term, limit: Self.searchLimit).map(Self.candidate)
        match = PreviewMatcher.bestMatch(for: request.query, among: found)
      }
    }
    let answer: PreviewAvailability
    if let match, let preview = match.candidate.previewURL {
      answer = .available(previewURL: preview, storeURL: match.candidate.storeURL)
    } else {
      answer = .none
    }
    try? database?.savePreview(answer, spotifyTrackID: request.spotifyTrackID, storefront: storefront, at: now())
    return answer
  }

  static func candidate(_ track: ITunesTrack) -> PreviewCandidate {
    PreviewCandidate(
      trackID: track.trackID, title: track.trackName, artist: track.artistName, album: track.collectionName,
      durationMilliseconds: track.durationMilliseconds.flatMap { WireNumbers.durationMs($0) > 0 ? $0 : nil },
      previewURL: track.previewURL?.absoluteString,
      storeURL: track.trackViewURL?.absoluteString, discNumber: track.discNumber, trackNumber: track.trackNumber)
  }
}
