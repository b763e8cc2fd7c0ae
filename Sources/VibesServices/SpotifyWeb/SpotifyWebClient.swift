import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The Spotify Web API client for a development-mode app (2026 rules): only endpoints that still exist, search and
/// artist-album limits of at most 10, playlist entries under `item`, library writes through `/v1/me/library`.
///
/// Every call: one bearer token from `tokens`; a 401 forces one refresh and one retry; short 429s are waited out,
/// 5xx answers to idempotent requests are retried with backoff (see `SpotifyRetryPolicy`); cancellation ends the
/// call with `.cancelled`. Errors never carry a URL or a token.
public struct SpotifyWebClient: Sendable {
  /// Responses larger than this are refused as `.invalidResponse`.
  public static let maxResponseBytes = 8 * 1024 * 1024
  /// Spotify's 2026 cap on `limit` for search and artist albums.
  public static let maxSearchLimit = 10
  /// Most URIs per `POST /v1/playlists/{id}/items`.
  public static let maxPlaylistItemsPerRequest = 100
  /// Most URIs per `/v1/me/library` call.
  public static let maxLibraryURIsPerRequest = 40

  public let baseURL: URL
  private let transport: any HTTPTransport
  private let tokens: any SpotifyAccessTokenSource
  private let retry: SpotifyRetryPolicy

  /// `baseURL` is `SpotifyConfiguration.apiURL` (which honours `VIBES_SPOTIFY_API_URL`).
  public init(
    baseURL: URL = SpotifyConfiguration.defaultAPIURL, transport: any HTTPTransport = URLSessionTransport(),
    tokens: any SpotifyAccessTokenSource, retry: SpotifyRetryPolicy = SpotifyRetryPolicy()
  ) {
    self.baseURL = baseURL
    self.transport = transport
    self.tokens = tokens
    self.retry = retry
  }

  /// A client for `configuration.apiURL` (the default or the `VIBES_SPOTIFY_API_URL` override).
  public init(
    configuration: SpotifyConfiguration, tokens: any SpotifyAccessTokenSource,
    transport: any HTTPTransport = URLSessionTransport(), retry: SpotifyRetryPolicy = SpotifyRetryPolicy()
  ) {
    self.init(baseURL: configuration.apiURL, transport: transport, tokens: tokens, retry: retry)
  }

  /// What a 403 means for the call that got it.
  enum ForbiddenContext { case general, playlistItems }

  enum Method: String {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case delete = "DELETE"

    var isIdempotent: Bool { self != .post }
  }

  /// Sends one API request with the token, refresh, retry and error rules above; returns the 2xx body.
  func send(
    _ method: Method, _ path: String, query: [(String, String)] = [], json body: [String: Any]? = nil,
    forbidden context: ForbiddenContext = .general
  ) async throws(SpotifyWebError) -> Data {
    guard let url = ServiceEndpoints.url(base: baseURL, appending: path, query: query) else {
      throw .transport(.network(TransportFailure(.other, host: baseURL.host)))
    }
    let bodyData: Data?
    if let body {
      guard let data = try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys]) else {
        throw .badRequest(message: nil)
      }
      bodyData = data
    } else {
      bodyData = nil
    }
    var token = try await fetchToken(refresh: false)
    var refreshed = false
    var rateLimitRetries = 0
    var serverRetries = 0
    while true {
      if Task.isCancelled { throw .cancelled }
      var request = URLRequest(url: url)
      request.httpMethod = method.rawValue
      request.setValue("application/json", forHTTPHeaderField: "Accept")
      request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
      if let bodyData {
        request.httpBody = bodyData
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      }
      let data: Data
      let response: HTTPURLResponse
      do {
        (data, response) = try await transport.send(request)
      } catch {
        throw SpotifyWebError.from(error)
      }
      let status = response.statusCode
      switch status {
      case 200..<300:
        guard data.count <= Self.maxResponseBytes else { throw .invalidResponse }
        return data
      case 401 where !refreshed:
        refreshed = true
        token = try await fetchToken(refresh: true)
      case 401:
        throw .unauthorized
      case 429:
        let seconds = retry.retryAfterSeconds(response.value(forHTTPHeaderField: "Retry-After"))
        guard let seconds, TimeInterval(seconds) <= retry.maxAutomaticWait,
          rateLimitRetries < retry.maxRateLimitRetries
        else { throw .rateLimited(retryAfterSeconds: seconds) }
        rateLimitRetries += 1
        try await pause(TimeInterval(seconds))
      case 500..<600 where method.isIdempotent && serverRetries < retry.maxServerRetries:
        let delay = retry.backoff(attempt: serverRetries)
        serverRetries += 1
        try await pause(delay)
      default:
        throw Self.error(status: status, data: data, context: context)
      }
    }
  }

  /// `send` and decode the body as `T`.
  func get<T: Decodable>(
    _ type: T.Type, _ path: String, query: [(String, String)] = [], forbidden context: ForbiddenContext = .general
  ) async throws(SpotifyWebError) -> T {
    let data = try await send(.get, path, query: query, forbidden: context)
    return try Self.decode(type, data)
  }

  static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws(SpotifyWebError) -> T {
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch {
      throw .invalidResponse
    }
  }

  private func fetchToken(refresh: Bool) async throws(SpotifyWebError) -> String {
    do {
      return refresh ? try await tokens.refreshNow() : try await tokens.accessToken()
    } catch {
      if Task.isCancelled { throw .cancelled }
      throw SpotifyWebError.from(error)
    }
  }

  private func pause(_ seconds: TimeInterval) async throws(SpotifyWebError) {
    do {
      try await retry.sleep(seconds)
    } catch {
      throw .cancelled
    }
    if Task.isCancelled { throw .cancelled }
  }

  /// Maps a non-2xx answer (`{"error":{"status","message"}}`) to a `SpotifyWebError`.
  static func error(status: Int, data: Data, context: ForbiddenContext) -> SpotifyWebError {
    let body = JSONBody.object(data)?["error"] as? [String: Any]
    let message = body?["message"] as? String
    // Player commands carry a machine `reason`; it decides, never the message text.
    if let reason = body?["reason"] as? String, status == 403 || status == 404 || status == 400 {
      return .playerRefused(SpotifyPlayerReason(reason))
    }
    switch status {
    case 400:
      return .badRequest(message: SpotifyWebError.sanitizedMessage(message))
    case 401:
      return .unauthorized
    case 403:
      let lowered = message?.lowercased() ?? ""
      if lowered.contains("insufficient client scope") { return .missingScope }
      if lowered.contains("not be registered") || lowered.contains("not registered") { return .notRegistered }
      if lowered.contains("premium") { return .premiumRequired }
      if context == .playlistItems { return .notPlaylistOwner }
      return .forbidden(reason: SpotifyWebError.sanitizedMessage(message))
    case 404:
      return .notFound
    case 429:
      return .rateLimited(retryAfterSeconds: nil)
    case 500..<600:
      return .server(status: status)
    default:
      return .unexpectedStatus(status)
    }
  }

  /// Percent-encodes one path segment (an id), so `/`, `?` or `#` in it cannot change the path.
  static func segment(_ id: String) -> String { ServiceEndpoints.encode(id) }

  static func clamp(_ value: Int, _ range: ClosedRange<Int>) -> Int {
    min(max(value, range.lowerBound), range.upperBound)
  }
}
