import Foundation

/// A Spotify track, album, artist or playlist named by a link or URI the user pasted.
public struct SpotifyLink: Sendable, Hashable {
  /// What the link points at.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    case track, album, artist, playlist
  }

  public var kind: Kind
  /// The 22-character base62 id.
  public var id: String

  public init(kind: Kind, id: String) {
    self.kind = kind
    self.id = id
  }

  /// The `spotify:kind:id` URI.
  public var uri: String { "spotify:\(kind.rawValue):\(id)" }

  /// Parses `https://open.spotify.com/album/ID?si=…`, `https://open.spotify.com/intl-de/track/ID`,
  /// `open.spotify.com/…` without a scheme, and `spotify:track:ID`. Anything else is nil.
  public static func parse(_ text: String) -> SpotifyLink? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, trimmed.count <= 512 else { return nil }
    if trimmed.lowercased().hasPrefix("spotify:") {
      let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count == 3 else { return nil }
      return make(String(parts[1]), String(parts[2]))
    }
    var candidate = trimmed
    if !candidate.contains("://") { candidate = "https://" + candidate }
    guard let components = URLComponents(string: candidate),
      let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
      components.host?.lowercased() == "open.spotify.com", components.user == nil, components.port == nil
    else { return nil }
    var segments = components.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    if let first = segments.first, first.lowercased().hasPrefix("intl-") { segments.removeFirst() }
    guard segments.count == 2 else { return nil }
    return make(segments[0], segments[1])
  }

  private static func make(_ kind: String, _ id: String) -> SpotifyLink? {
    guard let kind = Kind(rawValue: kind.lowercased()), isBase62ID(id) else { return nil }
    return SpotifyLink(kind: kind, id: id)
  }

  /// Exactly 22 ASCII letters or digits.
  static func isBase62ID(_ id: String) -> Bool {
    id.utf8.count == 22
      && id.utf8.allSatisfy { (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }
  }
}
