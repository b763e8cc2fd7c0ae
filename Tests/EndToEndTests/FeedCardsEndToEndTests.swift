import Foundation
import VibesTestSupport
import XCTest

/// The living Feed as a user meets it: set up Ticketmaster with a city, concerts appear, Enter opens one with its
/// Buy tickets link; after a restart with the network gone, the cached cards and the offline line show.
final class FeedCardsEndToEndTests: EndToEndTestCase {
  static let ticketmasterKey = "TmE2eFeedKey0123456789"

  var ticketmaster: FakeTicketmasterServer!

  override func setUp() async throws {
    try await super.setUp()
    ticketmaster = try await serve(
      FakeTicketmasterServer(validKeys: [Self.ticketmasterKey], eventsByCity: ["Berlin": 42]))
  }

  func testConcertsAppearOpenWithTheirTicketLinkAndStayOffline() async throws {
    let environment = ticketmaster.environment
    let tmux = try startVibes(environment)
    tmux.waitFor("Set up Ticketmaster to see concerts")
    tmux.send("Enter", "Down", "Down", "Enter")
    tmux.waitFor("Developer Portal")
    tmux.type(Self.ticketmasterKey)
    tmux.send("Tab")
    tmux.type("Berlin")
    tmux.send("C-s")
    tmux.waitFor("1 of 3 complete")
    tmux.send("Escape")
    var screen = tmux.waitFor("Fake Band 1 · Fake Hall")
    XCTAssertTrue(screen.contains("♪ Concert"), screen)
    screen = tmux.waitFor("Updated just now")
    XCTAssertTrue(screen.contains("Feed · 42 cached"), screen)

    tmux.send("Down", "Enter")
    screen = tmux.waitFor("Buy tickets")
    XCTAssertTrue(screen.contains("https://www.ticketmaster.com/event/G5diZ9000000FAKE"), screen)
    XCTAssertTrue(screen.contains("Line-up"), screen)
    XCTAssertTrue(screen.contains("Fake Hall"), screen)
    tmux.send("Escape")
    tmux.waitFor("Feed · 42 cached")
    tmux.send("q")
    tmux.waitForExit()

    await ticketmaster.stop()
    let again = try startVibes(environment)
    screen = again.waitFor("Fake Band 1 · Fake Hall")
    XCTAssertTrue(screen.contains("Feed · 42 cached"), screen)
    again.send("r")
    // A stopped fake may still hold its socket: the request then ends at the 15 s transport timeout.
    screen = again.waitFor("Offline · showing what was cached", timeout: 30)
    XCTAssertTrue(screen.contains("Fake Band 1"), "the cached cards stay:\n\(screen)")
    again.send("Down", "Enter")
    again.waitFor("Buy tickets")
  }
}
