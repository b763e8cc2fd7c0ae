import Foundation

/// Typed failures of the App Store Connect client, read from the status and the JSON:API error body
/// (`{"errors":[{"status","code","title","detail"}]}`). No case carries a key, a token or a URL.
public enum AppStoreConnectError: Error, Equatable, Sendable {
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
  case unexpectedStatus(Int)
  /// No HTTP answer (DNS, refused, timeout, TLS, proxy, dropped), with the host.
  case network(TransportFailure)
  case cancelled
  /// 2xx with a body that does not parse, or a `links.next` that leaves the API's host.
  case invalidResponse

  init(_ error: ServiceError) {
    switch error {
    case .cancelled: self = .cancelled
    case .invalidResponse: self = .invalidResponse
    case .server(let status): self = .server(status: status)
    case .unexpectedStatus(let status): self = .unexpectedStatus(status)
    case .invalidCredentials: self = .notAuthorized
    case .forbidden: self = .roleTooLow
    case .rateLimited: self = .rateLimited
    case .network(let problem): self = .network(problem)
    }
  }

  /// Maps a non-2xx answer by status and the first JSON:API error's code, title and detail.
  static func from(status: Int, body: Data, retryAfterSeconds: Int? = nil) -> AppStoreConnectError {
    let errors =
      (JSONBody.object(body)?["errors"] as? [Any])?.compactMap { $0 as? [String: Any] } ?? []
    let first = errors.first ?? [:]
    let code = (first["code"] as? String ?? "").uppercased()
    let text = [first["title"], first["detail"]].compactMap { $0 as? String }.joined(separator: " ")
      .lowercased()
    switch status {
    case 401:
      return .notAuthorized
    case 403:
      if code.contains("AGREEMENT") || text.contains("agreement")
        || text.contains("access unavailable")
      {
        return .agreementRequired
      }
      return .roleTooLow
    case 429:
      return retryAfterSeconds.map { .rateLimitedRetryAfter(seconds: $0) } ?? .rateLimited
    case 500..<600:
      return .server(status: status)
    default:
      return .unexpectedStatus(status)
    }
  }
}

extension AppStoreConnectError: LocalizedError {
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
    case .network(let problem): return problem.errorDescription
    case .cancelled: return "The request was cancelled."
    case .invalidResponse: return "App Store Connect sent an answer that could not be read."
    }
  }
}

extension AppStoreConnectError {
  /// Seconds to wait from a `Retry-After` value: delta seconds or an HTTP date (RFC 9110); nil when unreadable.
  static func retryAfterSeconds(_ header: String?, now: Date) -> Int? {
    RetryAfter.seconds(header, now: now)
  }
}
