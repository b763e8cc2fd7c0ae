import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// The social cards of the Feed: mapping, ranking among the Feed's own cards, variety, storage form; and the
/// Feed's reducer for them (polling, Song Detail, a follow card, the quick actions, one notice for several songs).
final class SocialFeedCardsTests: XCTestCase {
  let now = Date(timeIntervalSince1970: 1_900_000_000)
  let track = SharedTrack(
    trackId: "4uLU6hMCjMI75M1A2tKUQC", trackName: "Song", artistName: "Artist", albumName: "Album",
    trackUri: "spotify:track:4uLU6hMCjMI75M1A2tKUQC")

  func share(_ id: String, from sender: String, hoursAgo: Double, direct: Bool = false) -> SongShare {
    SongShare(
      id: id, senderId: sender, senderUsername: sender, senderDisplayName: sender.uppercased(),
      recipientId: direct ? "me" : nil, track: track, message: "hi",
      threadId: direct ? ThreadID.between(sender, "me") : nil,
      createdAt: now.addingTimeInterval(-hoursAgo * 3600))
  }

  func card(_ id: String, direct: Bool = false, unread: Bool = true) -> FeedCard {
    FeedCard(.songShare(SongShareCard(share(id, from: "ana", hoursAgo: 1, direct: direct), isUnread: unread)))
  }

  // MARK: Pure

  func testKindsKeysAndTheStorageFormRoundTrip() throws {
    let shared = card("a")
    let sent = card("b", direct: true)
    let follow = FeedCard(
      .newFollow(NewFollowCard(followerId: "u1", username: "bo", displayName: "Bo", createdAt: now, isUnread: true)))
    XCTAssertEqual([shared.kind, sent.kind, follow.kind], [.songShare, .songSent, .newFollow])
    XCTAssertEqual([shared.id, sent.id, follow.id], ["share:a", "share:b", "follow:u1"])
    for card in [shared, sent, follow] {
      XCTAssertEqual(FeedCard.decode(kind: card.kind.rawValue, payload: try card.encodedPayload()), card)
      let envelope = try JSONEncoder().encode(FeedCardEnvelope(card))
      XCTAssertEqual(try JSONDecoder().decode(FeedCardEnvelope.self, from: envelope).card, card)
    }
    XCTAssertFalse(shared.markedRead.isUnread)
    XCTAssertEqual(shared.songShare?.spotifyURL, "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC")
    var hostile = shared.songShare!
    hostile.track.trackId = "x/../../evil"
    XCTAssertNil(hostile.spotifyURL, "only a plain track id makes a link")
  }

  func testMergeMapsKindsPutsUnreadFirstAndNeverFiveOfAKindInARow() {
    let concerts = (0..<6).map { FeedCard.concert(FeedFixtures.concert($0)) }
    let shares = (0..<8).map { share("s\($0)", from: "p\($0)", hoursAgo: Double($0)) }
    let sent = share("d", from: "ana", hoursAgo: 30, direct: true)
    let follow = NewFollow(followerId: "u1", createdAt: now.addingTimeInterval(-60))
    let merged = SocialFeedCards.merge(
      feed: concerts, shares: shares + [sent], follows: [follow],
      names: ["u1": SocialName(username: "bo", displayName: "Bo")], read: ["share:s0"], interactions: [:], now: now)
    XCTAssertEqual(merged.count, 16)
    XCTAssertEqual(Set(merged.map(\.id)).count, 16, "no card twice")
    XCTAssertEqual(merged.filter { $0.kind == .concert }.map(\.id), concerts.map(\.id), "the Feed's order kept")
    let firstRead = merged.firstIndex { $0.id == "share:s0" }!
    let lastUnread = merged.lastIndex { $0.isUnread }!
    XCTAssertLessThan(lastUnread, firstRead, "unread first")
    XCTAssertEqual(merged.first { $0.kind == .newFollow }?.newFollow?.name, "@bo")
    XCTAssertEqual(merged.first { $0.kind == .songSent }?.songShare?.senderName, "@ana")
    var run = 0
    for (index, card) in merged.enumerated() {
      run = index > 0 && merged[index - 1].kind == card.kind ? run + 1 : 1
      // Only while another kind remains: the tail may be all concerts.
      guard merged[index...].contains(where: { $0.kind != card.kind }) else { continue }
      XCTAssertLessThan(run, 5, "five \(card.kind.rawValue) in a row at \(index): \(merged.map(\.kind.rawValue))")
    }
  }

