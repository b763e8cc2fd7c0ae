import Foundation
import VibesApp
import VibesCore
import VibesTestSupport
import XCTest

/// Why the start-up and setup-change tests drive the app loosely (see `Driver.Exhaustivity`).
private let feedCards = Driver.Exhaustivity.nonExhaustive(
  because:
    "checks only the Feed's share of the effects of start-up, setup changes and tab switches, which carry every tab's")

/// The Feed's cards and refresh through the reducer. Opening a card, its links, the release tracklist, unknown
/// cards, `r`, the start-up check and the clock are exhaustive (every change and effect stated); the tests of
/// start-up, setup changes and tab switches say why they are not.
final class FeedCardsReducerTests: XCTestCase {
  let setUp = SetupFacts(storedSecrets: [.ticketmaster, .spotify], ticketmasterCity: "Berlin")
  let now = Date(timeIntervalSince1970: 1_900_000_000)

  func refreshIDs(_ effects: [AppEffect]) -> [Int] {
    effects.compactMap { if case .refreshFeed(let id)? = $0.feedEffect { return id } else { return nil } }
  }

  /// The refresh effect with `id`, and the window read a finished refresh asks for (80×24).
  func refreshing(_ id: Int) -> AppEffect { .feature(FeedTab.self, .refreshFeed(requestID: id)) }
  let window = FeedWindowRequest(offset: 0, limit: 95)
  let countPendingSync = AppEffect.feature(FeedTab.self, .countPendingSync)

  /// The change a loaded cache age makes once the facts are known: the start-up check is done.
  func statusLoaded(_ state: inout AppState, updatedAt: Date?, now: Date) {
    state.feed.refresh.updatedAt = updatedAt
    state.feed.refresh.now = now
    state.feed.refresh.statusLoaded = true
    state.feed.refresh.startCheckDone = true
  }

  /// The change a started refresh makes.
  func started(_ state: inout AppState, _ id: Int, at date: Date?) {
    state.feed.refresh.phase = .updating(requestID: id)
    state.feed.refresh.lastAttemptAt = date
    state.context.nextRequestID = id + 1
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
    var stale = Driver(facts: setUp)
    let id = stale.state.context.nextRequestID
    let old = now.addingTimeInterval(-31 * 60)
    stale.send(.feed(.feedStatusLoaded(updatedAt: old, now: now)), expecting: [refreshing(id)]) {
      self.statusLoaded(&$0, updatedAt: old, now: self.now)
      self.started(&$0, id, at: self.now)
    }
    stale.send(.factsLoaded(setUp), expecting: [])  // the start-up check is made once

    var fresh = Driver(facts: setUp)
    let recent = now.addingTimeInterval(-29 * 60)
    fresh.send(.feed(.feedStatusLoaded(updatedAt: recent, now: now)), expecting: []) {
      self.statusLoaded(&$0, updatedAt: recent, now: self.now)
    }

    var never = Driver(facts: setUp)
    never.send(.feed(.feedStatusLoaded(updatedAt: nil, now: now)), expecting: [refreshing(id)]) {
      self.statusLoaded(&$0, updatedAt: nil, now: self.now)
      self.started(&$0, id, at: self.now)
    }
  }

  func testStartCheckWaitsForTheFactsAndSkipsWithoutTicketmaster() {
    var driver = Driver(feedCards, facts: nil)
    XCTAssertTrue(refreshIDs(driver.send(.feed(.feedStatusLoaded(updatedAt: nil, now: now)))).isEmpty)
    XCTAssertEqual(refreshIDs(driver.send(.factsLoaded(setUp))).count, 1, "refreshes once the facts arrive")

    var noCity = Driver(feedCards, facts: SetupFacts(storedSecrets: [.ticketmaster]))
    XCTAssertTrue(refreshIDs(noCity.send(.feed(.feedStatusLoaded(updatedAt: nil, now: now)))).isEmpty)
  }

  func testRKeyRefreshesOnceAndKeysStillAnswerWhileItRuns() {
    var driver = Driver(facts: setUp)
    driver.arrange { $0.send(.feedWindowLoaded(total: 10, offset: 0, items: FeedFixtures.concerts(0..<10))) }
    let id = driver.state.context.nextRequestID
    driver.press(.character("r"), expecting: [refreshing(id)]) { self.started(&$0, id, at: nil) }
    driver.press(.character("r"), expecting: [])  // no second refresh while one runs
    driver.press(.down, .down, expecting: []) { $0.feed.list.selectedItem = 1 }  // moving works during a refresh
    driver.press(.enter, expecting: []) { $0.feed.path = [.concert(FeedFixtures.concert(1))] }  // so does opening
  }

