import Foundation

/// One app of the account, as cached and shown on the dashboard.
public struct AppStoreConnectApp: Sendable, Hashable {
  public var id: String
  public var name: String
  public var bundleID: String
  public var sku: String

  public init(id: String, name: String, bundleID: String, sku: String) {
    self.id = id
    self.name = name
    self.bundleID = bundleID
    self.sku = sku
  }
}

/// Why connecting or syncing did not work. The UI maps each case to a localized message without
/// technical detail.
public enum AppStoreConnectFailure: Sendable, Hashable {
  /// The private key is not a P-256 `.p8` key (found before any network call).
  case malformedKey
  case keyFileUnreadable
  /// 401: credentials wrong or key revoked.
  case notAuthorized
  /// 403: the key's role is too low.
  case roleTooLow
  /// 403: an agreement must be accepted in App Store Connect.
  case agreementRequired
  /// 429 without a readable `Retry-After`.
  case rateLimited
  /// 429 with `Retry-After`: wait this many seconds.
  case rateLimitedRetryAfter(seconds: Int)
  /// No HTTP answer: what failed and with which host.
  case transport(TransportFailure)
  case serverError
  case unexpectedResponse
  /// The secret store or database refused to keep the credentials.
  case storageFailed
  /// Syncing found no credentials (removed meanwhile).
  case notConfigured

  /// Whether the same values can work a moment later (network, rate limit, server, an unreadable answer).
  public var isRetryable: Bool {
    switch self {
    case .rateLimited, .rateLimitedRetryAfter, .transport, .serverError, .unexpectedResponse, .storageFailed:
      return true
    default: return false
    }
  }
}

/// Text that must never be drawn, logged or dumped: `description` hides it.
public struct RedactedText: Sendable, Hashable, CustomStringConvertible,
  CustomDebugStringConvertible
{
  public var value: String
  public init(_ value: String) { self.value = value }
  public var description: String { "‹redacted›" }
  public var debugDescription: String { "‹redacted›" }
}

/// What the setup form asks the edge to verify and, on success, save.
public struct AppStoreConnectSubmission: Sendable, Hashable {
  public var issuerID: String
  public var keyID: String
  /// The pasted `.p8` content or a path to the file.
  public var privateKey: RedactedText

  public init(issuerID: String, keyID: String, privateKey: RedactedText) {
    self.issuerID = issuerID
    self.keyID = keyID
    self.privateKey = privateKey
  }
}

/// What may be shown about a loaded key: its curve and a short fingerprint of the public key.
public struct PrivateKeySummary: Sendable, Hashable {
  public var curve: String
  /// e.g. "1a2b…9f".
  public var fingerprint: String
  /// The Key ID found in an `AuthKey_<KEYID>.p8` file name, when a path was given.
  public var keyIDFromFileName: String?

  public init(curve: String, fingerprint: String, keyIDFromFileName: String? = nil) {
    self.curve = curve
    self.fingerprint = fingerprint
    self.keyIDFromFileName = keyIDFromFileName
  }
}

/// What storage says at start-up: are credentials stored, and the cached dashboard.
public struct AppStoreConnectStoredState: Sendable, Hashable {
  public var isConfigured: Bool
  public var apps: [AppStoreConnectApp]
  public var lastSync: Date?

  public init(isConfigured: Bool, apps: [AppStoreConnectApp] = [], lastSync: Date? = nil) {
    self.isConfigured = isConfigured
    self.apps = apps
    self.lastSync = lastSync
  }
}
extension AppStoreConnectFailure: Error {}
