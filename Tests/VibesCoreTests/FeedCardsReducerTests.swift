import Foundation
import VibesCore
import VibesTestSupport
import XCTest

final class FeedCardsReducerTests: XCTestCase {
  let setUp = SetupFacts(storedSecrets: [.ticketmaster, .spotify], ticketmasterCity: "Berlin")
  let now = Date(timeIntervalSince1970: 1_900_000_000)

  func refreshIDs(_ effects: [AppEffect]) -> [Int] {
    effects.compactMap { if case .refreshFeed(let id)? = $0.feedEffect { return id } else { return nil } }
  }

  func windowRequests(_ effects: [AppEffect]) -> Int {
    effects.filter { if case .loadFeedWindow? = $0.feedEffect { return true } else { return false } }.count
  }

  func testStartAlsoAsksWhenTheCacheWasLastRefreshed() {
    var driver = Driver(facts: nil)
    let effects = driver.send(.started)
    XCTAssertTrue(effects.contains(.feature(FeedTab.self, .loadFeedStatus)))
  }

  func testStaleCacheRefreshesOnceAtStartFreshOneDoesNot() {
    var stale = Driver(facts: setUp)
    let effects = stale.send(.feed(.feedStatusLoaded(updatedAt: now.addingTimeInterval(-31 * 60), now: now)))
    XCTAssertEqual(refreshIDs(effects).count, 1)
    XCTAssertTrue(stale.state.feed.refresh.isUpdating)
    XCTAssertTrue(refreshIDs(stale.send(.factsLoaded(setUp))).isEmpty, "the start-up check is made once")

    var fresh = Driver(facts: setUp)
    XCTAssertTrue(
      refreshIDs(fresh.send(.feed(.feedStatusLoaded(updatedAt: now.addingTimeInterval(-29 * 60), now: now)))).isEmpty)

    var never = Driver(facts: setUp)
    XCTAssertEqual(refreshIDs(never.send(.feed(.feedStatusLoaded(updatedAt: nil, now: now)))).count, 1)
  }

  func testStartCheckWaitsForTheFactsAndSkipsWithoutTicketmaster() {
    var driver = Driver(facts: nil)
    XCTAssertTrue(refreshIDs(driver.send(.feed(.feedStatusLoaded(updatedAt: nil, now: now)))).isEmpty)
    XCTAssertEqual(refreshIDs(driver.send(.factsLoaded(setUp))).count, 1, "refreshes once the facts arrive")

    var noCity = Driver(facts: SetupFacts(storedSecrets: [.ticketmaster]))
    XCTAssertTrue(refreshIDs(noCity.send(.feed(.feedStatusLoaded(updatedAt: nil, now: now)))).isEmpty)
  }

  func testRKeyRefreshesOnceAndKeysStillAnswerWhileItRuns() {
    var driver = Driver(facts: setUp)
    driver.send(.feedWindowLoaded(total: 10, offset: 0, items: FeedFixtures.concerts(0..<10)))
    XCTAssertEqual(refreshIDs(driver.press(.character("r"))).count, 1)
    XCTAssertTrue(driver.state.feed.refresh.isUpdating)
    XCTAssertTrue(refreshIDs(driver.press(.character("r"))).isEmpty, "no second refresh while one runs")
    driver.press(.down, .down)
    XCTAssertEqual(driver.state.feed.list.selectedItem, 1, "moving works during a refresh")
    driver.press(.enter)
    XCTAssertEqual(driver.state.feed.path, [.concert(FeedFixtures.concert(1))], "opening works during a refresh")
  }

  func testRWithoutTicketmasterSaysWhatToDo() {
    var driver = Driver(facts: SetupFacts())
    XCTAssertTrue(refreshIDs(driver.press(.character("r"))).isEmpty)
    XCTAssertEqual(driver.state.feed.refresh.phase, .needsTicketmaster)
  }

  func testFinishedRefreshShowsItsOutcomeAndReloadsTheWindowStaleAnswersDropped() {
    var driver = Driver(facts: setUp)
    let id = refreshIDs(driver.press(.character("r")))[0]
    let report = FeedRefreshReport(
      outcome: .offline(cachedAt: now), updatedAt: now.addingTimeInterval(-3 * 3600), now: now)
    XCTAssertTrue(driver.send(.feed(.refreshFinished(requestID: id + 100, report))).isEmpty)
    XCTAssertTrue(driver.state.feed.refresh.isUpdating)
    let effects = driver.send(.feed(.refreshFinished(requestID: id, report)))
    XCTAssertEqual(windowRequests(effects), 1, "the window is read again from the cache")
    XCTAssertEqual(driver.state.feed.refresh.phase, .offline)
    XCTAssertEqual(driver.state.feed.refresh.updatedAt, now.addingTimeInterval(-3 * 3600))

    let next = refreshIDs(driver.press(.character("r")))[0]
    driver.send(
      .feed(
        .refreshFinished(
          requestID: next, FeedRefreshReport(outcome: .rateLimited(retryAfterSeconds: 60), updatedAt: nil, now: now))))
    XCTAssertEqual(driver.state.feed.refresh.phase, .rateLimited(retryAfterSeconds: 60))
  }

