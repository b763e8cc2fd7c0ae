import Foundation
import VibesCore

/// Concert and new-release cards for reducer and screen tests.
public enum FeedFixtures {
  /// Concert number `index`: "Band N" at "Venue N", 2030-01-(N%28+1) 20:00 Europe/Berlin, on sale.
  public static func concert(
    _ index: Int, name: String? = nil, venue: String? = nil, status: ConcertStatus = .onSale,
    matchedArtist: String? = nil
  ) -> ConcertCard {
    ConcertCard(
      eventID: "ev\(index)", name: name ?? "Band \(index) Live",
      attractions: [.init(name: name ?? "Band \(index)"), .init(name: "Support \(index)")],
      localDate: String(format: "2030-01-%02d", index % 28 + 1), localTime: "20:00:00", timezone: "Europe/Berlin",
      venueName: venue ?? "Venue \(index)", addressLine: "Street \(index)", city: "Berlin", region: "DE",
      priceRanges: [.init(type: "standard", currency: "EUR", min: 35, max: 80)], status: status,
      publicSale: .init(start: Date(timeIntervalSince1970: 1_893_456_000), end: nil),
      url: "https://www.ticketmaster.de/event/ev\(index)", matchedArtist: matchedArtist)
  }

  /// New release number `index`: "Album N" by "Artist N", a single released 2030-01-10.
  public static func release(_ index: Int, name: String? = nil) -> NewReleaseCard {
    NewReleaseCard(
      albumID: "al\(index)", name: name ?? "Album \(index)", artists: ["Artist \(index)"], albumType: "single",
      releaseDate: "2030-01-10", precision: .day, totalTracks: 3,
      spotifyURL: "https://open.spotify.com/album/al\(index)", fromArtist: "Artist \(index)")
  }

  /// `range` as concert cards.
  public static func concerts(_ range: Range<Int>) -> [FeedCard?] { range.map { .concert(concert($0)) } }
}
