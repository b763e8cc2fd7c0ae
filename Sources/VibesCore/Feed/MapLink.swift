import Foundation

/// Links to a map for a place, without any API key.
public enum MapLink {
  /// `https://www.openstreetmap.org/search?query=VENUE%2C%20ADDRESS%2C%20CITY` (strictly percent-encoded),
  /// or nil when all three are missing or blank. Each part is sanitised (`TerminalText`) and capped.
  public static func openStreetMap(venue: String?, address: String?, city: String?) -> URL? {
    let parts = [venue, address, city].compactMap { part -> String? in
      guard let trimmed = part?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else {
        return nil
      }
      // Escape sequences and controls have no place in a query (the user searches for what the screen shows), and
      // a place name longer than any real one is cut.
      return String(TerminalText.sanitize(trimmed).trimmingCharacters(in: .whitespaces).prefix(maxPartLength))
    }.filter { !$0.isEmpty }
    guard !parts.isEmpty else { return nil }
    let query = parts.joined(separator: ", ")
    guard let encoded = query.addingPercentEncoding(withAllowedCharacters: unreserved) else { return nil }
    return URL(string: "https://www.openstreetmap.org/search?query=" + encoded)
  }

  /// The most characters kept of the venue, the address and the city each.
  public static let maxPartLength = 200

  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
