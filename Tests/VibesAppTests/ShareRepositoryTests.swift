import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesTestSupport
import XCTest

/// Shares, sends, replies and the inbox against the loopback Firebase fake, which enforces the rules of
/// firestore.rules and "deploys" the repository's firestore.indexes.json (a query without its index is refused).
final class ShareRepositoryTests: XCTestCase {
  var fake: FakeFirebaseServer!

  override func setUp() async throws {
    fake = try await FakeFirebaseServer.withProjectIndexes()
  }

  override func tearDown() async throws {
    await fake?.stop()
  }

  typealias Person = SocialTestPerson

  func person(_ sub: String, name: String) async throws -> Person {
    try await SocialTestPerson.signIn(sub, name: name, on: fake)
  }

  static let song = SharedTrack(
    trackId: "4uLU6hMCjMI75M1A2tKUQC", trackName: "Never Gonna Give You Up", artistName: "Rick Astley",
    albumName: "Whenever You Need Somebody", trackUri: "spotify:track:4uLU6hMCjMI75M1A2tKUQC")
  static let other = SharedTrack(
    trackId: "7GhIk7Il098yCjg4BQjzvb", trackName: "Take On Me", artistName: "a-ha", albumName: "Hunting High and Low",
    trackUri: "spotify:track:7GhIk7Il098yCjg4BQjzvb")

  func raw(_ person: Person, _ query: FirestoreQuery) async -> Result<[FirestoreDocument], FirebaseError> {
    do throws(FirebaseError) {
      let token = try await person.session.validIDToken()
      return .success(try await person.firestore.runQuery(query, idToken: token))
    } catch {
      return .failure(error)
    }
  }

  func rawCommit(_ person: Person, _ writes: [FirestoreWrite]) async -> FirebaseError? {
    do throws(FirebaseError) {
      let token = try await person.session.validIDToken()
      try await person.firestore.commit(writes, idToken: token)
      return nil
    } catch {
      return error
    }
  }

  func sharePaths() async -> [String] {
    await fake.documents().keys.filter { $0.hasPrefix("shares/") }.sorted()
  }

  func testShareToAllReachesAFollowersFeedQueryWithAnExplicitNullRecipient() async throws {
    let ada = try await person("g-ada", name: "Ada")
    let bob = try await person("g-bob", name: "Bob")
    try await bob.social.follow(ada.uid)
    let outcome = try await ada.shares.shareToAll(
      Self.song, message: "  listen\u{1B}]0;pwned\u{07} to this ", from: ada.profile)
    XCTAssertEqual(outcome, .sent)
    let paths = await sharePaths()
    XCTAssertEqual(paths.count, 1)
    let documents = await fake.documents()
    let stored = try XCTUnwrap(documents[paths[0]])
    XCTAssertEqual(stored["recipientId"], .null, "an explicit null, or the followers' query cannot find it")
    XCTAssertNil(stored["threadId"])
    XCTAssertEqual(stored["senderUsername"], .string("ada"))
    XCTAssertNotNil(stored["createdAt"]?.timestampValue)

    let feed = try await bob.shares.followersFeed()
    XCTAssertEqual(feed.count, 1)
    let share = try XCTUnwrap(feed.first)
    XCTAssertEqual(share.senderId, ada.uid)
    XCTAssertNil(share.recipientId)
    XCTAssertEqual(share.track, Self.song)
    XCTAssertEqual(share.senderUsername, "ada")
    XCTAssertFalse(share.message?.contains("\u{1B}") ?? true, "other people's text is sanitised")
    XCTAssertTrue(share.message?.hasPrefix("listen") ?? false, share.message ?? "nil")
    let adasOwn = try await ada.shares.followersFeed()
    XCTAssertEqual(adasOwn, [], "ada follows nobody")
  }

