import Foundation

/// How the client reads an App Store Connect failure (`VibesWire.AppStoreConnectFailure`) from the status and the
/// JSON:API error body (`{"errors":[{"status","code","title","detail"}]}`).
extension AppStoreConnectFailure {
  init(_ error: ServiceError) {
    switch error {
    case .cancelled: self = .cancelled
    case .invalidResponse: self = .invalidResponse
    case .server(let status): self = .server(status: status)
    case .unexpectedStatus(let status): self = .unexpectedStatus(status)
    case .invalidCredentials: self = .notAuthorized
    case .forbidden: self = .roleTooLow
    case .rateLimited: self = .rateLimited
    case .network(let failure): self = .transport(failure)
    }
  }

  /// Maps a non-2xx answer by status and the first JSON:API error's code, title and detail.
  static func from(status: Int, body: Data, retryAfterSeconds: Int? = nil) -> AppStoreConnectFailure {
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

extension AppStoreConnectFailure {
  /// Seconds to wait from a `Retry-After` value: delta seconds or an HTTP date (RFC 9110); nil when unreadable.
  static func retryAfterSeconds(_ header: String?, now: Date) -> Int? {
    RetryAfter.seconds(header, now: now)
  }
}
