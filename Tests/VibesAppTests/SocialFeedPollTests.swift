import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// One poll of the social Feed against the loopback Firebase fake answering slowly: its queries go together (at
/// most `ShareRepository.pollMaxInFlight` in flight), blocks are read once, every billed document is counted, and
/// the merged order does not depend on which answer came first.
final class SocialFeedPollTests: XCTestCase {
  var sandbox: SocialSandbox!
  var fake: FakeFirebaseServer { sandbox.fake }

  override func setUp() async throws { sandbox = try await SocialSandbox.make(name: "social-poll") }

  override func tearDown() async throws { await sandbox?.remove() }

  let base = Date(timeIntervalSince1970: 1_900_000_000)

  /// `me` follows `people` people (friend000…, ten `IN` batches of 30 for 300); four friends in each of batches 0, 3
  /// and 9 shared a song to all, one minute apart. The titles, newest first.
  func seed(_ me: SocialTestPerson, people: Int = 300) async -> [String] {
    for index in 0..<people {
      let uid = String(format: "friend%03d", index)
      await fake.put(
        "users/\(uid)", ["uid": .string(uid), "displayName": .string("Friend \(index)"), "followingCount": .integer(0)])
      await fake.put(
        "friendships/\(me.uid)_\(uid)",
        [
          "followerId": .string(me.uid), "followingId": .string(uid), "status": .string("accepted"),
          "createdAt": .timestamp(FirestoreTimestamp(base.addingTimeInterval(-86_400))),
        ])
    }
    var titles: [(Date, String)] = []
    for (order, index) in [0, 1, 2, 3, 90, 91, 92, 93, 270, 271, 272, 273].enumerated() {
      let uid = String(format: "friend%03d", index)
      let created = base.addingTimeInterval(Double(order * 5 % 12) * 60)
      let title = "Song \(index)"
      await fake.put(
        "shares/share\(index)",
        [
          "senderId": .string(uid), "senderUsername": .string("friend\(index)"),
          "senderDisplayName": .string("Friend \(index)"), "recipientId": .null, "trackId": .string("t\(index)"),
          "trackName": .string(title), "artistName": .string("Artist"), "albumName": .string("Album"),
          "trackUri": .string("spotify:track:t\(index)"), "createdAt": .timestamp(FirestoreTimestamp(created)),
        ])
      titles.append((created, title))
    }
    return titles.sorted { $0.0 > $1.0 }.map(\.1)
  }

  func testAPollSendsItsQueriesTogetherAndCountsEveryDocumentRead() async throws {
    let me = try await sandbox.person("g-me", name: "Mele")
    let newestFirst = await seed(me)
    let database = try sandbox.database()
    await fake.setQueryDelay(0.2)
    let before = await fake.recordedRequests().count
    let queriesBefore = await fake.queryStats().count

    let asked = FeedWindowRequest(offset: 0, limit: 95)
    let report = await SocialFeedRefresher(shares: me.shares, database: database).refresh(.start, window: asked)
    XCTAssertEqual(report.outcome, .updated)
    XCTAssertEqual(report.following, 300)
    // The cards it sends back are the cache's own window, in the cache's order.
    XCTAssertEqual(report.window?.items, try database.feedCardSlots(offset: 0, limit: 95))
    XCTAssertEqual(report.window?.total, try database.feedCardCount())
    let stats = await fake.queryStats()
    XCTAssertEqual(
      stats.count - queriesBefore, 15, "blocks both ways, following, sent to you, new followers, 10 IN batches")
    XCTAssertLessThanOrEqual(stats.maxInFlight, ShareRepository.pollMaxInFlight, "never more than the bound")
    XCTAssertGreaterThanOrEqual(stats.maxInFlight, 10, "the ten batches together once the list answered")
    // Firestore bills a document per document returned, one per query that returns none.
    XCTAssertEqual(report.reads, 2 + 300 + 1 + 1 + 12 + 7)

    // The batches are asked once the people followed are known; together they cover everyone followed.
    let bodies = await fake.recordedRequests().dropFirst(before).filter { $0.request.path.hasSuffix(":runQuery") }
      .map(\.body)
    let batches = bodies.filter { $0.contains("\"IN\"") }
    XCTAssertEqual(batches.count, 10)
    XCTAssertEqual(bodies.firstIndex { $0.contains("\"IN\"") }, 5, "after the five that need nothing")
    XCTAssertTrue(batches.contains { $0.contains("friend000") } && batches.contains { $0.contains("friend299") })

    let cards = try database.allFeedCards().compactMap(\.songShare)
    XCTAssertEqual(Set(cards.map(\.track.trackName)), Set(newestFirst))

    // The same answers merged the same way, newest first, whatever the order they came in.
    await fake.setQueryDelay(0)
    var reads = 0
    let answer = try await me.shares.poll(following: nil, after: nil, limit: 50, reads: &reads)
    XCTAssertEqual(answer.feed.map(\.track.trackName), newestFirst)
    XCTAssertEqual(answer.queries, 15)
    XCTAssertEqual(reads, report.reads)
  }

