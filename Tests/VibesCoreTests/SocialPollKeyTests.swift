import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// `r` and the social Feed's poll as the user sees them: one poll at a time, an `r` during a poll said and
/// remembered (one more poll right after, never two at once), key repeat held off on the key's own time, and news
/// ("New song from @ana") waiting behind the user's own confirmation instead of replacing it.
final class SocialPollKeyTests: XCTestCase {
  let now = Date(timeIntervalSince1970: 1_900_000_000)
  let track = SharedTrack(
    trackId: "4uLU6hMCjMI75M1A2tKUQC", trackName: "Song", artistName: "Artist", albumName: "Album",
    trackUri: "spotify:track:4uLU6hMCjMI75M1A2tKUQC")

  /// Signed in; the start-up poll runs.
  func started() -> Driver {
    var driver = Driver(.nonExhaustive(because: "follows the social poll and the status line"), facts: SetupFacts())
    driver.send(.feed(.socialStatusLoaded(signedIn: true, fetchedAt: nil, now: now)))
    return driver
  }

  func polls(_ effects: [AppEffect]) -> [SocialPollTrigger] {
    effects.compactMap { effect -> SocialPollTrigger? in
      guard case .refreshSocial(_, let trigger, _)? = effect.effect(of: FeedTab.self) else { return nil }
      return trigger
    }
  }

  /// The running poll ends at `at` with `senders` new songs sent to you; the effects it asks for.
  @discardableResult
  func finish(_ driver: inout Driver, at: Date, trigger: SocialPollTrigger, senders: [String] = []) throws
    -> [AppEffect]
  {
    let id = try XCTUnwrap(driver.state.feed.social.requestID, "a poll runs")
    let report = SocialRefreshReport(outcome: .updated, reads: 8, newDirectSenders: senders, fetchedAt: at, now: at)
    return driver.send(.feed(.socialRefreshed(requestID: id, trigger: trigger, report)))
  }

  func press(_ driver: inout Driver, _ key: Key, at: Date) -> [AppEffect] {
    driver.state.context.inputAt = at
    return driver.press(key)
  }

  func notice(_ key: SocialFeedL10n) -> Notice { .localized(LocalizedText(key), isWarning: false) }

  func testRDuringTheStartPollIsSaidAndRunsOneMorePollRightAfterNeverTwoAtOnce() throws {
    var driver = started()
    XCTAssertNotNil(driver.state.feed.social.requestID, "the start-up poll")
    XCTAssertEqual(polls(press(&driver, .character("r"), at: now.addingTimeInterval(1))), [], "one poll at a time")
    XCTAssertEqual(driver.state.notice, notice(.alreadyRefreshingAgain))
    // Mashing while it runs queues nothing more.
    XCTAssertEqual(polls(press(&driver, .character("r"), at: now.addingTimeInterval(1.2))), [])
    XCTAssertEqual(polls(press(&driver, .character("r"), at: now.addingTimeInterval(1.4))), [])
    XCTAssertEqual(driver.state.notice, notice(.alreadyRefreshingAgain), "still one more, not three")

    XCTAssertEqual(polls(try finish(&driver, at: now.addingTimeInterval(2), trigger: .start)), [.manual])
    XCTAssertEqual(polls(try finish(&driver, at: now.addingTimeInterval(3), trigger: .manual)), [], "once")
    XCTAssertNil(driver.state.feed.social.requestID)
  }

  func testRWhileItsOwnPollRunsIsKeyRepeatAndQueuesNothing() throws {
    var driver = started()
    try finish(&driver, at: now, trigger: .start)
    XCTAssertEqual(polls(press(&driver, .character("r"), at: now.addingTimeInterval(5))), [.manual])
    XCTAssertEqual(polls(press(&driver, .character("r"), at: now.addingTimeInterval(5.3))), [])
    XCTAssertEqual(driver.state.notice, notice(.alreadyRefreshing))
    XCTAssertEqual(polls(try finish(&driver, at: now.addingTimeInterval(5.5), trigger: .manual)), [])
  }

  func testTwoRWithinASecondOnTheKeysOwnTimeMakeOnePollAndRLaterPollsAgain() throws {
    var driver = started()
    try finish(&driver, at: now, trigger: .start)
    // The core's clock has not moved since the start (it ticks every 30 s); the keys carry their own time.
    XCTAssertEqual(driver.state.feed.refresh.now, now)
    let first = now.addingTimeInterval(3)
    XCTAssertEqual(polls(press(&driver, .character("r"), at: first)), [.manual], "a start poll makes r not wait")
    try finish(&driver, at: first.addingTimeInterval(0.2), trigger: .manual)
    XCTAssertEqual(polls(press(&driver, .character("r"), at: first.addingTimeInterval(0.6))), [], "key repeat")
    XCTAssertEqual(driver.state.notice, notice(.justRefreshed))
    let gap = SocialPollingPolicy().minManualGap
    XCTAssertEqual(polls(press(&driver, .character("r"), at: first.addingTimeInterval(gap))), [.manual])
  }

