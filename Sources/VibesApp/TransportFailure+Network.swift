import VibesCore
import VibesServices

extension TransportFailure {
  /// The core's view of a services-level network problem (same kind, same host).
  init(_ problem: NetworkProblem) {
    let kind: Kind =
      switch problem.kind {
      case .hostNotFound: .hostNotFound
      case .connectionRefused: .connectionRefused
      case .timedOut: .timedOut
      case .secureConnectionFailed: .secureConnectionFailed
      case .proxyFailed: .proxyFailed
      case .connectionLost: .connectionLost
      case .redirectRefused: .redirectRefused
      case .offline: .offline
      case .other: .other
      }
    self.init(kind, host: problem.host)
  }

  /// A request cancelled outside the user's wish reads as "could not reach".
  static let cancelled = TransportFailure(.other)
}
