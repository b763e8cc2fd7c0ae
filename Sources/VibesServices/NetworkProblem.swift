import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What went wrong below HTTP, and with which host: shared by every client's error type.
///
/// `host` is a host name only (never a URL, a path, a query or a key), so it may be shown and logged.
public struct NetworkProblem: Error, Hashable, Sendable {
  /// The class of failure, from the URL loading system's error code.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// The host name did not resolve (`cannotFindHost`, `dnsLookupFailed`).
    case hostNotFound
    /// Nothing listens there, or the host cannot be reached (`cannotConnectToHost`).
    case connectionRefused
    /// No answer in time.
    case timedOut
    /// TLS handshake or certificate failure.
    case secureConnectionFailed
    /// The proxy refused or could not be reached.
    case proxyFailed
    /// The connection dropped mid-request (`networkConnectionLost`, an empty reply).
    case connectionLost
    /// The service answered with a redirect to another scheme, host or port, which vibes does not follow (it could
    /// carry the key or token there). `host` is the service's host, never the redirect's target.
    case redirectRefused
    /// The machine has no network (`notConnectedToInternet`).
    case offline
    /// Anything else that stopped the request before an HTTP answer.
    case other
  }

  public var kind: Kind
  public var host: String?

  public init(_ kind: Kind, host: String? = nil) {
    self.kind = kind
    self.host = host.flatMap(Self.sanitizedHost)
  }

  /// The request's host, for a problem about `request`.
  public init(_ kind: Kind, request: URLRequest) {
    self.init(kind, host: request.url?.host)
  }

  /// Keeps a plain host name or IP literal (letters, digits, `.-:[]`, at most 253 characters); anything else is dropped.
  static func sanitizedHost(_ raw: String) -> String? {
    guard !raw.isEmpty, raw.count <= 253 else { return nil }
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]")
    return raw.allSatisfy { allowed.contains($0) } ? raw : nil
  }

  /// The kind for a URL loading error code; nil for codes that are not network problems (cancelled, bad data).
  public static func kind(for code: URLError.Code) -> Kind? {
    switch code {
    case .cannotFindHost, .dnsLookupFailed: return .hostNotFound
    case .cannotConnectToHost: return .connectionRefused
    case .timedOut: return .timedOut
    case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
      .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
      .clientCertificateRequired, .appTransportSecurityRequiresSecureConnection:
      return .secureConnectionFailed
    case .networkConnectionLost, .badServerResponse: return .connectionLost
    case .notConnectedToInternet, .internationalRoamingOff, .dataNotAllowed, .callIsActive: return .offline
    case .cancelled, .userCancelledAuthentication, .cannotParseResponse, .cannotDecodeRawData,
      .cannotDecodeContentData:
      return nil
    default:
      return .other
    }
  }
}

extension NetworkProblem: LocalizedError {
  public var errorDescription: String? {
    let on = host.map { " (\($0))" } ?? ""
    switch kind {
    case .hostNotFound: return "The host name could not be resolved\(on)."
    case .connectionRefused: return "The connection was refused\(on)."
    case .timedOut: return "The service did not answer in time\(on)."
    case .secureConnectionFailed: return "The secure connection failed\(on)."
    case .proxyFailed: return "The proxy refused the connection\(on)."
    case .connectionLost: return "The connection was lost\(on)."
    case .redirectRefused: return "The service sent the request on to another address, which was not followed\(on)."
    case .offline: return "There is no network connection."
    case .other: return "Could not reach the service\(on)."
    }
  }
}
