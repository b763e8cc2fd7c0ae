import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// The song menu's runner against the loopback Firebase fake (rules and indexes enforced) and a real SQLite file:
/// share to all reaches a follower's query, send to one reaches only the recipient (a third user's query is refused
/// by the rules), a reply lands in the same thread, an offline share is sent exactly once after a restart, a
/// refusal leaves nothing queued, the streak counts once a day and first_share is announced once.
final class SongMenuRunnerTests: XCTestCase {
  var sandbox: SocialSandbox!
  var fake: FakeFirebaseServer { sandbox.fake }
  var folder: URL { sandbox.folder }

  override func setUp() async throws { sandbox = try await SocialSandbox.make(name: "songmenu") }

  override func tearDown() async throws { await sandbox?.remove() }

  typealias Person = SocialTestPerson

  func person(_ sub: String, name: String) async throws -> Person { try await sandbox.person(sub, name: name) }

  func databasePath(_ person: Person) -> String { sandbox.databasePath("\(person.uid).sqlite") }

  /// A service as the app builds it, on `person`'s session and a database file of their own.
  func service(_ person: Person) throws -> SongMenuService {
    SongMenuService(
      shares: person.shares, database: try AppDatabase(path: databasePath(person)),
      timeZone: TimeZone(identifier: "Europe/Berlin")!)
  }

  /// `person`'s service with Firestore on a port nothing listens on (offline), on the same database file.
  func unreachable(_ person: Person) throws -> SongMenuService {
    SongMenuService(shares: person.offline(on: fake), database: try AppDatabase(path: databasePath(person)))
  }

  static let song = SharedTrack(
    trackId: "4uLU6hMCjMI75M1A2tKUQC", trackName: "Take On Me", artistName: "a-ha", albumName: "Hunting High and Low",
    trackUri: "spotify:track:4uLU6hMCjMI75M1A2tKUQC")

  func request(to recipient: String?, _ message: String?) -> SongShareRequest {
    SongShareRequest(track: Self.song, recipientID: recipient, message: message, draftID: nil)
  }

  func shares() async -> [String: [String: FirestoreValue]] {
    await fake.documents().filter { $0.key.hasPrefix("shares/") }
  }

  func testShareToAllReachesAFollowersQueryAndCountsTheStreakAndFirstShareOnce() async throws {
    let ada = try await person("g-ada", name: "Ada")
    let bob = try await person("g-bob", name: "Bob")
    try await bob.social.follow(ada.uid)
    let menu = try service(ada)
    let outcome = await menu.share(request(to: nil, "  so good  "), id: "ShareToAll0000000001")
    XCTAssertEqual(outcome, .sent(streak: 1, badges: [.firstShare]))
    let feed = try await bob.shares.followersFeed(following: [ada.uid])
    XCTAssertEqual(feed.map(\.id), ["ShareToAll0000000001"])
    XCTAssertEqual(feed.first?.message, "so good")
    XCTAssertEqual(feed.first?.senderUsername, "ada")
    XCTAssertNil(feed.first?.recipientId)

    let second = await menu.share(request(to: nil, nil), id: "ShareToAll0000000002")
    XCTAssertEqual(second, .sent(streak: 1, badges: []), "one day counts once; the badge is announced once")
    let stored = await fake.documents()["users/\(ada.uid)"]
    XCTAssertEqual(stored?["streak"], .integer(1))
    XCTAssertEqual(stored?["achievements"], .array([.string("first_share")]))
  }

  func testSendToOneReachesOnlyTheRecipientInTheirThread() async throws {
    let ada = try await person("g-ada", name: "Ada")
    let bob = try await person("g-bob", name: "Bob")
    let cyd = try await person("g-cyd", name: "Cyd")
    try await ada.social.follow(bob.uid)
    let outcome = try await service(ada).share(request(to: bob.uid, "for you"), id: "SendToOne00000000001")
    guard case .sent = outcome else { return XCTFail("sent: \(outcome)") }
    let received = try await bob.shares.sentToMe()
    XCTAssertEqual(received.map(\.id), ["SendToOne00000000001"])
    XCTAssertEqual(received.first?.threadId, ThreadID.between(ada.uid, bob.uid))
    let inbox = try await bob.shares.inbox()
    XCTAssertEqual(inbox.map(\.id), [ThreadID.between(ada.uid, bob.uid)])
    // Cyd asks for Bob's songs: the rules refuse the query.
    let query = FirestoreQuery(collection: "shares", filters: [.init("recipientId", .equal, .string(bob.uid))])
    do throws(FirebaseError) {
      let token = try await cyd.session.validIDToken()
      _ = try await cyd.firestore.runQuery(query, idToken: token)
      XCTFail("a third user read someone else's songs")
    } catch {
      XCTAssertEqual(error, .permissionDenied)
    }
    // Followed people for the picker: Bob, named by @username, talks counted from the Inbox's cache.
    guard case .success(let people) = try await service(ada).loadPeople() else { return XCTFail("people") }
    XCTAssertEqual(people.map(\.name), ["@bob"])
  }

