import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// Issue 15, item 7, Ticketmaster: terminal escapes in event, venue and city names reach the screen inert, on the
/// Feed's concert cards and on each concert's detail screen (the real binary in tmux, raw output recorded).
final class EscapeInjectionTicketmasterEndToEndTests: EndToEndTestCase {
  static let key = "TmEscapeKey0123456789"
  static let events = EscapePayloads.all("EV-")
  /// Venues and cities are shifted against the events so a short event name shows the venue after it on the card.
  static let venues = Array(EscapePayloads.all("VN-").suffix(9) + EscapePayloads.all("VN-").prefix(1))
  static let cities = Array(EscapePayloads.all("CT-").suffix(8) + EscapePayloads.all("CT-").prefix(2))

  var ticketmaster: FakeTicketmasterServer!

  override func setUp() async throws {
    try await super.setUp()
    ticketmaster = try await serve(
      FakeTicketmasterServer(
        validKeys: [Self.key], eventsByCity: ["Berlin": Self.events.count],
        style: .named(events: Self.events, venues: Self.venues, cities: Self.cities)))
  }

  func testEventVenueAndCityNamesReachTheFeedAndDetailInert() async throws {
    let recording = try EscapeInjectionRecording(test: self, environment: ticketmaster.environment)
    let tmux = recording.tmux
    tmux.waitFor("Set up Ticketmaster to see concerts")
    recording.noteTitle()
    tmux.send("Enter", "Down", "Down", "Enter")
    tmux.waitFor("Developer Portal")
    tmux.type(Self.key)
    tmux.send("Tab")
    tmux.type("Berlin")
    tmux.send("C-s")
    tmux.waitFor("1 of 3 complete")
    tmux.send("Escape")
    let feed = tmux.waitFor("EV-TAIL")
    recording.assertLongRowClipped("EV-LONG", next: "EV-TAIL", in: feed)
    recording.assertTitleUnchanged()

    // Each concert's detail: its event, venue and city names; the cards keep their order (by date).
    for index in Self.events.indices {
      tmux.send("Down", "Enter")
      let detail = tmux.waitFor("Buy tickets")
      let marker = EscapePayloads.markers[index]
      XCTAssertTrue(detail.contains("EV-" + marker), "detail \(index):\n\(detail)")
      for name in [Self.venues[index], Self.cities[index]] {
        let tag = String(name.prefix { $0 != " " })
        XCTAssertTrue(detail.contains(tag), "\(tag) on detail \(index):\n\(detail)")
      }
      recording.assertNoSpill(detail)
      tmux.send("Escape")
      tmux.waitFor("EV-TAIL")
    }
    recording.assertSeen(
      EscapePayloads.markers.flatMap { ["EV-" + $0, "VN-" + $0, "CT-" + $0] })
    try recording.finish()
  }
}