  func testRStartsTheBatchesOfThePeopleKnownAtOnceAndAsksAfterwardsOnlyForThoseNewlyFollowed() async throws {
    let me = try await sandbox.person("g-me", name: "Mele")
    let ada = try await sandbox.person("g-ada", name: "Ada")
    let bob = try await sandbox.person("g-bob", name: "Bob")
    try await me.social.follow(ada.uid)
    let database = try sandbox.database()
    let refresher = SocialFeedRefresher(shares: me.shares, database: database)
    _ = await refresher.refresh(.start)
    try await me.social.follow(bob.uid)
    try await me.social.unfollow(ada.uid)
    try await ada.shares.shareToAll(ShareRepositoryTests.song, message: nil, from: ada.profile)
    try await bob.shares.shareToAll(ShareRepositoryTests.other, message: nil, from: bob.profile)

    let before = await fake.recordedRequests().count
    let report = await refresher.refresh(.manual)
    XCTAssertEqual(report.outcome, .updated)
    XCTAssertEqual(report.following, 1)
    let bodies = await fake.recordedRequests().dropFirst(before).filter { $0.request.path.hasSuffix(":runQuery") }
      .map(\.body)
    XCTAssertEqual(bodies.count, 7, "following, blocks both ways, sent, follows, Ada's batch, then Bob's")
    XCTAssertTrue(bodies.prefix(6).contains { $0.contains("\"IN\"") && $0.contains(ada.uid) }, "at once")
    XCTAssertTrue(bodies[6].contains("\"IN\"") && bodies[6].contains(bob.uid), "once the list answered")
    let shown = try database.allFeedCards().compactMap(\.songShare).map(\.senderId)
    XCTAssertTrue(shown.contains(bob.uid), "newly followed")
    XCTAssertFalse(shown.contains(ada.uid), "no longer followed")
  }

  /// `r` with the people followed known from the last poll: all 15 queries (blocks both ways, following, sent to
  /// you, new followers, 10 batches) are in flight together, one wave, so the new cards come one round trip after.
  func testAnRWithThePeopleKnownSendsAllItsQueriesInOneWave() async throws {
    let stats = try await pollWithThePeopleKnown(300)
    XCTAssertEqual(stats.queries, 15)
    XCTAssertEqual(stats.maxInFlight, 15, "every query of the poll in flight together")
  }

  /// More people than one wave covers (600: 20 batches, 25 queries): never more than the bound in flight.
  func testAPollNeverHasMoreThanTheBoundInFlight() async throws {
    let stats = try await pollWithThePeopleKnown(600)
    XCTAssertEqual(stats.queries, 25)
    XCTAssertEqual(stats.maxInFlight, ShareRepository.pollMaxInFlight, "the bound, reached and kept")
  }

  /// `me` follows `people`; a first poll learns them, then a poll with them known (as `r` has them) runs against
  /// answers held 0.2 s: its queries and the most in flight together.
  func pollWithThePeopleKnown(_ people: Int) async throws -> (queries: Int, maxInFlight: Int) {
    let me = try await sandbox.person("g-me", name: "Mele")
    _ = await seed(me, people: people)
    var reads = 0
    let known = try await me.shares.poll(following: nil, after: nil, limit: 50, reads: &reads).following
    XCTAssertEqual(known.count, people)
    await fake.setQueryDelay(0.2)
    let before = await fake.queryStats().count
    _ = try await me.shares.poll(following: known, askFollowing: true, after: nil, limit: 50, reads: &reads)
    let stats = await fake.queryStats()
    return (stats.count - before, stats.maxInFlight)
  }

  func testATimedPollReusesThePeopleFollowedAndStartsEveryBatchAtOnce() async throws {
    let me = try await sandbox.person("g-me", name: "Mele")
    _ = await seed(me)
    let database = try sandbox.database()
    let refresher = SocialFeedRefresher(shares: me.shares, database: database)
    _ = await refresher.refresh(.start)
    let before = await fake.queryStats().count
    let report = await refresher.refresh(.timer)
    XCTAssertEqual(report.outcome, .updated)
    XCTAssertEqual(report.following, 300)
    let after = await fake.queryStats().count
    XCTAssertEqual(after - before, 14, "no following query: the memo")
    XCTAssertEqual(report.reads, 14, "nothing newer: one read per query")
  }
}
