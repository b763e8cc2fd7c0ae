import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// Why the offline-copy tests drive the app loosely (see `Driver.Exhaustivity`).
private let offlineCopy = Driver.Exhaustivity.nonExhaustive(
  because: "checks what the offline copy shows and which request r makes, not the search field's steps")

/// Search results from the offline copy: marked with their age, never kept as this session's answer, and `r`
/// (or Enter in the field) asks Spotify again; a failure without a copy offers the same.
extension ExploreReducerTests {
  /// Types `text` and lets its timer run out; returns the search's request ID.
  func startSearch(_ driver: inout Driver, _ text: String) -> Int {
    driver.press(.character("/"))
    let timer = timers(driver.type(text)).last!
    return searches(driver.send(.explore(.searchDue(timerID: timer)))).first!.0
  }

  func testAnOfflineCopyShowsWithItsAgeAndRAsksSpotifyAgain() {
    var driver = connected(offlineCopy)
    let id = startSearch(&driver, "aurora")
    let when = Date(timeIntervalSince1970: 1_700_000_000)
    driver.send(
      .explore(
        .searchFromCache(requestID: id, query: "aurora", MusicFixtures.results(), fetchedAt: when, reason: .offline)))
    guard case .loaded("aurora", _) = driver.state.explore.search else { return XCTFail("the copy is shown") }
    XCTAssertEqual(driver.state.explore.offlineCopy, StaleSearch(query: "aurora", fetchedAt: when, reason: .offline))
    guard case .localized(_, isWarning: true)? = driver.state.notice else { return XCTFail("the status line says why") }
    XCTAssertTrue(driver.state.explore.searchCache.isEmpty, "a copy is not this session's answer")

    // Enter in the field asks again (the same query would otherwise answer from what is shown).
    let again = driver.press(.enter)
    XCTAssertEqual(searches(again).map(\.1), ["aurora"])
    guard case .loading = driver.state.explore.search else { return XCTFail("loading again") }
    let second = searches(again).first!.0
    driver.send(
      .explore(
        .searchFromCache(requestID: second, query: "aurora", MusicFixtures.results(), fetchedAt: when, reason: .offline)
      ))

    // In the list, r retries; a fresh answer clears the mark.
    XCTAssertFalse(driver.state.isEditingText)
    XCTAssertTrue(driver.state.explore.canRetrySearch)
    let retried = driver.press(.character("r"))
    let third = searches(retried).first!.0
    driver.send(.explore(.searchFinished(requestID: third, query: "aurora", .success(MusicFixtures.results()))))
    XCTAssertNil(driver.state.explore.offlineCopy)
    XCTAssertFalse(driver.state.explore.canRetrySearch)
    XCTAssertTrue(searches(driver.press(.character("r"))).isEmpty, "nothing to retry once fresh")
    XCTAssertNotNil(driver.state.explore.searchCache["aurora"])
  }

  func testAFailureWithoutACopyOffersRetry() {
    var driver = connected(offlineCopy)
    let id = startSearch(&driver, "basalt")
    driver.send(.explore(.searchFinished(requestID: id, query: "basalt", .failure(.offline))))
    XCTAssertEqual(driver.state.explore.search, .failed(query: "basalt", .offline))
    driver.press(.escape)
    XCTAssertTrue(driver.state.explore.canRetrySearch)
    let retried = driver.press(.character("r"))
    XCTAssertEqual(searches(retried).map(\.1), ["basalt"])
  }

  func testALateCopyForAnOldRequestIsDropped() {
    var driver = connected(offlineCopy)
    let id = startSearch(&driver, "aurora")
    driver.press(.ctrl("u"))
    driver.send(
      .explore(
        .searchFromCache(requestID: id, query: "aurora", MusicFixtures.results(), fetchedAt: Date(), reason: .offline)))
    XCTAssertNil(driver.state.explore.offlineCopy)
    XCTAssertEqual(driver.state.explore.search, .idle)
  }

  func testQueriesAreNormalisedForTheCaches() {
    XCTAssertEqual(ExploreState.normalized("  Aurora   Lines\t"), "aurora lines")
    XCTAssertEqual(ExploreState.normalized("AURORA"), ExploreState.normalized("aurora"))
    XCTAssertNotEqual(ExploreState.normalized("aurora lines"), ExploreState.normalized("auroralines"))
  }
}
