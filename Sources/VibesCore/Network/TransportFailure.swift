/// A request that got no HTTP answer: what failed and with which host. Every feature's failure type embeds it
/// as one `transport(_:)` case and adds only its own cases; the UI has one message for it.
///
/// `host` is a host name only (never a URL or a key); it is sanitised again when drawn.
public struct TransportFailure: Sendable, Hashable {
  /// The class of failure.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// The host name did not resolve (DNS).
    case hostNotFound
    /// The connection was refused or the host is unreachable.
    case connectionRefused
    /// No answer in time.
    case timedOut
    /// TLS handshake or certificate problem.
    case secureConnectionFailed
    /// The proxy refused or could not be reached.
    case proxyFailed
    /// The connection dropped mid-request.
    case connectionLost
    /// The service redirected to another scheme, host or port; vibes did not follow (the key could go along).
    case redirectRefused
    /// This machine has no network.
    case offline
    /// Anything else before an HTTP answer.
    case other
  }

  public var kind: Kind
  public var host: String?

  public init(_ kind: Kind, host: String? = nil) {
    self.kind = kind
    self.host = host
  }

  /// Every transport failure may pass on a retry (the network comes back, the host answers).
  public var isRetryable: Bool { true }
}
