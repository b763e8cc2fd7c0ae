import Foundation

extension SpotifyWebClient {
  /// `GET /v1/playlists/{id}` (metadata; works for other people's playlists too).
  public func playlist(id: String) async throws(SpotifyWebError) -> SpotifyPlaylist {
    try await get(SpotifyPlaylist.self, "/v1/playlists/\(Self.segment(id))")
  }

  /// `GET /v1/playlists/{id}/items`; `limit` is clamped to 1...50. Another user's playlist throws
  /// `.notPlaylistOwner`.
  public func playlistItems(
    id: String, limit: Int = 50, offset: Int = 0
  ) async throws(SpotifyWebError) -> SpotifyPaging<SpotifyPlaylistItem> {
    let limit = Self.clamp(limit, 1...50)
    let items = [("limit", String(limit)), ("offset", String(max(0, offset)))]
    return try await get(
      SpotifyPaging<SpotifyPlaylistItem>.self, "/v1/playlists/\(Self.segment(id))/items", query: items,
      forbidden: .playlistItems
    ).keeping(atMost: limit)
  }

  /// `GET /v1/me/playlists`; `limit` is clamped to 1...50.
  public func myPlaylists(limit: Int = 50, offset: Int = 0) async throws(SpotifyWebError) -> SpotifyPaging<
    SpotifyPlaylist
  > {
    let limit = Self.clamp(limit, 1...50)
    let items = [("limit", String(limit)), ("offset", String(max(0, offset)))]
    return try await get(SpotifyPaging<SpotifyPlaylist>.self, "/v1/me/playlists", query: items)
      .keeping(atMost: limit)
  }

  /// `POST /v1/me/playlists` (private unless `isPublic`). Not retried on 5xx (it is not idempotent).
  public func createPlaylist(
    name: String, description: String? = nil, isPublic: Bool = false
  ) async throws(SpotifyWebError) -> SpotifyPlaylist {
    var body: [String: Any] = ["name": name, "public": isPublic]
    if let description { body["description"] = description }
    let data = try await send(.post, "/v1/me/playlists", json: body)
    return try Self.decode(SpotifyPlaylist.self, data)
  }

  /// `PUT /v1/playlists/{id}` ("Change Playlist Details", owner only): marks the playlist collaborative (or not)
  /// and sets it public or private. Spotify refuses `collaborative: true` on a public playlist, so a collaborative
  /// playlist is always sent with `public: false`. Answers 200 with an empty body; 403 when the user does not own it.
  public func changePlaylistDetails(id: String, collaborative: Bool, isPublic: Bool) async throws(SpotifyWebError) {
    _ = try await send(
      .put, "/v1/playlists/\(Self.segment(id))", json: ["collaborative": collaborative, "public": isPublic])
  }

  /// `POST /v1/playlists/{id}/items` with `{"uris":[…]}` in chunks of at most 100, in order; returns the last
  /// `snapshot_id` (nil when `uris` is empty). Not retried on 5xx; a failure after some chunks leaves those added.
  @discardableResult
  public func addItems(playlistID: String, uris: [String]) async throws(SpotifyWebError) -> String? {
    struct Snapshot: Decodable {
      let snapshotID: String?
      enum CodingKeys: String, CodingKey { case snapshotID = "snapshot_id" }
    }
    var snapshot: String?
    for chunk in Self.chunks(uris, of: Self.maxPlaylistItemsPerRequest) {
      let data = try await send(.post, "/v1/playlists/\(Self.segment(playlistID))/items", json: ["uris": chunk])
      snapshot = try Self.decode(Snapshot.self, data).snapshotID ?? snapshot
    }
    return snapshot
  }

  /// `PUT /v1/me/library?uris=…` (tracks, albums, artists, playlists by Spotify URI), at most 40 per request.
  public func saveToLibrary(uris: [String]) async throws(SpotifyWebError) {
    for chunk in Self.chunks(uris, of: Self.maxLibraryURIsPerRequest) {
      _ = try await send(.put, "/v1/me/library", query: [("uris", chunk.joined(separator: ","))])
    }
  }

  /// `DELETE /v1/me/library?uris=…`, at most 40 per request.
  public func removeFromLibrary(uris: [String]) async throws(SpotifyWebError) {
    for chunk in Self.chunks(uris, of: Self.maxLibraryURIsPerRequest) {
      _ = try await send(.delete, "/v1/me/library", query: [("uris", chunk.joined(separator: ","))])
    }
  }

  /// `GET /v1/me/library/contains?uris=…`, at most 40 per request; one Bool per URI, in order.
  public func libraryContains(uris: [String]) async throws(SpotifyWebError) -> [Bool] {
    var result: [Bool] = []
    for chunk in Self.chunks(uris, of: Self.maxLibraryURIsPerRequest) {
      let flags = try await get(
        [Bool].self, "/v1/me/library/contains", query: [("uris", chunk.joined(separator: ","))])
      guard flags.count == chunk.count else { throw .invalidResponse }
      result += flags
    }
    return result
  }

  static func chunks<T>(_ items: [T], of size: Int) -> [[T]] {
    stride(from: 0, to: items.count, by: size).map { Array(items[$0..<min($0 + size, items.count)]) }
  }
}
