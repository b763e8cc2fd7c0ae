import Foundation

/// Spotify Connect remote control (Web API player endpoints). Reads need `user-read-playback-state` (state,
/// devices) or `user-read-currently-playing`; every command needs `user-modify-playback-state` and the listener's
/// Premium. Refusals come back as `.playerRefused(reason)` (PREMIUM_REQUIRED, NO_ACTIVE_DEVICE, UNKNOWN…) and a
/// missing scope as `.missingScope`.
extension SpotifyWebClient {
  /// `GET /v1/me/player/devices`: running, recently active Spotify clients.
  public func devices() async throws(SpotifyWebError) -> [SpotifyDevice] {
    struct Page: Decodable { var devices: [Lossy<SpotifyDevice>]? }
    return try await get(Page.self, "/v1/me/player/devices").devices?.compactMap(\.value) ?? []
  }

  /// `GET /v1/me/player`: nil when nothing is active (204).
  public func playbackState() async throws(SpotifyWebError) -> SpotifyPlaybackState? {
    let data = try await send(.get, "/v1/me/player", query: [("additional_types", "track")])
    return try Self.optionalState(data)
  }

  /// `GET /v1/me/player/currently-playing`: nil when nothing plays (204).
  public func currentlyPlaying() async throws(SpotifyWebError) -> SpotifyPlaybackState? {
    let data = try await send(.get, "/v1/me/player/currently-playing", query: [("additional_types", "track")])
    return try Self.optionalState(data)
  }

  /// `PUT /v1/me/player/play[?device_id=]` with `uris`, or `context_uri` and `offset`, or no body (resume).
  public func play(_ target: SpotifyPlayTarget, deviceID: String? = nil) async throws(SpotifyWebError) {
    _ = try await send(.put, "/v1/me/player/play", query: Self.device(deviceID), json: target.body)
  }

  /// `PUT /v1/me/player/pause[?device_id=]`.
  public func pausePlayback(deviceID: String? = nil) async throws(SpotifyWebError) {
    _ = try await send(.put, "/v1/me/player/pause", query: Self.device(deviceID))
  }

  /// `POST /v1/me/player/next[?device_id=]` (never retried: a retry could skip twice).
  public func skipToNext(deviceID: String? = nil) async throws(SpotifyWebError) {
    _ = try await send(.post, "/v1/me/player/next", query: Self.device(deviceID))
  }

  /// `POST /v1/me/player/previous[?device_id=]`.
  public func skipToPrevious(deviceID: String? = nil) async throws(SpotifyWebError) {
    _ = try await send(.post, "/v1/me/player/previous", query: Self.device(deviceID))
  }

  /// `PUT /v1/me/player {"device_ids":[id],"play":…}`: exactly one device.
  public func transferPlayback(to deviceID: String, play: Bool) async throws(SpotifyWebError) {
    _ = try await send(.put, "/v1/me/player", json: ["device_ids": [deviceID], "play": play])
  }

  static func device(_ id: String?) -> [(String, String)] {
    guard let id, !id.isEmpty else { return [] }
    return [("device_id", id)]
  }

  static func optionalState(_ data: Data) throws(SpotifyWebError) -> SpotifyPlaybackState? {
    if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return nil }
    return try decode(SpotifyPlaybackState.self, data)
  }
}