  func testSomeoneWhoSendsYouSongsOutranksAStrangerAndCachedCardsWeaveBackTheSame() {
    let stranger = share("s", from: "stranger", hoursAgo: 10)
    let friend = share("f", from: "friend", hoursAgo: 30)
    let talks = (0..<15).map { share("d\($0)", from: "friend", hoursAgo: 500, direct: true) }
    let interactions = SocialFeedCards.interactions([stranger, friend] + talks)
    XCTAssertEqual(interactions, ["friend": 15], "a share to all is not a conversation")
    let merged = SocialFeedCards.merge(
      feed: [], shares: [stranger, friend], follows: [], names: [:], read: [], interactions: interactions, now: now)
    XCTAssertEqual(merged.map(\.id), ["share:f", "share:s"])

    let inputs = SocialFeedCards.socialInputs(merged)
    let again = SocialFeedCards.merge(
      feed: merged, shares: inputs.shares, follows: inputs.follows, names: inputs.names, read: inputs.read,
      interactions: interactions, now: now)
    XCTAssertEqual(again, merged)
  }

  // MARK: Reducer

  func activeDriver() -> Driver {
    var driver = Driver(
      .nonExhaustive(because: "checks the polling decisions, notices and notifications it asserts"),
      facts: SetupFacts())
    driver.arrange { $0.send(.feed(.socialStatusLoaded(signedIn: true, fetchedAt: nil, now: now))) }
    return driver
  }

  func testSignedInTheFeedPollsOnStartThenOnTheIntervalWithinTheBudget() {
    var driver = Driver(facts: SetupFacts())
    driver.send(.feed(.socialStatusLoaded(signedIn: false, fetchedAt: nil, now: now)), expecting: [])
    let id = driver.state.context.nextRequestID
    driver.send(
      .feed(.socialStatusLoaded(signedIn: true, fetchedAt: nil, now: now)),
      expecting: [
        .feature(FeedTab.self, .refreshSocial(requestID: id, trigger: .start, window: .init(offset: 0, limit: 95)))
      ]
    ) {
      $0.feed.social.isActive = true
      $0.feed.social.requestID = id
      $0.context.nextRequestID = id + 1
    }
    let report = SocialRefreshReport(outcome: .updated, reads: 12, following: 3, fetchedAt: now, now: now)
    let window = AppEffect.loadFeedWindow(.init(offset: 0, limit: 95))
    driver.send(.feed(.socialRefreshed(requestID: id, trigger: .start, report)), expecting: [window]) {
      $0.feed.social.requestID = nil
      $0.feed.social.outcome = .updated
      $0.feed.social.following = 3
      $0.feed.social.fetchedAt = self.now
      $0.feed.social.poll = SocialPolling.record(
        SocialPollState(), trigger: .start, reads: 12, succeeded: true, policy: SocialPollingPolicy(), now: self.now)
      $0.feed.refresh.now = self.now
      $0.feed.list.pendingWindow = .init(offset: 0, limit: 95)
    }
    // 30 s later: not yet. After the interval: a timed poll.
    let count = AppEffect.feature(FeedTab.self, .countPendingSync)
    driver.send(.feed(.clockTicked(now.addingTimeInterval(30))), expecting: [count]) {
      $0.feed.refresh.now = self.now.addingTimeInterval(30)
    }
    let later = now.addingTimeInterval(SocialPollingPolicy().baseInterval + 1)
    let next = driver.state.context.nextRequestID
    driver.send(
      .feed(.clockTicked(later)),
      expecting: [
        count,
        .feature(FeedTab.self, .refreshSocial(requestID: next, trigger: .timer, window: .init(offset: 0, limit: 95))),
      ]
    ) {
      $0.feed.refresh.now = later
      $0.feed.social.requestID = next
      $0.context.nextRequestID = next + 1
    }
  }

  func testOverTheDailyBudgetNothingIsFetchedUntilTheNextDay() {
    var driver = activeDriver()
    driver.arrange { driver in
      let id = driver.state.feed.social.requestID!
      let report = SocialRefreshReport(outcome: .updated, reads: SocialPollingPolicy().dailyReadBudget, now: now)
      driver.send(.feed(.socialRefreshed(requestID: id, trigger: .start, report)))
    }
    let effects = driver.send(.feed(.clockTicked(now.addingTimeInterval(7200))))
    XCTAssertFalse(effects.contains { if case .refreshSocial? = $0.feedEffect { true } else { false } }, "\(effects)")
    XCTAssertNotNil(driver.state.feed.social.pausedUntil)
  }

  func testSeveralNewSongsMakeOneNoticeAndOneNotificationAndNoneAtStart() {
    var driver = activeDriver()
    let id = driver.state.feed.social.requestID!
    let report = SocialRefreshReport(
      outcome: .updated, reads: 9, newDirectSenders: ["@ana", "@bo", "@ana", "@cy", "@di"], now: now)
    let effects = driver.send(.feed(.socialRefreshed(requestID: id, trigger: .start, report)))
    XCTAssertFalse(effects.contains { if case .notify? = $0.feedEffect { true } else { false } }, "not at start")
    XCTAssertEqual(
      driver.state.notice,
      .localized(
        LocalizedText(SocialFeedL10n.newSongsMany, ["count": "5", "names": "@ana, @bo, @cy, …"]), isWarning: false))

    driver.arrange { $0.send(.feed(.clockTicked(now.addingTimeInterval(3600)))) }
    let next = driver.state.feed.social.requestID!
    let timed = driver.send(.feed(.socialRefreshed(requestID: next, trigger: .timer, report)))
    let notifications = timed.compactMap { if case .notify(let n)? = $0.feedEffect { n } else { nil } }
    XCTAssertEqual(notifications, [SongNotification(title: "vibes", body: "5 new songs, from @ana, @bo, @cy, …")])
  }

