import VibesCore
import VibesStorage

/// The services `vibes auth` knows, by the names the command line uses.
public enum AuthService: String, CaseIterable, Sendable, Codable {
  case spotify
  case gemini
  case ticketmaster
  case appstoreconnect
  case tracker
  /// The vibes account: Google sign-in to Firebase.
  case google

  /// Plain English name for undecorated output.
  public var displayName: String {
    switch self {
    case .spotify: return "Spotify"
    case .gemini: return "Gemini"
    case .ticketmaster: return "Ticketmaster"
    case .appstoreconnect: return "App Store Connect"
    case .tracker: return "Tracker"
    case .google: return "Google (vibes account)"
    }
  }

  /// Every secret this service keeps (names only).
  public var secretKeys: [SecretKey] {
    switch self {
    case .spotify: return [.spotifyRefreshToken, .spotifyAccessToken]
    case .gemini: return [.geminiAPIKey]
    case .ticketmaster: return [.ticketmasterAPIKey]
    case .appstoreconnect: return [.appStoreConnectCredentials]
    case .tracker: return [.trackerAPIKey]
    case .google: return [.firebaseSession]
    }
  }

  /// The secret whose presence means "configured".
  public var primarySecret: SecretKey { secretKeys[0] }
}
