import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let feedWindow = Driver.Exhaustivity.nonExhaustive(
  because: "checks the Feed window requests and the rows each test names")

final class FeedTests: XCTestCase {
  func items(_ range: Range<Int>) -> [FeedCard?] { FeedFixtures.concerts(range) }

  func testStartAsksForTheFirstWindowOnly() {
    var state = AppState(size: ScreenSize(width: 80, height: 24))
    let effects = AppReducer.reduce(&state, .started)
    let rows = ScreenLayout.feedVisibleRows(state.size)
    // Features append their own start-up effects (e.g. Spotify's status) after the Feed's.
    XCTAssertEqual(
      Array(effects.prefix(3)),
      [.describeSecretStore, .loadFacts, .loadFeedWindow(FeedWindowRequest(offset: 0, limit: rows + 80))])
    XCTAssertEqual(
      effects.filter { if case .loadFeedWindow? = $0.feedEffect { return true } else { return false } }.count, 1)
  }

  func testScrollingRequestsANewWindowOnlyWhenLeavingTheLoadedOne() {
    var driver = Driver(feedWindow)
    driver.send(.started)
    let rows = ScreenLayout.feedVisibleRows(driver.state.size)
    driver.send(.feedWindowLoaded(total: 100_000, offset: 0, items: items(0..<(rows + 80))))
    driver.press(.down)
    XCTAssertEqual(driver.state.feed.list.selectedItem, 0)
    var requests: [FeedWindowRequest] = []
    for _ in 0..<(rows + 200) {
      for case .loadFeedWindow(let request)? in driver.press(.down).map(\.feedEffect) {
        requests.append(request)
        let end = min(request.offset + request.limit, 100_000)
        driver.send(.feedWindowLoaded(total: 100_000, offset: request.offset, items: items(request.offset..<end)))
      }
    }
    XCTAssertEqual(requests.count, 3, "a window request only when the visible rows leave the loaded window")
    XCTAssertEqual(driver.state.feed.list.selectedItem, rows + 200)
    XCTAssertEqual(driver.state.feed.list.selection.scrollTop, driver.state.feed.list.selectedItem! - rows + 1)
    let visible = driver.state.feed.list.selection.scrollTop..<(driver.state.feed.list.selection.scrollTop + rows)
    XCTAssertTrue(driver.state.feed.list.covers(visible))
    XCTAssertLessThanOrEqual(driver.state.feed.list.window.count, rows + 80, "never more than one window in memory")
  }

  func testUpFromTheFirstItemFocusesTheSetupCard() {
    var driver = Driver(feedWindow)
    driver.send(.feedWindowLoaded(total: 3, offset: 0, items: items(0..<3)))
    driver.press(.down, .down, .up, .up)
    XCTAssertNil(driver.state.feed.list.selectedItem)
    driver.press(.enter)
    XCTAssertEqual(driver.state.feed.path.count, 1)
  }

  func testEndJumpsToTheLastItemAndClamps() {
    var driver = Driver(feedWindow)
    driver.send(.feedWindowLoaded(total: 5, offset: 0, items: items(0..<5)))
    driver.press(.end, .down, .down)
    XCTAssertEqual(driver.state.feed.list.selectedItem, 4)
  }

  func testEmptyFeedKeepsFocusOnTheCard() {
    var driver = Driver(feedWindow)
    driver.send(.feedWindowLoaded(total: 0, offset: 0, items: []))
    driver.press(.down)
    XCTAssertNil(driver.state.feed.list.selectedItem)
  }
}

final class SetupFactsTests: XCTestCase {
  func testCompletionIsDerivedFromStoredFacts() {
    XCTAssertEqual(SetupFacts().completedCount, 0)
    XCTAssertEqual(SetupFacts(storedSecrets: [.gemini]).completedCount, 1)
    XCTAssertFalse(SetupFacts(storedSecrets: [.ticketmaster]).isComplete(.ticketmaster), "a key without a city")
    XCTAssertFalse(SetupFacts(storedSecrets: [.ticketmaster], ticketmasterCity: "  ").isComplete(.ticketmaster))
    XCTAssertFalse(SetupFacts(ticketmasterCity: "Berlin").isComplete(.ticketmaster), "a city without a key")
    let all = SetupFacts(storedSecrets: [.spotify, .gemini, .ticketmaster], ticketmasterCity: "Berlin")
    XCTAssertTrue(all.isAllComplete)
    XCTAssertEqual(all.completedCount, 3)
  }
}