  func testAReplyLandsInTheSameThread() async throws {
    let ada = try await person("g-ada", name: "Ada")
    let bob = try await person("g-bob", name: "Bob")
    try await ada.shares.send(Self.song, to: bob.uid, message: "listen", from: ada.profile)
    let outcome = try await service(bob).share(request(to: ada.uid, "back at you"), id: "ReplyWithSong0000001")
    guard case .sent = outcome else { return XCTFail("sent: \(outcome)") }
    let thread = ThreadID.between(ada.uid, bob.uid)
    let messages = try await ada.shares.messages(in: thread)
    XCTAssertEqual(messages.count, 2)
    XCTAssertEqual(messages.last?.shareId, "ReplyWithSong0000001")
    XCTAssertEqual(messages.last?.share?.message, "back at you")
    let inbox = try await ada.shares.inbox()
    XCTAssertEqual(inbox.map(\.id), [thread], "one conversation")
  }

  func testAnOfflineShareIsQueuedAndSentExactlyOnceAfterARestart() async throws {
    let ada = try await person("g-ada", name: "Ada")
    let first = try await service(ada).share(request(to: nil, "online"), id: "OnlineShare000000001")
    guard case .sent = first else { return XCTFail("sent: \(first)") }
    // Firestore cannot be reached (a refused port): the share waits, with your names kept from before.
    let offline = try await unreachable(ada).share(request(to: nil, "offline"), id: "OfflineShare00000001")
    XCTAssertEqual(offline, .queued)
    let waiting = try AppDatabase(path: databasePath(ada)).queuedSocialWrites()
    XCTAssertEqual(waiting.map(\.id), ["OfflineShare00000001"])
    let stillOffline = try await unreachable(ada).flush()
    XCTAssertEqual(stillOffline.waiting, 1, "still waiting while offline")
    // "Restart": a new database connection and service on the same file.
    let flushed = try await service(ada).flush()
    XCTAssertEqual(flushed.sent, 1)
    XCTAssertEqual(flushed.waiting, 0)
    let again = try await service(ada).flush()
    XCTAssertEqual(again.sent, 0, "sent once, never twice")
    let stored = await shares().filter { $0.value["message"] == .string("offline") }
    XCTAssertEqual(stored.keys.sorted(), ["shares/OfflineShare00000001"])
  }

  func testARefusalByTheRulesLeavesNothingQueuedAndSaysWhy() async throws {
    let ada = try await person("g-ada", name: "Ada")
    let bob = try await person("g-bob", name: "Bob")
    try await bob.social.block(ada.uid)
    let outcome = try await service(ada).share(request(to: bob.uid, "hi"), id: "Refused0000000000001")
    XCTAssertEqual(outcome, .failed(.refused))
    XCTAssertEqual(try AppDatabase(path: databasePath(ada)).queuedSocialWrites().count, 0)
    let written = await shares()
    XCTAssertTrue(written.isEmpty)
    let tooLong = try await service(ada).share(
      request(to: nil, String(repeating: "👨‍👩‍👧", count: 281)), id: "TooLong0000000000001")
    XCTAssertEqual(tooLong, .failed(.tooLong(281)))
  }

  func testSignedOutOrNotConfiguredSaysSo() async throws {
    let none = SongMenuService(shares: nil, database: try AppDatabase(path: folder.appendingPathComponent("x").path))
    let outcome = await none.share(request(to: nil, nil), id: "NotConfigured0000001")
    XCTAssertEqual(outcome, .failed(.notConfigured))
    guard case .failure(.notConfigured) = await none.loadPeople() else { return XCTFail() }
  }
}
