import Foundation
import VibesCore
import VibesServices
import VibesTestSupport
import XCTest

/// Issue 23 end to end: three real vibes users, each with their own home, against one loopback Firebase fake (rules
/// and indexes of the repository) and the Spotify fakes. A shares a song to all from Explore's song menu; B, who
/// follows A, presses r on the Feed and sees "@ana shared a song" with the message. A sends a song to B alone: it
/// reaches B's Feed and Inbox, and C (who also follows A) sees the share to all but not the song sent to B.
final class SharingEndToEndTests: EndToEndTestCase {
  static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  var firebase: FakeFirebaseServer!
  var accounts: FakeSpotifyServer!
  var web: FakeSpotifyWebServer!

  override func setUp() async throws {
    try await super.setUp()
    let indexes = try FakeCompositeIndex.load(Self.repositoryRoot.appendingPathComponent("firestore.indexes.json"))
    firebase = try await serve(FakeFirebaseServer(indexes: indexes, deviceInterval: 1))
    accounts = try await serve(FakeSpotifyServer())
    web = try await serve(FakeSpotifyWebServer(accounts: accounts, catalog: .standard()))
  }

  /// A user's home and environment: the Firebase fake, the Spotify fakes and the scripted browser.
  func environment(_ home: VibesHarness, _ name: String) -> [String: String] {
    var extra = firebase.environment.merging(accounts.environment) { $1 }
    extra["VIBES_SPOTIFY_API_URL"] = web.baseURL.absoluteString
    extra.merge(VibesHarness.fakeBrowser(writingTo: scratch.appendingPathComponent("\(name)-redirect.txt"))) { $1 }
    return home.environment(extra)
  }

  /// A new user signed in with `vibes auth login google` as Google account `name`, with the @username `name`
  /// claimed (as People's claim writes it); returns the home and the Firebase uid.
  func user(_ name: String) async throws -> (home: VibesHarness, uid: String) {
    let home = try newHome()
    await firebase.setGoogleUser(sub: "g-\(name)", email: "\(name)@example.com", name: name.capitalized)
    let login = try CLIRun.run(["auth", "login", "google"], environment: environment(home, name), timeout: 30)
    XCTAssertEqual(login.status, 0, login.all)
    let users = await firebase.authUsers()
    let uid = try XCTUnwrap(users.first { $0.value == "g-\(name)" }?.key, "\(users)")
    let created = FirestoreValue.timestamp(FirestoreTimestamp(Date().addingTimeInterval(-86_400)))
    await firebase.put(
      "users/\(uid)",
      [
        "uid": .string(uid), "displayName": .string(name.capitalized), "username": .string(name),
        "bio": .string(""), "followingCount": .integer(1), "createdAt": created,
      ])
    await firebase.put("usernames/\(name)", ["uid": .string(uid)])
    return (home, uid)
  }

  func follow(_ follower: String, _ following: String) async {
    await firebase.put(
      "friendships/\(follower)_\(following)",
      [
        "followerId": .string(follower), "followingId": .string(following), "status": .string("accepted"),
        "createdAt": .timestamp(FirestoreTimestamp(Date().addingTimeInterval(-3600))),
      ])
  }

  func start(_ home: VibesHarness, _ name: String) throws -> Tmux {
    try keep(Tmux(command: [VibesHarness.binary.path], environment: environment(home, name), width: 100, height: 30))
  }

  func testAShareToAllReachesAFollowerOnRAndASongSentToOneReachesOnlyThem() async throws {
    let (anaHome, ana) = try await user("ana")
    let (benHome, ben) = try await user("ben")
    let (cyHome, cy) = try await user("cy")
    await follow(ben, ana)
    await follow(cy, ana)
    await follow(ana, ben)
    let spotify = try CLIRun.run(["auth", "login", "spotify"], environment: environment(anaHome, "ana"), timeout: 30)
    XCTAssertEqual(spotify.status, 0, spotify.all)

    // B is on the Feed, its start-up poll answered (Ana's follow is its card), before anything was shared: the share
    // below can only reach B through r. ("No activity yet" shows only until that poll answers, too briefly to wait
    // for.)
    let b = try start(benHome, "ben")
    b.waitFor("Setup · ")
    let before = b.waitFor("@ana followed you", timeout: 15)
    XCTAssertFalse(before.contains("shared a song"), before)

    // A finds a song in Explore and shares it to all with a message, through the one song menu.
    let a = try start(anaHome, "ana")
    a.waitFor("Setup · ")
    a.send(TabID.explore.key)
    a.waitFor("press / to search")
    a.send("/")
    a.type("basalt")
    a.waitFor("Strata", timeout: 10)
    a.send("Enter")
    a.send(".")
    a.waitFor("Share to all")
    a.send("Enter")
    a.waitFor("Share to all your followers")
    a.type("turn it up")
    a.send("Enter")
    a.waitFor("with your followers.", timeout: 15)

    b.send("r")
    var screen = b.waitFor("@ana shared a song", timeout: 15)
    XCTAssertFalse(screen.contains("From @ana"), screen)
    // The newest card is on top; Enter opens its Song Detail with the message.
    b.send("Up", "Up", "Up", "Down", "Enter")
    screen = b.waitFor("turn it up")
    XCTAssertTrue(screen.contains("Strata I"), screen)
    b.send("Escape")
    b.waitFor("Feed · ")

    // A sends the song to B alone.
    a.send(".")
    a.waitFor("Send to one")
    a.send("Down", "Enter")
    a.waitFor("@ben", timeout: 10)
    a.type("ben")
    a.send("Enter")
    a.waitFor("Send to @ben")
    a.type("only for you")
    a.send("Enter")
    a.waitFor("to @ben.", timeout: 15)

    // Two r within `minManualGap` are key repeat (one poll): B presses it again as a person would, later.
    try await Task.sleep(for: .seconds(SocialPollingPolicy().minManualGap + 0.2))
    b.send("r")
    screen = b.waitFor("From @ana", timeout: 15)
    b.send("Up", "Up", "Up", "Down", "Enter")
    screen = b.waitFor("only for you")
    b.send("Escape")
    b.waitFor("Feed · ")
    b.send("i")
    b.waitFor("Inbox")
    screen = b.waitFor("@ana ·", timeout: 10)
    b.send("Enter")
    screen = b.waitFor("@ana: ♪", timeout: 10)
    XCTAssertTrue(screen.contains("only for you"), screen)

    // C follows A too: the share to all, never the song sent to B.
    let c = try start(cyHome, "cy")
    c.waitFor("Setup · ")
    c.send("r")
    screen = c.waitFor("@ana shared a song", timeout: 15)
    XCTAssertFalse(screen.contains("From @ana"), screen)
    c.send("Up", "Up", "Up", "Down", "Enter")
    c.waitFor("turn it up")
    c.send("Escape")
    c.waitFor("Feed · ")
    c.send("i")
    screen = c.waitFor("Inbox")
    screen = c.waitFor("No conversations yet", timeout: 10)
    XCTAssertFalse(screen.contains("@ana"), screen)
    XCTAssertFalse(c.captures.contains { $0.contains("only for you") }, "C never sees the song sent to B")
    let shares = await firebase.documents().filter { $0.key.hasPrefix("shares/") }
    XCTAssertEqual(shares.count, 2, "one share to all and one song sent, each once: \(shares.keys)")
  }
}
