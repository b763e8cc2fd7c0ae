import Foundation

/// What is kept between runs: the Firebase refresh token (the secret) and non-secret facts about the account.
public struct FirebaseStoredSession: Sendable, Equatable, Codable {
  public var refreshToken: String
  public var uid: String
  public var email: String?
  public var username: String?

  public init(refreshToken: String, uid: String, email: String? = nil, username: String? = nil) {
    self.refreshToken = refreshToken
    self.uid = uid
    self.email = email
    self.username = username
  }
}

/// Where the session is kept (the app backs it with the secret store).
public protocol FirebaseSessionStorage: Sendable {
  func load() throws -> FirebaseStoredSession?
  func save(_ session: FirebaseStoredSession) throws
  func clear() throws
}

/// The signed-in user's Firebase session: the refresh token in storage, the 1-hour ID token in memory only. Hands
/// out an ID token refreshed a few minutes before its `exp`; `authorized` refreshes once on a 401 and retries once.
/// INVALID_REFRESH_TOKEN, USER_NOT_FOUND, TOKEN_EXPIRED (and a disabled user) end the session: `.signInAgain`.
public actor FirebaseSession {
  private let auth: FirebaseAuthClient
  private let storage: any FirebaseSessionStorage
  private let now: @Sendable () -> Date
  private let margin: TimeInterval
  private var idToken: String?
  private var expiresAt: Date = .distantPast
  private var stored: FirebaseStoredSession?
  private var inFlight: Task<String, any Error>?
  /// When the last Google sign-in happened in this process (deletion needs one within ~5 minutes).
  public private(set) var signedInAt: Date?

  public init(
    auth: FirebaseAuthClient, storage: any FirebaseSessionStorage, margin: TimeInterval = 300,
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.auth = auth
    self.storage = storage
    self.margin = margin
    self.now = now
  }

  /// Exchanges a fresh Google `id_token` for a Firebase session and stores its refresh token.
  @discardableResult
  public func signIn(googleIDToken: String) async throws(FirebaseError) -> FirebaseAuthGrant {
    let grant = try await auth.signInWithGoogle(idToken: googleIDToken)
    var session = FirebaseStoredSession(refreshToken: grant.refreshToken, uid: grant.uid, email: grant.email)
    if let old = try? storage.load(), old.uid == grant.uid { session.username = old.username }
    do {
      try storage.save(session)
    } catch {
      throw .secretStoreFailed
    }
    stored = session
    accept(grant.idToken, expiresIn: grant.expiresIn)
    signedInAt = now()
    return grant
  }

  /// The stored account (nil: signed out).
  public func account() throws(FirebaseError) -> FirebaseStoredSession? {
    if let stored { return stored }
    do {
      stored = try storage.load()
    } catch {
      throw .secretStoreFailed
    }
    return stored
  }

  /// The signed-in uid, or `.notSignedIn`.
  public func uid() throws(FirebaseError) -> String {
    guard let account = try account() else { throw .notSignedIn }
    return account.uid
  }

  /// Records the claimed username beside the session (not secret; shown by `vibes auth status`).
  public func setUsername(_ username: String?) throws(FirebaseError) {
    guard var session = try account() else { throw .notSignedIn }
    session.username = username
    do {
      try storage.save(session)
    } catch {
      throw .secretStoreFailed
    }
    stored = session
  }

  /// A valid ID token: the cached one while it has more than `margin` left, else a refreshed one.
  public func validIDToken() async throws(FirebaseError) -> String {
    if let idToken, expiresAt.timeIntervalSince(now()) > margin { return idToken }
    return try await refreshNow()
  }

  /// Refreshes now (single flight: concurrent callers share one request).
  public func refreshNow() async throws(FirebaseError) -> String {
    if let inFlight { return try await Self.value(of: inFlight) }
    guard let session = try account() else { throw .notSignedIn }
    let auth = self.auth
    let task = Task<String, any Error> {
      do throws(FirebaseError) {
        let grant = try await auth.refresh(refreshToken: session.refreshToken)
        try self.store(grant, session: session)
        return grant.idToken
      } catch .auth(let code) where code.endsSession {
        self.end()
        throw FirebaseError.signInAgain
      }
    }
    inFlight = task
    defer { inFlight = nil }
    return try await Self.value(of: task)
  }

  /// Runs `operation` with a valid ID token; on `.unauthenticated` refreshes once and retries once.
  public func authorized<T: Sendable>(
    _ operation: @Sendable (String) async throws(FirebaseError) -> T
  ) async throws(FirebaseError) -> T {
    let token = try await validIDToken()
    do {
      return try await operation(token)
    } catch .unauthenticated {
      return try await operation(try await refreshNow())
    }
  }

  /// Forgets the session here and in storage.
  public func signOut() throws(FirebaseError) {
    idToken = nil
    expiresAt = .distantPast
    stored = nil
    signedInAt = nil
    do {
      try storage.clear()
    } catch {
      throw .secretStoreFailed
    }
  }

  private func store(_ grant: FirebaseAuthGrant, session: FirebaseStoredSession) throws(FirebaseError) {
    if grant.refreshToken != session.refreshToken {
      var updated = session
      updated.refreshToken = grant.refreshToken
      do {
        try storage.save(updated)
      } catch {
        throw .secretStoreFailed
      }
      stored = updated
    }
    accept(grant.idToken, expiresIn: grant.expiresIn)
  }

  private func accept(_ token: String, expiresIn: Int) {
    idToken = token
    let announced = now().addingTimeInterval(TimeInterval(expiresIn))
    expiresAt = min(JWTClaims.expiry(token) ?? announced, announced)
  }

  private func end() {
    idToken = nil
    expiresAt = .distantPast
    stored = nil
    try? storage.clear()
  }

  private static func value(of task: Task<String, any Error>) async throws(FirebaseError) -> String {
    do {
      return try await task.value
    } catch let error as FirebaseError {
      throw error
    } catch {
      throw .service(.cancelled)
    }
  }
}