  func testConcertDetailOpensLinksCopiesAndPops() {
    var driver = Driver(facts: setUp)
    let concert = FeedFixtures.concert(3)
    driver.send(.feedWindowLoaded(total: 1, offset: 0, items: [.concert(concert)]))
    driver.press(.down, .enter)
    XCTAssertEqual(driver.state.feed.path, [.concert(concert)])
    XCTAssertEqual(driver.press(.character("o")), [.openURL("https://www.ticketmaster.de/event/ev3")])
    XCTAssertEqual(driver.press(.character("c")), [.copyToClipboard("https://www.ticketmaster.de/event/ev3")])
    XCTAssertEqual(driver.press(.character("m")), [.openURL(concert.mapURL!.absoluteString)])
    driver.press(.escape)
    XCTAssertEqual(driver.state.feed.path, [])
  }

  func testALinkThatIsNotHTTPIsNeverOpened() {
    var driver = Driver(facts: setUp)
    var concert = FeedFixtures.concert(1)
    concert.url = "javascript:alert(1)"
    driver.send(.feedWindowLoaded(total: 1, offset: 0, items: [.concert(concert)]))
    driver.press(.down, .enter)
    XCTAssertEqual(driver.press(.character("o")), [])
  }

  func testReleaseDetailLoadsItsTracklistAndEscCancelsALoad() {
    var driver = Driver(facts: setUp)
    let release = FeedFixtures.release(2)
    driver.send(
      .feedWindowLoaded(total: 2, offset: 0, items: [.newRelease(release), .concert(FeedFixtures.concert(1))]))
    let effects = driver.press(.down, .enter)
    guard case .loadRelease(let id, let album)? = effects.last?.feedEffect else { return XCTFail("\(effects)") }
    XCTAssertEqual(album, "al2")
    let tracks = [ReleaseTrack(number: 1, name: "One", durationMs: 180_000)]
    driver.send(.feed(.releaseLoaded(requestID: id + 1, .success([]))))
    XCTAssertEqual(
      driver.state.feed.path, [.release(ReleaseDetailState(card: release, tracks: .loading(requestID: id)))])
    driver.send(.feed(.releaseLoaded(requestID: id, .success(tracks))))
    XCTAssertEqual(driver.state.feed.path, [.release(ReleaseDetailState(card: release, tracks: .loaded(tracks)))])
    XCTAssertEqual(driver.press(.character("o")), [.openURL("https://open.spotify.com/album/al2")])
    driver.press(.escape)

    let again = driver.press(.enter)
    guard case .loadRelease(let second, _)? = again.last?.feedEffect else { return XCTFail("\(again)") }
    XCTAssertEqual(driver.press(.escape), [.cancel(requestID: second)])
    XCTAssertEqual(driver.state.feed.path, [])
  }

  func testACardOfAnUnknownKindIsListedButDoesNotOpen() {
    var driver = Driver(facts: setUp)
    driver.send(.feedWindowLoaded(total: 2, offset: 0, items: [nil, .concert(FeedFixtures.concert(1))]))
    driver.press(.down, .enter)
    XCTAssertEqual(driver.state.feed.path, [])
    driver.press(.down, .enter)
    XCTAssertEqual(driver.state.feed.path.count, 1)
  }

  func testCityChangeAndSpotifyDisconnectReloadTheCache() {
    var driver = Driver(facts: setUp)
    let saved = driver.send(.credentialSaved(requestID: 9, facts: setUp, .ticketmaster(upcomingEvents: 3)))
    XCTAssertEqual(windowRequests(saved), 1)
    XCTAssertEqual(refreshIDs(saved).count, 1, "a new city is fetched at once")
    let gemini = driver.send(.credentialSaved(requestID: 10, facts: setUp, .gemini))
    XCTAssertEqual(windowRequests(gemini), 0)
    XCTAssertEqual(windowRequests(driver.send(.spotify(.disconnected))), 1)
    XCTAssertEqual(windowRequests(driver.send(.credentialRemoved(.ticketmaster, facts: SetupFacts()))), 1)
    XCTAssertEqual(windowRequests(driver.send(.credentialRemoved(.gemini, facts: SetupFacts()))), 0)
  }

  func testFeedTextExistsInEveryLanguage() {
    XCTAssertEqual(LocalizationAudit.problems(FeedL10n.self), [])
    XCTAssertEqual(Localizer(.de).feedAgo(3 * 3600), "3 Std.")
  }

  func testComingBackToTheFeedReadsTheCacheAgeAgain() {
    var driver = Driver(facts: setUp)
    driver.press(.character("2"))
    let effects = driver.press(.character("1"))
    XCTAssertTrue(effects.contains(.feature(FeedTab.self, .loadFeedStatus)), "\(effects)")
    driver.send(.feed(.feedStatusLoaded(updatedAt: now.addingTimeInterval(-600), now: now)))
    XCTAssertEqual(driver.state.feed.refresh.now, now)
  }

  func testSpotifyAloneRefreshesWithRButNotAtStart() {
    var driver = Driver(facts: SetupFacts(storedSecrets: [.spotify]))
    XCTAssertTrue(refreshIDs(driver.send(.feed(.feedStatusLoaded(updatedAt: nil, now: now)))).isEmpty)
    XCTAssertEqual(refreshIDs(driver.press(.character("r"))).count, 1)
  }
}
