import Foundation

/// The stored Spotify session: both tokens are secrets (kept only in the secret store).
public struct SpotifyTokens: Sendable, Equatable {
  public var accessToken: String
  public var refreshToken: String
  public var expiresAt: Date

  public init(accessToken: String, refreshToken: String, expiresAt: Date) {
    self.accessToken = accessToken
    self.refreshToken = refreshToken
    self.expiresAt = expiresAt
  }
}

/// Where the provider keeps tokens (the app backs this with the secret store).
public protocol SpotifyTokenStorage: Sendable {
  func load() throws -> SpotifyTokens?
  func save(_ tokens: SpotifyTokens) throws
  /// Drops the tokens after `invalid_grant` and records that the user must reconnect.
  func dropForReconnect() throws
}

public enum SpotifyTokenError: Error, Equatable, Sendable {
  /// No tokens stored: not connected.
  case notConnected
  /// The refresh token was refused (`invalid_grant`); tokens were dropped.
  case reconnectNeeded
  case service(ServiceError)
  case storageFailed
}

/// Hands out a valid access token, refreshing shortly before expiry. Concurrent callers share one
/// refresh (single flight); a rotated refresh token replaces the old one; `invalid_grant` drops the
/// tokens once and every later call says `reconnectNeeded` without touching the network.
public actor SpotifyTokenProvider {
  private let accounts: SpotifyAccountsClient
  private let storage: any SpotifyTokenStorage
  private let now: @Sendable () -> Date
  /// Refresh this long before the announced expiry.
  private let margin: TimeInterval
  private var inFlight: Task<String, any Error>?
  private var cached: SpotifyTokens?
  /// Set once `invalid_grant` dropped the tokens; cleared by `reset()` after a new connection.
  private var mustReconnect = false

  public init(
    accounts: SpotifyAccountsClient, storage: any SpotifyTokenStorage, margin: TimeInterval = 60,
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.accounts = accounts
    self.storage = storage
    self.margin = margin
    self.now = now
  }

  public func accessToken() async throws(SpotifyTokenError) -> String {
    if let inFlight { return try await Self.value(of: inFlight) }
    if mustReconnect { throw .reconnectNeeded }
    let tokens: SpotifyTokens
    do {
      guard let stored = try cached ?? storage.load() else { throw SpotifyTokenError.notConnected }
      tokens = stored
    } catch let error as SpotifyTokenError {
      throw error
    } catch {
      throw .storageFailed
    }
    cached = tokens
    if tokens.expiresAt.timeIntervalSince(now()) > margin { return tokens.accessToken }
    return try await refresh(tokens)
  }

  /// Forces a refresh (e.g. after a 401), still single-flight.
  public func refreshNow() async throws(SpotifyTokenError) -> String {
    if let inFlight { return try await Self.value(of: inFlight) }
    if mustReconnect { throw .reconnectNeeded }
    guard let tokens = try? cached ?? storage.load() else { throw .notConnected }
    return try await refresh(tokens)
  }

  /// Forget the cached copy (after connect or disconnect wrote new tokens).
  public func reset() {
    cached = nil
    mustReconnect = false
  }

  private func refresh(_ tokens: SpotifyTokens) async throws(SpotifyTokenError) -> String {
    let accounts = self.accounts
    let task = Task<String, any Error> {
      do {
        let grant = try await accounts.refresh(refreshToken: tokens.refreshToken)
        let updated = SpotifyTokens(
          accessToken: grant.accessToken, refreshToken: grant.refreshToken ?? tokens.refreshToken,
          expiresAt: self.now().addingTimeInterval(TimeInterval(grant.expiresIn)))
        try self.store(updated)
        return grant.accessToken
      } catch SpotifyAuthError.invalidGrant {
        try? self.dropTokens()
        throw SpotifyTokenError.reconnectNeeded
      } catch let error as SpotifyAuthError {
        if case .service(let service) = error { throw SpotifyTokenError.service(service) }
        throw SpotifyTokenError.service(.unexpectedStatus(400))
      }
    }
    inFlight = task
    defer { inFlight = nil }
    return try await Self.value(of: task)
  }

  private func store(_ tokens: SpotifyTokens) throws {
    do {
      try storage.save(tokens)
    } catch {
      throw SpotifyTokenError.storageFailed
    }
    cached = tokens
  }

  private func dropTokens() throws {
    cached = nil
    mustReconnect = true
    try storage.dropForReconnect()
  }

  private static func value(of task: Task<String, any Error>) async throws(SpotifyTokenError) -> String {
    do {
      return try await task.value
    } catch let error as SpotifyTokenError {
      throw error
    } catch {
      throw .storageFailed
    }
  }
}
