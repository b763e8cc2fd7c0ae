import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesTestSupport
import XCTest

/// The social repository against the loopback Firebase fake, which enforces the data model's rules and "deploys" the
/// repository's own firestore.indexes.json.
final class SocialRepositoryTests: XCTestCase {
  var fake: FakeFirebaseServer!

  static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  override func setUp() async throws {
    fake = try await FakeFirebaseServer.withProjectIndexes()
  }

  override func tearDown() async throws {
    await fake?.stop()
  }

  struct Account {
    var uid: String
    var repository: SocialRepository
    var storage: MemoryFirebaseSessionStorage
  }

  func account(_ sub: String, name: String, profile: Bool = true) async throws -> Account {
    let account = try await fake.signIn(
      sub, name: name,
      storage: FirebaseStorageClient(bucket: FakeFirebaseServer.bucket, baseURL: fake.configuration.storageURL))
    if profile { try await account.repository.ensureProfile(displayName: name) }
    return Account(uid: account.uid, repository: account.repository, storage: account.sessionStorage)
  }

  func testTwoAccountsRaceForOneUsernameAndExactlyOneWins() async throws {
    let ada = try await account("g-ada", name: "Ada")
    let bob = try await account("g-bob", name: "Bob")
    async let first: Result<String, SocialError> = Self.result { () throws(SocialError) in
      try await ada.repository.claimUsername("@Vibes_Fan")
    }
    async let second: Result<String, SocialError> = Self.result { () throws(SocialError) in
      try await bob.repository.claimUsername("vibes_fan")
    }
    let outcomes = await [first, second]
    XCTAssertEqual(outcomes.filter { (try? $0.get()) == "vibes_fan" }.count, 1, "\(outcomes)")
    XCTAssertEqual(outcomes.filter { $0 == .failure(.usernameTaken) }.count, 1, "\(outcomes)")
    let documents = await fake.documents()
    let holder = documents["usernames/vibes_fan"]?["uid"]?.stringValue
    let winner = holder == ada.uid ? ada : bob
    let loser = holder == ada.uid ? bob : ada
    XCTAssertEqual(documents["users/\(winner.uid)"]?["username"], .string("vibes_fan"))
    XCTAssertNil(documents["users/\(loser.uid)"]?["username"], "the loser's profile is untouched")

    // A rename frees the old name in the same commit.
    try await winner.repository.claimUsername("new_name")
    let after = await fake.documents()
    XCTAssertNil(after["usernames/vibes_fan"])
    XCTAssertEqual(after["usernames/new_name"]?["uid"], .string(winner.uid))
    XCTAssertEqual(try winner.storage.load()?.username, "new_name")
    let free = try await loser.repository.isUsernameAvailable("vibes_fan")
    XCTAssertTrue(free)
    let taken = try await loser.repository.isUsernameAvailable("@New_Name")
    XCTAssertFalse(taken, "a taken name says so before saving")
  }

  func testUsernameValidationMatchesTheRules() async throws {
    let ada = try await account("g-ada", name: "Ada")
    for (name, problem) in [
      ("ab", UsernameRule.Problem.tooShort), ("a23456789012345678901", .tooLong), ("1abc", .mustStartWithLetter),
      ("ab-c", .invalidCharacter), ("äbc", .mustStartWithLetter),
    ] {
      do {
        try await ada.repository.claimUsername(name)
        XCTFail(name)
      } catch {
        XCTAssertEqual(error, .invalidUsername(problem), name)
      }
    }
  }

  func testEditsNeverWipeOtherFields() async throws {
    let ada = try await account("g-ada", name: "Ada")
    try await ada.repository.claimUsername("ada")
    try await ada.repository.edit(ProfileEdit(bio: "Hello"))
    try await ada.repository.edit(ProfileEdit(displayName: "Ada L."))
    let documents = await fake.documents()
    let fields = try XCTUnwrap(documents["users/\(ada.uid)"])
    XCTAssertEqual(fields["bio"], .string("Hello"))
    XCTAssertEqual(fields["displayName"], .string("Ada L."))
    XCTAssertEqual(fields["username"], .string("ada"))
    XCTAssertEqual(fields["followingCount"], .integer(0))
    XCTAssertEqual(fields["achievements"], .array([]))
    XCTAssertNotNil(fields["createdAt"]?.timestampValue)
    let unmasked = await fake.patchesWithoutMask()
    XCTAssertEqual(unmasked, 0)
  }

