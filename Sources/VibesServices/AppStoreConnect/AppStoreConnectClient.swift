import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// App Store Connect API client: verify a team key, list the account's apps with paging.
/// A fresh token is signed for every request, so none is ever used past its lifetime.
public struct AppStoreConnectClient: Sendable {
  public static let defaultBaseURL = URL(string: "https://api.appstoreconnect.apple.com")!
  /// Overrides `defaultBaseURL` (loopback fakes in tests).
  public static let variable = "VIBES_ASC_API_URL"
  /// A guard against a server that never stops paging.
  public static let maximumPages = 200

  public let baseURL: URL
  private let transport: any HTTPTransport
  private let now: @Sendable () -> Date

  public init(
    baseURL: URL = defaultBaseURL, transport: any HTTPTransport = URLSessionTransport(),
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.baseURL = baseURL
    self.transport = transport
    self.now = now
  }

  /// `GET {base}/v1/apps?limit=1`. Returns normally when the credentials work. The key is checked
  /// locally first: a malformed key throws `.malformedKey` without any network call.
  public func verify(_ credentials: AppStoreConnectCredentials) async throws(AppStoreConnectFailure) {
    _ = try AppStoreConnectJWT.make(credentials, now: now())
    guard
      let url = ServiceEndpoints.url(base: baseURL, appending: "/v1/apps", query: [("limit", "1")])
    else {
      throw .transport(TransportFailure(.other, host: baseURL.host))
    }
    _ = try await get(url, credentials)
  }

  /// All apps (`AppStoreConnectApp`, the feature's own model), following `links.next`; `onPage` gets the running count after each page.
  public func listApps(
    _ credentials: AppStoreConnectCredentials, pageSize: Int = 200,
    onPage: @Sendable (Int) -> Void = { _ in }
  ) async throws(AppStoreConnectFailure) -> [AppStoreConnectApp] {
    _ = try AppStoreConnectJWT.make(credentials, now: now())
    guard
      var next = ServiceEndpoints.url(
        base: baseURL, appending: "/v1/apps",
        query: [
          ("limit", String(max(1, min(pageSize, 200)))), ("fields[apps]", "name,bundleId,sku"),
        ])
    else { throw .transport(TransportFailure(.other, host: baseURL.host)) }
    var apps: [AppStoreConnectApp] = []
    for _ in 0..<Self.maximumPages {
      let body = try await get(next, credentials)
      apps += try Self.parseApps(body)
      onPage(apps.count)
      guard let link = Self.nextLink(body) else { return apps }
      // The token goes only to the API's own host: a `next` elsewhere is not followed.
      guard let url = URL(string: link), url.scheme == baseURL.scheme, url.host == baseURL.host,
        url.port == baseURL.port
      else { throw .invalidResponse }
      next = url
    }
    throw .invalidResponse
  }

  func get(_ url: URL, _ credentials: AppStoreConnectCredentials) async throws(AppStoreConnectFailure)
    -> Data
  {
    let token = try AppStoreConnectJWT.make(credentials, now: now())
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let data: Data
    let response: HTTPURLResponse
    do {
      (data, response) = try await transport.send(request)
    } catch {
      throw AppStoreConnectFailure(error)
    }
    guard (200..<300).contains(response.statusCode) else {
      let retryAfter = AppStoreConnectFailure.retryAfterSeconds(
        response.value(forHTTPHeaderField: "Retry-After"), now: now())
      throw AppStoreConnectFailure.from(status: response.statusCode, body: data, retryAfterSeconds: retryAfter)
    }
    guard JSONBody.object(data)?["data"] is [Any] else { throw .invalidResponse }
    return data
  }

  static func parseApps(_ body: Data) throws(AppStoreConnectFailure) -> [AppStoreConnectApp] {
    guard let items = JSONBody.object(body)?["data"] as? [Any] else { throw .invalidResponse }
    return items.compactMap { item in
      guard let item = item as? [String: Any], let id = item["id"] as? String else { return nil }
      let attributes = item["attributes"] as? [String: Any] ?? [:]
      return AppStoreConnectApp(
        id: id, name: attributes["name"] as? String ?? "",
        bundleID: attributes["bundleId"] as? String ?? "",
        sku: attributes["sku"] as? String ?? "")
    }
  }

  static func nextLink(_ body: Data) -> String? {
    let links = JSONBody.object(body)?["links"] as? [String: Any]
    guard let next = links?["next"] as? String, !next.isEmpty else { return nil }
    return next
  }
}