  func testASongCardOpensSongDetailWithItsKeysAndAFollowOpensTheProfile() {
    var driver = Driver(facts: SetupFacts())
    let song = card("a", direct: true)
    let follow = FeedCard(
      .newFollow(NewFollowCard(followerId: "u1", username: "bo", displayName: "Bo", createdAt: now, isUnread: true)))
    driver.arrange { $0.send(.feedWindowLoaded(total: 2, offset: 0, items: [song, follow])) }
    driver.press(.down, .enter, expecting: []) {
      $0.feed.list.selectedItem = 0
      $0.feed.path = [.song(song.songShare!)]
    }
    let link = "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC"
    driver.press(.character("o"), expecting: [.openURL(link)])
    driver.press(.character("c"), expecting: [.copyToClipboard(link)]) { $0.notice = .linkCopied }
    driver.press(.character("m"), expecting: [.feature(FeedTab.self, .markSocialRead(key: "share:a"))]) {
      $0.feed.path = [.song(song.markedRead.songShare!)]
      $0.feed.list.window[0] = song.markedRead
      $0.notice = .localized(LocalizedText(SocialFeedL10n.markedRead), isWarning: false)
    }
    driver.exhaustivity = .nonExhaustive(because: "opening People loads its lists and the profile")
    driver.press(.character("p"))
    XCTAssertEqual(driver.state.selectedTab, .people)
    XCTAssertEqual(driver.state.people.path.last?.person.uid, "ana")

    var second = Driver(.nonExhaustive(because: "opening People loads its lists and the profile"), facts: SetupFacts())
    second.arrange { $0.send(.feedWindowLoaded(total: 2, offset: 0, items: [song, follow])) }
    let opened = second.press(.down, .down, .enter)
    XCTAssertTrue(opened.contains(.feature(FeedTab.self, .markSocialRead(key: "follow:u1"))))
    XCTAssertEqual(second.state.selectedTab, .people)
    XCTAssertEqual(second.state.people.path.last?.person.username, "bo")
  }

  func testSongDetailOpensTheOneSongMenuAndRepliesWithASongOnlyToASongSentToYou() {
    let sent = card("a", direct: true)
    let shared = card("b")
    var driver = Driver(
      .nonExhaustive(because: "the song menu's own state is SongMenuReducerTests'"), facts: SetupFacts())
    driver.send(.feedWindowLoaded(total: 2, offset: 0, items: [sent, shared]))
    driver.press(.down, .enter)
    XCTAssertEqual(driver.state.feed.path, [.song(sent.songShare!)])
    driver.press(.character("."))
    XCTAssertEqual(driver.state.songMenu.song, track, "the same menu as on every other song")
    driver.press(.escape)
    XCTAssertEqual(driver.state.selectedTab, .feed)
    driver.press(.character("R"))
    XCTAssertEqual(
      driver.state.songMenu.reply,
      SongReplyTarget(threadID: ThreadID.between("ana", "me"), personID: "ana", name: "ana"),
      "R replies into the conversation the song came from")

    var other = Driver(.nonExhaustive(because: "only whether R answers matters"), facts: SetupFacts())
    other.send(.feedWindowLoaded(total: 2, offset: 0, items: [shared, sent]))
    other.press(.down, .enter)
    XCTAssertEqual(other.state.feed.path, [.song(shared.songShare!)])
    other.press(.character("R"))
    XCTAssertNil(other.state.songMenu.reply, "a share to all has no conversation to reply into")
    XCTAssertEqual(other.state.selectedTab, .feed)
  }

  func testQuickActionsOpenExploresSearchAndFindOpensPeople() {
    var driver = Driver(.nonExhaustive(because: "the other tab's arrival effects are its own"), facts: SetupFacts())
    driver.press(.character("/"))
    XCTAssertEqual(driver.state.selectedTab, .explore)
    XCTAssertTrue(driver.state.explore.isEditing, "the search field takes typing")
    driver.press(.escape)
    driver.press(.character("1"))
    driver.press(.character("s"))
    XCTAssertEqual(driver.state.selectedTab, .explore)
    driver.press(.escape)
    driver.press(.character("1"))
    driver.press(.character("f"))
    XCTAssertEqual(driver.state.selectedTab, .people)
    XCTAssertTrue(driver.state.people.isEditing)
  }
}
