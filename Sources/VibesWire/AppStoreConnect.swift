import Foundation

/// One app of the account: as `/v1/apps` lists it (the client), as cached in SQLite and shown on the dashboard
/// (the feature). One definition for both sides.
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

/// Why verifying, listing, connecting or syncing did not work: what the client throws (read from the status and the
/// JSON:API error body) and what the feature shows, plus the two cases only the app's edge finds (`storageFailed`,
/// `notConfigured`). No case carries a key, a token or a URL. The UI maps each case to a localized message without
/// technical detail.
public enum AppStoreConnectFailure: Error, Sendable, Hashable {
  /// The private key is not a readable P-256 PKCS#8 key (found before any network call).
  case malformedKey
  /// The key file path could not be read.
  case keyFileUnreadable
  /// 401 `NOT_AUTHORIZED`: wrong Issuer ID / Key ID / key, or the key was revoked.
  case notAuthorized
  /// 403 `FORBIDDEN_ERROR`: the key's role does not allow the request.
  case roleTooLow
  /// 403 that names a missing or expired agreement ("Access Unavailable").
  case agreementRequired
  /// 429 `RATE_LIMIT_EXCEEDED` without a readable `Retry-After`.
  case rateLimited
  /// 429 whose `Retry-After` (delta seconds or an HTTP date) asks to wait this many seconds.
  case rateLimitedRetryAfter(seconds: Int)
  /// 5xx.
  case server(status: Int)
  /// Any other non-2xx status.
  case unexpectedStatus(Int)
  /// 2xx with a body that does not parse, or a `links.next` that leaves the API's host.
  case invalidResponse
  /// No HTTP answer: what failed and with which host.
  case transport(TransportFailure)
  /// The request was cancelled (the app drops the result; nothing is shown).
  case cancelled
  /// The secret store or database refused to keep the credentials.
  case storageFailed
  /// Syncing found no credentials (removed meanwhile).
  case notConfigured

  /// Whether the same values can work a moment later (network, rate limit, server, an unreadable answer, storage).
  public var isRetryable: Bool {
    switch self {
    case .rateLimited, .rateLimitedRetryAfter, .transport, .cancelled, .server, .unexpectedStatus, .invalidResponse,
      .storageFailed:
      return true
    case .malformedKey, .keyFileUnreadable, .notAuthorized, .roleTooLow, .agreementRequired, .notConfigured:
      return false
    }
  }
}

/// Plain English for logs and the command line; the screen has its own localized text.
extension AppStoreConnectFailure: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .malformedKey: return "The private key could not be read."
    case .keyFileUnreadable: return "The key file could not be read."
    case .notAuthorized: return "App Store Connect did not accept the credentials."
    case .roleTooLow: return "The key's role does not allow this request."
    case .agreementRequired: return "An agreement must be accepted in App Store Connect."
    case .rateLimited: return "Too many requests."
    case .rateLimitedRetryAfter(let seconds): return "Too many requests; try again in \(seconds) s."
    case .server(let status): return "App Store Connect had a problem (HTTP \(status))."
    case .unexpectedStatus(let status):
      return "App Store Connect answered unexpectedly (HTTP \(status))."
    case .invalidResponse: return "App Store Connect sent an answer that could not be read."
    case .transport(let failure): return failure.errorDescription
    case .cancelled: return "The request was cancelled."
    case .storageFailed: return "The credentials could not be stored."
    case .notConfigured: return "App Store Connect is not set up."
    }
  }
}
