import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// The social Feed's ranking: pure, so these need no network.
final class SocialFeedRankingTests: XCTestCase {
  private let now = Date(timeIntervalSince1970: 1_795_420_800)
  private let track = SharedTrack(trackId: "t", trackName: "Song", artistName: "A", albumName: "B", trackUri: "u")

  private func share(_ id: String, from sender: String, hoursAgo: Double, to recipient: String? = nil) -> SocialCard {
    .share(
      SongShare(
        id: id, senderId: sender, senderUsername: sender, senderDisplayName: sender, recipientId: recipient,
        track: track, message: nil, threadId: nil, createdAt: now.addingTimeInterval(-hoursAgo * 3600)))
  }

  private func follow(_ uid: String, hoursAgo: Double) -> SocialCard {
    .follow(NewFollow(followerId: uid, createdAt: now.addingTimeInterval(-hoursAgo * 3600)))
  }

  func testNewerFirstAndSomeoneYouTalkToOutranksAStrangerOfTheSameAge() {
    let cards = [share("old", from: "x", hoursAgo: 72), share("new", from: "x", hoursAgo: 1)]
    XCTAssertEqual(
      SocialFeedRanking.order(cards, signals: SocialSignals(), now: now).map(\.id), ["share:new", "share:old"])

    let stranger = share("s", from: "stranger", hoursAgo: 10)
    let friend = share("f", from: "friend", hoursAgo: 30)
    let signals = SocialSignals(interactions: ["friend": 15])
    XCTAssertEqual(
      SocialFeedRanking.order([stranger, friend], signals: signals, now: now).map(\.id), ["share:f", "share:s"],
      "15 interactions outweigh 20 hours")
    XCTAssertEqual(
      SocialFeedRanking.order([stranger, friend], signals: SocialSignals(), now: now).map(\.id), ["share:s", "share:f"])
  }

  func testUnseenCardsComeFirstEvenWhenOlder() {
    let seenNew = share("seen", from: "x", hoursAgo: 1)
    let unseenOld = share("unseen", from: "y", hoursAgo: 100)
    let ranked = SocialFeedRanking.rank(
      feed: [.concert(FeedFixtures.concert(1))], social: [seenNew, unseenOld],
      signals: SocialSignals(seen: ["share:seen"]), now: now)
    XCTAssertEqual(ranked.map(\.id), ["share:unseen", "share:seen", "concert:ev1"])
    XCTAssertEqual(
      SocialFeedRanking.order([seenNew, unseenOld], signals: SocialSignals(seen: ["share:seen"]), now: now).map(\.id),
      ["share:unseen", "share:seen"])
  }

  func testNeverFiveCardsOfOneKindInARowWhileAnotherKindRemains() {
    let shares = (0..<12).map { share("s\($0)", from: "p\($0)", hoursAgo: Double($0)) }
    let concerts = (0..<3).map { FeedCard.concert(FeedFixtures.concert($0)) }
    let follows = [follow("f1", hoursAgo: 200)]
    let ranked = SocialFeedRanking.rank(feed: concerts, social: shares + follows, signals: SocialSignals(), now: now)
    XCTAssertEqual(ranked.count, 16)
    XCTAssertEqual(Set(ranked.map(\.id)).count, 16, "nothing lost or doubled")
    var run = 0
    var longest = 0
    for (index, item) in ranked.enumerated() {
      run = index > 0 && ranked[index - 1].kind == item.kind ? run + 1 : 1
      let othersRemain = ranked[index...].contains { $0.kind != item.kind }
      if othersRemain { longest = max(longest, run) }
    }
    XCTAssertLessThanOrEqual(longest, 4, ranked.map(\.kind.rawValue).joined(separator: ","))
    XCTAssertEqual(ranked.first?.id, "share:s0", "the newest share still leads")
  }

  func testADirectSongOutranksAShareToAllOfTheSameAgeAndKindsAreTyped() {
    let toAll = share("a", from: "x", hoursAgo: 5)
    let direct = share("d", from: "y", hoursAgo: 5, to: "me")
    XCTAssertEqual(direct.kind, .songSent)
    XCTAssertEqual(toAll.kind, .songShare)
    XCTAssertEqual(follow("z", hoursAgo: 1).kind, .newFollow)
    XCTAssertEqual(
      SocialFeedRanking.order([toAll, direct], signals: SocialSignals(), now: now).map(\.id), ["share:d", "share:a"])
  }

  func testTheSameInputsGiveTheSameOrderAndDuplicatesAreDropped() {
    let cards = [
      share("b", from: "x", hoursAgo: 3), share("a", from: "y", hoursAgo: 3), share("a", from: "y", hoursAgo: 3),
    ]
    let once = SocialFeedRanking.order(cards, signals: SocialSignals(), now: now)
    XCTAssertEqual(once.map(\.id), ["share:a", "share:b"])
    XCTAssertEqual(SocialFeedRanking.order(cards.reversed(), signals: SocialSignals(), now: now), once)
  }
}