  func testRWithoutTicketmasterSaysWhatToDo() {
    var driver = Driver(facts: SetupFacts())
    driver.press(.character("r"), expecting: []) { $0.feed.refresh.phase = .needsTicketmaster }
  }

  func testFinishedRefreshShowsItsOutcomeAndReloadsTheWindowStaleAnswersDropped() {
    var driver = Driver(facts: setUp)
    let id = driver.state.context.nextRequestID
    driver.press(.character("r"), expecting: [refreshing(id)]) { self.started(&$0, id, at: nil) }
    let updatedAt = now.addingTimeInterval(-3 * 3600)
    let report = FeedRefreshReport(outcome: .offline(cachedAt: now), updatedAt: updatedAt, now: now)
    driver.send(.feed(.refreshFinished(requestID: id + 100, report)), expecting: [])  // not the running one
    // The outcome shows and the window is read again from the cache.
    driver.send(
      .feed(.refreshFinished(requestID: id, report)), expecting: [.feature(FeedTab.self, .loadFeedWindow(window))]
    ) {
      $0.feed.refresh.phase = .offline
      $0.feed.refresh.updatedAt = updatedAt
      $0.feed.refresh.now = self.now
      $0.feed.list.pendingWindow = self.window
    }
    let next = driver.state.context.nextRequestID
    driver.press(.character("r"), expecting: [refreshing(next)]) { self.started(&$0, next, at: self.now) }
    let limited = FeedRefreshReport(outcome: .rateLimited(retryAfterSeconds: 60), updatedAt: nil, now: now)
    driver.send(
      .feed(.refreshFinished(requestID: next, limited)), expecting: [.feature(FeedTab.self, .loadFeedWindow(window))]
    ) {
      $0.feed.refresh.phase = .rateLimited(retryAfterSeconds: 60)
      $0.feed.refresh.updatedAt = nil
    }
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
    var never = Driver(facts: spotifyOnly)
    let id = never.state.context.nextRequestID
    never.send(.feed(.feedStatusLoaded(updatedAt: nil, now: now)), expecting: [refreshing(id)]) {
      self.statusLoaded(&$0, updatedAt: nil, now: self.now)
      self.started(&$0, id, at: self.now)
    }

    var stale = Driver(facts: spotifyOnly)
    let old = now.addingTimeInterval(-31 * 60)
    stale.send(.feed(.feedStatusLoaded(updatedAt: old, now: now)), expecting: [refreshing(id)]) {
      self.statusLoaded(&$0, updatedAt: old, now: self.now)
      self.started(&$0, id, at: self.now)
    }

    var fresh = Driver(facts: spotifyOnly)
    let recent = now.addingTimeInterval(-29 * 60)
    fresh.send(.feed(.feedStatusLoaded(updatedAt: recent, now: now)), expecting: []) {
      self.statusLoaded(&$0, updatedAt: recent, now: self.now)
    }
    fresh.press(.character("r"), expecting: [refreshing(id)]) {  // r still refreshes a fresh cache
      self.started(&$0, id, at: self.now)
    }

    var nothing = Driver(facts: SetupFacts(storedSecrets: [.gemini]))
    nothing.send(.feed(.feedStatusLoaded(updatedAt: nil, now: now)), expecting: []) {
      self.statusLoaded(&$0, updatedAt: nil, now: self.now)
    }
  }

  func status(_ driver: Driver, _ language: Language = .en) -> String? {
    Localizer(language).feedStatusLine(driver.state.feed.refresh)
  }