  func testFollowUnfollowAndBlockThroughTheRules() async throws {
    let ada = try await account("g-ada", name: "Ada")
    let bob = try await account("g-bob", name: "Bob")
    try await ada.repository.follow(bob.uid)
    try await ada.repository.follow(bob.uid)  // a double follow is not a duplicate
    try await bob.repository.follow(ada.uid)
    var documents = await fake.documents()
    XCTAssertEqual(documents.keys.filter { $0.hasPrefix("friendships/") }.count, 2)
    XCTAssertEqual(documents["users/\(ada.uid)"]?["followingCount"], .integer(1))
    let followers = try await ada.repository.followerCount(of: bob.uid)
    XCTAssertEqual(followers, 1)
    let following = try await ada.repository.following()
    XCTAssertEqual(following.map(\.uid), [bob.uid])

    try await ada.repository.unfollow(bob.uid)
    try await ada.repository.unfollow(bob.uid)
    documents = await fake.documents()
    XCTAssertNil(documents["friendships/\(ada.uid)_\(bob.uid)"])
    XCTAssertEqual(documents["users/\(ada.uid)"]?["followingCount"], .integer(0))

    try await ada.repository.follow(bob.uid)
    try await bob.repository.block(ada.uid)
    documents = await fake.documents()
    XCTAssertNil(documents["friendships/\(ada.uid)_\(bob.uid)"], "the blocked user's follow is removed")
    XCTAssertNil(documents["friendships/\(bob.uid)_\(ada.uid)"], "and the blocker's own")
    XCTAssertNotNil(documents["blocks/\(bob.uid)_\(ada.uid)"])
    do {
      try await ada.repository.follow(bob.uid)
      XCTFail("blocked")
    } catch {
      XCTAssertEqual(error, .blocked)
    }
    let found = try await ada.repository.findUsers(prefix: "Bo")
    XCTAssertEqual(found, [], "a blocker is hidden from the blocked user's search")

    try await bob.repository.block(ada.uid)  // blocking twice changes nothing
    try await bob.repository.unblock(ada.uid)
    try await bob.repository.unblock(ada.uid)  // not blocking is not an error (and never a delete of nothing)
    try await ada.repository.follow(bob.uid)
    let again = try await ada.repository.findUsers(prefix: "Bo")
    XCTAssertEqual(again.map(\.uid), [bob.uid])
  }

  func testAFindSendsItsNameAndBlockQueriesTogetherAndKeepsUsernameMatchesFirst() async throws {
    let ada = try await account("g-ada", name: "Ada")
    // One user found by @username ("bo…", display name Karl), one by display name ("Bo…", @zed), one by both.
    for (uid, name, username) in [("karl", "Karl", "bo_karl"), ("zed", "Bo Diddley", "zed"), ("bob", "Bob", "bob")] {
      await fake.put(
        "users/\(uid)",
        [
          "uid": .string(uid), "displayName": .string(name), "username": .string(username),
          "followingCount": .integer(0),
        ])
    }
    await fake.setQueryDelay(0.3)
    let before = await fake.queryStats()
    let found = try await ada.repository.findUsers(prefix: "Bo")
    let after = await fake.queryStats()
    XCTAssertEqual(after.count - before.count, 4, "@username, display name, and blocks both ways")
    XCTAssertEqual(after.maxInFlight, 4, "all four in flight together: one round trip")
    XCTAssertEqual(found.map(\.uid), ["karl", "bob", "zed"], "username matches first, in @username order; each once")
  }

  func testYourFollowingListReadsWhomYouFollowAndTheBlocksTogetherThenTheProfiles() async throws {
    let ada = try await account("g-ada", name: "Ada")
    let bob = try await account("g-bob", name: "Bob")
    let cy = try await account("g-cy", name: "Cy")
    try await ada.repository.follow(bob.uid)
    try await ada.repository.follow(cy.uid)
    try await cy.repository.block(ada.uid)
    await fake.setQueryDelay(0.3)
    let before = await fake.queryStats()
    let list = try await ada.repository.following()
    let after = await fake.queryStats()
    XCTAssertEqual(list.map(\.uid), [bob.uid], "Cy's block ended Ada's follow")
    XCTAssertEqual(after.count - before.count, 4, "friendships, blocks both ways, then one IN query for the profiles")
    XCTAssertEqual(after.maxInFlight, 3, "the first three together; the profiles after them")
  }

