import Foundation

#if canImport(Glibc)
  import Glibc
#endif

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
  /// A lock every process sharing this storage takes around a refresh (an flock next to the data), so two
  /// processes never refresh with the same refresh token; nil when there is none (the refresh goes on).
  func refreshLock() async -> SpotifyRefreshLock?
}

extension SpotifyTokenStorage {
  public func refreshLock() async -> SpotifyRefreshLock? { nil }
}

/// An flock on a file, held until `unlock()` (or the process ends: a kill -9 releases it).
public final class SpotifyRefreshLock: Sendable {
  private let descriptor: Int32

  private init(descriptor: Int32) { self.descriptor = descriptor }

  /// Waits (polling, without blocking a thread) at most `timeout` for the lock on `path`; nil when the file
  /// cannot be opened or the wait ran out.
  public static func acquire(path: String, timeout: TimeInterval = 20) async -> SpotifyRefreshLock? {
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { return nil }
    let deadline = Date().addingTimeInterval(timeout)
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard Date() < deadline, !Task.isCancelled else {
        close(descriptor)
        return nil
      }
      try? await Task.sleep(nanoseconds: 25_000_000)
    }
    return SpotifyRefreshLock(descriptor: descriptor)
  }

  public func unlock() {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}

public enum SpotifyTokenError: Error, Equatable, Sendable {
  /// No tokens stored: not connected.
  case notConnected
  /// The refresh token was refused (`invalid_grant`); tokens were dropped.
  case reconnectNeeded
  case service(ServiceError)
  /// The store could not be read.
  case storageFailed
}

/// Hands out a valid access token, refreshing shortly before expiry. Concurrent callers share one
/// refresh (single flight); processes sharing the store take turns (`SpotifyTokenStorage.refreshLock`) and
/// each re-reads the store under the lock, so a token another process rotated is used, not refreshed again.
/// A rotated refresh token replaces the old one. `invalid_grant` counts only when the store still holds
/// the refused token (else the stored one is tried once): then the tokens are dropped once and every later
/// call says `reconnectNeeded` without touching the network. New tokens that cannot be saved (a full disk)
/// are kept in memory and saved again before each later use; `unsavedTokens` says so.
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
  /// New tokens the store refused (full disk): only this process has them until a save succeeds.
  public private(set) var unsavedTokens = false
  /// Whether the current unsaved episode was already reported (`takeUnsavedReport`).
  private var unsavedReported = false

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
    saveAgainIfNeeded()
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
    if isFresh(tokens) { return tokens.accessToken }
    return try await refresh(tokens, forced: false)
  }

  /// Forces a refresh (e.g. after a 401), still single-flight; an access token another process stored
  /// meanwhile is used instead.
  public func refreshNow() async throws(SpotifyTokenError) -> String {
    if let inFlight { return try await Self.value(of: inFlight) }
    if mustReconnect { throw .reconnectNeeded }
    saveAgainIfNeeded()
    guard let tokens = try? cached ?? storage.load() else { throw .notConnected }
    return try await refresh(tokens, forced: true)
  }

  /// Forget the cached copy (after connect or disconnect wrote new tokens).
  public func reset() {
    cached = nil
    mustReconnect = false
    unsavedTokens = false
  }

  private func isFresh(_ tokens: SpotifyTokens) -> Bool {
    !tokens.accessToken.isEmpty && tokens.expiresAt.timeIntervalSince(now()) > margin
  }

  /// The tokens in the store when another process changed them since `known` was read (nil otherwise).
  private func newerStored(than known: SpotifyTokens) -> SpotifyTokens? {
    guard !unsavedTokens, let stored = try? storage.load() else { return nil }
    guard stored.refreshToken != known.refreshToken || stored.accessToken != known.accessToken else { return nil }
    return stored
  }

  private func refresh(_ tokens: SpotifyTokens, forced: Bool) async throws(SpotifyTokenError) -> String {
    let task = Task<String, any Error> {
      let lock = await self.storage.refreshLock()
      defer { lock?.unlock() }
      return try await self.refreshHoldingLock(tokens, forced: forced)
    }
    inFlight = task
    defer { inFlight = nil }
    return try await Self.value(of: task)
  }

  private func refreshHoldingLock(_ known: SpotifyTokens, forced: Bool) async throws -> String {
    var current = known
    // Another process (a second vibes, `vibes auth status --check`) may have refreshed already.
    if let stored = newerStored(than: known) {
      current = stored
      cached = stored
      if isFresh(stored) && (!forced || stored.accessToken != known.accessToken) { return stored.accessToken }
    }
    var refused = false
    switch await grant(current) {
    case .success(let token): return token
    case .failure(.refused): refused = true
    case .failure(.other(let error)): throw error
    }
    // Refused: dead only if the store still holds that very token (else it was rotated elsewhere: one more try).
    if refused, let stored = newerStored(than: current) {
      cached = stored
      if isFresh(stored) { return stored.accessToken }
      switch await grant(stored) {
      case .success(let token): return token
      case .failure(.refused): break
      case .failure(.other(let error)): throw error
      }
    }
    try? dropTokens()
    throw SpotifyTokenError.reconnectNeeded
  }

  private enum GrantFailure: Error {
    case refused
    case other(SpotifyTokenError)
  }

  /// One refresh with `tokens`' refresh token; the new tokens are kept.
  private func grant(_ tokens: SpotifyTokens) async -> Result<String, GrantFailure> {
    let answer: SpotifyTokenGrant
    do {
      answer = try await accounts.refresh(refreshToken: tokens.refreshToken)
    } catch {
      switch error {
      case .invalidGrant: return .failure(.refused)
      case .service(let service): return .failure(.other(.service(service)))
      default: return .failure(.other(.service(.unexpectedStatus(400))))
      }
    }
    let updated = SpotifyTokens(
      accessToken: answer.accessToken, refreshToken: answer.refreshToken ?? tokens.refreshToken,
      expiresAt: now().addingTimeInterval(TimeInterval(answer.expiresIn)))
    keep(updated)
    return .success(answer.accessToken)
  }

  /// In memory first: the refresh token may have rotated, and the old one is dead whether the save works
  /// or not.
  private func keep(_ tokens: SpotifyTokens) {
    cached = tokens
    do {
      try storage.save(tokens)
      unsavedTokens = false
      unsavedReported = false
    } catch {
      unsavedTokens = true
    }
  }

  /// True once per episode of unsaved tokens, for the one status-line warning.
  public func takeUnsavedReport() -> Bool {
    guard unsavedTokens, !unsavedReported else { return false }
    unsavedReported = true
    return true
  }

  private func saveAgainIfNeeded() {
    guard unsavedTokens, let cached else { return }
    keep(cached)
  }

  private func dropTokens() throws {
    cached = nil
    mustReconnect = true
    unsavedTokens = false
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
