/// The Spotify connection (OAuth Authorization Code with PKCE) on the Feed tab's Spotify step.
/// Until the flow lands, the "Connect Spotify" screen explains and links, and these types are empty.
public enum SpotifyAction: Sendable, Hashable {
  /// The Connect Spotify screen was pushed.
  case screenOpened
}

public enum SpotifyEffect: Sendable, Hashable {
  /// The request id this effect can be cancelled by (AppEffect.cancel), if any.
  public var cancellationID: Int? { nil }
}

extension AppReducer {
  static func spotifyStarted(_ state: inout AppState) -> [AppEffect] { [] }

  static func reduceSpotify(_ state: inout AppState, _ action: SpotifyAction) -> [AppEffect] {
    switch action {
    case .screenOpened: return []
    }
  }
}