  func testAFindWhoseQueryFailsShowsNobody() async throws {
    let ada = try await account("g-ada", name: "Ada")
    _ = try await account("g-bob", name: "Bob")
    // Whichever of the four queries gets it (they go together), the find fails: never a list unchecked for blocks.
    await fake.scriptFirestoreErrors([(status: 503, grpc: "UNAVAILABLE", message: "The service is unavailable.")])
    do {
      let found = try await ada.repository.findUsers(prefix: "Bo")
      XCTFail("a failed query gave \(found)")
    } catch {
      guard case .firebase = error else { return XCTFail("\(error)") }
    }
    let again = try await ada.repository.findUsers(prefix: "Bo")
    XCTAssertEqual(again.map(\.displayName), ["Bob"], "the next find works")
  }

  func testTheRulesRefuseAFollowWrittenPastABlock() async throws {
    let ada = try await account("g-ada", name: "Ada")
    let bob = try await account("g-bob", name: "Bob")
    try await bob.repository.block(ada.uid)
    // Straight to Firestore, skipping the client's own check: the rules refuse it.
    let session = ada.repository.session
    let firestore = FirestoreClient(
      projectID: FakeFirebaseServer.projectID, baseURL: fake.configuration.firestoreURL, retryDelays: [])
    let adaUID = ada.uid
    let bobUID = bob.uid
    do {
      try await session.authorized { token throws(FirebaseError) in
        try await firestore.commit(
          [
            .update(
              path: "friendships/\(adaUID)_\(bobUID)",
              fields: ["followerId": .string(adaUID), "followingId": .string(bobUID), "status": .string("accepted")],
              mask: nil, precondition: .exists(false))
          ], idToken: token)
      }
      XCTFail("refused")
    } catch {
      XCTAssertEqual(error, .permissionDenied)
    }
  }

  func testFollowing300PeopleTakesTenBatchedQueriesMerged() async throws {
    let ada = try await account("g-ada", name: "Ada")
    for index in 0..<300 {
      let uid = String(format: "friend%03d", index)
      await fake.put(
        "users/\(uid)", ["uid": .string(uid), "displayName": .string("Friend \(index)"), "followingCount": .integer(0)])
      await fake.put(
        "friendships/\(ada.uid)_\(uid)",
        ["followerId": .string(ada.uid), "followingId": .string(uid), "status": .string("accepted")])
    }
    await fake.setQueryDelay(0.2)
    let before = await fake.recordedRequests().count
    let list = try await ada.repository.following()
    XCTAssertEqual(list.count, 300)
    XCTAssertEqual(Set(list.map(\.uid)).count, 300)
    let bodies = await fake.recordedRequests().dropFirst(before).filter { $0.request.path.hasSuffix(":runQuery") }
      .map(\.body)
    XCTAssertEqual(bodies.filter { $0.contains("\"IN\"") }.count, 10, "⌈300/30⌉ queries")
    let stats = await fake.queryStats()
    XCTAssertGreaterThan(stats.maxInFlight, 1, "the batches run together")
    XCTAssertLessThanOrEqual(stats.maxInFlight, 10)
  }

  func testOtherPeoplesTextIsSanitisedAndCapped() async throws {
    let ada = try await account("g-ada", name: "Ada")
    await fake.put(
      "users/evil",
      [
        "uid": .string("evil"), "displayName": .string("\u{1B}]52;c;aGk=\u{07}Eve\u{202E}lin"),
        "bio": .string(String(repeating: "x\u{1B}[31m", count: 10_000)), "followingCount": .integer(7),
      ])
    let profile = try await ada.repository.profile(uid: "evil")
    let eve = try XCTUnwrap(profile)
    XCTAssertFalse(eve.displayName.contains("\u{1B}"))
    XCTAssertFalse(eve.displayName.contains("\u{202E}"))
    XCTAssertFalse(eve.bio.contains("\u{1B}"))
    XCTAssertLessThanOrEqual(eve.bio.count, SocialTextLimits.bio)
    XCTAssertEqual(eve.followingCount, 7)
  }

