import Foundation

/// A request that got no HTTP answer: what failed and with which host. The one network-error kind of vibes: every
/// client error in `VibesServices` carries it (`ServiceError.network`, `TrackerClientError.network`, …) and every
/// feature failure in `VibesCore` embeds it as its `transport(_:)` case, so nothing maps one to the other.
/// `Localizer.transportFailure(_:service:)` (VibesCore) is the one message for it on screen.
///
/// `host` is a host name only (never a URL, a path, a query or a key), so it may be shown and logged; the
/// initialiser drops anything else, and the screen sanitises it again when drawn.
public struct TransportFailure: Error, Hashable, Sendable {
  /// The class of failure (the clients read it from the URL loading system's error code).
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

  /// A request cancelled outside the user's wish (not by a newer request or quitting) reads as "could not reach".
  public static let cancelled = TransportFailure(.other)

  /// Every transport failure may pass on a retry (the network comes back, the host answers).
  public var isRetryable: Bool { true }

  /// Keeps a plain host name or IP literal (letters, digits, `.-:[]`, at most 253 characters); anything else is dropped.
  public static func sanitizedHost(_ raw: String) -> String? {
    guard !raw.isEmpty, raw.count <= 253 else { return nil }
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]")
    return raw.allSatisfy { allowed.contains($0) } ? raw : nil
  }
}

/// Plain English for logs and the command line (`vibes auth status`); the screen uses `Localizer.transportFailure`.
extension TransportFailure: LocalizedError {
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
