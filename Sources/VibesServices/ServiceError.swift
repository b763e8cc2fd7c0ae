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
  /// No HTTP answer: DNS failure, refused, timed out, TLS, proxy, dropped, offline; with the host name.
  case network(TransportFailure)
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
    case .network(let problem):
      return problem.errorDescription
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
  static func from(_ error: any Error, host: String? = nil) -> ServiceError {
    if let error = error as? ServiceError { return error }
    if error is CancellationError { return .cancelled }
    let nsError = error as NSError
    var mapped: ServiceError = .network(TransportFailure(.other, host: host))
    if let urlError = error as? URLError {
      mapped = from(urlError.code, host: host)
    } else if nsError.domain == NSURLErrorDomain,
      // `URLError.Code(rawValue:)` is failable on Linux only; the coercion keeps both platforms compiling.
      let code = URLError.Code(rawValue: nsError.code) as URLError.Code?
    {
      mapped = from(code, host: host)
    }
    guard case .network(let problem) = mapped,
      let refined = refinedKind(problem.kind, error: nsError, host: host)
    else { return mapped }
    return .network(TransportFailure(refined, host: host))
  }

  static func from(_ code: URLError.Code, host: String? = nil) -> ServiceError {
    switch code {
    case .cancelled, .userCancelledAuthentication:
      return .cancelled
    case .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData:
      return .invalidResponse
    default:
      // badServerResponse is Linux's "Empty reply from server", i.e. a dropped connection.
      return .network(TransportFailure(TransportFailure.kind(for: code) ?? .other, host: host))
    }
  }

  /// Foundation on Linux (libcurl) reports TLS and proxy failures as code -1 (unknown) or as the proxy's own
  /// refusal; only curl's message tells them apart. The message is read here and never kept (it may hold a URL).
  static func refinedKind(_ kind: TransportFailure.Kind, error: NSError, host: String?) -> TransportFailure.Kind? {
    var messages: [String] = []
    var current: NSError? = error
    var depth = 0
    while let error = current, depth < 4 {
      if error.domain == "kCFErrorDomainCFNetwork", [310, 311].contains(error.code) { return .proxyFailed }
      if let text = error.userInfo[NSLocalizedDescriptionKey] as? String { messages.append(text.lowercased()) }
      current = error.userInfo[NSUnderlyingErrorKey] as? NSError
      depth += 1
    }
    let text = messages.joined(separator: " ")
    if text.contains("proxy") { return .proxyFailed }
    if kind == .other, text.contains("ssl") || text.contains("tls") || text.contains("certificate") {
      return .secureConnectionFailed
    }
    // curl names the address it failed to reach: with a proxy in use that is the proxy, not the service.
    if kind == .connectionRefused || kind == .hostNotFound, let host = host?.lowercased(),
      let range = text.range(of: "failed to connect to ")
    {
      let target = text[range.upperBound...].prefix { !$0.isWhitespace }
      if !target.isEmpty, target != host { return .proxyFailed }
    }
    return nil
  }

  /// Keeps only a short machine-readable code from a server-supplied reason; anything else becomes nil.
  static func sanitizedReason(_ raw: String?) -> String? {
    guard let raw, !raw.isEmpty, raw.count <= 64 else { return nil }
    let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")
    guard raw.allSatisfy({ allowed.contains($0) }) else { return nil }
    return raw
  }
}

extension ServiceError {
  /// True for a network problem of kind `.timedOut`.
  public var isTimeout: Bool {
    if case .network(let problem) = self { return problem.kind == .timedOut }
    return false
  }
}
