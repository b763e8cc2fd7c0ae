import Foundation
import VibesCore
import XCTest

final class FeedCardTests: XCTestCase {
  private let concert = ConcertCard(
    eventID: "G5v0Z9", name: "Beyoncé Live", attractions: [.init(name: "Beyoncé", id: "K8v1"), .init(name: "Support")],
    localDate: "2026-12-01", localTime: "20:00:00", timezone: "Europe/Berlin",
    dateTime: Date(timeIntervalSince1970: 1_796_151_600), venueName: "Uber Arena", addressLine: "Uber-Platz 1",
    city: "Berlin", region: "DE", priceRanges: [.init(type: "standard", currency: "EUR", min: 59, max: 199.5)],
    status: .canceled, publicSale: .init(start: Date(timeIntervalSince1970: 1_760_000_000), end: nil),
    url: "https://www.ticketmaster.de/event/G5v0Z9", matchedArtist: "Beyoncé")
  private let release = NewReleaseCard(
    albumID: "4aawyAB9vmqN3uQ7FjRGTy", name: "Global Warming", artists: ["Pitbull", "Guest"], albumType: "single",
    releaseDate: "2026-11", precision: .month, totalTracks: 2,
    spotifyURL: "https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy", fromArtist: "Pitbull")

  func testPayloadRoundTripsThroughStorageForm() throws {
    for card in [FeedCard.concert(concert), .newRelease(release)] {
      let payload = try card.encodedPayload()
      XCTAssertEqual(FeedCard.decode(kind: card.kind.rawValue, payload: payload), card)
    }
    XCTAssertEqual(FeedCard.concert(concert).id, "concert:G5v0Z9")
    XCTAssertEqual(FeedCard.newRelease(release).id, "newRelease:4aawyAB9vmqN3uQ7FjRGTy")
  }

  func testUnknownKindOrBrokenPayloadDecodesToNil() throws {
    let payload = try FeedCard.concert(concert).encodedPayload()
    XCTAssertNil(FeedCard.decode(kind: "createdPlaylist", payload: payload))
    XCTAssertNil(FeedCard.decode(kind: "", payload: payload))
    XCTAssertNil(FeedCard.decode(kind: "concert", payload: Data("{\"name\":1}".utf8)))
    XCTAssertNil(FeedCard.decode(kind: "newRelease", payload: Data("not json".utf8)))
    XCTAssertNotNil(FeedCard.decode(kind: "concert", payload: payload))
  }

  func testEnvelopeListFromANewerVersionSkipsUnknownKinds() throws {
    let json = """
      [
        {"kind": "createdPlaylist", "payload": {"playlistID": "37i9", "tracks": 30}},
        {"kind": "newRelease", "payload": {"albumID": "A1", "name": "N", "artists": ["X"], "albumType": "album",
          "releaseDate": "2026-11-20", "precision": "day", "fromArtist": "X"}},
        {"kind": "concert", "payload": {"eventID": "E1", "name": "Show", "attractions": [], "priceRanges": [],
          "status": "somethingNew"}},
        {"kind": "newRelease", "payload": {"albumID": "A2", "precision": "decade"}}
      ]
      """
    let envelopes = try JSONDecoder().decode([FeedCardEnvelope].self, from: Data(json.utf8))
    XCTAssertEqual(envelopes.count, 4)
    let cards = envelopes.compactMap(\.card)
    XCTAssertEqual(cards.map(\.id), ["newRelease:A1", "concert:E1"])
    XCTAssertEqual(cards.last?.concert?.status.rawValue, "somethingNew", "an unknown status survives raw")

    let empty = try JSONEncoder().encode(FeedCardEnvelope(nil))
    XCTAssertNil(try JSONDecoder().decode(FeedCardEnvelope.self, from: empty).card)
    let encoded = try JSONEncoder().encode(FeedCardEnvelope(.concert(concert)))
    XCTAssertEqual(try JSONDecoder().decode(FeedCardEnvelope.self, from: encoded).card, .concert(concert))
  }

  func testMapLinkPercentEncodesVenueAddressAndCity() throws {
    let url = try XCTUnwrap(
      MapLink.openStreetMap(venue: "Café & Bar #1", address: "Straße 5/7 + Hof", city: "São Paulo"))
    XCTAssertEqual(
      url.absoluteString,
      "https://www.openstreetmap.org/search?query=Caf%C3%A9%20%26%20Bar%20%231%2C%20Stra%C3%9Fe%205%2F7%20%2B%20Hof"
        + "%2C%20S%C3%A3o%20Paulo")
    XCTAssertEqual(
      MapLink.openStreetMap(venue: " Halle\u{1B}[2J ", address: nil, city: "")?.absoluteString,
      "https://www.openstreetmap.org/search?query=Halle")
    XCTAssertNil(MapLink.openStreetMap(venue: nil, address: "  ", city: nil))
    XCTAssertEqual(concert.mapURL?.query, "query=Uber%20Arena%2C%20Uber-Platz%201%2C%20Berlin")
  }

  func testReleaseDateHonoursPrecision() {
    func date(_ text: String, _ precision: NewReleaseCard.Precision) -> Date? {
      NewReleaseCard(
        albumID: "a", name: "n", artists: [], albumType: "album", releaseDate: text, precision: precision,
        fromArtist: "x"
      ).releasedAt
    }
    XCTAssertEqual(date("2026-11-20", .day), Date(timeIntervalSince1970: 1_795_132_800))
    XCTAssertEqual(date("2026-11", .month), Date(timeIntervalSince1970: 1_793_491_200))
    XCTAssertEqual(date("2026", .year), Date(timeIntervalSince1970: 1_767_225_600))
    XCTAssertNil(date("2026-02-30", .day))
    XCTAssertNil(date("soon", .day))
    XCTAssertEqual(concert.headliner, "Beyoncé")
  }
}