  func testDeleteAccountLeavesNothingBehindAndSignsInAgainWhenTooOld() async throws {
    let ada = try await account("g-ada", name: "Ada")
    let bob = try await account("g-bob", name: "Bob")
    let cy = try await account("g-cy", name: "Cy")
    try await ada.repository.claimUsername("ada")
    try await ada.repository.follow(bob.uid)
    try await bob.repository.follow(ada.uid)
    try await ada.repository.block(cy.uid)
    try await cy.repository.block(ada.uid)
    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 64)
    try await ada.repository.setPhoto(png)
    // For You's private memory (`users/{uid}/private/forYou`): a subcollection outlives its parent's deletion.
    try await ada.repository.saveForYouMemory(ForYouMemory())
    await fake.put(
      "shares/s1",
      ["senderId": .string(ada.uid), "recipientId": .null, "trackName": .string("Song")])
    await fake.ageSignIns()
    let (report, reauthenticated) = try await deleteSigningInAgain(ada, sub: "g-ada", name: "Ada")
    XCTAssertTrue(reauthenticated, "CREDENTIAL_TOO_OLD_LOGIN_AGAIN led to a fresh sign-in")
    XCTAssertTrue(report.account)
    XCTAssertTrue(report.profile)
    XCTAssertTrue(report.photo)
    XCTAssertEqual(report.username, "ada")
    XCTAssertEqual(report.follows, 1)
    XCTAssertEqual(report.followers, 1)
    XCTAssertEqual(report.shares, 1)
    XCTAssertEqual(report.blocks, 1)
    let documents = await fake.documents()
    for (path, fields) in documents where path != "blocks/\(cy.uid)_\(ada.uid)" {
      XCTAssertFalse(path.contains(ada.uid), path)
      XCTAssertFalse(fields.values.contains(.string(ada.uid)), path)
    }
    let objects = await fake.storedObjects()
    XCTAssertEqual(objects, [])
    let users = await fake.authUsers()
    XCTAssertNil(users[ada.uid])
    XCTAssertNil(try ada.storage.load(), "signed out afterwards")
  }

  func testSharesAreReadableAsTheRulesSayAndTheFeedQueryHasItsIndex() async throws {
    let ada = try await account("g-ada", name: "Ada")
    let bob = try await account("g-bob", name: "Bob")
    let cy = try await account("g-cy", name: "Cy")
    let firestore = FirestoreClient(
      projectID: FakeFirebaseServer.projectID, baseURL: fake.configuration.firestoreURL, retryDelays: [])
    let (adaUID, bobUID) = (ada.uid, bob.uid)
    @Sendable func share(_ id: String, to recipient: FirestoreValue, message: String?) -> FirestoreWrite {
      var fields: [String: FirestoreValue] = [
        "senderId": .string(adaUID), "recipientId": recipient, "trackName": .string("Song"),
      ]
      if let message { fields["message"] = .string(message) }
      return .update(
        path: "shares/\(id)", fields: fields, mask: nil, precondition: .exists(false),
        transforms: [.serverTime(field: "createdAt")])
    }
    try await ada.repository.session.authorized { token throws(FirebaseError) in
      try await firestore.commit(
        [share("public", to: .null, message: "hi"), share("direct", to: .string(bobUID), message: nil)], idToken: token)
    }
    do {
      try await ada.repository.session.authorized { token throws(FirebaseError) in
        try await firestore.commit(
          [share("long", to: .null, message: String(repeating: "x", count: 281))], idToken: token)
      }
      XCTFail("a 281-character message is refused")
    } catch {
      XCTAssertEqual(error, .permissionDenied)
    }
    // The direct share: its recipient reads it, a third user may not.
    let direct = try await bob.repository.session.authorized { token throws(FirebaseError) in
      try await firestore.get("shares/direct", idToken: token)
    }
    XCTAssertNotNil(direct)
    do {
      _ = try await cy.repository.session.authorized { token throws(FirebaseError) in
        try await firestore.get("shares/direct", idToken: token)
      }
      XCTFail("not the sender or recipient")
    } catch {
      XCTAssertEqual(error, .permissionDenied)
    }
    // Rules are not filters: an unpinned query is refused, the feed query (pinned to recipientId == null) is not,
    // and the repository's firestore.indexes.json has the composite index it needs.
    do {
      _ = try await cy.repository.session.authorized { token throws(FirebaseError) in
        try await firestore.runQuery(FirestoreQuery(collection: "shares"), idToken: token)
      }
      XCTFail("unpinned")
    } catch {
      XCTAssertEqual(error, .permissionDenied)
    }
    let feed = FirestoreQuery(
      collection: "shares",
      filters: [.init("senderId", .in, .array([.string(adaUID)])), .init("recipientId", .equal, .null)],
      orderBy: [.init("createdAt", descending: true)], limit: 20)
    let hits = try await cy.repository.session.authorized { token throws(FirebaseError) in
      try await firestore.runQuery(feed, idToken: token)
    }
    XCTAssertEqual(hits.map(\.id), ["public"])
  }

  func testFailuresAreWordedAndAMissingIndexNamesTheFileToDeploy() {
    let link = "https://console.firebase.google.com/v1/r/project/p/firestore/indexes?create_composite=abc"
    let text = FirebaseErrorText.english(.missingIndex(consoleLink: link))
    XCTAssertTrue(text.contains("firestore.indexes.json"), text)
    XCTAssertFalse(text.contains("create_composite"), "the link is not shown as the explanation")
    XCTAssertTrue(FirebaseErrorText.english(.permissionDenied).contains("nothing was changed"))
    XCTAssertEqual(FirebaseErrorText.english(SocialError.usernameTaken), "that username is taken")
    let all: [FirebaseError] = [
      .invalidGrant, .invalidClient, .accessDenied, .deviceCodeExpired, .oauth(code: "x"), .auth(.invalidIdpResponse),
      .auth(.userDisabled), .auth(.operationNotAllowed), .auth(.credentialTooOld), .auth(.invalidAPIKey),
      .permissionDenied, .notFound, .alreadyExists, .failedPrecondition, .missingIndex(consoleLink: nil),
      .unauthenticated, .resourceExhausted(retryAfterSeconds: 3), .aborted, .invalidArgument,
      .photoTooLarge(bytes: 9), .photoNotAnImage, .notSignedIn, .signInAgain, .secretStoreFailed,
      .service(.network(TransportFailure(.offline))),
    ]
    let texts = all.map(FirebaseErrorText.english)
    XCTAssertEqual(Set(texts).count, texts.count, "every failure has its own message")
  }

  func testDeletionNeverDeletesAnotherAccountChosenAtTheFreshSignIn() async throws {
    let ada = try await account("g-ada", name: "Ada")
    await fake.ageSignIns()
    let fake = self.fake!
    do {
      _ = try await ada.repository.deleteAccount { () throws(SocialError) in
        let other = await fake.googleIDToken(sub: "g-zed", email: "zed@example.com", name: "Zed")
        do throws(FirebaseError) {
          try await ada.repository.session.signIn(googleIDToken: other)
        } catch {
          throw .firebase(error)
        }
      }
      XCTFail("another account must not be deleted")
    } catch {
      XCTAssertEqual(error, .differentAccount)
    }
    let users = await fake.authUsers()
    XCTAssertEqual(Set(users.values), ["g-ada", "g-zed"], "both accounts remain")
  }

  func testAnOldSessionSignsInAgainBeforeDeletingAnythingAndACancelledSignInDeletesNothing() async throws {
    let ada = try await account("g-ada", name: "Ada")
    try await ada.repository.claimUsername("ada")
    await fake.ageSignIns()
    await fake.expireIDTokens()  // the next ID token comes from a refresh and carries the old auth_time
    let before = await fake.documents()
    do {
      _ = try await ada.repository.deleteAccount { () throws(SocialError) in throw .firebase(.accessDenied) }
      XCTFail("cancelled")
    } catch {
      XCTAssertEqual(error, .firebase(.accessDenied))
    }
    let after = await fake.documents()
    XCTAssertEqual(after.keys.sorted(), before.keys.sorted(), "nothing deleted")
    let users = await fake.authUsers()
    XCTAssertNotNil(users[ada.uid])
  }

  func testCredentialTooOldAtTheLastStepSignsInAgainAndDeletesTheAccount() async throws {
    let ada = try await account("g-ada", name: "Ada")
    await fake.refuseNextDeletionAsTooOld()
    let (report, reauthenticated) = try await deleteSigningInAgain(ada, sub: "g-ada", name: "Ada")
    XCTAssertTrue(reauthenticated)
    XCTAssertTrue(report.account)
    let users = await fake.authUsers()
    XCTAssertNil(users[ada.uid])
  }

  /// Deletes `account`'s account, signing in again with Google as `sub` when Firebase asks for a fresh sign-in;
  /// the report and whether it asked.
  func deleteSigningInAgain(_ account: Account, sub: String, name: String) async throws -> (
    AccountDeletionReport, reauthenticated: Bool
  ) {
    let fake = self.fake!
    let reauthenticated = Flag()
    let report = try await account.repository.deleteAccount { () throws(SocialError) in
      reauthenticated.set()
      let token = await fake.googleIDToken(sub: sub, email: "\(sub)@example.com", name: name)
      do throws(FirebaseError) {
        try await account.repository.session.signIn(googleIDToken: token)
      } catch {
        throw .firebase(error)
      }
    }
    return (report, reauthenticated.value)
  }

  static func result<T>(_ body: () async throws(SocialError) -> T) async -> Result<T, SocialError> {
    do {
      return .success(try await body())
    } catch {
      return .failure(error)
    }
  }
}

final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var flag = false
  var value: Bool { lock.withLock { flag } }
  func set() { lock.withLock { flag = true } }
}
