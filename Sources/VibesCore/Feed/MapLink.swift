import Foundation

/// Links to a map for a place, without any API key.
public enum MapLink {
  /// `https://www.openstreetmap.org/search?query=VENUE%2C%20ADDRESS%2C%20CITY` (strictly percent-encoded),
  /// or nil when all three are missing or blank.
  public static func openStreetMap(venue: String?, address: String?, city: String?) -> URL? {
    let parts = [venue, address, city].compactMap { part -> String? in
      guard let trimmed = part?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else {
        return nil
      }
      // Control characters have no place in a query and could break a terminal hyperlink.
      return String(trimmed.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) })
    }.filter { !$0.isEmpty }
    guard !parts.isEmpty else { return nil }
    let query = parts.joined(separator: ", ")
    guard let encoded = query.addingPercentEncoding(withAllowedCharacters: unreserved) else { return nil }
    return URL(string: "https://www.openstreetmap.org/search?query=" + encoded)
  }

  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
