import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesTestSupport
import XCTest

/// People's suggestions against the loopback Firebase fake, which enforces the rules (a query that could return a
/// document the user may not read is refused whole) and "deploys" the repository's firestore.indexes.json: the
/// queries are allowed, need no composite index, stay within their bounds, and blocked users never show.
final class PeopleSuggestRepositoryTests: XCTestCase {
  var fake: FakeFirebaseServer!

  static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  override func setUp() async throws {
    let indexes = try FakeCompositeIndex.load(Self.repositoryRoot.appendingPathComponent("firestore.indexes.json"))
    fake = try await FakeFirebaseServer(indexes: indexes)
  }

  override func tearDown() async throws {
    await fake?.stop()
  }

  func account(_ sub: String, _ name: String) async throws -> (uid: String, repository: SocialRepository) {
    let account = try await fake.signIn(
      sub, name: name,
      storage: FirebaseStorageClient(bucket: FakeFirebaseServer.bucket, baseURL: fake.configuration.storageURL))
    try await account.repository.ensureProfile(displayName: name)
    return (account.uid, account.repository)
  }

  static func taste(_ artists: [String]) -> TasteSummary {
    TasteSummary(
      artists: artists.enumerated().map { .init(name: $0.element, weight: 1 - Double($0.offset) * 0.2) }, genres: [])
  }

  func testFollowsOfFollowsAndSimilarTasteNeverBlockedPeopleInAFewAllowedQueries() async throws {
    let me = try await account("g-me", "Me")
    let ada = try await account("g-ada", "Ada")
    let bob = try await account("g-bob", "Bob")
    let carol = try await account("g-carol", "Carol")
    let dave = try await account("g-dave", "Dave")
    let erin = try await account("g-erin", "Erin")
    let frank = try await account("g-frank", "Frank")
    let gina = try await account("g-gina", "Gina")
    try await me.repository.follow(ada.uid)
    try await me.repository.follow(bob.uid)
    // Carol: followed by both; Dave: followed by Ada, but he blocked you; Erin: followed by Bob, you blocked her.
    try await ada.repository.follow(carol.uid)
    try await bob.repository.follow(carol.uid)
    try await ada.repository.follow(dave.uid)
    try await bob.repository.follow(erin.uid)
    try await bob.repository.follow(me.uid)
    try await dave.repository.block(me.uid)
    try await me.repository.block(erin.uid)
    // Frank shares your taste; Gina too, but she blocked you.
    try await me.repository.publishTasteSummary(Self.taste(["M83", "Beach House", "Justice"]))
    try await frank.repository.publishTasteSummary(Self.taste(["M83", "Justice", "Air"]))
    try await gina.repository.publishTasteSummary(Self.taste(["M83", "Beach House"]))
    try await gina.repository.block(me.uid)
    let stored = await fake.documents()
    XCTAssertEqual(
      stored["users/\(frank.uid)"]?["tasteKeys"], .array([.string("m83"), .string("justice"), .string("air")]))

    let before = await fake.queryStats().count
    let following = [
      PersonSummary(uid: ada.uid, displayName: "Ada"), PersonSummary(uid: bob.uid, displayName: "Bob"),
    ]
    let read = try await me.repository.suggestionEvidence(following: following)
    let queries = await fake.queryStats().count - before
    let ranked = PeopleSuggestionRanking.rank(read.evidence)

    XCTAssertEqual(Set(ranked.map(\.person.uid)), [carol.uid, frank.uid], "\(ranked)")
    for blocked in [dave.uid, erin.uid, gina.uid, me.uid, ada.uid, bob.uid] {
      XCTAssertFalse(ranked.contains { $0.person.uid == blocked }, blocked)
    }
    XCTAssertEqual(ranked.first { $0.person.uid == carol.uid }?.reason.followedByCount, 2)
    XCTAssertNotNil(ranked.first { $0.person.uid == frank.uid }?.reason.tastePercent)
    XCTAssertEqual(queries, 5, "two block queries, the follows, the taste matches, one profile batch")
    XCTAssertEqual(read.requests, 6, "and one get of your own profile")
    XCTAssertLessThanOrEqual(read.billedReads, SocialRepository.suggestionReadCeiling(blocks: 2))
  }

  /// `validTasteKeys` in the rules, as the fake enforces it: a list of at most 20 strings.
  func testTheRulesRefuseALongerOrMistypedTasteKeyList() async throws {
    let ada = try await account("g-ada", "Ada")
    let firestore = FirestoreClient(
      projectID: FakeFirebaseServer.projectID, baseURL: fake.configuration.firestoreURL, retryDelays: [])
    let token = try await ada.repository.session.validIDToken()
    for forged: FirestoreValue in [
      .array((0..<21).map { .string("artist \($0)") }), .string("m83"), .array([.integer(1)]),
    ] {
      do {
        try await firestore.commit(
          [.update(path: "users/\(ada.uid)", fields: ["tasteKeys": forged], mask: ["tasteKeys"], precondition: nil)],
          idToken: token)
        XCTFail("the rules let \(forged) through")
      } catch {
        XCTAssertEqual(error, .permissionDenied, "\(forged)")
      }
    }
    let twenty = FirestoreValue.array((0..<20).map { .string("artist \($0)") })
    try await firestore.commit(
      [.update(path: "users/\(ada.uid)", fields: ["tasteKeys": twenty], mask: ["tasteKeys"], precondition: nil)],
      idToken: token)
    let stored = await fake.documents()
    XCTAssertEqual(stored["users/\(ada.uid)"]?["tasteKeys"], twenty)
  }

  func testOnlyTheFirstThirtyFollowedAreExpandedInOneQuery() async throws {
    let me = try await account("g-me", "Me")
    let friend = try await account("g-friend", "Friend")
    let target = try await account("g-target", "Target")
    try await friend.repository.follow(target.uid)
    // 40 people followed (the seeded ones need no profile to be expanded); the real friend comes last, past 30.
    var following = (0..<39).map { PersonSummary(uid: "seeded\($0)", displayName: "Seeded \($0)") }
    following.append(PersonSummary(uid: friend.uid, displayName: "Friend"))
    let past = try await me.repository.suggestionEvidence(following: following)
    XCTAssertTrue(past.evidence.followedBy.isEmpty, "the 40th is not expanded")
    following.insert(following.removeLast(), at: 0)
    let first = try await me.repository.suggestionEvidence(following: following)
    XCTAssertEqual(first.evidence.followedBy[target.uid], [friend.uid])
    let requests = await fake.recordedRequests().map(\.body).filter {
      $0.contains("\"IN\"") && $0.contains("followerId")
    }
    XCTAssertEqual(requests.count, 2, "one IN query per refresh")
    XCTAssertTrue(requests.allSatisfy { $0.components(separatedBy: "stringValue").count - 1 <= 30 })
  }
}
