import Foundation
import VibesCore
import VibesServices
import VibesStorage

/// One service's state for `vibes auth status`: never a secret, only where it lives and what SQLite knows.
public struct AuthServiceStatus: Sendable, Equatable, Codable {
  /// The outcome of `--check` (an online check with the app's own client call).
  public struct Check: Sendable, Equatable, Codable {
    /// `ok`, `failed` or `not-checked` (no read-only call exists, or nothing to check).
    public var result: String
    /// Plain English; never a secret.
    public var message: String?

    public init(result: String, message: String? = nil) {
      self.result = result
      self.message = message
    }
  }

  public var service: AuthService
  public var configured: Bool
  /// `secret-service` or `vault`: the store in use.
  public var store: String
  /// The vault path, or the Secret Service's description.
  public var location: String
  /// Non-secret facts: city, environment, brandID, userID, displayName, appsCount, lastSync, needsReconnect.
  public var details: [String: String]
  public var lastVerified: Date?
  public var check: Check?

  /// Fine for the exit status: configured, and not failing a check.
  public var isFine: Bool { configured && check?.result != "failed" }
}

/// Builds the `vibes auth status` entries from storage, optionally checking each one online.
public struct AuthStatusModel: Sendable {
  public let storage: CLIStorage

  public init(storage: CLIStorage) {
    self.storage = storage
  }

  /// The entries for `services` (all five when empty), in the order given. Throws when the secret store
  /// cannot be read (exit status 2).
  public func load(_ services: [AuthService]) throws -> [AuthServiceStatus] {
    try (services.isEmpty ? AuthService.allCases : services).map(entry)
  }

  func entry(_ service: AuthService) throws -> AuthServiceStatus {
    let database = storage.database
    var configured = try storage.secrets.contains(service.primarySecret)
    var details: [String: String] = [:]
    var verified: Date?
    switch service {
    case .spotify:
      if let record = try? database.spotifyConnection() {
        if let name = record.displayName, !name.isEmpty { details["displayName"] = name }
        if record.needsReconnect { details["needsReconnect"] = "true" }
        verified = record.connectedAt
      }
    case .gemini:
      verified = (try? database.lastVerified(.gemini)) ?? nil
    case .ticketmaster:
      if let city = (try? database.city(for: .ticketmaster)) ?? nil { details["city"] = city }
      verified = (try? database.lastVerified(.ticketmaster)) ?? nil
    case .appstoreconnect:
      verified = (try? database.appStoreConnectVerifiedAt()) ?? nil
      if configured {
        details["appsCount"] = String((try? database.appStoreConnectApps().count) ?? 0)
        if let sync = (try? database.appStoreConnectLastSync()) ?? nil { details["lastSync"] = Self.iso(sync) }
      }
    case .tracker:
      // The app's own reading of the stored configuration: an environment it cannot use is not "configured".
      if case .unreadable(let problem) = TrackerConfigurationStore(database: database, secrets: storage.secrets)
        .stored()
      {
        configured = false
        details["problem"] = "saved configuration unreadable (\(problem.rawValue))"
      }
      if let row = (try? database.trackerSettings()) ?? nil {
        details["environment"] = row.environment
        details["brandID"] = row.brandID
        if !row.userID.isEmpty { details["userID"] = row.userID }
        verified = row.savedAt
      }
    case .google:
      // The account's uid and @username only; the refresh token beside them is never read out.
      if let session = try? SecretStoreFirebaseSession(secrets: storage.secrets).load() {
        details["uid"] = session.uid
        if let username = session.username { details["username"] = "@" + username }
      } else {
        configured = false
      }
    }
    let info = storage.secretStoreInfo
    return AuthServiceStatus(
      service: service, configured: configured, store: info.kind == .vault ? "vault" : "secret-service",
      location: info.location, details: details, lastVerified: verified, check: nil)
  }

