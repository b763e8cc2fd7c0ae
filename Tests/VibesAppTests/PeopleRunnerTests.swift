import Foundation
import Logging
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// The People area's runner against the loopback Firebase fake (rules enforced, the repository's indexes deployed)
/// with a real SQLite file in a temp home and the session in the secret store, as the app keeps it: find, follow,
/// unfollow, block (the blocked user shows nowhere), and the cached lists across a reopen without a network.
final class PeopleRunnerTests: XCTestCase {
  var fake: FakeFirebaseServer!
  var home: URL!
  var secrets: MemorySecretStore!
  var database: AppDatabase!

  static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let now = Date(timeIntervalSince1970: 1_900_000_000)

  override func setUp() async throws {
    fake = try await FakeFirebaseServer.withProjectIndexes()
    home = FileManager.default.temporaryDirectory.appendingPathComponent("people-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    secrets = MemorySecretStore()
    database = try AppDatabase(path: databasePath)
  }

  override func tearDown() async throws {
    await fake?.stop()
    try? FileManager.default.removeItem(at: home)
  }

  var databasePath: String { home.appendingPathComponent("vibes.sqlite").path }

  /// Another user, signed in on their own (memory) session, with a profile and a @username.
  func user(_ sub: String, name: String, username: String) async throws -> (uid: String, repository: SocialRepository) {
    let account = try await fake.signIn(sub, name: name)
    try await account.repository.ensureProfile(displayName: name)
    try await account.repository.claimUsername(username)
    return (account.uid, account.repository)
  }

  /// Signs "me" in and puts the session where the app reads it (the secret store's `firebase.session`).
  func signInMe() async throws -> (uid: String, repository: SocialRepository) {
    let me = try await user("g-me", name: "Me", username: "me_myself")
    let account = try await me.repository.session.account()
    let stored = try XCTUnwrap(account)
    try secrets.write(String(decoding: try JSONEncoder().encode(stored), as: UTF8.self), for: .firebaseSession)
    return me
  }

  func runner(environment: [String: String]? = nil, database: AppDatabase? = nil) -> EffectRunner {
    var dependencies = AppDependencies(
      database: database ?? self.database, secrets: secrets,
      secretStoreInfo: SecretStoreInfo(kind: .secretService, location: "memory"), gemini: GeminiClient(),
      ticketmaster: TicketmasterClient(), browser: BrowserLauncher(environment: [:]),
      logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, now: { Self.now })
    dependencies.environment = (environment ?? fake.environment).merging(["HOME": home.path]) { $1 }
    return EffectRunner(dependencies: dependencies)
  }

  /// Every action the effect sends, in order.
  func run(_ effect: PeopleEffect, _ runner: EffectRunner? = nil) async -> [PeopleAction] {
    let box = Collected()
    await (runner ?? self.runner()).run(.people(effect)) { box.append($0) }
    return box.values.compactMap(\.peopleAction)
  }

  func lists(_ actions: [PeopleAction]) -> PeopleLists? {
    for case .listsLoaded(_, let lists, true) in actions { return lists }
    return nil
  }

  func testSignedOutSaysSoWithoutANetworkRequestAndForgetsTheCopy() async throws {
    try database.savePeopleCache(owner: "uid-old", key: "lists", payload: Data("{}".utf8), at: Self.now)
    let readAhead = await run(.preloadLists)
    XCTAssertEqual(readAhead, [], "signed out: nothing read ahead")
    let actions = await run(.loadLists(requestID: 1))
    XCTAssertEqual(actions, [.listsFailed(requestID: 1, .notSignedIn)])
    let requests = await fake.recordedRequests()
    XCTAssertTrue(requests.isEmpty, "\(requests.map(\.request))")
    XCTAssertNil(try database.peopleCache(owner: "uid-old", key: "lists"), "a signed-out computer keeps no copy")
  }

  func testFindFollowAndUnfollowThroughTheRules() async throws {
    let me = try await signInMe()
    let ada = try await user("g-ada", name: "Ada Lovelace", username: "ada")
    _ = try await user("g-adam", name: "Adam", username: "adam")
    let found = await run(.find(requestID: 2, query: "@ad"))
    guard case .found(2, "@ad", .success(let people))? = found.first else { return XCTFail("\(found)") }
    XCTAssertEqual(Set(people.map(\.username)), ["ada", "adam"])
    let adaSummary = try XCTUnwrap(people.first { $0.username == "ada" })

    let followed = await run(.perform(requestID: 3, .follow, adaSummary))
    guard case .changed(3, _, .follow, .success(let profile?))? = followed.first else { return XCTFail("\(followed)") }
    XCTAssertTrue(profile.isFollowing)
    XCTAssertEqual(profile.followers, 1)
    let documents = await fake.documents()
    XCTAssertNotNil(documents["friendships/\(me.uid)_\(ada.uid)"])

    // Ada follows back: she is in your followers; your following lists her.
    try await ada.repository.follow(me.uid)
    let loaded = lists(await run(.loadLists(requestID: 4)))
    XCTAssertEqual(loaded?.username, "me_myself")
    XCTAssertEqual(loaded?.following.map(\.uid), [ada.uid])
    XCTAssertEqual(loaded?.followers.map(\.uid), [ada.uid])

    let unfollowed = await run(.perform(requestID: 5, .unfollow, adaSummary))
    guard case .changed(5, _, .unfollow, .success(let after?))? = unfollowed.first else {
      return XCTFail("\(unfollowed)")
    }
    XCTAssertFalse(after.isFollowing)
    XCTAssertEqual(after.followers, 0)
    let afterDocuments = await fake.documents()
    XCTAssertNil(afterDocuments["friendships/\(me.uid)_\(ada.uid)"])
    XCTAssertEqual(afterDocuments["users/\(me.uid)"]?["followingCount"], .integer(0))
  }

  func testABlockedUserShowsNowhere() async throws {
    let me = try await signInMe()
    let eve = try await user("g-eve", name: "Eve", username: "eve")
    let eva = try await user("g-eva", name: "Eva", username: "eva")
    try await eve.repository.follow(me.uid)
    try await me.repository.follow(eve.uid)
    try await eva.repository.follow(me.uid)
    let before = lists(await run(.loadLists(requestID: 1)))
    XCTAssertEqual(before?.followers.map(\.uid).sorted(), [eva.uid, eve.uid].sorted())

    let eveSummary = PersonSummary(uid: eve.uid, displayName: "Eve", username: "eve")
    let blocked = await run(.perform(requestID: 2, .block, eveSummary))
    XCTAssertEqual(blocked, [.changed(requestID: 2, eveSummary, .block, .success(nil))])

    let after = lists(await run(.loadLists(requestID: 3)))
    XCTAssertEqual(after?.following, [])
    XCTAssertEqual(after?.followers.map(\.uid), [eva.uid])
    let found = await run(.find(requestID: 4, query: "ev"))
    guard case .found(4, _, .success(let people))? = found.first else { return XCTFail("\(found)") }
    XCTAssertEqual(people.map(\.uid), [eva.uid], "the blocked user is not found")
    let profile = await run(.loadProfile(requestID: 5, eveSummary))
    XCTAssertEqual(profile, [.profileLoaded(requestID: 5, uid: eve.uid, .failure(.blocked))])
    // Eve cannot follow you again: the rules refuse it, not only the client.
    do {
      try await eve.repository.follow(me.uid)
      XCTFail("a blocked user followed")
    } catch {
      XCTAssertEqual(error, .blocked)
    }
  }

  func testTheCachedListsAndAViewedProfileOpenOfflineAfterAReopen() async throws {
    _ = try await signInMe()
    let ada = try await user("g-ada", name: "Ada", username: "ada")
    let adaSummary = PersonSummary(uid: ada.uid, displayName: "Ada", username: "ada")
    _ = await run(.perform(requestID: 1, .follow, adaSummary))
    let online = lists(await run(.loadLists(requestID: 2)))
    XCTAssertEqual(online?.following.map(\.uid), [ada.uid])
    let viewed = await run(.loadProfile(requestID: 3, adaSummary))
    guard case .profileLoaded(3, _, .success(let seen))? = viewed.first else { return XCTFail("\(viewed)") }

    // Quit, reopen the same file, no network: the copy shows with its age, then the failure says what failed.
    database = nil
    let reopened = try AppDatabase(path: databasePath)
    let offline = runner(
      environment: FakeFirebaseServer.environment(baseURL: URL(string: "http://127.0.0.1:1")!), database: reopened)
    let actions = await run(.loadLists(requestID: 4), offline)
    guard actions.count == 2, case .listsLoaded(4, let cached, final: false) = actions[0] else {
      return XCTFail("\(actions)")
    }
    XCTAssertTrue(cached.isCached)
    XCTAssertEqual(cached.fetchedAt, Self.now)
    XCTAssertEqual(cached.following.map(\.uid), [ada.uid])
    XCTAssertEqual(cached.username, "me_myself")
    XCTAssertEqual(actions[1], .listsFailed(requestID: 4, .offline))

    // Read ahead (Profile's first visit): only the copy, no request, so it comes even offline; none before a copy.
    let readAhead = await run(.preloadLists, offline)
    XCTAssertEqual(readAhead, [.listsPreloaded(cached)])

    let profile = await run(.loadProfile(requestID: 5, adaSummary), offline)
    var expected = seen
    expected.isCached = true
    XCTAssertEqual(profile, [.profileLoaded(requestID: 5, uid: ada.uid, .success(expected))])
    // The secret never reaches SQLite.
    let stored = try XCTUnwrap(secrets.read(.firebaseSession))
    let token = try JSONDecoder().decode(FirebaseStoredSession.self, from: Data(stored.utf8)).refreshToken
    let file = try Data(contentsOf: URL(fileURLWithPath: databasePath))
    let wal = (try? Data(contentsOf: URL(fileURLWithPath: databasePath + "-wal"))) ?? Data()
    XCTAssertNil(file.range(of: Data(token.utf8)))
    XCTAssertNil(wal.range(of: Data(token.utf8)))
  }
}

/// Actions collected from a runner's `send`.
final class Collected: @unchecked Sendable {
  // @unchecked: every access holds the lock.
  private let lock = NSLock()
  private var stored: [AppAction] = []
  func append(_ action: AppAction) { lock.withLock { stored.append(action) } }
  var values: [AppAction] { lock.withLock { stored } }
}
