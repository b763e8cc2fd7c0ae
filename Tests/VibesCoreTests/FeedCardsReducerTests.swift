import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// Why the refresh and clock tests drive the app loosely (see `Driver.Exhaustivity`).
private let feedCards = Driver.Exhaustivity.nonExhaustive(
  because: "checks when a refresh or window read is asked for and what the status line says, over many ticks")

/// The Feed's cards and refresh through the reducer. Opening a card, its links, the release tracklist and an
/// unknown card are exhaustive (every change and effect stated); the refresh and clock tests say why not.
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
    var driver = Driver(feedCards, facts: nil)
    let effects = driver.send(.started)
    XCTAssertTrue(effects.contains(.feature(FeedTab.self, .loadFeedStatus)))
  }

  func testStaleCacheRefreshesOnceAtStartFreshOneDoesNot() {
    var stale = Driver(feedCards, facts: setUp)
    let effects = stale.send(.feed(.feedStatusLoaded(updatedAt: now.addingTimeInterval(-31 * 60), now: now)))
    XCTAssertEqual(refreshIDs(effects).count, 1)
    XCTAssertTrue(stale.state.feed.refresh.isUpdating)
    XCTAssertTrue(refreshIDs(stale.send(.factsLoaded(setUp))).isEmpty, "the start-up check is made once")

    var fresh = Driver(feedCards, facts: setUp)
    XCTAssertTrue(
      refreshIDs(fresh.send(.feed(.feedStatusLoaded(updatedAt: now.addingTimeInterval(-29 * 60), now: now)))).isEmpty)

    var never = Driver(feedCards, facts: setUp)
    XCTAssertEqual(refreshIDs(never.send(.feed(.feedStatusLoaded(updatedAt: nil, now: now)))).count, 1)
  }

  func testStartCheckWaitsForTheFactsAndSkipsWithoutTicketmaster() {
    var driver = Driver(feedCards, facts: nil)
    XCTAssertTrue(refreshIDs(driver.send(.feed(.feedStatusLoaded(updatedAt: nil, now: now)))).isEmpty)
    XCTAssertEqual(refreshIDs(driver.send(.factsLoaded(setUp))).count, 1, "refreshes once the facts arrive")

    var noCity = Driver(feedCards, facts: SetupFacts(storedSecrets: [.ticketmaster]))
    XCTAssertTrue(refreshIDs(noCity.send(.feed(.feedStatusLoaded(updatedAt: nil, now: now)))).isEmpty)
  }

  func testRKeyRefreshesOnceAndKeysStillAnswerWhileItRuns() {
    var driver = Driver(feedCards, facts: setUp)
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
    driver.press(.character("r"), expecting: []) { $0.feed.refresh.phase = .needsTicketmaster }
  }

  func testFinishedRefreshShowsItsOutcomeAndReloadsTheWindowStaleAnswersDropped() {
    var driver = Driver(feedCards, facts: setUp)
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
    driver.arrange { $0.send(.feedWindowLoaded(total: 1, offset: 0, items: [.concert(concert)])) }
    driver.press(.down, .enter, expecting: []) { state in
      state.feed.list.selectedItem = 0
      state.feed.path = [.concert(concert)]
    }
    driver.press(.character("o"), expecting: [.openURL("https://www.ticketmaster.de/event/ev3")])
    driver.press(.character("c"), expecting: [.copyToClipboard("https://www.ticketmaster.de/event/ev3")]) {
      $0.notice = .linkCopied
    }
    driver.press(.character("m"), expecting: [.openURL(concert.mapURL!.absoluteString)]) { $0.notice = nil }
    driver.press(.escape, expecting: []) { $0.feed.path = [] }
  }

  func testALinkThatIsNotHTTPIsNeverOpened() {
    var driver = Driver(facts: setUp)
    var concert = FeedFixtures.concert(1)
    concert.url = "javascript:alert(1)"
    driver.arrange { $0.send(.feedWindowLoaded(total: 1, offset: 0, items: [.concert(concert)])) }
    driver.arrange { $0.press(.down, .enter) }
    driver.press(.character("o"), expecting: [])
  }

  func testReleaseDetailLoadsItsTracklistAndEscCancelsALoad() {
    var driver = Driver(facts: setUp)
    let release = FeedFixtures.release(2)
    driver.arrange {
      $0.send(.feedWindowLoaded(total: 2, offset: 0, items: [.newRelease(release), .concert(FeedFixtures.concert(1))]))
    }
    let id = driver.state.context.nextRequestID
    driver.press(.down, .enter, expecting: [.feature(FeedTab.self, .loadRelease(requestID: id, albumID: "al2"))]) {
      state in
      state.feed.list.selectedItem = 0
      state.feed.path = [.release(ReleaseDetailState(card: release, tracks: .loading(requestID: id)))]
      state.context.nextRequestID = id + 1
    }
    let tracks = [ReleaseTrack(number: 1, name: "One", durationMs: 180_000)]
    driver.send(.feed(.releaseLoaded(requestID: id + 1, .success([]))), expecting: [])  // not this screen's answer
    driver.send(.feed(.releaseLoaded(requestID: id, .success(tracks))), expecting: []) {
      $0.feed.path = [.release(ReleaseDetailState(card: release, tracks: .loaded(tracks)))]
    }
    driver.press(.character("o"), expecting: [.openURL("https://open.spotify.com/album/al2")])
    driver.press(.escape, expecting: []) { $0.feed.path = [] }
    let second = driver.state.context.nextRequestID
    driver.press(.enter, expecting: [.feature(FeedTab.self, .loadRelease(requestID: second, albumID: "al2"))]) {
      $0.feed.path = [.release(ReleaseDetailState(card: release, tracks: .loading(requestID: second)))]
      $0.context.nextRequestID = second + 1
    }
    driver.press(.escape, expecting: [.cancel(requestID: second)]) { $0.feed.path = [] }
  }

  func testACardOfAnUnknownKindIsListedButDoesNotOpen() {
    var driver = Driver(facts: setUp)
    let concert = FeedFixtures.concert(1)
    driver.arrange { $0.send(.feedWindowLoaded(total: 2, offset: 0, items: [nil, .concert(concert)])) }
    driver.press(.down, .enter, expecting: []) { $0.feed.list.selectedItem = 0 }  // listed, but nothing opens
    driver.press(.down, .enter, expecting: []) { state in
      state.feed.list.selectedItem = 1
      state.feed.path = [.concert(concert)]
    }
  }

  func testCityChangeAndSpotifyDisconnectReloadTheCache() {
    var driver = Driver(feedCards, facts: setUp)
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
    var driver = Driver(feedCards, facts: setUp)
    driver.press(.character("2"))
    let effects = driver.press(.character("1"))
    XCTAssertTrue(effects.contains(.feature(FeedTab.self, .loadFeedStatus)), "\(effects)")
    driver.send(.feed(.feedStatusLoaded(updatedAt: now.addingTimeInterval(-600), now: now)))
    XCTAssertEqual(driver.state.feed.refresh.now, now)
  }

  func testSpotifyAloneRefreshesAtStartWhenStaleLikeConcerts() {
    let spotifyOnly = SetupFacts(storedSecrets: [.spotify])
    var never = Driver(feedCards, facts: spotifyOnly)
    XCTAssertEqual(refreshIDs(never.send(.feed(.feedStatusLoaded(updatedAt: nil, now: now)))).count, 1)

    var stale = Driver(feedCards, facts: spotifyOnly)
    let old = now.addingTimeInterval(-31 * 60)
    XCTAssertEqual(refreshIDs(stale.send(.feed(.feedStatusLoaded(updatedAt: old, now: now)))).count, 1)

    var fresh = Driver(feedCards, facts: spotifyOnly)
    let recent = now.addingTimeInterval(-29 * 60)
    XCTAssertTrue(refreshIDs(fresh.send(.feed(.feedStatusLoaded(updatedAt: recent, now: now)))).isEmpty)
    XCTAssertEqual(refreshIDs(fresh.press(.character("r"))).count, 1, "r still refreshes a fresh cache")

    var nothing = Driver(feedCards, facts: SetupFacts(storedSecrets: [.gemini]))
    XCTAssertTrue(refreshIDs(nothing.send(.feed(.feedStatusLoaded(updatedAt: nil, now: now)))).isEmpty)
  }

  // MARK: The clock

  func status(_ driver: Driver, _ language: Language = .en) -> String? {
    Localizer(language).feedStatusLine(driver.state.feed.refresh)
  }

  func testClockTicksMoveUpdatedAgoOnWithoutAnyEffectAnswering() {
    var driver = Driver(feedCards, facts: setUp)
    driver.send(.feed(.feedStatusLoaded(updatedAt: now.addingTimeInterval(-10 * 60), now: now)))
    XCTAssertEqual(status(driver), "Updated 10 min ago")
    let effects = driver.send(.clockTicked(now.addingTimeInterval(5 * 60)))
    XCTAssertEqual(status(driver), "Updated 15 min ago")
    XCTAssertEqual(effects, [.feature(FeedTab.self, .countPendingSync)], "a tick only counts the sync queues")
    driver.send(.clockTicked(now.addingTimeInterval(5 * 60 + 30)))
    XCTAssertEqual(status(driver), "Updated 15 min ago", "half a minute later the text has not changed")
    driver.send(.clockTicked(now.addingTimeInterval(50 * 60 - 1)))
    XCTAssertEqual(status(driver, .de), "Wird aktualisiert…", "older than 30 min: it refreshes on its own")
    XCTAssertTrue(AppAction.clockTicked(now).isClockDriven)
    XCTAssertTrue(AppAction.feed(.pendingSyncCounted(1)).isClockDriven)
    XCTAssertFalse(AppAction.feed(.feedStatusLoaded(updatedAt: nil, now: now)).isClockDriven)
  }

  func testClockRefreshesOnceStaleAndRetriesAFailureOnlyAfterAnotherHalfHour() {
    var driver = Driver(feedCards, facts: setUp)
    driver.send(.feed(.feedStatusLoaded(updatedAt: now.addingTimeInterval(-10 * 60), now: now)))
    XCTAssertTrue(refreshIDs(driver.send(.clockTicked(now.addingTimeInterval(20 * 60)))).isEmpty, "30 min: not yet")
    let first = refreshIDs(driver.send(.clockTicked(now.addingTimeInterval(21 * 60))))
    XCTAssertEqual(first.count, 1, "31 min old")
    XCTAssertTrue(
      refreshIDs(driver.send(.clockTicked(now.addingTimeInterval(21 * 60 + 30)))).isEmpty, "one refresh at a time")

    let failedAt = now.addingTimeInterval(22 * 60)
    let report = FeedRefreshReport(
      outcome: .offline(cachedAt: now), updatedAt: now.addingTimeInterval(-10 * 60), now: failedAt)
    driver.send(.feed(.refreshFinished(requestID: first[0], report)))
    XCTAssertEqual(status(driver), "Offline · showing what was cached 32 min ago")
    for minutes in stride(from: 22.5, through: 50.5, by: 0.5) {
      let effects = driver.send(.clockTicked(now.addingTimeInterval(minutes * 60)))
      XCTAssertTrue(refreshIDs(effects).isEmpty, "no retry on every tick (minute \(minutes))")
    }
    XCTAssertEqual(refreshIDs(driver.send(.clockTicked(now.addingTimeInterval(51 * 60)))).count, 1, "30 min later")

    var success = Driver(feedCards, facts: setUp)
    success.send(.feed(.feedStatusLoaded(updatedAt: now.addingTimeInterval(-40 * 60), now: now)))
    let id = refreshIDs(success.effects)[0]
    let done = now.addingTimeInterval(60)
    success.send(
      .feed(
        .refreshFinished(
          requestID: id, FeedRefreshReport(outcome: .updated(count: 3, at: done), updatedAt: done, now: done))))
    XCTAssertTrue(refreshIDs(success.send(.clockTicked(now.addingTimeInterval(30 * 60)))).isEmpty)
    XCTAssertEqual(refreshIDs(success.send(.clockTicked(now.addingTimeInterval(32 * 60)))).count, 1)
  }

  func testTicksBeforeTheStartCheckOrWithoutSourcesNeverRefresh() {
    var early = Driver(feedCards, facts: nil)
    XCTAssertTrue(refreshIDs(early.send(.clockTicked(now))).isEmpty)
    XCTAssertTrue(refreshIDs(early.send(.feed(.feedStatusLoaded(updatedAt: nil, now: now)))).isEmpty, "no facts yet")
    XCTAssertEqual(refreshIDs(early.send(.factsLoaded(setUp))).count, 1, "the start check still runs once")

    var noSources = Driver(feedCards, facts: SetupFacts(storedSecrets: [.gemini]))
    noSources.send(.feed(.feedStatusLoaded(updatedAt: nil, now: now)))
    XCTAssertTrue(refreshIDs(noSources.send(.clockTicked(now.addingTimeInterval(3600)))).isEmpty)
    XCTAssertEqual(noSources.state.feed.refresh.phase, .idle, "ticks do not nag about Ticketmaster")
  }

  func testQueuedOfflineActionsShowOnTheStatusLineUntilTheQueueDrains() {
    var driver = Driver(feedCards, facts: setUp)
    XCTAssertTrue(driver.send(.started).contains(.feature(FeedTab.self, .countPendingSync)))
    driver.send(.feed(.feedStatusLoaded(updatedAt: now.addingTimeInterval(-5 * 60), now: now)))
    XCTAssertEqual(status(driver), "Updated 5 min ago")
    driver.send(.feed(.pendingSyncCounted(3)))
    XCTAssertEqual(status(driver), "Updated 5 min ago · 3 waiting to sync")
    XCTAssertEqual(status(driver, .de), "Vor 5 Min. aktualisiert · 3 warten auf Synchronisierung")
    driver.press(.character("r"))
    XCTAssertEqual(status(driver), "Updating… · 3 waiting to sync")

    var bare = Driver(feedCards, facts: SetupFacts())
    bare.send(.feed(.pendingSyncCounted(1)))
    XCTAssertEqual(status(bare), "1 waiting to sync", "shown even without a refreshed feed")
    bare.send(.feed(.pendingSyncCounted(0)))
    XCTAssertNil(status(bare), "gone once the queue drained")

    driver.press(.character("2"))
    XCTAssertTrue(
      driver.press(.character("1")).contains(.feature(FeedTab.self, .countPendingSync)), "counted on arrival")
  }
}