  func testHostileSharesAreSanitisedAndCappedAndAShareWithoutASpotifySongKeepsItsNames() async throws {
    let bob = try await person("g-bob", name: "Bob")
    let evil = "evil"
    await fake.put(
      "friendships/\(bob.uid)_\(evil)",
      ["followerId": .string(bob.uid), "followingId": .string(evil), "status": .string("accepted")])
    await fake.put(
      "shares/hostile",
      [
        "senderId": .string(evil), "senderUsername": .string("x\u{1B}]52;c;AAAA\u{07}y"),
        "senderDisplayName": .string("\u{202E}Mallory" + String(repeating: "M", count: 5_000)),
        "recipientId": .null, "trackId": .string("gone-from-spotify"),
        "trackName": .string("Title\u{9B}31m" + String(repeating: "T", count: 5_000)),
        "artistName": .string("Artist"), "albumName": .string("Album"), "trackUri": .string("spotify:track:gone"),
        "message": .string(String(repeating: "m", count: 10_000)),
        "createdAt": .timestamp(FirestoreTimestamp(seconds: 1_800_000_000, microseconds: 0)),
      ])
    let feed = try await bob.shares.followersFeed()
    let share = try XCTUnwrap(feed.first)
    let texts = [share.senderUsername, share.senderDisplayName, share.track.trackName, share.message ?? ""]
    for text in texts {
      XCTAssertFalse(
        text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B || $0.value == 0x202E },
        text.prefix(40).debugDescription)
    }
    XCTAssertLessThanOrEqual(share.senderDisplayName.count, SocialTextLimits.displayName)
    XCTAssertLessThanOrEqual(share.track.trackName.count, ShareRepository.trackTextLimit)
    XCTAssertEqual(share.message?.count, SocialTextLimits.message)
    XCTAssertEqual(share.track.artistName, "Artist", "the stored names stand in for a song Spotify no longer has")
  }

  func testMessagesAreCountedAsTheUserSeesThemAndTheRulesRefuseLongerOnes() async throws {
    let ada = try await person("g-ada", name: "Ada")
    // 280 flags: 560 Unicode scalars, 280 characters as the user sees them.
    let flags = String(repeating: "🇩🇪", count: 280)
    let ok = try await ada.shares.shareToAll(Self.song, message: flags, from: ada.profile)
    XCTAssertEqual(ok, .sent)
    let before = await fake.recordedRequests().count
    do {
      try await ada.shares.shareToAll(Self.song, message: String(repeating: "é", count: 281), from: ada.profile)
      XCTFail("281 characters")
    } catch {
      XCTAssertEqual(error, .messageTooLong(281))
    }
    let after = await fake.recordedRequests().count
    XCTAssertEqual(after, before, "refused before anything is sent")
    // The rules refuse it too, for a client that does not check.
    let draft = ShareDraft(
      id: "rawLongMessage000001", senderId: ada.uid, senderUsername: "ada", senderDisplayName: "Ada",
      recipientId: nil, track: Self.song, message: String(repeating: "x", count: 281))
    let refused = await rawCommit(ada, ShareRepository.writes(for: draft))
    XCTAssertEqual(refused, .permissionDenied)
    let count = await sharePaths().count
    XCTAssertEqual(count, 1)
  }

  func testSendToOneReachesOnlyTheRecipientAndCreatesTheThread() async throws {
    let ada = try await person("g-ada", name: "Ada")
    let bob = try await person("g-bob", name: "Bob")
    let carol = try await person("g-carol", name: "Carol")
    try await carol.social.follow(ada.uid)
    try await ada.shares.send(Self.song, to: bob.uid, message: "for you", from: ada.profile)

    let received = try await bob.shares.sentToMe()
    XCTAssertEqual(received.map(\.track), [Self.song])
    XCTAssertEqual(received.first?.recipientId, bob.uid)
    XCTAssertEqual(received.first?.message, "for you")
    let threadID = ThreadID.between(ada.uid, bob.uid)
    XCTAssertEqual(received.first?.threadId, threadID)

    let carolReceived = try await carol.shares.sentToMe()
    XCTAssertEqual(carolReceived, [])
    let carolFeed = try await carol.shares.followersFeed()
    XCTAssertEqual(carolFeed, [], "a direct share is not in the followers' feed")
    // Another user's query for bob's songs is refused by the rules (rules are not filters).
    let snoop = await raw(
      carol, FirestoreQuery(collection: "shares", filters: [.init("recipientId", .equal, .string(bob.uid))]))
    XCTAssertEqual(snoop.failure, .permissionDenied)
    let unpinned = await raw(carol, FirestoreQuery(collection: "shares"))
    XCTAssertEqual(unpinned.failure, .permissionDenied)

    let documents = await fake.documents()
    let thread = try XCTUnwrap(documents["threads/\(threadID)"])
    XCTAssertEqual(thread["participants"], .array(ThreadID.participants(ada.uid, bob.uid).map(FirestoreValue.string)))
    XCTAssertNotNil(thread["lastMessageAt"]?.timestampValue)
    let messagePaths = documents.keys.filter { $0.hasPrefix("threads/\(threadID)/messages/") }
    XCTAssertEqual(messagePaths.count, 1)
    let shareID = received.first?.id ?? ""
    XCTAssertEqual(documents["threads/\(threadID)/messages/\(shareID)"]?["shareId"], .string(shareID))

    let inbox = try await bob.shares.inbox()
    XCTAssertEqual(inbox.map(\.id), [threadID])
    let messages = try await bob.shares.messages(in: threadID)
    XCTAssertEqual(messages.map(\.share?.track), [Self.song])
    XCTAssertEqual(messages.first?.senderId, ada.uid)
    let carolInbox = try await carol.shares.inbox()
    XCTAssertEqual(carolInbox, [])
    let carolMessages = await raw(
      carol, FirestoreQuery(collection: "messages", orderBy: [.init("createdAt")], parent: "threads/\(threadID)"))
    XCTAssertEqual(carolMessages.failure, .permissionDenied, "a thread's messages are its participants' only")
  }

  func testReplyLandsInTheSameThreadAndTheInboxIsNewestFirst() async throws {
    let ada = try await person("g-ada", name: "Ada")
    let bob = try await person("g-bob", name: "Bob")
    let carol = try await person("g-carol", name: "Carol")
    try await ada.shares.send(Self.song, to: bob.uid, message: nil, from: ada.profile)
    try await carol.shares.send(Self.song, to: bob.uid, message: "from carol", from: carol.profile)
    let received = try await bob.shares.sentToMe()
    let fromAda = try XCTUnwrap(received.first { $0.senderId == ada.uid })
    try await bob.shares.reply(to: fromAda, with: Self.other, message: "try this", from: bob.profile)

    let threadID = ThreadID.between(ada.uid, bob.uid)
    let inbox = try await bob.shares.inbox()
    XCTAssertEqual(inbox.map(\.id), [threadID, ThreadID.between(bob.uid, carol.uid)], "the replied thread is newest")
    let messages = try await ada.shares.messages(in: threadID)
    XCTAssertEqual(messages.map(\.senderId), [ada.uid, bob.uid])
    XCTAssertEqual(messages.map(\.share?.track), [Self.song, Self.other])
    XCTAssertEqual(messages.last?.share?.message, "try this")
    let adaReceived = try await ada.shares.sentToMe()
    XCTAssertEqual(adaReceived.map(\.threadId), [threadID])
    let threads = await fake.documents().keys.filter { $0.hasPrefix("threads/") && !$0.contains("/messages/") }
    XCTAssertEqual(threads.count, 2)
    // A thread id that is not the two users' own is refused by the rules.
    let forged = ShareDraft(
      id: "forgedThread00000001", senderId: carol.uid, senderUsername: "carol", senderDisplayName: "Carol",
      recipientId: bob.uid, track: Self.song, message: nil)
    var writes = ShareRepository.writes(for: forged)
    writes[0] = .update(
      path: "shares/forgedThread00000001",
      fields: [
        "senderId": .string(carol.uid), "recipientId": .string(bob.uid), "threadId": .string(threadID),
      ], mask: nil, precondition: .exists(false), transforms: [])
    let refused = await rawCommit(carol, Array(writes.prefix(1)))
    XCTAssertEqual(refused, .permissionDenied)
  }

  func testFollowingMoreThan30PeopleMergesTheBatchesIntoOneExactPage() async throws {
    let bob = try await person("g-bob", name: "Bob")
    var expected: [(id: String, seconds: Int64)] = []
    var followed: [String] = []
    for index in 0..<65 {
      let sender = String(format: "sender%02d", index)
      followed.append(sender)
      await fake.put(
        "friendships/\(bob.uid)_\(sender)",
        [
          "followerId": .string(bob.uid), "followingId": .string(sender), "status": .string("accepted"),
          "createdAt": .timestamp(FirestoreTimestamp(seconds: 1_700_000_000, microseconds: 0)),
        ])
      for copy in 0..<2 {
        // Interleaved times so every batch holds some of the newest.
        let seconds = Int64(1_700_000_000 + ((index * 7 + copy * 131) % 400) * 60)
        let id = String(format: "share%02d%d", index, copy)
        expected.append((id, seconds))
        await fake.put(
          "shares/\(id)",
          [
            "senderId": .string(sender), "senderUsername": .string("s\(index)"), "senderDisplayName": .string("S"),
            "recipientId": .null, "trackId": .string("t"), "trackName": .string("Song \(index)"),
            "artistName": .string("A"), "albumName": .string("B"), "trackUri": .string("spotify:track:t"),
            "createdAt": .timestamp(FirestoreTimestamp(seconds: seconds, microseconds: 0)),
          ])
      }
    }
    // A direct share to someone else among them must not break the query (it is not matched).
    expected.sort { $0.seconds != $1.seconds ? $0.seconds > $1.seconds : $0.id < $1.id }
    let queriesBefore = await fake.queryStats().count
    let page = try await bob.shares.followersFeed(limit: 25)
    let queriesAfter = await fake.queryStats().count
    XCTAssertEqual(page.map(\.id), expected.prefix(25).map(\.id))
    // followingIDs (1) + two block queries are not runQuery-free; the feed itself takes ceil(65/30) = 3 queries.
    XCTAssertEqual(queriesAfter - queriesBefore, 2 + 1 + 3)
    let requests = await fake.recordedRequests()
    let inSizes = requests.compactMap { entry -> Int? in
      guard entry.request.path.hasSuffix(":runQuery"), entry.body.contains("\"IN\"") else { return nil }
      return entry.body.components(separatedBy: "stringValue").count - 1
    }
    XCTAssertTrue(inSizes.allSatisfy { $0 <= 30 }, "\(inSizes)")

    let cursor = try XCTUnwrap(page.last?.createdAt)
    let next = try await bob.shares.followersFeed(following: followed, before: cursor, limit: 25)
    let olderThanCursor = expected.filter { Double($0.seconds) < cursor.timeIntervalSince1970 }
    XCTAssertEqual(next.map(\.id), olderThanCursor.prefix(25).map(\.id))

    // A poll asks only for what is newer than the newest it has: nothing new, nothing returned.
    let newest = try XCTUnwrap(page.first?.createdAt)
    let quiet = try await bob.shares.followersFeed(following: followed, after: newest, limit: 25)
    XCTAssertEqual(quiet, [])
    let newer = try await bob.shares.followersFeed(
      following: followed, after: try XCTUnwrap(page[2].createdAt), limit: 25)
    let expectedNewer = expected.filter { Double($0.seconds) > page[2].createdAt!.timeIntervalSince1970 }
    XCTAssertEqual(newer.map(\.id), expectedNewer.map(\.id))
  }

  func testARetryAfterALostAnswerIsAlreadySentNeverADuplicate() async throws {
    let ada = try await person("g-ada", name: "Ada")
    let bob = try await person("g-bob", name: "Bob")
    let draft = ShareRepository.draft(from: ada.profile, to: bob.uid, track: Self.song, message: "once")
    await fake.loseCommitAnswers(1)
    do {
      try await ada.shares.send(draft)
      XCTFail("the answer was lost")
    } catch {
      XCTAssertNotEqual(error, .messageTooLong(0))
    }
    let retried = try await ada.shares.send(draft)
    XCTAssertEqual(retried, .alreadySent)
    let documents = await fake.documents()
    XCTAssertEqual(documents.keys.filter { $0.hasPrefix("shares/") }, ["shares/\(draft.id)"])
    XCTAssertEqual(documents.keys.filter { $0.contains("/messages/") }.count, 1)

    let toAll = ShareRepository.draft(from: ada.profile, to: nil, track: Self.other, message: nil)
    await fake.loseCommitAnswers(1)
    _ = try? await ada.shares.send(toAll)
    let again = try await ada.shares.send(toAll)
    XCTAssertEqual(again, .alreadySent)
    let count = await sharePaths().count
    XCTAssertEqual(count, 2)
  }

  func testBlockedUsersAreNeverReturnedAndCannotBeSentTo() async throws {
    let ada = try await person("g-ada", name: "Ada")
    let bob = try await person("g-bob", name: "Bob")
    let carol = try await person("g-carol", name: "Carol")
    try await bob.social.follow(ada.uid)
    try await bob.social.follow(carol.uid)
    try await ada.social.follow(bob.uid)
    try await ada.shares.shareToAll(Self.song, message: nil, from: ada.profile)
    try await carol.shares.shareToAll(Self.other, message: nil, from: carol.profile)
    try await ada.shares.send(Self.song, to: bob.uid, message: nil, from: ada.profile)
    let followersBefore = try await bob.shares.newFollowers()
    XCTAssertEqual(followersBefore.map(\.followerId), [ada.uid])

    try await bob.social.block(ada.uid)
    let feed = try await bob.shares.followersFeed(following: [ada.uid, carol.uid])
    XCTAssertEqual(feed.map(\.senderId), [carol.uid])
    let received = try await bob.shares.sentToMe()
    XCTAssertEqual(received, [])
    let inbox = try await bob.shares.inbox()
    XCTAssertEqual(inbox, [])
    let followers = try await bob.shares.newFollowers()
    XCTAssertEqual(followers, [])
    // And the other way round: ada, who is blocked, sees nothing of bob and cannot send to him.
    let adaInbox = try await ada.shares.inbox()
    XCTAssertEqual(adaInbox, [])
    do {
      try await ada.shares.send(Self.other, to: bob.uid, message: nil, from: ada.profile)
      XCTFail("blocked")
    } catch {
      XCTAssertEqual(error, .blocked)
    }
    let draft = ShareRepository.draft(from: ada.profile, to: bob.uid, track: Self.other, message: nil)
    let refused = await rawCommit(ada, ShareRepository.writes(for: draft))
    XCTAssertEqual(refused, .permissionDenied, "the rules refuse a send past a block too")
  }
}

extension Result {
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
