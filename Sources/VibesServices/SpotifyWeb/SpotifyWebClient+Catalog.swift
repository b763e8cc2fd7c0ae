import Foundation

extension SpotifyWebClient {
  /// `GET /v1/search`: one request for all `types`; `limit` is clamped to 1...10 (more is a 400 since 2026).
  public func search(
    _ query: String, types: [SpotifySearchType] = SpotifySearchType.allCases, limit: Int = 10, offset: Int = 0
  ) async throws(SpotifyWebError) -> SpotifySearchResults {
    let wanted = types.isEmpty ? SpotifySearchType.allCases : types
    var seen = Set<SpotifySearchType>()
    let typeList = wanted.filter { seen.insert($0).inserted }.map(\.rawValue).joined(separator: ",")
    let limit = Self.clamp(limit, 1...Self.maxSearchLimit)
    let items = [
      ("q", query), ("type", typeList), ("limit", String(limit)), ("offset", String(Self.clamp(offset, 0...1000))),
    ]
    var results = try await get(SpotifySearchResults.self, "/v1/search", query: items)
    // At most what was asked for of each group, whatever a page holds.
    results.tracks = results.tracks?.keeping(atMost: limit)
    results.artists = results.artists?.keeping(atMost: limit)
    results.albums = results.albums?.keeping(atMost: limit)
    results.playlists = results.playlists?.keeping(atMost: limit)
    return results
  }

  /// `GET /v1/tracks/{id}`.
  public func track(id: String) async throws(SpotifyWebError) -> SpotifyTrack {
    try await get(SpotifyTrack.self, "/v1/tracks/\(Self.segment(id))")
  }

  /// `GET /v1/artists/{id}` (genres included; followers and popularity are gone).
  public func artist(id: String) async throws(SpotifyWebError) -> SpotifyArtist {
    try await get(SpotifyArtist.self, "/v1/artists/\(Self.segment(id))")
  }

  /// `GET /v1/artists/{id}/albums?include_groups=…`; `limit` is clamped to 1...10.
  public func artistAlbums(
    id: String, includeGroups: [SpotifyAlbumGroup] = [.album, .single], limit: Int = 10, offset: Int = 0
  ) async throws(SpotifyWebError) -> SpotifyPaging<SpotifyAlbum> {
    var items: [(String, String)] = []
    if !includeGroups.isEmpty { items.append(("include_groups", includeGroups.map(\.rawValue).joined(separator: ","))) }
    let limit = Self.clamp(limit, 1...Self.maxSearchLimit)
    items += [("limit", String(limit)), ("offset", String(max(0, offset)))]
    return try await get(SpotifyPaging<SpotifyAlbum>.self, "/v1/artists/\(Self.segment(id))/albums", query: items)
      .keeping(atMost: limit)
  }

  /// `GET /v1/albums/{id}` (the first page of its tracks is in `tracks`).
  public func album(id: String) async throws(SpotifyWebError) -> SpotifyAlbum {
    try await get(SpotifyAlbum.self, "/v1/albums/\(Self.segment(id))")
  }

  /// `GET /v1/albums/{id}/tracks`; `limit` is clamped to 1...50.
  public func albumTracks(
    id: String, limit: Int = 50, offset: Int = 0
  ) async throws(SpotifyWebError) -> SpotifyPaging<SpotifyTrack> {
    let limit = Self.clamp(limit, 1...50)
    let items = [("limit", String(limit)), ("offset", String(max(0, offset)))]
    return try await get(SpotifyPaging<SpotifyTrack>.self, "/v1/albums/\(Self.segment(id))/tracks", query: items)
      .keeping(atMost: limit)
  }

  /// `GET /v1/me`.
  public func me() async throws(SpotifyWebError) -> SpotifyUser {
    try await get(SpotifyUser.self, "/v1/me")
  }

  /// `GET /v1/me/top/artists?time_range=…`; `limit` is clamped to 1...50.
  public func topArtists(
    timeRange: SpotifyTimeRange = .mediumTerm, limit: Int = 20, offset: Int = 0
  ) async throws(SpotifyWebError) -> SpotifyPaging<SpotifyArtist> {
    try await get(SpotifyPaging<SpotifyArtist>.self, "/v1/me/top/artists", query: Self.top(timeRange, limit, offset))
      .keeping(atMost: Self.clamp(limit, 1...50))
  }

  /// `GET /v1/me/top/tracks?time_range=…`; `limit` is clamped to 1...50.
  public func topTracks(
    timeRange: SpotifyTimeRange = .mediumTerm, limit: Int = 20, offset: Int = 0
  ) async throws(SpotifyWebError) -> SpotifyPaging<SpotifyTrack> {
    try await get(SpotifyPaging<SpotifyTrack>.self, "/v1/me/top/tracks", query: Self.top(timeRange, limit, offset))
      .keeping(atMost: Self.clamp(limit, 1...50))
  }

  static func top(_ range: SpotifyTimeRange, _ limit: Int, _ offset: Int) -> [(String, String)] {
    [("time_range", range.rawValue), ("limit", String(clamp(limit, 1...50))), ("offset", String(max(0, offset)))]
  }
}
