import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// The Inbox area's runner against the loopback Firebase fake (rules and indexes enforced) and a real SQLite file:
/// conversations newest first, a thread's messages in order, a text reply that arrives once although its answer was
/// lost, blocked senders hidden, and the offline copy across a reopen.
final class InboxServiceTests: XCTestCase {
  var sandbox: SocialSandbox!
  var fake: FakeFirebaseServer { sandbox.fake }
  var folder: URL { sandbox.folder }

  override func setUp() async throws { sandbox = try await SocialSandbox.make(name: "inbox") }

  override func tearDown() async throws { await sandbox?.remove() }

  typealias Person = SocialTestPerson

  func person(_ sub: String, name: String) async throws -> Person { try await sandbox.person(sub, name: name) }

  var databasePath: String { sandbox.databasePath() }

  func service(_ person: Person) throws -> InboxService {
    InboxService(shares: person.shares, database: try AppDatabase(path: databasePath))
  }

  static func song(_ name: String) -> SharedTrack {
    SharedTrack(
      trackId: "id\(name.count)", trackName: name, artistName: "Artist of \(name)", albumName: "Album",
      trackUri: "spotify:track:id\(name.count)")
  }

  /// Runs one effect and returns the action it sent back.
  func answer(_ service: InboxService, _ effect: InboxEffect) async -> InboxAction? {
    let box = Box()
    await service.run(effect) { box.set($0) }
    guard case .feature(let message)? = box.get() else { return nil }
    return message.value(as: InboxAction.self)
  }

  final class Box: @unchecked Sendable {
    private let lock = NSLock()
    private var value: AppAction?
    func set(_ action: AppAction) { lock.withLock { value = action } }
    func get() -> AppAction? { lock.withLock { value } }
  }

  func testTheInboxListsConversationsNewestFirstByUsernameUnreadUntilOpened() async throws {
    let ada = try await person("g-ada", name: "Ada")
    let bob = try await person("g-bob", name: "Bob")
    let cyd = try await person("g-cyd", name: "Cyd")
    try await ada.shares.send(Self.song("Take On Me"), to: bob.uid, message: "for you", from: ada.profile)
    try await Task.sleep(nanoseconds: 20_000_000)
    try await cyd.shares.send(Self.song("Blue Monday"), to: bob.uid, message: nil, from: cyd.profile)
    let inbox = try service(bob)
    let load = await inbox.loadInbox()
    XCTAssertNil(load.failure)
    let threads = try XCTUnwrap(load.snapshot?.items)
    XCTAssertEqual(threads.map(\.otherName), ["@cyd", "@ada"], "newest first, named by @username")
    XCTAssertEqual(threads.map(\.isUnread), [true, true])
    XCTAssertEqual(load.snapshot?.isStale, false)
    _ = await inbox.loadThread(threads[1])
    let again = await inbox.loadInbox()
    XCTAssertEqual(again.snapshot?.items.map(\.isUnread), [true, false], "opened once: read")
  }

  func testAThreadShowsItsSongsAndMessagesInOrderWithWhoSentThem() async throws {
    let ada = try await person("g-ada", name: "Ada")
    let bob = try await person("g-bob", name: "Bob")
    try await ada.shares.send(
      Self.song("Take On Me"), to: bob.uid, message: "listen\u{1B}[2J to this", from: ada.profile)
    let inbox = try service(bob)
    let listed = await inbox.loadInbox()
    let thread = try XCTUnwrap(listed.snapshot?.items.first)
    guard
      case .replyFinished(_, _, _, _, .success(let snapshot))? = await answer(
        inbox, .sendReply(requestID: 1, thread, text: "love it", id: nil))
    else { return XCTFail("the reply was not sent") }
    let messages = snapshot.items
    XCTAssertEqual(messages.count, 2)
    XCTAssertEqual(messages[0].senderName, "@ada")
    XCTAssertEqual(messages[0].song?.trackName, "Take On Me")
    XCTAssertEqual(messages[0].text, "listen to this", "other people's text is sanitised")
    XCTAssertFalse(messages[0].isMine)
    XCTAssertEqual(messages[1].text, "love it")
    XCTAssertTrue(messages[1].isMine)
    XCTAssertNil(messages[1].song)
    // Ada sees the same thread in the same order.
    let adaInbox = InboxService(shares: ada.shares, database: try AppDatabase(path: databasePath + "-ada"))
    let adaListed = await adaInbox.loadInbox()
    let adaThread = try XCTUnwrap(adaListed.snapshot?.items.first)
    XCTAssertEqual(adaThread.otherName, "@bob")
    let seen = await adaInbox.loadThread(adaThread).snapshot?.items
    XCTAssertEqual(seen?.map(\.text), ["listen to this", "love it"])
    XCTAssertEqual(seen?.map(\.senderName), ["", "@bob"])
  }

