import Foundation
import VibesCore
import VibesTestSupport
import XCTest

@testable import VibesUI

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let whereKeysLead = Driver.Exhaustivity.nonExhaustive(
  because: "checks where a Feed card's keys lead and what the status line says")

/// Issue 20 item 6, through the shared Driver: a Feed release's tracks open in Explore (where save and add live), a
/// concert reaches its artist, `c` says the link was copied, and `r` keeps the cursor on the same card.
final class FeedDeadEndsTests: XCTestCase {
  static let facts = SetupFacts(storedSecrets: [.spotify, .ticketmaster], ticketmasterCity: "Berlin")

  func onFeed(_ cards: [FeedCard?]) -> Driver {
    var driver = Driver.screen(whereKeysLead, facts: Self.facts)
    driver.send(.feedWindowLoaded(total: cards.count, offset: 0, items: cards))
    return driver
  }

  func openRelease(_ driver: inout Driver) -> Int? {
    driver.press(.down)
    guard case .loadRelease(let id, "al1")? = driver.press(.enter).compactMap({ $0.effect(of: FeedTab.self) }).first
    else { return nil }
    return id
  }

  func testAReleasesTrackOpensInExploreAndEscComesBackToTheRelease() throws {
    var driver = onFeed([.newRelease(FeedFixtures.release(1))])
    let id = try XCTUnwrap(openRelease(&driver))
    let tracks = [
      ReleaseTrack(number: 1, name: "Opening", durationMs: 180_000, id: "tr1"),
      ReleaseTrack(number: 2, name: "Second Song", durationMs: 200_000, id: "tr2"),
    ]
    driver.send(.feed(.releaseLoaded(requestID: id, .success(tracks))))
    let screen = driver.render().text
    XCTAssertTrue(screen.contains("Enter opens it in Explore"), screen)
    XCTAssertTrue(driver.render().lines.last?.contains("Enter track in Explore") == true, screen)
    driver.press(.down)
    let effects = driver.press(.enter)
    XCTAssertEqual(driver.state.selectedTab, .explore)
    XCTAssertEqual(driver.state.explore.path.last?.link, SpotifyLink(kind: .track, id: "tr2"))
    XCTAssertTrue(effects.contains { $0.exploreEffect != nil }, "Explore loads the track")
    // Explore's track screen has save and add.
    let keys = driver.state.keyHints.map(\.label)
    XCTAssertTrue(keys.contains("s") && keys.contains("a"), "\(keys)")
    driver.press(.escape)
    XCTAssertEqual(driver.state.selectedTab, .feed)
    guard case .release(let detail)? = driver.state.feed.path.last else { return XCTFail("not on the release") }
    XCTAssertEqual(detail.list.selected, 1, "on the track it came from")
    // o still opens the release in the browser.
    XCTAssertEqual(driver.press(.character("o")), [.openURL("https://open.spotify.com/album/al1")])
  }

  func testAConcertReachesItsArtistInExplore() {
    var driver = onFeed([.concert(FeedFixtures.concert(1))])
    driver.press(.down, .enter)
    XCTAssertTrue(driver.render().lines.last?.contains("a artist in Explore") == true, driver.render().text)
    let effects = driver.press(.character("a"))
    XCTAssertEqual(driver.state.selectedTab, .explore)
    XCTAssertEqual(driver.state.explore.query.text, "Band 1")
    XCTAssertFalse(driver.state.isEditingText, "the results have the focus")
    guard case .search(_, "Band 1")? = effects.compactMap(\.exploreEffect).last else {
      return XCTFail("no search for the artist: \(effects)")
    }
    driver.press(.escape)
    XCTAssertEqual(driver.state.selectedTab, .feed, "Esc returns to the concert")
    guard case .concert? = driver.state.feed.path.last else { return XCTFail("not on the concert") }
  }

  func testCopyingAFeedLinkSaysSo() {
    var driver = onFeed([.concert(FeedFixtures.concert(1))])
    driver.press(.down, .enter)
    let effects = driver.press(.character("c"))
    XCTAssertEqual(effects, [.copyToClipboard("https://www.ticketmaster.de/event/ev1")])
    XCTAssertEqual(driver.state.notice, .linkCopied)
    XCTAssertTrue(driver.render().text.contains("Link copied"), driver.render().text)
  }

  func testAfterRefreshTheCursorStaysOnTheSameCard() {
    let cards = FeedFixtures.concerts(0..<6)
    var driver = onFeed(cards)
    driver.press(.down, .down, .down)  // card ev2
    XCTAssertEqual(driver.state.feed.list.selectedCard?.id, cards[2]?.id)
    driver.press(.character("r"))
    guard case .updating(let id) = driver.state.feed.refresh.phase else { return XCTFail("no refresh") }
    driver.send(
      .feed(
        .refreshFinished(
          requestID: id, FeedRefreshReport(outcome: .updated(count: 7, at: Date()), updatedAt: nil, now: Date()))))
    // The refresh put a new card in front: the same card is now one further down.
    let fresh: [FeedCard?] = [FeedCard.concert(FeedFixtures.concert(9))] + cards
    driver.send(.feedWindowLoaded(total: fresh.count, offset: 0, items: fresh))
    XCTAssertEqual(driver.state.feed.list.selectedCard?.id, cards[2]?.id)
    XCTAssertEqual(driver.state.feed.list.selectedItem, 3)
  }
}
