import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The iTunes Search API (no key): song search and UPC album lookup for 30-second previews.
///
/// Apple allows about 20 calls a minute per address and answers more with an empty 403, so every call waits for a
/// slot of the shared `limiter` (one call every 3 s by default). A 403 or 429 is `ITunesError.rateLimited`, never an
/// empty result, so a caller cannot cache it as "no preview".
public struct ITunesClient: Sendable {
  public static let defaultBaseURL = URL(string: "https://itunes.apple.com")!
  /// Seconds between two calls.
  public static let requestSpacing: TimeInterval = 3
  /// One limiter for the process: Apple's limit is per address.
  public static let sharedLimiter = RequestRateLimiter(requestsPerSecond: 1 / requestSpacing)
  /// A search answer of 25 songs is ~40 KB; anything far larger is refused.
  public static let maxBodyBytes = 2 * 1024 * 1024

  public let baseURL: URL
  /// ISO 3166-1 alpha-2 storefront; results and previews differ per storefront.
  public let country: String
  private let transport: any HTTPTransport
  private let limiter: RequestRateLimiter

  public init(
    baseURL: URL = ITunesClient.defaultBaseURL, country: String = "US",
    transport: any HTTPTransport = URLSessionTransport(timeout: 15, maxBodyBytes: ITunesClient.maxBodyBytes),
    limiter: RequestRateLimiter = ITunesClient.sharedLimiter
  ) {
    self.baseURL = baseURL
    self.country = Self.storefront(country)
    self.transport = transport
    self.limiter = limiter
  }

  /// `GET /search?term=…&media=music&entity=song&country=…&limit=…`: songs, most relevant first.
  public func searchSongs(term: String, limit: Int = 10) async throws(ITunesError) -> [ITunesTrack] {
    let limit = min(max(limit, 1), 200)
    let term = String(term.prefix(200))
    return try await get(
      "search",
      query: [
        ("term", term), ("media", "music"), ("entity", "song"), ("country", country), ("limit", String(limit)),
      ])
  }

  /// `GET /lookup?upc=…&entity=song&country=…`: the album's songs (the album itself, listed first, is skipped).
  public func albumSongs(upc: String) async throws(ITunesError) -> [ITunesTrack] {
    let digits = upc.filter(\.isASCII).filter(\.isNumber)
    guard !digits.isEmpty, digits.count <= 14 else { return [] }
    return try await get(
      "lookup", query: [("upc", digits), ("entity", "song"), ("country", country), ("limit", "200")])
  }

  private func get(_ path: String, query: [(String, String)]) async throws(ITunesError) -> [ITunesTrack] {
    guard let url = Self.url(base: baseURL, path: path, query: query) else { throw .invalidResponse }
    do {
      try await limiter.acquire()
    } catch {
      throw .cancelled
    }
    if Task.isCancelled { throw .cancelled }
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let data: Data
    let response: HTTPURLResponse
    do {
      (data, response) = try await transport.send(request)
    } catch {
      throw ITunesError.from(error)
    }
    switch response.statusCode {
    case 200..<300: return try ITunesTrack.songs(from: data)
    case 403, 429: throw .rateLimited
    case 500..<600: throw .server(status: response.statusCode)
    default: throw .unexpectedStatus(response.statusCode)
    }
  }

  /// Like `ServiceEndpoints.url`, but spaces in values as `+` (the form the Search API documents).
  static func url(base: URL, path: String, query: [(String, String)]) -> URL? {
    guard let url = ServiceEndpoints.url(base: base, appending: path, query: query),
      var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else { return nil }
    components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "%20", with: "+")
    return components.url
  }

  /// Two ASCII letters, upper-cased; anything else is "US".
  static func storefront(_ raw: String) -> String {
    let letters = raw.trimmingCharacters(in: .whitespaces).uppercased()
    guard letters.count == 2, letters.allSatisfy({ $0.isASCII && $0.isLetter }) else { return "US" }
    return letters
  }
}
