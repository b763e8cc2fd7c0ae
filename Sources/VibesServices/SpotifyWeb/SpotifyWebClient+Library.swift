import Foundation

/// One saved track or album of the user's library (`{added_at, track|album}`).
public struct SpotifySavedItem<Item: Decodable & Sendable & Hashable>: Decodable, Sendable, Hashable {
  public var addedAt: String?
  public var item: Item?

  public init(addedAt: String? = nil, item: Item?) {
    self.addedAt = addedAt
    self.item = item
  }

  enum CodingKeys: String, CodingKey {
    case track, album
    case addedAt = "added_at"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    addedAt = try container.decodeIfPresent(String.self, forKey: .addedAt)
    item =
      (try? container.decodeIfPresent(Item.self, forKey: .track))
      ?? (try? container.decodeIfPresent(Item.self, forKey: .album))
  }
}

/// Your library: saved tracks and albums (read), and removing and moving songs in your own playlists.
extension SpotifyWebClient {
  /// `GET /v1/me/tracks` (newest first); `limit` is clamped to 1...50.
  public func savedTracks(limit: Int = 50, offset: Int = 0) async throws(SpotifyWebError) -> SpotifyPaging<
    SpotifySavedItem<SpotifyTrack>
  > {
    let items = [("limit", String(Self.clamp(limit, 1...50))), ("offset", String(max(0, offset)))]
    return try await get(SpotifyPaging<SpotifySavedItem<SpotifyTrack>>.self, "/v1/me/tracks", query: items)
  }

  /// `GET /v1/me/albums` (newest first); `limit` is clamped to 1...50.
  public func savedAlbums(limit: Int = 50, offset: Int = 0) async throws(SpotifyWebError) -> SpotifyPaging<
    SpotifySavedItem<SpotifyAlbum>
  > {
    let items = [("limit", String(Self.clamp(limit, 1...50))), ("offset", String(max(0, offset)))]
    return try await get(SpotifyPaging<SpotifySavedItem<SpotifyAlbum>>.self, "/v1/me/albums", query: items)
  }

  /// `DELETE /v1/playlists/{id}/items` with `{"items":[{"uri":…}], "snapshot_id":…}` (every occurrence of each URI,
  /// at most 100 per request); returns the new `snapshot_id`.
  @discardableResult
  public func removeItems(playlistID: String, uris: [String], snapshotID: String? = nil) async throws(SpotifyWebError)
    -> String?
  {
    var snapshot = snapshotID
    for chunk in Self.chunks(uris, of: Self.maxPlaylistItemsPerRequest) {
      var body: [String: Any] = ["items": chunk.map { ["uri": $0] }]
      if let snapshot { body["snapshot_id"] = snapshot }
      let data = try await send(.delete, "/v1/playlists/\(Self.segment(playlistID))/items", json: body)
      snapshot = try Self.decode(SnapshotAnswer.self, data).snapshotID ?? snapshot
    }
    return snapshot
  }

  /// `PUT /v1/playlists/{id}/items` with `range_start`, `insert_before` (and `range_length` 1, `snapshot_id`):
  /// moves the song at `from` so it stands before the one now at `insertBefore`; returns the new `snapshot_id`.
  @discardableResult
  public func moveItem(playlistID: String, from: Int, insertBefore: Int, snapshotID: String? = nil)
    async throws(SpotifyWebError) -> String?
  {
    var body: [String: Any] = ["range_start": max(0, from), "insert_before": max(0, insertBefore), "range_length": 1]
    if let snapshotID { body["snapshot_id"] = snapshotID }
    let data = try await send(.put, "/v1/playlists/\(Self.segment(playlistID))/items", json: body)
    return try Self.decode(SnapshotAnswer.self, data).snapshotID ?? snapshotID
  }
}

struct SnapshotAnswer: Decodable {
  let snapshotID: String?
  enum CodingKeys: String, CodingKey { case snapshotID = "snapshot_id" }
}
