/// Names of secrets. Attributes/labels in the Secret Service and keys in the vault are these names, never values.
public struct SecretKey: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
  public var rawValue: String

  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  public static let geminiAPIKey = SecretKey(rawValue: "gemini.apiKey")
  public static let ticketmasterAPIKey = SecretKey(rawValue: "ticketmaster.apiKey")
  public static let spotifyAccessToken = SecretKey(rawValue: "spotify.accessToken")
  public static let spotifyRefreshToken = SecretKey(rawValue: "spotify.refreshToken")
  /// The Firebase session (refresh token, uid, @username) as JSON; the 1-hour ID token is never stored.
  public static let firebaseSession = SecretKey(rawValue: "firebase.session")

  public var description: String { rawValue }
}

extension SecretKey {
  /// Every key vibes has stored so far, for moving keyring items onto an installation id when upgrading.
  public static let knownKeys: [SecretKey] = [
    .geminiAPIKey, .ticketmasterAPIKey, .spotifyAccessToken, .spotifyRefreshToken,
    SecretKey(rawValue: "appStoreConnect.credentials"), SecretKey(rawValue: "tracker.apiKey"), .firebaseSession,
  ]
}
