import Foundation
import GRDB
import VibesCore
import XCTest

@testable import VibesStorage

/// The social cards in `feedCard`: woven into a 100,000-card cache with paging still a seek, a social poll never
/// making the concerts look fresh, read marks kept in place, and another account's cards dropped.
final class FeedSocialStorageTests: XCTestCase {
  private var temp: TemporaryDirectory!
  private var databasePath: String { temp.appending("vibes.sqlite").path }
  private let fetchedAt = Date(timeIntervalSince1970: 1_795_420_800)
  private let track = SharedTrack(trackId: "t1", trackName: "Song", artistName: "A", albumName: "B", trackUri: "u")

  override func setUpWithError() throws {
    temp = try TemporaryDirectory("vibes-feed-social")
  }

  override func tearDown() {
    temp.remove()
  }

  private func share(_ id: String, unread: Bool = true) -> FeedCard {
    FeedCard(
      .songShare(
        SongShareCard(
          shareID: id, senderId: "u1", senderUsername: "ana", senderDisplayName: "Ana", track: track, message: nil,
          createdAt: fetchedAt, isDirect: false, isUnread: unread)))
  }

  func testSocialCardsWeaveIntoAHundredThousandCardsAndPagingStaysASeek() throws {
    let db = try AppDatabase(path: databasePath)
    let payload = try FeedCard.concert(ConcertCard(eventID: "x", name: "Show")).encodedPayload()
    try db.writer.write { db in
      let statement = try db.makeStatement(
        sql: "INSERT INTO feedCard (key, kind, position, city, payload, fetchedAt) VALUES (?, 'concert', ?, 'B', ?, ?)")
      for position in 0..<100_000 {
        try statement.execute(arguments: [String(format: "concert:%06d", position), position, payload, fetchedAt])
      }
    }
    let concertsBefore = try db.feedUpdatedAt()
    let cached = try db.allFeedCards()
    XCTAssertEqual(cached.count, 100_000)
    // Two shares at the top, the concerts after them in their order.
    try db.replaceSocialCards(rankedFeed: [share("a"), share("b")] + cached, owner: "me", fetchedAt: fetchedAt)
    XCTAssertEqual(try db.feedCardCount(), 100_002)
    XCTAssertEqual(try db.feedCardCountByScanning(), 100_002)
    // (Every concert row carries the same payload, so they are told apart by kind here.)
    XCTAssertEqual(try db.feedCards(offset: 0, limit: 3).map(\.kind), [.songShare, .songShare, .concert])
    XCTAssertEqual(try db.feedCards(offset: 99_992, limit: 50).count, 10)
    XCTAssertLessThanOrEqual(
      try db.feedCardWindowSteps(offset: 99_900, limit: 50), try db.feedCardWindowSteps(offset: 0, limit: 50) + 10)
    XCTAssertEqual(try db.feedUpdatedAt(), concertsBefore, "a social poll does not make the concerts fresh")
    XCTAssertEqual(try db.socialFeedFetchedAt(owner: "me"), fetchedAt)
    XCTAssertNil(try db.socialFeedFetchedAt(owner: "someone else"))
  }

  func testReadMarksStayInPlaceAndAnotherAccountsCardsGo() throws {
    let db = try AppDatabase(path: databasePath)
    let concert = FeedCard.concert(ConcertCard(eventID: "c", name: "Show"))
    try db.replaceConcerts(city: "B", cards: [concert], fetchedAt: fetchedAt)
    try db.replaceSocialCards(rankedFeed: [share("a"), concert, share("b")], owner: "me", fetchedAt: fetchedAt)
    try db.markFeedCardRead(key: "share:b")
    try db.markFeedCardRead(key: "concert:c")  // not a social card: nothing happens
    XCTAssertEqual(try db.allFeedCards(), [share("a"), concert, share("b", unread: false)])
    XCTAssertEqual(try db.socialFeedOwner(), "me")
    try db.removeSocialFeedCards()
    XCTAssertEqual(try db.allFeedCards(), [concert])
    XCTAssertNil(try db.socialFeedOwner())
  }
}
