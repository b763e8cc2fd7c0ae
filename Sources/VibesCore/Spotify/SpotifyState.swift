/// What the app knows about Spotify outside the screen: configuration and the non-secret status.
public struct SpotifyState: Sendable, Hashable {
  public var info: SpotifySetupInfo?
  /// "Connected as NAME" (the profile's display name, kept in SQLite; not secret).
  public var profileName: String?
  /// The refresh token was refused: the step is red and says "reconnect needed".
  public var needsReconnect = false

  public init() {}
}

/// The configuration facts the screen explains (no secrets: the client ID is public, but only
/// whether one is set is carried here).
public struct SpotifySetupInfo: Sendable, Hashable {
  public var clientConfigured: Bool
  /// The redirect URI to register in the Spotify dashboard, exactly.
  public var registeredRedirectURI: String
  /// Where the client ID can be written (`spotify-client-id = …`).
  public var configFilePath: String
  /// `SSH_CONNECTION` is set: the browser runs elsewhere, show the tunnel and the paste field.
  public var isRemoteSession: Bool
  /// The host to name in the `ssh -N -L` hint.
  public var hostName: String
  /// A client ID was given but is not 32 hexadecimal characters, so it was ignored: where it came from.
  public var rejectedClientID: SpotifyClientIDSource?

  public init(
    clientConfigured: Bool, registeredRedirectURI: String, configFilePath: String, isRemoteSession: Bool,
    hostName: String, rejectedClientID: SpotifyClientIDSource? = nil
  ) {
    self.clientConfigured = clientConfigured
    self.registeredRedirectURI = registeredRedirectURI
    self.configFilePath = configFilePath
    self.isRemoteSession = isRemoteSession
    self.hostName = hostName
    self.rejectedClientID = rejectedClientID
  }
}

/// Where a Spotify client ID was read (the value itself is never carried).
public enum SpotifyClientIDSource: Sendable, Hashable {
  case environment(variable: String)
  case configFile(path: String, line: Int)
}

public struct SpotifyStatus: Sendable, Hashable {
  public var profileName: String?
  public var needsReconnect: Bool

  public init(profileName: String? = nil, needsReconnect: Bool = false) {
    self.profileName = profileName
    self.needsReconnect = needsReconnect
  }
}

/// One attempt as the screen shows it (the URL carries only public values: client ID, challenge, state).
public struct SpotifyAuthorization: Sendable, Hashable {
  public var url: String
  public var redirectURI: String
  public var port: Int
  /// False when the loopback listener could not start: only the paste path is left.
  public var listenerRunning: Bool
  /// True when `$BROWSER`/`xdg-open` could be started.
  public var browserOpened: Bool

  public init(url: String, redirectURI: String, port: Int, listenerRunning: Bool, browserOpened: Bool) {
    self.url = url
    self.redirectURI = redirectURI
    self.port = port
    self.listenerRunning = listenerRunning
    self.browserOpened = browserOpened
  }
}

public enum SpotifyFailure: Sendable, Hashable {
  case notConfigured
  /// The pasted URL's state is not this attempt's.
  case stateMismatch
  /// The pasted text holds no code.
  case noCode
  /// The attempt is over (used, cancelled or timed out).
  case attemptExpired
  /// The accounts service refused the code (`invalid_grant`).
  case invalidGrant
  /// Another OAuth error (sanitised code, e.g. `invalid_client`).
  case authorizationError(String?)
  /// No HTTP answer: what failed and with which host.
  case transport(TransportFailure)
  case rateLimited(seconds: Int?)
  case serverError(status: Int)
  case unexpectedStatus(Int)
  case invalidResponse
  case storageFailed
}

/// The Connect Spotify screen's own state (dropped when the screen is popped).
public struct SpotifyConnectState: Sendable, Hashable {
  public enum Phase: Sendable, Hashable {
    case idle
    case starting(requestID: Int)
    case waiting(requestID: Int, SpotifyAuthorization)
    case exchanging(requestID: Int, SpotifyAuthorization)
    case failed(SpotifyFailure)
    case confirmingDisconnect
    case disconnecting
  }

  public var phase: Phase
  /// The paste form (the one form engine): one field for the redirected URL (or the bare code) the user pastes
  /// when the callback cannot arrive. A rejected paste is the form's `.failed` phase; typing clears it.
  public var form = SpotifyPasteForm.make()

  public init(phase: Phase = .idle) { self.phase = phase }

  /// The redirected URL (or the bare code) typed or pasted so far.
  public var paste: TextInput {
    get { form.input(.redirect) }
    set { form.setInput(.redirect, newValue) }
  }

  /// Why the last pasted URL or code was not accepted (shown under the field until it changes).
  public var pasteError: SpotifyFailure? {
    get { form.phase.failure }
    set { form.phase = newValue.map { .failed($0) } ?? .editing }
  }

  public var requestID: Int? {
    switch phase {
    case .starting(let id), .waiting(let id, _), .exchanging(let id, _): return id
    default: return nil
    }
  }

  public var authorization: SpotifyAuthorization? {
    switch phase {
    case .waiting(_, let authorization), .exchanging(_, let authorization): return authorization
    default: return nil
    }
  }
}
