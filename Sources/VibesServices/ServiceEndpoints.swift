import Foundation

/// Base-URL overrides from the environment, so tests can point the clients at loopback fakes.
public enum ServiceEndpoints {
  /// Overrides `GeminiClient.defaultBaseURL`.
  public static let geminiVariable = "VIBES_GEMINI_API_URL"
  /// Overrides `TicketmasterClient.defaultBaseURL`.
  public static let ticketmasterVariable = "VIBES_TICKETMASTER_API_URL"
  /// Overrides `ITunesClient.defaultBaseURL` (the iTunes Search API, for previews).
  public static let itunesVariable = "VIBES_ITUNES_API_URL"

  /// Reads `variable` from `environment`. Unset or blank: the default. An absolute http(s) URL with a host: that URL.
  /// Anything else is ignored (the default is returned and `ignoredOverride` is true) so the caller can warn about it.
  /// The URL itself is never worth logging in full; callers should say only that an override is in force.
  public static func baseURL(
    _ variable: String, default defaultURL: URL, environment: [String: String]
  ) -> (
    url: URL, ignoredOverride: Bool
  ) {
    guard let raw = environment[variable]?.trimmingCharacters(in: .whitespacesAndNewlines),
      !raw.isEmpty
    else {
      return (defaultURL, false)
    }
    guard let url = parseBaseURL(raw) else { return (defaultURL, true) }
    return (url, false)
  }

  /// The Gemini base URL for this environment (`VIBES_GEMINI_API_URL`).
  public static func gemini(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> (
      url: URL, ignoredOverride: Bool
    )
  {
    baseURL(geminiVariable, default: GeminiClient.defaultBaseURL, environment: environment)
  }

  /// The Ticketmaster base URL for this environment (`VIBES_TICKETMASTER_API_URL`).
  public static func ticketmaster(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> (
    url: URL, ignoredOverride: Bool
  ) {
    baseURL(
      ticketmasterVariable, default: TicketmasterClient.defaultBaseURL, environment: environment)
  }

  /// The iTunes Search API base URL for this environment (`VIBES_ITUNES_API_URL`).
  public static func itunes(environment: [String: String] = ProcessInfo.processInfo.environment) -> (
    url: URL, ignoredOverride: Bool
  ) {
    baseURL(itunesVariable, default: ITunesClient.defaultBaseURL, environment: environment)
  }

  static func parseBaseURL(_ raw: String) -> URL? {
    guard let components = URLComponents(string: raw),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = components.host, !host.isEmpty,
      components.query == nil, components.fragment == nil,
      let url = components.url
    else { return nil }
    return url
  }

  /// `base` with `path` appended to whatever path prefix it carries, and `query` (name, value) percent-encoded
  /// strictly (only RFC 3986 unreserved characters stay literal, so `&`, `=`, `+`, `#`, spaces and non-ASCII survive).
  static func url(base: URL, appending path: String, query: [(String, String)] = []) -> URL? {
    guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else {
      return nil
    }
    var prefix = components.percentEncodedPath
    while prefix.hasSuffix("/") { prefix.removeLast() }
    components.percentEncodedPath = prefix + (path.hasPrefix("/") ? path : "/" + path)
    components.fragment = nil
    if query.isEmpty {
      components.percentEncodedQuery = nil
    } else {
      components.percentEncodedQuery = query.map { "\(encode($0.0))=\(encode($0.1))" }.joined(
        separator: "&")
    }
    return components.url
  }

  private static let unreserved: CharacterSet = {
    var set = CharacterSet()
    set.insert(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    return set
  }()

  static func encode(_ value: String) -> String {
    value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
  }
}
