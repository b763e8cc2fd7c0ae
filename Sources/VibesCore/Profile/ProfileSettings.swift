import Foundation

/// A service vibes connects to, as Profile's Connections list names it.
public enum ConnectedService: String, Sendable, Hashable, CaseIterable, Codable {
  case spotify, gemini, ticketmaster, appStoreConnect, tracker

  public var title: String {
    switch self {
    case .spotify: return "Spotify"
    case .gemini: return "Gemini"
    case .ticketmaster: return "Ticketmaster"
    case .appStoreConnect: return "App Store Connect"
    case .tracker: return "Tracker"
    }
  }

  /// Where Enter on the row leads: the service's setup screen.
  var destination: NavigationRequest {
    switch self {
    case .spotify: return .openSetupStep(.spotify)
    case .gemini: return .openSetupStep(.gemini)
    case .ticketmaster: return .openSetupStep(.ticketmaster)
    case .appStoreConnect: return .selectTab(.appStoreConnect)
    case .tracker: return .selectTab(.tracker)
    }
  }
}

/// One service's state as storage tells it (never a secret).
public struct ConnectionStatus: Sendable, Hashable {
  public enum State: Sendable, Hashable {
    case notConfigured
    case configured(detail: String?)
    /// Stored but unusable (e.g. a Tracker environment this version rejects).
    case unreadable(reason: String)
  }
  public var service: ConnectedService
  public var state: State

  public init(service: ConnectedService, state: State) {
    self.service = service
    self.state = state
  }
}

/// Your vibes account as Profile's account line shows it, read from the stored session when the tab is shown (so it
/// is right again after signing in, choosing a @username or signing out, without a restart). Never a token.
public enum ProfileAccount: Sendable, Hashable {
  /// No Firebase project in the configuration.
  case notConfigured
  case signedOut
  /// Signed in; the @username (already sanitised) once chosen.
  case signedIn(username: String?)
}

/// The facts Profile's lower part shows: connections, where secrets are kept, the version and the files.
public struct ProfileInfo: Sendable, Hashable {
  /// Your vibes account (nil: not read, the line is not drawn).
  public var account: ProfileAccount?
  /// Whether you agreed to publish your taste summary (top artists and genres) for Blend and suggestions; nil when
  /// signed out (the row is not shown). Off until you turn it on.
  public var sharesTaste: Bool?
  public var connections: [ConnectionStatus]
  public var version: String
  public var dataPath: String
  public var configPath: String
  public var logPath: String

  public init(
    connections: [ConnectionStatus], version: String, dataPath: String, configPath: String, logPath: String,
    account: ProfileAccount? = nil
  ) {
    self.account = account
    self.connections = connections
    self.version = version
    self.dataPath = dataPath
    self.configPath = configPath
    self.logPath = logPath
  }
}

/// Sign out: asked, then running, then done or failed.
public enum SignOutPhase: Sendable, Hashable {
  case idle
  case confirming
  case signingOut
  case failed
}

/// The rows below the stats that Enter acts on.
public enum ProfileSettingsRow: Sendable, Hashable {
  case connection(ConnectedService)
  /// Publish your taste summary or not (Enter switches).
  case shareTaste
  /// Artwork on or off (Enter turns it over; saved with the other display settings).
  case artwork
  case replayTutorial
  case signOut
}