  func testAReplyWhoseAnswerWasLostArrivesOnceWhenSentAgain() async throws {
    let ada = try await person("g-ada", name: "Ada")
    let bob = try await person("g-bob", name: "Bob")
    try await ada.shares.send(Self.song("Take On Me"), to: bob.uid, message: nil, from: ada.profile)
    let inbox = try service(bob)
    let listed = await inbox.loadInbox()
    let thread = try XCTUnwrap(listed.snapshot?.items.first)
    await fake.loseCommitAnswers(1)
    guard
      case .replyFinished(_, _, let id, _, .failure(let failure))? = await answer(
        inbox, .sendReply(requestID: 1, thread, text: "thanks!", id: nil))
    else { return XCTFail("the lost answer should look like a failure") }
    XCTAssertEqual(failure, .offline)
    // The core sends the same text again with the same id (InboxReducerTests): it is not a second message.
    guard
      case .replyFinished(_, _, let sameID, _, .success(let snapshot))? = await answer(
        inbox, .sendReply(requestID: 2, thread, text: "thanks!", id: id))
    else { return XCTFail("the retry should succeed") }
    XCTAssertEqual(sameID, id)
    XCTAssertEqual(snapshot.items.filter { $0.text == "thanks!" }.count, 1)
    let stored = await fake.documents().keys.filter { $0.hasPrefix("threads/\(thread.id)/messages/") }
    XCTAssertEqual(stored.count, 2, "the song and one reply")
  }

  func testABlockedSenderNeverShows() async throws {
    let ada = try await person("g-ada", name: "Ada")
    let bob = try await person("g-bob", name: "Bob")
    let cyd = try await person("g-cyd", name: "Cyd")
    try await ada.shares.send(Self.song("Take On Me"), to: bob.uid, message: nil, from: ada.profile)
    try await cyd.shares.send(Self.song("Blue Monday"), to: bob.uid, message: nil, from: cyd.profile)
    try await bob.shares.social.block(ada.uid)
    let load = await (try service(bob)).loadInbox()
    XCTAssertEqual(load.snapshot?.items.map(\.otherName), ["@cyd"])
  }

  func testOfflineTheInboxAndAThreadOpenFromTheCacheAcrossAReopenWithTheirAge() async throws {
    let ada = try await person("g-ada", name: "Ada")
    let bob = try await person("g-bob", name: "Bob")
    try await ada.shares.send(Self.song("Take On Me"), to: bob.uid, message: "for you", from: ada.profile)
    let fetchedAt = Date(timeIntervalSince1970: 1_900_000_000)
    do {
      let first = InboxService(shares: bob.shares, database: try AppDatabase(path: databasePath), now: { fetchedAt })
      let listed = await first.loadInbox()
      let thread = try XCTUnwrap(listed.snapshot?.items.first)
      let opened = await first.loadThread(thread)
      XCTAssertEqual(opened.snapshot?.items.count, 1)
    }
    await fake.stop()
    let reopened = InboxService(shares: bob.shares, database: try AppDatabase(path: databasePath))
    let load = await reopened.loadInbox()
    XCTAssertEqual(load.failure, .offline, "says what failed")
    let cached = try XCTUnwrap(load.snapshot)
    XCTAssertTrue(cached.isStale)
    XCTAssertEqual(cached.fetchedAt, fetchedAt, "with its age")
    XCTAssertEqual(cached.items.map(\.otherName), ["@ada"])
    XCTAssertEqual(cached.items.map(\.isUnread), [false], "it was opened before")
    let thread = await reopened.loadThread(cached.items[0])
    XCTAssertEqual(thread.failure, .offline)
    XCTAssertEqual(thread.snapshot?.items.map(\.text), ["for you"])
    XCTAssertEqual(thread.snapshot?.isStale, true)
  }

  func testNotSignedInAndNotConfiguredSayWhy() async throws {
    let signedOut = InboxService(
      shares: ShareRepository(social: fake.repository()), database: try AppDatabase(path: databasePath))
    let signedOutLoad = await signedOut.loadInbox()
    XCTAssertEqual(signedOutLoad, InboxLoad(snapshot: nil, failure: .notSignedIn))
    let unconfigured = InboxService(shares: nil, database: try AppDatabase(path: databasePath))
    let unconfiguredLoad = await unconfigured.loadInbox()
    XCTAssertEqual(unconfiguredLoad, InboxLoad(snapshot: nil, failure: .notConfigured))
  }
}