  func testClockTicksMoveUpdatedAgoOnWithoutAnyEffectAnswering() {
    var driver = Driver(facts: setUp)
    let tenMinutesAgo = now.addingTimeInterval(-10 * 60)
    driver.send(.feed(.feedStatusLoaded(updatedAt: tenMinutesAgo, now: now)), expecting: []) {
      self.statusLoaded(&$0, updatedAt: tenMinutesAgo, now: self.now)
    }
    XCTAssertEqual(status(driver), "Updated 10 min ago")
    // A tick only moves the clock on and counts the sync queues.
    for (seconds, text) in [(5 * 60.0, "Updated 15 min ago"), (5 * 60 + 30, "Updated 15 min ago")] {
      let date = now.addingTimeInterval(seconds)
      driver.send(.clockTicked(date), expecting: [countPendingSync]) { $0.feed.refresh.now = date }
      XCTAssertEqual(status(driver), text)
    }
    // Older than 30 min: it refreshes on its own.
    let late = now.addingTimeInterval(50 * 60 - 1)
    let id = driver.state.context.nextRequestID
    driver.send(.clockTicked(late), expecting: [countPendingSync, refreshing(id)]) {
      $0.feed.refresh.now = late
      self.started(&$0, id, at: late)
    }
    XCTAssertEqual(status(driver, .de), "Wird aktualisiert…")
    XCTAssertTrue(AppState().isClockDriven(AppAction.clockTicked(now)))
    XCTAssertTrue(AppState().isClockDriven(AppAction.feed(.pendingSyncCounted(1))))
    XCTAssertFalse(AppState().isClockDriven(AppAction.feed(.feedStatusLoaded(updatedAt: nil, now: now))))
  }

  func testClockRefreshesOnceStaleAndRetriesAFailureOnlyAfterAnotherHalfHour() {
    var driver = Driver(facts: setUp)
    let tenMinutesAgo = now.addingTimeInterval(-10 * 60)
    driver.send(.feed(.feedStatusLoaded(updatedAt: tenMinutesAgo, now: now)), expecting: []) {
      self.statusLoaded(&$0, updatedAt: tenMinutesAgo, now: self.now)
    }
    func tick(_ minutes: Double, refreshing ids: [Int] = [], line: UInt = #line) {
      let date = now.addingTimeInterval(minutes * 60)
      let change: (inout AppState) -> Void = { state in
        state.feed.refresh.now = date
        if let id = ids.first { self.started(&state, id, at: date) }
      }
      driver.send(.clockTicked(date), expecting: [countPendingSync] + ids.map(refreshing), change, line: line)
    }
    tick(20)  // 30 min old: not yet
    let first = driver.state.context.nextRequestID
    tick(21, refreshing: [first])  // 31 min old
    tick(21.5)  // one refresh at a time
    let failedAt = now.addingTimeInterval(22 * 60)
    let report = FeedRefreshReport(outcome: .offline(cachedAt: now), updatedAt: tenMinutesAgo, now: failedAt)
    driver.send(
      .feed(.refreshFinished(requestID: first, report)), expecting: [.feature(FeedTab.self, .loadFeedWindow(window))]
    ) {
      $0.feed.refresh.phase = .offline
      $0.feed.refresh.now = failedAt
      $0.feed.list.pendingWindow = self.window
    }
    XCTAssertEqual(status(driver), "Offline · showing what was cached 32 min ago")
    for minutes in stride(from: 22.5, through: 50.5, by: 0.5) { tick(minutes) }  // no retry on every tick
    tick(51, refreshing: [first + 1])  // 30 min after the failed try

    var success = Driver(facts: setUp)
    let fortyMinutesAgo = now.addingTimeInterval(-40 * 60)
    let id = success.state.context.nextRequestID
    success.send(.feed(.feedStatusLoaded(updatedAt: fortyMinutesAgo, now: now)), expecting: [refreshing(id)]) {
      self.statusLoaded(&$0, updatedAt: fortyMinutesAgo, now: self.now)
      self.started(&$0, id, at: self.now)
    }
    let done = now.addingTimeInterval(60)
    let updated = FeedRefreshReport(outcome: .updated(count: 3, at: done), updatedAt: done, now: done)
    success.send(
      .feed(.refreshFinished(requestID: id, updated)), expecting: [.feature(FeedTab.self, .loadFeedWindow(window))]
    ) {
      $0.feed.refresh.phase = .idle
      $0.feed.refresh.updatedAt = done
      $0.feed.refresh.now = done
      $0.feed.list.pendingWindow = self.window
    }
    for (minutes, refreshes) in [(30.0, false), (32, true)] {
      let date = now.addingTimeInterval(minutes * 60)
      let next = success.state.context.nextRequestID
      success.send(.clockTicked(date), expecting: [countPendingSync] + (refreshes ? [refreshing(next)] : [])) {
        $0.feed.refresh.now = date
        if refreshes { self.started(&$0, next, at: date) }
      }
    }
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
