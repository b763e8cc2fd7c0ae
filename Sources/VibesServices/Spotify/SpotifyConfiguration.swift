import Foundation

/// Where vibes talks to Spotify and as which app. The client ID is public (PKCE needs no client
/// secret); it comes from `VIBES_SPOTIFY_CLIENT_ID` or a `spotify-client-id = …` line in the config
/// file, never from the source code.
public struct SpotifyConfiguration: Sendable, Equatable {
  public static let defaultAccountsURL = URL(string: "https://accounts.spotify.com")!
  public static let defaultAPIURL = URL(string: "https://api.spotify.com")!
  public static let callbackPath = "/callback"

  /// Everything the feed and playlist features need, in one place.
  public static let scopes = [
    "user-read-private", "user-read-email", "user-top-read", "user-library-read", "playlist-read-private",
    "playlist-modify-public", "playlist-modify-private",
  ]

  /// Spotify Connect remote control (state, devices, now playing, play/pause/next/previous/transfer). Asked for only
  /// when the user first plays on a device (a second consent), so everything else works without them.
  public static let playerScopes = [
    "user-read-playback-state", "user-read-currently-playing", "user-modify-playback-state",
  ]

  /// The scopes one sign-in asks for: the base set, plus the player's when wanted (or already granted, so a
  /// re-consent never drops them).
  public static func scopes(includingPlayer: Bool) -> [String] {
    includingPlayer ? scopes + playerScopes : scopes
  }

  /// The `wanted` scopes that `granted` (the token answer's space-separated `scope`) lacks. A nil `granted` means the
  /// server did not say, so nothing is known to be missing.
  public static func missingScopes(_ wanted: [String], granted: String?) -> [String] {
    guard let granted else { return [] }
    let have = Set(granted.split(separator: " ").map(String.init))
    return wanted.filter { !have.contains($0) }
  }

  public var clientID: String?
  public var accountsURL: URL
  public var apiURL: URL
  /// The registered redirect URI's port; nil means the URI is registered without a port and any
  /// (ephemeral) port is used (RFC 8252 §7.3).
  public var redirectPort: UInt16?
  /// A client ID was given but is not one (it is then ignored): where it came from, never the value.
  public var clientIDProblem: SpotifyClientIDProblem?

  public init(
    clientID: String?, accountsURL: URL = defaultAccountsURL, apiURL: URL = defaultAPIURL, redirectPort: UInt16? = nil,
    clientIDProblem: SpotifyClientIDProblem? = nil
  ) {
    self.clientID = clientID
    self.accountsURL = accountsURL
    self.apiURL = apiURL
    self.redirectPort = redirectPort
    self.clientIDProblem = clientIDProblem
  }

  /// The redirect URI to register in the Spotify dashboard (exactly this text).
  public var registeredRedirectURI: String {
    if let redirectPort { return "http://127.0.0.1:\(redirectPort)\(Self.callbackPath)" }
    return "http://127.0.0.1\(Self.callbackPath)"
  }

  /// The redirect URI sent for one attempt whose listener got `port`.
  public static func redirectURI(port: UInt16) -> String { "http://127.0.0.1:\(port)\(callbackPath)" }

  /// Reads the environment first, then the config file (`key = value` lines, `#` comments).
  public static func load(environment: [String: String], configFile: URL?) -> SpotifyConfiguration {
    let lines = configFile.flatMap { try? String(contentsOf: $0, encoding: .utf8) }.map(parseConfigLines) ?? [:]
    let file = lines.mapValues(\.value)
    func value(_ variable: String, _ key: String) -> String? {
      let raw = environment[variable]?.trimmingCharacters(in: .whitespacesAndNewlines)
      if let raw, !raw.isEmpty { return raw }
      return file[key]
    }
    var clientID: String?
    var problem: SpotifyClientIDProblem?
    let variable = "VIBES_SPOTIFY_CLIENT_ID"
    if let raw = environment[variable]?.trimmingCharacters(in: .whitespacesAndNewlines), !raw.isEmpty {
      clientID = validClientID(raw)
      if clientID == nil { problem = SpotifyClientIDProblem(source: .environment(variable: variable)) }
    } else if let entry = lines["spotify-client-id"], !entry.value.isEmpty {
      clientID = validClientID(entry.value)
      if clientID == nil {
        problem = SpotifyClientIDProblem(source: .configFile(path: configFile?.path ?? "", line: entry.line))
      }
    }
    let accounts = ServiceEndpoints.baseURL(
      "VIBES_SPOTIFY_ACCOUNTS_URL", default: defaultAccountsURL, environment: environment
    ).url
    let api = ServiceEndpoints.baseURL("VIBES_SPOTIFY_API_URL", default: defaultAPIURL, environment: environment).url
    let port = value("VIBES_SPOTIFY_REDIRECT_PORT", "spotify-redirect-port").flatMap { UInt16($0) }.flatMap {
      $0 == 0 ? nil : $0
    }
    return SpotifyConfiguration(
      clientID: clientID, accountsURL: accounts, apiURL: api, redirectPort: port, clientIDProblem: problem)
  }

  /// `key = value` or `key: value` per line; blank lines and `#` comments ignored; quotes stripped.
  static func parseConfig(_ text: String) -> [String: String] {
    parseConfigLines(text).mapValues(\.value)
  }

  /// Like `parseConfig`, with each value's 1-based line number (the last line wins for a repeated key).
  static func parseConfigLines(_ text: String) -> [String: (value: String, line: Int)] {
    var result: [String: (value: String, line: Int)] = [:]
    var number = 0
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      number += 1
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard !trimmed.hasPrefix("#"), let separator = trimmed.firstIndex(where: { $0 == "=" || $0 == ":" }) else {
        continue
      }
      let key = trimmed[..<separator].trimmingCharacters(in: .whitespaces)
      var value = trimmed[trimmed.index(after: separator)...].trimmingCharacters(in: .whitespaces)
      if value.count >= 2, value.first == "\"", value.last == "\"" { value = String(value.dropFirst().dropLast()) }
      result[key] = (value, number)
    }
    return result
  }

  /// Spotify client IDs are exactly 32 hexadecimal characters; anything else is refused.
  static func validClientID(_ raw: String) -> String? {
    guard raw.count == 32, raw.allSatisfy({ $0.isHexDigit && $0.isASCII }) else { return nil }
    return raw
  }
}

/// Why a configured Spotify client ID was ignored, and where it came from. The value itself is not kept: a
/// mistyped client secret must not reach the screen.
public struct SpotifyClientIDProblem: Sendable, Equatable {
  /// Where the refused value was read.
  public enum Source: Sendable, Equatable {
    case environment(variable: String)
    case configFile(path: String, line: Int)
  }

  public var source: Source

  public init(source: Source) { self.source = source }
}
