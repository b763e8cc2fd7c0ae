import Foundation
import VibesCore
import XCTest

/// "How often you talk" (`InboxTalks`): the messages of your cached conversation both ways plus the songs sent to
/// you that the Feed has, each once; and what it orders: the Send-to-one picker and the Feed's ranking.
final class InboxTalksTests: XCTestCase {
  let now = Date(timeIntervalSince1970: 1_900_000_000)
  static let song = SharedTrack(
    trackId: "t", trackName: "Song", artistName: "Artist", albumName: "Album", trackUri: "spotify:track:t")

  func message(_ id: String, from sender: String, mine: Bool = false, song: Bool = false) -> InboxMessage {
    InboxMessage(
      id: id, senderId: sender, senderName: mine ? "" : "@" + sender, isMine: mine, song: song ? Self.song : nil,
      text: song ? nil : "hi", createdAt: now)
  }

  func share(_ id: String, from sender: String, direct: Bool, hoursAgo: Double = 1) -> SongShare {
    SongShare(
      id: id, senderId: sender, senderUsername: sender, senderDisplayName: sender, recipientId: direct ? "me" : nil,
      track: Self.song, message: nil, threadId: nil, createdAt: now.addingTimeInterval(-3600 * hoursAgo))
  }

  func testEveryMessageOfTheCachedThreadCountsInBothDirections() {
    let counts = InboxTalks.counts(
      conversations: [
        "ada": [
          message("m1", from: "ada", song: true), message("m2", from: "me", mine: true),
          message("m3", from: "me", mine: true, song: true),
        ],
        "bob": [message("m4", from: "bob")],
        "cy": [],
      ], received: [])
    XCTAssertEqual(counts, ["ada": 3, "bob": 1], "your own songs and texts count too; an empty thread is no talk")
  }

  func testASongInTheThreadAndInTheFeedCountsOnceAndASharedSongNotAtAll() {
    let counts = InboxTalks.counts(
      conversations: ["ada": [message("s1", from: "ada", song: true), message("m2", from: "me", mine: true)]],
      received: [
        share("s1", from: "ada", direct: true),  // the same song as the thread's first message
        share("s2", from: "ada", direct: true),  // newer than the cached thread
        share("s3", from: "ada", direct: false),  // a share to all
        share("s4", from: "dan", direct: true),  // a thread never opened here
        share("s5", from: "eve", direct: false),
      ])
    XCTAssertEqual(counts, ["ada": 3, "dan": 1])
  }

  func testThePickerPutsThePeopleYouWriteWithFirst() {
    // You wrote to bob four times and he never answered; ada sent you one song; cy shares to all a lot.
    let counts = InboxTalks.counts(
      conversations: ["bob": (1...4).map { message("b\($0)", from: "me", mine: true) }],
      received: [share("a1", from: "ada", direct: true)] + (1...9).map { share("c\($0)", from: "cy", direct: false) })
    let people = ["ada", "bob", "cy", "dan"].map {
      SongMenuPerson(id: $0, name: "@" + $0, talks: counts[$0] ?? 0)
    }
    XCTAssertEqual(SongMenuPerson.sorted(people.reversed()).map(\.id), ["bob", "ada", "cy", "dan"])
  }

  func testTheFeedRanksTheSharesOfSomeoneYouTalkWithAboveANewerOneFromAStranger() {
    let stranger = share("s", from: "stranger", direct: false, hoursAgo: 10)
    let friend = share("f", from: "friend", direct: false, hoursAgo: 30)
    let plain = SocialFeedCards.merge(
      feed: [], shares: [stranger, friend], follows: [], names: [:], read: [],
      interactions: SocialFeedCards.interactions([stranger, friend]), now: now)
    XCTAssertEqual(plain.map(\.id), ["share:s", "share:f"], "without a conversation the newer share leads")
    // Only your side of the conversation is cached: the songs and texts you sent count as talking.
    let conversations = ["friend": (1...15).map { message("m\($0)", from: "me", mine: true) }]
    let interactions = SocialFeedCards.interactions([stranger, friend], conversations: conversations)
    XCTAssertEqual(interactions, ["friend": 15])
    let ranked = SocialFeedCards.merge(
      feed: [], shares: [stranger, friend], follows: [], names: [:], read: [], interactions: interactions, now: now)
    XCTAssertEqual(ranked.map(\.id), ["share:f", "share:s"])
  }
}
