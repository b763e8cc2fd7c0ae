import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// The social Feed against the loopback Firebase fake (its rules and indexes): friends' shares, songs sent to you
/// and new follows reach the cached Feed, ranked among its own cards; blocked users never; over 30 people followed.
final class SocialFeedRefresherTests: XCTestCase {
  var sandbox: SocialSandbox!
  var fake: FakeFirebaseServer { sandbox.fake }
  var folder: URL { sandbox.folder }

  override func setUp() async throws { sandbox = try await SocialSandbox.make(name: "social") }

  override func tearDown() async throws { await sandbox?.remove() }

  func person(_ sub: String, name: String) async throws -> SocialTestPerson {
    try await sandbox.person(sub, name: name)
  }

  func database() throws -> AppDatabase { try sandbox.database() }

  let song = ShareRepositoryTests.song

  func socialCards(_ database: AppDatabase) throws -> [FeedCard] {
    try database.allFeedCards().filter { FeedCard.socialKinds.contains($0.kind) }
  }

  func testAFollowersShareASongSentToMeAndANewFollowReachMyFeedAndTheConcertsStay() async throws {
    let ada = try await person("g-ada", name: "Ada")
    let bob = try await person("g-bob", name: "Bob")
    let cy = try await person("g-cy", name: "Cyra")
    try await bob.social.follow(ada.uid)
    try await cy.social.follow(bob.uid)
    try await ada.shares.shareToAll(song, message: "listen\u{1B}[2J", from: ada.profile)
    try await cy.shares.send(ShareRepositoryTests.other, to: bob.uid, message: "for you", from: cy.profile)

    let database = try database()
    let concert = FeedCard.concert(ConcertCard(eventID: "e1", name: "Show", localDate: "2030-01-01"))
    try database.replaceConcerts(city: "Berlin", cards: [concert], fetchedAt: Date())
    let refresher = SocialFeedRefresher(shares: bob.shares, database: database)
    let report = await refresher.refresh(.start)
    XCTAssertEqual(report.outcome, .updated)
    XCTAssertGreaterThan(report.reads, 0)
    XCTAssertEqual(report.following, 1)
    XCTAssertEqual(report.newDirectSenders, ["@cyra"])

    let cards = try socialCards(database)
    let shared = try XCTUnwrap(cards.compactMap(\.songShare).first { !$0.isDirect })
    XCTAssertEqual(shared.senderName, "@ada")
    XCTAssertEqual(shared.track.trackName, song.trackName)
    XCTAssertEqual(shared.message, "listen", "control sequences gone")
    let sent = try XCTUnwrap(cards.compactMap(\.songShare).first { $0.isDirect })
    XCTAssertEqual(sent.senderName, "@cyra")
    XCTAssertEqual(sent.message, "for you")
    let follow = try XCTUnwrap(cards.compactMap(\.newFollow).first)
    XCTAssertEqual(follow.name, "@cyra")
    XCTAssertTrue(cards.allSatisfy(\.isUnread))
    XCTAssertEqual(try database.feedCardCount(), 4, "the concert stays")
    XCTAssertEqual(try database.feedCards(offset: 0, limit: 10).map(\.kind).filter { $0 == .concert }.count, 1)

    // A second poll finds nothing new: no second notice for the same song.
    let again = await refresher.refresh(.timer)
    XCTAssertEqual(again.outcome, .updated)
    XCTAssertEqual(again.newDirectSenders, [])
    XCTAssertEqual(try socialCards(database).count, 3)
  }

  func testABlockedUsersShareNeverShowsAndTheirCachedCardsGo() async throws {
    let ada = try await person("g-ada", name: "Ada")
    let bob = try await person("g-bob", name: "Bob")
    try await bob.social.follow(ada.uid)
    try await ada.shares.shareToAll(song, message: nil, from: ada.profile)
    let database = try database()
    let refresher = SocialFeedRefresher(shares: bob.shares, database: database)
    _ = await refresher.refresh(.start)
    XCTAssertEqual(try socialCards(database).count, 1)

    try await bob.social.block(ada.uid)
    let report = await refresher.refresh(.manual)
    XCTAssertEqual(report.outcome, .updated)
    XCTAssertEqual(try socialCards(database).filter { $0.songShare?.senderId == ada.uid }, [])
  }

  func testFollowingMoreThanThirtyPeopleMergesEveryBatch() async throws {
    let me = try await person("g-me", name: "Mele")
    var senders: [SocialTestPerson] = []
    for index in 0..<32 {
      let friend = try await person("g-f\(index)", name: "Friend\(index)")
      try await me.social.follow(friend.uid)
      senders.append(friend)
    }
    // The first and the last by uid order: one in each `IN` batch of 30.
    let sorted = senders.sorted { $0.uid < $1.uid }
    try await sorted[0].shares.shareToAll(song, message: nil, from: sorted[0].profile)
    try await sorted[31].shares.shareToAll(song, message: nil, from: sorted[31].profile)
    let database = try database()
    let report = await SocialFeedRefresher(shares: me.shares, database: database).refresh(.start)
    XCTAssertEqual(report.following, 32)
    XCTAssertEqual(
      Set(try socialCards(database).compactMap(\.songShare?.senderId)), [sorted[0].uid, sorted[31].uid])
  }

