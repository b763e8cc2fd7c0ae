import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let drawnScreen = Driver.Exhaustivity.nonExhaustive(because: "checks the drawn Feed screen text and styles")

final class FeedScreenTests: XCTestCase {
  func testSetupCardIsTheFirstContentAndShowsProgress() {
    let grid = Driver.screen(drawnScreen, facts: SetupFacts(storedSecrets: [.gemini])).render()
    let lines = grid.lines
    XCTAssertTrue(lines[0].contains("1 Feed"), lines[0])
    XCTAssertTrue(lines[0].contains("\(TabID.appStoreConnect.key) App Store Connect"))
    let cardRow = grid.row(containing: "Setup · 1/3 complete ›")
    XCTAssertEqual(cardRow, 3, grid.text)
    XCTAssertTrue(lines[2].hasPrefix(" ╭"), "the card's box opens right under the tab bar")
    XCTAssertGreaterThan(grid.row(containing: "Set up Ticketmaster to see concerts")!, cardRow!, grid.text)
    XCTAssertNotNil(grid.row(containing: "Connect Spotify to see new music"), grid.text)
  }

  func testCompleteSetupCardIsGreenWithCheckmark() {
    let facts = SetupFacts(storedSecrets: [.spotify, .gemini, .ticketmaster], ticketmasterCity: "Berlin")
    var screen = Driver.screen(drawnScreen, facts: facts)
    screen.send(.feedWindowLoaded(total: 1, offset: 0, items: [item(1)]))
    screen.press(.down)  // move focus off the card so its own colours show
    let grid = screen.render()
    let row = grid.row(containing: "Setup complete ✓")!
    XCTAssertEqual(grid.style(of: "Setup complete ✓", inRow: row)?.foreground, .green)
  }

  func testWhileLoadingTheCardSaysSo() {
    let grid = Driver.screen(drawnScreen, facts: nil).render()
    XCTAssertNotNil(grid.row(containing: "Setup · checking…"))
  }

  func testFeedCardsAreListedBelowTheCardAndSanitised() {
    var screen = Driver.screen(drawnScreen)
    screen.send(
      .feedWindowLoaded(
        total: 2, offset: 0,
        items: [item(1, title: "Evil\u{1B}[2J\u{1B}]0;pwned\u{07} title"), item(2, title: "Second")]))
    let grid = screen.render()
    XCTAssertNotNil(grid.row(containing: "Evil title"), grid.text)
    XCTAssertFalse(grid.text.contains("pwned"), "an OSC title sequence is dropped whole")
    XCTAssertFalse(grid.text.contains("\u{1B}"))
    XCTAssertGreaterThan(grid.row(containing: "Second")!, grid.row(containing: "Setup ·")!)
    XCTAssertNotNil(grid.row(containing: "Feed · 2 cached"))
  }

  func testSelectedItemIsHighlightedAndTheCardStaysVisible() {
    var screen = Driver.screen(drawnScreen)
    screen.send(.feedWindowLoaded(total: 500, offset: 0, items: (0..<120).map { item(Int64($0)) }))
    for _ in 0..<60 { screen.press(.down) }
    let grid = screen.render()
    XCTAssertNotNil(grid.row(containing: "Setup · 0/3 complete"), "the card never scrolls away")
    let row = grid.row(containing: "Item 59 ")!
    XCTAssertTrue(grid.style(of: "Item 59", inRow: row)?.attributes.contains(.reverse) ?? false)
    XCTAssertNil(grid.row(containing: "Item 10 "), "earlier rows scrolled out")
  }

  func testTooSmallTerminalSaysSo() {
    let grid = Driver.screen(drawnScreen, width: 30, height: 10).render()
    XCTAssertTrue(grid.text.contains("Terminal too small"), grid.text)
    XCTAssertFalse(grid.text.contains("Setup"))
  }

  func testFooterShowsTheMainKeys() {
    let grid = Driver.screen(drawnScreen).render()
    XCTAssertTrue(grid.lines[23].contains("q quit"), grid.lines[23])
    XCTAssertTrue(grid.lines[23].contains("? this help"), grid.lines[23])
  }

  func testGermanLabels() {
    let grid = Driver.screen(drawnScreen).render(.de)
    XCTAssertNotNil(grid.row(containing: "Einrichtung · 0/3 erledigt"), grid.text)
  }

  func item(_ id: Int64, title: String? = nil) -> FeedCard? {
    var card = FeedFixtures.concert(Int(id), name: title ?? "Item \(id)")
    card.attractions = []
    return .concert(card)
  }
}

final class NoticeTextTests: XCTestCase {
  func testSavedNoticesNameTheStepAndSpotifySaysConnected() {
    let t = Localizer(.en)
    XCTAssertEqual(t.notice(.saved(.gemini)), "Gemini API Key saved.")
    XCTAssertEqual(t.notice(.saved(.spotify)), "Spotify connected.")
    XCTAssertEqual(Localizer(.de).notice(.saved(.spotify)), "Spotify verbunden.")
    XCTAssertEqual(
      t.notice(.savedCityWithoutEvents(city: "Smalltown\u{1B}[2J")),
      "Saved. No upcoming events in Smalltown right now; the city is still valid.")
  }
}
