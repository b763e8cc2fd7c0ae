import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The browser `vibes demo` hands the app: it opens only loopback URLs (the demo Spotify consent page,
/// which approves at once and redirects to vibes's own callback listener) by fetching them and following
/// the redirect, as a browser would. Every other URL is refused, so the demo never reaches the internet.
public enum DemoBrowser {
  /// True when `url` is http on 127.0.0.1.
  public static func isLoopback(_ url: URL) -> Bool {
    url.scheme == "http" && url.host == "127.0.0.1"
  }

  /// Fetches `address` (and its loopback redirects); false when it is not a loopback URL or fails.
  public static func open(_ address: String) async -> Bool {
    guard let url = URL(string: address), isLoopback(url) else { return false }
    let delegate = LoopbackOnly()
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 10
    configuration.connectionProxyDictionary = [:]
    let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    do {
      let (_, response) = try await session.data(from: url)
      return ((response as? HTTPURLResponse)?.statusCode ?? 0) < 400
    } catch {
      return false
    }
  }
}

/// Follows a redirect only to another loopback URL.
private final class LoopbackOnly: NSObject, URLSessionTaskDelegate, Sendable {
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(request.url.map(DemoBrowser.isLoopback) == true ? request : nil)
  }
}
