import Foundation
import VibesServices
import VibesStorage

/// The live parts the Spotify feature's effects need; tests build one against loopback fakes.
public struct SpotifyDependencies: Sendable {
  public var configuration: SpotifyConfiguration
  /// nil until a client ID is configured.
  public var accounts: SpotifyAccountsClient?
  public var api: SpotifyAPIClient
  public var session: SpotifyConnectSession
  /// Valid access tokens for later features (single-flight refresh); nil without a client ID.
  public var tokens: SpotifyTokenProvider?
  /// Where the `spotify-client-id = …` line goes.
  public var configFilePath: String
  public var isRemoteSession: Bool
  public var hostName: String
  /// How long a started attempt waits for the browser's redirect.
  public var callbackTimeout: TimeInterval

  /// Not configured (no client ID): the screen explains how to set one up.
  public init() {
    self.configuration = SpotifyConfiguration(clientID: nil)
    self.accounts = nil
    self.api = SpotifyAPIClient()
    self.session = SpotifyConnectSession()
    self.tokens = nil
    self.configFilePath = "~/.config/vibes/config"
    self.isRemoteSession = false
    self.hostName = "localhost"
    self.callbackTimeout = 600
  }

  public init(
    configuration: SpotifyConfiguration, database: AppDatabase, secrets: any SecretStore, configFilePath: String,
    isRemoteSession: Bool, hostName: String, callbackTimeout: TimeInterval = 600, refreshLockFile: String? = nil
  ) {
    self.configuration = configuration
    let accounts = configuration.clientID.map {
      SpotifyAccountsClient(baseURL: configuration.accountsURL, clientID: $0)
    }
    self.accounts = accounts
    self.api = SpotifyAPIClient(baseURL: configuration.apiURL)
    self.session = SpotifyConnectSession()
    self.tokens = accounts.map {
      SpotifyTokenProvider(
        accounts: $0,
        storage: SecretStoreSpotifyTokens(secrets: secrets, database: database, refreshLockFile: refreshLockFile))
    }
    self.configFilePath = configFilePath
    self.isRemoteSession = isRemoteSession
    self.hostName = hostName
    self.callbackTimeout = callbackTimeout
  }

  /// Built from the environment at start-up (base URLs, client ID, redirect port, ssh).
  public static func live(
    environment: [String: String], paths: AppPaths, database: AppDatabase, secrets: any SecretStore
  ) -> SpotifyDependencies {
    let configFile = paths.configDirectory.appendingPathComponent("config")
    let configuration = SpotifyConfiguration.load(environment: environment, configFile: configFile)
    let remote = !(environment["SSH_CONNECTION"] ?? "").isEmpty || !(environment["SSH_TTY"] ?? "").isEmpty
    return SpotifyDependencies(
      configuration: configuration, database: database, secrets: secrets, configFilePath: configFile.path,
      isRemoteSession: remote, hostName: ProcessInfo.processInfo.hostName,
      refreshLockFile: paths.dataDirectory.appendingPathComponent(refreshLockName).path)
  }

  /// The file in the data folder every vibes process flocks around a Spotify token refresh.
  public static let refreshLockName = "spotify-refresh.lock"
}

/// The tokens in the secret store; the access token's expiry (not secret) in SQLite; refreshes serialised
/// across processes by an flock on `refreshLockFile` (none when nil, or when the folder is not writable).
struct SecretStoreSpotifyTokens: SpotifyTokenStorage {
  let secrets: any SecretStore
  let database: AppDatabase
  var refreshLockFile: String? = nil

  func refreshLock() async -> SpotifyRefreshLock? {
    guard let refreshLockFile else { return nil }
    return await SpotifyRefreshLock.acquire(path: refreshLockFile)
  }

  func load() throws -> SpotifyTokens? {
    guard let refresh = try secrets.read(.spotifyRefreshToken) else { return nil }
    let access = try secrets.read(.spotifyAccessToken) ?? ""
    let expiry =
      access.isEmpty ? .distantPast : (try database.spotifyConnection()?.accessTokenExpiresAt ?? .distantPast)
    return SpotifyTokens(accessToken: access, refreshToken: refresh, expiresAt: expiry)
  }

  func save(_ tokens: SpotifyTokens) throws {
    try secrets.write(tokens.accessToken, for: .spotifyAccessToken)
    if try secrets.read(.spotifyRefreshToken) != tokens.refreshToken {
      try secrets.write(tokens.refreshToken, for: .spotifyRefreshToken)
    }
    try database.saveSpotifyAccessTokenExpiry(tokens.expiresAt)
  }

  func dropForReconnect() throws {
    try secrets.delete(.spotifyAccessToken)
    try secrets.delete(.spotifyRefreshToken)
    try database.markSpotifyNeedsReconnect()
  }
}

/// The one running authorization attempt: its PKCE verifier, state and listener. An attempt's
/// code is exchanged at most once, whichever way it arrives (callback or paste).
public actor SpotifyConnectSession {
  struct Attempt {
    let requestID: Int
    let verifier: String
    let state: String
    let redirectURI: String
    let listener: OAuthCallbackListener?
  }

  struct Started {
    let attempt: Attempt
    let challenge: String
    let port: UInt16
  }

  private var current: Attempt?

  public init() {}

  /// Closes any earlier attempt, makes a fresh verifier and state, and starts the listener
  /// (`port` or an ephemeral one). A listener that cannot bind leaves the paste path only.
  func begin(requestID: Int, port: UInt16?) async -> Started {
    await cancelAll()
    let verifier = PKCE.makeVerifier()
    let state = PKCE.makeState()
    let listener = try? await OAuthCallbackListener(port: port ?? 0, expectedState: state)
    let bound = listener?.port ?? port ?? 0
    let attempt = Attempt(
      requestID: requestID, verifier: verifier, state: state,
      redirectURI: SpotifyConfiguration.redirectURI(port: bound), listener: listener)
    current = attempt
    return Started(attempt: attempt, challenge: PKCE.challenge(for: verifier), port: bound)
  }

  func expectedState(_ requestID: Int) -> String? {
    guard let current, current.requestID == requestID else { return nil }
    return current.state
  }

  func isActive(_ requestID: Int) -> Bool { current?.requestID == requestID }

  /// Hands out the attempt once (and closes its listener); nil when already taken or cancelled.
  func take(_ requestID: Int) async -> Attempt? {
    guard let attempt = current, attempt.requestID == requestID else { return nil }
    current = nil
    await attempt.listener?.close()
    return attempt
  }

  func cancel(_ requestID: Int) async {
    guard let attempt = current, attempt.requestID == requestID else { return }
    current = nil
    await attempt.listener?.close()
  }

  func cancelAll() async {
    guard let attempt = current else { return }
    current = nil
    await attempt.listener?.close()
  }
}