  /// Checks `entry` online with the same client call the app uses; not configured means not checked.
  public func check(_ entry: AuthServiceStatus) async -> AuthServiceStatus.Check {
    guard entry.configured else { return .init(result: "not-checked", message: "not configured") }
    let dependencies = storage.dependencies()
    let secrets = storage.secrets
    do {
      switch entry.service {
      case .gemini:
        guard let key = try secrets.read(.geminiAPIKey) else { return .init(result: "failed", message: "no key") }
        try await dependencies.gemini.validate(apiKey: key)
      case .ticketmaster:
        guard let key = try secrets.read(.ticketmasterAPIKey) else {
          return .init(result: "failed", message: "no key")
        }
        _ = try await dependencies.ticketmaster.validate(apiKey: key, city: entry.details["city"] ?? "")
      case .appstoreconnect:
        guard let stored = try secrets.read(.appStoreConnectCredentials),
          let credentials = AppStoreConnectCredentials.decode(stored)
        else { return .init(result: "failed", message: "the stored credentials are unreadable") }
        try await dependencies.appStoreConnect.client.verify(credentials)
      case .spotify:
        guard let tokens = dependencies.spotify.tokens else {
          return .init(result: "failed", message: "no Spotify client ID configured")
        }
        let api = dependencies.spotify.api
        do {
          _ = try await api.currentUser(accessToken: try await tokens.accessToken())
        } catch ServiceError.invalidCredentials {
          _ = try await api.currentUser(accessToken: try await tokens.refreshNow())
        }
        if await tokens.unsavedTokens {
          return .init(
            result: "failed",
            message: "Spotify answered, but its new tokens could not be saved: the disk is full or not writable "
              + "(data folder \(storage.paths.dataDirectory.path)). Free some space; if Spotify then stops "
              + "working, run `vibes auth login spotify`")
        }
      case .tracker:
        return .init(
          result: "not-checked",
          message: "not checked online: the tracking API has no read-only call")
      case .google:
        let firebase = FirebaseDependencies.live(
          environment: storage.environment, paths: storage.paths, secrets: secrets)
        guard let session = firebase.session, let auth = firebase.auth else {
          return .init(result: "failed", message: firebase.configuration.missingMessage(for: .project))
        }
        do {
          _ = try await session.authorized { token throws(FirebaseError) in try await auth.lookup(idToken: token) }
        } catch {
          return .init(result: "failed", message: FirebaseErrorText.english(error))
        }
      }
      return .init(result: "ok")
    } catch {
      return .init(result: "failed", message: Self.describe(error))
    }
  }

  /// A short English reason; the services' error descriptions never carry a secret.
  static func describe(_ error: any Error) -> String {
    if let error = error as? ServiceError { return ServiceErrorText.english(error) }
    if let error = error as? SpotifyTokenError {
      switch error {
      case .notConnected: return "not connected"
      case .reconnectNeeded: return "Spotify refused the stored tokens; run `vibes auth login spotify`"
      case .service(let service): return ServiceErrorText.english(service)
      case .storageFailed: return "the tokens could not be stored"
      }
    }
    if let error = error as? AppStoreConnectFailure { return "App Store Connect said: \(error)" }
    return String(describing: error)
  }

  static func iso(_ date: Date) -> String { date.formatted(.iso8601) }
}

/// Plain English for a service error (stable wording for scripts).
enum ServiceErrorText {
  static func english(_ error: ServiceError) -> String {
    switch error {
    case .invalidCredentials: return "the key was rejected (invalid credentials)"
    case .forbidden(let reason): return "access forbidden" + (reason.map { " (\($0))" } ?? "")
    case .rateLimited(let seconds): return "rate limited" + (seconds.map { ", retry after \($0) s" } ?? "")
    case .server(let status): return "server error (HTTP \(status))"
    case .unexpectedStatus(let status): return "unexpected answer (HTTP \(status))"
    case .network(let problem): return problem.errorDescription ?? "network problem"
    case .cancelled: return "cancelled"
    case .invalidResponse: return "invalid response"
    }
  }
}
