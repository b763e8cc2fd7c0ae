import Foundation

/// Typed failures of the remote-service clients, so screens never parse HTTP.
///
/// No case carries a URL, a key, a token or a query string, and neither `String(describing:)` nor
/// `localizedDescription` ever contains one.
public enum ServiceError: Error, Equatable, Sendable {
  /// Gemini 400 with `details[].reason == "API_KEY_INVALID"`; Ticketmaster 401.
  case invalidCredentials
  /// Gemini 403 `PERMISSION_DENIED` (reason e.g. `API_KEY_SERVICE_BLOCKED`); Ticketmaster 403.
  /// The reason is a sanitised machine code (letters, digits, `_ . -`, at most 64 characters) or nil.
  case forbidden(reason: String?)
  /// 429. Seconds from Gemini's `RetryInfo.retryDelay`, or Ticketmaster's `Retry-After`/`Rate-Limit-Reset`.
  case rateLimited(retryAfterSeconds: Int?)
  /// 5xx.
  case server(status: Int)
  /// Any other non-2xx status (e.g. a Gemini 400 with another reason).
  case unexpectedStatus(Int)
  case timedOut
  /// Refused, DNS failure, host unreachable, no network, TLS failure, connection dropped.
  case cannotConnect
  case cancelled
  /// 2xx with a body that does not parse.
  case invalidResponse
}

extension ServiceError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .invalidCredentials:
      return "The service rejected the key."
    case .forbidden(let reason):
      if let reason { return "The service refused access (\(reason))." }
      return "The service refused access."
    case .rateLimited(let seconds):
      if let seconds { return "Too many requests; try again in \(seconds) s." }
      return "Too many requests; try again later."
    case .server(let status):
      return "The service had a problem (HTTP \(status))."
    case .unexpectedStatus(let status):
      return "The service answered unexpectedly (HTTP \(status))."
    case .timedOut:
      return "The service did not answer in time."
    case .cannotConnect:
      return "Could not reach the service."
    case .cancelled:
      return "The request was cancelled."
    case .invalidResponse:
      return "The service sent an answer that could not be read."
    }
  }
}

extension ServiceError {
  /// Maps any error thrown by URLSession (or the surrounding concurrency machinery) to a `ServiceError`.
  /// The original error, which may carry the failing URL, is dropped.
  static func from(_ error: any Error) -> ServiceError {
    if let error = error as? ServiceError { return error }
    if error is CancellationError { return .cancelled }
    if let urlError = error as? URLError { return from(urlError.code) }
    let nsError = error as NSError
    // `URLError.Code(rawValue:)` is failable on Linux only; the coercion keeps both platforms compiling.
    if nsError.domain == NSURLErrorDomain,
      let code = URLError.Code(rawValue: nsError.code) as URLError.Code?
    {
      return from(code)
    }
    return .cannotConnect
  }

  static func from(_ code: URLError.Code) -> ServiceError {
    switch code {
    case .timedOut:
      return .timedOut
    case .cancelled, .userCancelledAuthentication:
      return .cancelled
    case .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData:
      return .invalidResponse
    default:
      // badServerResponse (Linux: "Empty reply from server", i.e. a dropped connection), cannotConnectToHost, cannotFindHost, dnsLookupFailed, networkConnectionLost, notConnectedToInternet,
      // secureConnectionFailed, server/client certificate errors, badURL, unsupportedURL, ...
      return .cannotConnect
    }
  }

  /// Keeps only a short machine-readable code from a server-supplied reason; anything else becomes nil.
  static func sanitizedReason(_ raw: String?) -> String? {
    guard let raw, !raw.isEmpty, raw.count <= 64 else { return nil }
    let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")
    guard raw.allSatisfy({ allowed.contains($0) }) else { return nil }
    return raw
  }
}