  /// With the Feed's window asked for, the new cards come back before they are written (the Feed draws them from
  /// the answer, the write follows the frame): the cache is unchanged until the write runs, and then holds exactly
  /// the window that was sent. A write that fails says so and leaves the cache as it was.
  func testTheCardsAreSentBeforeTheWriteWhichThenHoldsExactlyThemOrFailsAloud() async throws {
    let (ada, bob, database, concert) = try await bobFollowsAdasShareBesideAConcert()
    let refresher = SocialFeedRefresher(shares: bob.shares, database: database)
    let request = FeedWindowRequest(offset: 0, limit: 10)

    let (report, pending) = await refresher.refreshDrawingFirst(.start, window: request)
    let write = try XCTUnwrap(pending, "the write is handed back")
    XCTAssertEqual(report.outcome, .updated)
    let window = try XCTUnwrap(report.window)
    XCTAssertEqual(window.total, 2)
    XCTAssertEqual(try database.allFeedCards(), [concert], "not written yet")
    XCTAssertTrue(write.run())
    XCTAssertEqual(try database.feedCardCount(), window.total)
    XCTAssertEqual(try database.feedCards(offset: 0, limit: 10), window.items.compactMap { $0 }, "what was drawn")

    // The cache refuses the next write (a trigger another connection added): the refresh fails aloud.
    try await ada.shares.shareToAll(ShareRepositoryTests.other, message: nil, from: ada.profile)
    try refuseFeedWrites(sandbox.databasePath())
    let before = try database.allFeedCards()
    let (second, failing) = await refresher.refreshDrawingFirst(.manual, window: request)
    XCTAssertEqual(second.window?.total, 3, "the new share is drawn")
    XCTAssertEqual(failing?.run(), false)
    XCTAssertEqual(
      try XCTUnwrap(failing?.previousFetchedAt).timeIntervalSince1970,
      try XCTUnwrap(report.fetchedAt).timeIntervalSince1970, accuracy: 0.01,
      "the status line goes back to the last fetch")
    XCTAssertEqual(try database.allFeedCards(), before, "nothing half written")
    let third = await refresher.refresh(.manual, window: request)
    XCTAssertEqual(third.outcome, .failed, "writing before returning: the refresh fails")
  }

  /// Installs a trigger that refuses every new feed card, through the sqlite3 tool (another connection).
  func refuseFeedWrites(_ path: String) throws {
    let tool = "/usr/bin/sqlite3"
    guard FileManager.default.isExecutableFile(atPath: tool) else { throw XCTSkip("no \(tool)") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = [
      path, "CREATE TRIGGER refuse BEFORE INSERT ON feedCard BEGIN SELECT RAISE(ABORT, 'refused'); END;",
    ]
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
  }

  func testSignedOutTheFeedKeepsItsOtherCardsAndDropsTheSocialOnes() async throws {
    let (_, bob, database, concert) = try await bobFollowsAdasShareBesideAConcert()
    _ = await SocialFeedRefresher(shares: bob.shares, database: database).refresh(.start)
    XCTAssertEqual(try database.feedCardCount(), 2)

    let signedOut = SocialFeedRefresher(shares: nil, database: database)
    let outcome = await signedOut.refresh(.timer).outcome
    XCTAssertEqual(outcome, .signedOut)
    let status = await signedOut.status()
    guard case .socialStatusLoaded(false, nil, _) = status else { return XCTFail("still signed in: \(status)") }
    XCTAssertEqual(try database.allFeedCards(), [concert], "only the concert stays")
  }

  func testMarkingASongReadKeepsItsPlace() async throws {
    let ada = try await person("g-ada", name: "Ada")
    let bob = try await person("g-bob", name: "Bob")
    try await ada.shares.send(song, to: bob.uid, message: nil, from: ada.profile)
    let database = try database()
    _ = await SocialFeedRefresher(shares: bob.shares, database: database).refresh(.start)
    let card = try XCTUnwrap(try socialCards(database).first)
    XCTAssertTrue(card.isUnread)
    try database.markFeedCardRead(key: card.id)
    XCTAssertEqual(try socialCards(database), [card.markedRead])
  }

  /// Bob follows Ada, who has shared `song`; the cache holds one concert card.
  func bobFollowsAdasShareBesideAConcert() async throws -> (
    ada: SocialTestPerson, bob: SocialTestPerson, database: AppDatabase, concert: FeedCard
  ) {
    let ada = try await person("g-ada", name: "Ada")
    let bob = try await person("g-bob", name: "Bob")
    try await bob.social.follow(ada.uid)
    try await ada.shares.shareToAll(song, message: nil, from: ada.profile)
    let database = try database()
    let concert = FeedCard.concert(ConcertCard(eventID: "e1", name: "Show", localDate: "2030-01-01"))
    try database.replaceConcerts(city: "Berlin", cards: [concert], fetchedAt: Date())
    return (ada, bob, database, concert)
  }
}
