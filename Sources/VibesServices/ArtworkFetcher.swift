import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why artwork could not be fetched. No case carries the URL.
public enum ArtworkFetchError: Error, Equatable, Sendable {
  /// Not an absolute http(s) URL.
  case invalidURL
  /// A redirect to another host (or scheme or port): not followed.
  case redirectedElsewhere
  /// Over `maxBytes` (announced or streamed): stopped.
  case tooLarge
  /// Not an image (`Content-Type` says otherwise).
  case notAnImage
  /// Any other non-2xx status.
  case status(Int)
  case network(TransportFailure)
  case cancelled
}

/// Fetches cover art and photos: one bounded request (deadline, body cap), redirects only within the same host, and
/// only image bodies.
public struct ArtworkFetcher: Sendable {
  /// A 640 px JPEG is ~100 KB, iTunes' 1200 px ~300 KB; a 40 MB "JPEG" is refused.
  public static let defaultMaxBytes = 4 * 1024 * 1024

  private let transport: any HTTPTransport

  public init(timeout: TimeInterval = 10, maxBytes: Int = ArtworkFetcher.defaultMaxBytes) {
    transport = URLSessionTransport(timeout: timeout, maxBodyBytes: maxBytes)
  }

  public init(transport: any HTTPTransport) { self.transport = transport }

  public func fetch(_ address: String) async throws(ArtworkFetchError) -> Data {
    guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
      url.host?.isEmpty == false
    else { throw .invalidURL }
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.setValue("image/jpeg, image/png;q=0.9", forHTTPHeaderField: "Accept")
    let data: Data
    let response: HTTPURLResponse
    do {
      (data, response) = try await transport.send(request)
    } catch {
      switch error {
      case .cancelled: throw .cancelled
      // The shared transport follows a redirect only within the request's origin (`RedirectPolicy`).
      case .network(let problem) where problem.kind == .redirectRefused: throw .redirectedElsewhere
      case .network(let problem): throw .network(problem)
      default: throw .tooLarge
      }
    }
    switch response.statusCode {
    case 200..<300:
      let type = response.value(forHTTPHeaderField: "Content-Type")?.lowercased() ?? ""
      guard type.isEmpty || type.hasPrefix("image/") || type.hasPrefix("application/octet-stream") else {
        throw .notAnImage
      }
      return data
    case 300..<400: throw .redirectedElsewhere  // a 3xx without a Location the transport could follow
    default: throw .status(response.statusCode)
    }
  }
}
