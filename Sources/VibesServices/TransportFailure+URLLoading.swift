import Foundation
// The network-error kind is the shared kernel's (`VibesWire.TransportFailure`): every client error carries it as is,
// and whoever imports VibesServices sees it without a second import.
@_exported import VibesWire

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension TransportFailure {
  /// The request's host, for a failure of `request`.
  public init(_ kind: Kind, request: URLRequest) {
    self.init(kind, host: request.url?.host)
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