  func testNewSongNewsWaitsBehindTheUsersOwnConfirmationAndShowsAfterTheNextKey() throws {
    var driver = started()
    try finish(&driver, at: now, trigger: .start)
    let share = anasShare()
    driver.send(
      .feedWindowLoaded(total: 1, offset: 0, items: [FeedCard(.songShare(SongShareCard(share, isUnread: true)))]))
    _ = press(&driver, .down, at: now.addingTimeInterval(1))
    _ = press(&driver, .enter, at: now.addingTimeInterval(1))
    _ = press(&driver, .character("c"), at: now.addingTimeInterval(2))
    XCTAssertEqual(driver.state.notice, .linkCopied, "the user's own confirmation")

    driver.send(.feed(.clockTicked(now.addingTimeInterval(3600))))
    try finish(&driver, at: now.addingTimeInterval(3601), trigger: .timer, senders: ["@bo"])
    XCTAssertEqual(driver.state.notice, .linkCopied, "news does not replace it")

    _ = press(&driver, .down, at: now.addingTimeInterval(3605))
    let news = Notice.localized(LocalizedText(SocialFeedL10n.newSongOne, ["name": "@bo"]), isWarning: false)
    XCTAssertEqual(driver.state.notice, news, "it shows once the confirmation is gone")
    _ = press(&driver, .down, at: now.addingTimeInterval(3606))
    XCTAssertNil(driver.state.notice, "once")
  }

  func testAPollsAnswerCarriesItsCardsSoTheyShowWithoutReadingTheCacheBack() throws {
    var driver = started()
    let share = anasShare()
    let card = FeedCard(.songShare(SongShareCard(share, isUnread: true)))
    let asked = FeedWindowRequest(offset: 0, limit: 95)
    func loads(_ effects: [AppEffect]) -> Int {
      effects.filter { if case .loadFeedWindow? = $0.effect(of: FeedTab.self) { true } else { false } }.count
    }
    let id = try XCTUnwrap(driver.state.feed.social.requestID)
    let report = SocialRefreshReport(
      outcome: .updated, reads: 8, now: now, window: FeedWindowSlice(request: asked, total: 1, items: [card]))
    let effects = driver.send(.feed(.socialRefreshed(requestID: id, trigger: .start, report)))
    XCTAssertEqual(loads(effects), 0, "drawn from the answer")
    XCTAssertEqual(driver.state.feed.list.window, [card])
    XCTAssertEqual(driver.state.feed.list.totalCount, 1)

    // Cards for another part of the list (the user scrolled while it ran) are not taken: the cache is read.
    driver.send(.feed(.clockTicked(now.addingTimeInterval(3600))))
    let next = try XCTUnwrap(driver.state.feed.social.requestID)
    let elsewhere = SocialRefreshReport(
      outcome: .updated, reads: 8, now: now,
      window: FeedWindowSlice(request: FeedWindowRequest(offset: 50, limit: 95), total: 1, items: [card]))
    XCTAssertEqual(loads(driver.send(.feed(.socialRefreshed(requestID: next, trigger: .timer, elsewhere)))), 1)
  }

  /// The cards drawn from an answer whose cache write then failed: the refresh counts as failed (the status line
  /// gives the cache's age again) and the Feed reads back what the cache holds.
  func testCardsDrawnFromAnAnswerThatCouldNotBeSavedAreReadBackAndTheRefreshFails() throws {
    var driver = started()
    let share = anasShare()
    let card = FeedCard(.songShare(SongShareCard(share, isUnread: true)))
    let asked = FeedWindowRequest(offset: 0, limit: 95)
    let id = try XCTUnwrap(driver.state.feed.social.requestID)
    let report = SocialRefreshReport(
      outcome: .updated, reads: 8, fetchedAt: now, now: now,
      window: FeedWindowSlice(request: asked, total: 1, items: [card]))
    driver.send(.feed(.socialRefreshed(requestID: id, trigger: .start, report)))
    XCTAssertEqual(driver.state.feed.social.outcome, .updated)
    XCTAssertEqual(driver.state.feed.list.window, [card])

    let before = now.addingTimeInterval(-7200)
    let effects = driver.send(.feed(.socialCardsNotSaved(fetchedAt: before)))
    XCTAssertEqual(driver.state.feed.social.outcome, .failed)
    XCTAssertEqual(driver.state.feed.social.fetchedAt, before)
    XCTAssertTrue(
      effects.contains { if case .loadFeedWindow? = $0.effect(of: FeedTab.self) { true } else { false } },
      "the cache is read back")
    XCTAssertNotNil(Localizer(.en).socialStatus(driver.state.feed.social, now: now), "the status line says so")
  }

  func testNewerNewsReplacesOlderNewsButNeverTheUsersOwnMessage() {
    var context = AppContext(size: ScreenSize(width: 60, height: 20))
    let first = Notice.message(.common(.helpQuitAnywhere))
    let second = Notice.linkOpened
    context.announce(first)
    XCTAssertEqual(context.notice, first)
    context.announce(second)
    XCTAssertEqual(context.notice, second, "news replaces news")
    context.notice = .linkCopied
    context.announce(first)
    XCTAssertEqual(context.notice, .linkCopied)
    context.showWaitingNews()
    XCTAssertEqual(context.notice, .linkCopied, "waits while the user's message shows")
    context.notice = nil
    context.showWaitingNews()
    XCTAssertEqual(context.notice, first)
    XCTAssertNil(context.waitingNews)
  }

  /// Ana's unread share of `track`, made `now`: the card the polls' answers carry.
  func anasShare() -> SongShare {
    SongShare(
      id: "a", senderId: "ana", senderUsername: "ana", senderDisplayName: "Ana", recipientId: nil, track: track,
      message: nil, threadId: nil, createdAt: now)
  }
}
