import Foundation
import VibesCore
import VibesServices
import XCTest

@testable import VibesApp
@testable import VibesDemo

/// `vibes demo`'s Firebase: the app opens signed in as the demo account, People and the Inbox show its friends, the
/// friends act on the demo timeline, the blocked user never shows, your own shares are stored, and every Google and
/// Firebase address is loopback.
final class DemoFirebaseTests: XCTestCase {
  /// The app's own Firebase clients in the headless demo.
  @MainActor
  private func repository(_ demo: HeadlessDemo) throws -> SocialRepository {
    try XCTUnwrap(FirebaseDependencies.shared(demo.runner.dependencies).repository(), "Firebase is configured")
  }

  @MainActor
  private func lists(_ demo: HeadlessDemo) async throws -> PeopleLists {
    let actions = await demo.run(.people(.loadLists(requestID: 1)))
    for action in actions {
      if case .listsLoaded(_, let lists, final: true)? = action.peopleAction { return lists }
    }
    XCTFail("no lists: \(actions)")
    throw XCTSkip("no lists")
  }

  /// People's suggestions in the demo: Noor (followed by Mika and Aisha) and Sam (a taste match); never Rex, whom
  /// Theo follows but you blocked, and never anyone you follow.
  @MainActor
  func testTheDemoSuggestsAFriendOfFriendsAndATasteMatchButNeverTheBlockedUser() async throws {
    let demo = try await HeadlessDemo()
    defer { Task { await demo.finish() } }
    let lists = try await lists(demo)
    let actions = await demo.run(.people(.loadSuggestions(requestID: 2, following: lists.following, force: true)))
    var found: PeopleSuggestions?
    for action in actions {
      if case .suggestionsLoaded(2, .success(let suggestions))? = action.peopleAction { found = suggestions }
    }
    let suggestions = try XCTUnwrap(found, "\(actions)")
    XCTAssertEqual(Set(suggestions.items.map(\.person.uid)), [DemoFriends.noor.uid, DemoFriends.sam.uid])
    let noor = suggestions.items.first { $0.person.uid == DemoFriends.noor.uid }
    XCTAssertEqual(noor?.reason.text(Localizer(.en)), "followed by @aisha and @mika")
    let sam = suggestions.items.first { $0.person.uid == DemoFriends.sam.uid }
    XCTAssertGreaterThanOrEqual(sam?.reason.tastePercent ?? 0, PeopleSuggestionRanking.minTastePercent)
  }

  @MainActor
  func testTheDemoOpensSignedInAndPeopleShowsTheFriendsButNeverTheBlockedUser() async throws {
    let demo = try await HeadlessDemo()
    defer { Task { await demo.finish() } }
    let lists = try await lists(demo)
    XCTAssertEqual(lists.username, "demo_listener")
    XCTAssertEqual(lists.standing?.streak.count, DemoFriends.me.streak, "the demo account's streak stands")
    XCTAssertEqual(
      Set(lists.following.map(\.displayName)),
      ["Mika Tanaka", "Jonas Weber", "Aisha Khan", "Lena Fischer", "Theo Martin"])
    XCTAssertEqual(Set(lists.followers.map(\.displayName)), ["Mika Tanaka", "Jonas Weber", "Aisha Khan"])

    let social = try repository(demo)
    let mika = try await social.profile(uid: DemoFriends.mika.uid)
    XCTAssertEqual(mika?.bio, DemoFriends.mika.bio)
    let taste = try await social.tasteSummary(of: DemoFriends.mika.uid)
    XCTAssertEqual(taste?.artists.first?.name, "M83", "friends publish a taste summary for Blend")
    let followers = try await social.followerCount(of: DemoFriends.me.uid)
    XCTAssertEqual(followers, 3)

    // Rex is in the database (a profile, a share to all and a song sent to you) but blocked: never shown.
    let everyone = try await social.findUsers(prefix: "r")
    XCTAssertFalse(everyone.contains { $0.uid == DemoFriends.rex.uid }, "\(everyone.map(\.displayName))")
    let named = try await social.findUsers(prefix: "mi")
    XCTAssertEqual(named.map(\.username), ["mika"])
    let shares = ShareRepository(social: social)
    let sent = try await shares.sentToMe()
    XCTAssertFalse(sent.contains { $0.senderId == DemoFriends.rex.uid })
    XCTAssertEqual(sent.map(\.senderUsername), ["aisha"])
    let feed = try await shares.followersFeed()
    XCTAssertFalse(feed.isEmpty)
    XCTAssertFalse(feed.contains { $0.senderId == DemoFriends.rex.uid })
    let stored = await demo.session.firebase.document("shares/demoShareRex02")
    XCTAssertNotNil(stored, "the blocked user's share is in the database: the app's filter is what hides it")

    // The screen: Profile → People lists the friends.
    try await demo.play("key alt-4\nkey p")
    XCTAssertTrue(demo.screen.contains("Mika Tanaka"), demo.screen)
    XCTAssertFalse(demo.screen.contains("Rex"), demo.screen)
  }

  func testARealTimeTimelineRunsAtItsRate() throws {
    // Bounds from clock readings on either side, so nothing here depends on how fast the machine is.
    let beforeStart = ContinuousClock.now
    let timeline = DemoTimeline.realTime(rate: 4)
    let afterStart = ContinuousClock.now
    usleep(30_000)
    let beforeRead = ContinuousClock.now
    let elapsed = timeline.elapsed
    let afterRead = ContinuousClock.now
    func seconds(_ duration: Duration) -> Double { duration / .seconds(1) }
    XCTAssertGreaterThanOrEqual(elapsed, 4 * seconds(afterStart.duration(to: beforeRead)))
    XCTAssertLessThanOrEqual(elapsed, 4 * seconds(beforeStart.duration(to: afterRead)))
    XCTAssertGreaterThanOrEqual(elapsed, 0.12, "30 ms at 4x")
    timeline.advance(by: 10)
    XCTAssertGreaterThanOrEqual(timeline.elapsed, elapsed + 10, "a moved timeline keeps its own rate")

    // Restarted, it never goes back (no write is stamped before an earlier one), then counts from the restart.
    let beforeRestart = ContinuousClock.now
    let reached = timeline.elapsed
    timeline.restart()
    let afterRestart = ContinuousClock.now
    XCTAssertGreaterThanOrEqual(timeline.elapsed, reached, "not back")
    usleep(100_000)
    let beforeLast = ContinuousClock.now
    let last = timeline.elapsed
    let afterLast = ContinuousClock.now
    // The moved 10 s, plus the larger of what the old count had reached and the count since the restart.
    let reachedBound = 4 * seconds(beforeStart.duration(to: afterRestart))
    let sinceRestart = 4 * seconds(beforeRestart.duration(to: afterLast))
    XCTAssertLessThanOrEqual(last, 10 + max(reachedBound, sinceRestart))
    XCTAssertGreaterThanOrEqual(last, 10 + 4 * seconds(afterRestart.duration(to: beforeLast)))
    XCTAssertLessThan(last, 10 + 4 * seconds(afterStart.duration(to: beforeLast)), "less than without the restart")
    let manual = DemoTimeline.manual()
    manual.advance(by: 3)
    manual.restart()
    XCTAssertEqual(manual.elapsed, 3, "a manual timeline does not start running")
  }

  @MainActor
  func testTheInboxShowsTheSentSongWithItsMessageOnlyAfterItsTimeOnTheTimeline() async throws {
    let timeline = DemoTimeline.manual()
    let demo = try await HeadlessDemo(timeline: timeline)
    defer { Task { await demo.finish() } }
    let inbox = InboxService.live(demo.runner.dependencies)
    let before = await inbox.loadInbox()
    XCTAssertNil(before.failure)
    XCTAssertEqual(before.snapshot?.items.map(\.otherName), ["@aisha"], "Rex's thread is hidden")

    let (at, _) = try XCTUnwrap(DemoFriends.timeline.first { if case .send = $0.action { true } else { false } })
    timeline.advance(by: at - 1)
    let early = await inbox.loadInbox()
    XCTAssertFalse(early.snapshot?.items.contains { $0.otherName == "@jonas_w" } ?? true, "not yet")

    timeline.advance(by: 1)
    let after = await inbox.loadInbox()
    let thread = try XCTUnwrap(after.snapshot?.items.first, "\(after)")
    XCTAssertEqual(thread.otherName, "@jonas_w", "the newest conversation first")
    XCTAssertTrue(thread.isUnread)
    XCTAssertEqual(thread.lastMessageAt, DemoClock.instant.addingTimeInterval(at), "stamped with its moment")
    let messages = await inbox.loadThread(thread)
    let message = try XCTUnwrap(messages.snapshot?.items.last)
    XCTAssertEqual(message.song?.trackName, "Space Song")
    XCTAssertEqual(message.text, "For your night-drive playlist 🌙")
    XCTAssertFalse(message.isMine)
    // The song is the demo Spotify's, so opening it finds it.
    XCTAssertEqual(
      message.song?.trackId, DemoCatalog.trackID(DemoCatalog.songs.firstIndex { $0.title == "Space Song" }!))

    // The friend's share to all and the new follower arrive on the same timeline.
    timeline.advance(by: 60)
    let social = try repository(demo)
    let feed = try await ShareRepository(social: social).followersFeed()
    XCTAssertEqual(feed.first?.track.trackName, "Digital Love")
    XCTAssertEqual(feed.first?.senderUsername, "mika")
    let follows = try await ShareRepository(social: social).newFollowers()
    XCTAssertEqual(follows.first?.followerId, DemoFriends.lena.uid)

    // On screen: the Feed's `i` opens the Inbox with Jonas's conversation on top.
    try await demo.play("key alt-1\nkey i")
    XCTAssertTrue(demo.screen.contains("@jonas_w"), demo.screen)
  }

  @MainActor
  func testYourShareSendAndReplyAreStoredAndShowInTheThread() async throws {
    let timeline = DemoTimeline.manual()
    let demo = try await HeadlessDemo(timeline: timeline)
    defer { Task { await demo.finish() } }
    let social = try repository(demo)
    let shares = ShareRepository(social: social)
    let profile = try await social.profile(uid: DemoFriends.me.uid)
    let me = try XCTUnwrap(profile)
    let track = SharedTrack(
      trackId: DemoCatalog.trackID(0), trackName: "Midnight City", artistName: "M83",
      albumName: "Hurry Up, We're Dreaming", trackUri: "spotify:track:\(DemoCatalog.trackID(0))")

    let draft = ShareRepository.draft(from: me, to: nil, track: track, message: "Night drive anthem")
    let first = try await shares.send(draft)
    XCTAssertEqual(first, .sent)
    let again = try await shares.send(draft)
    XCTAssertEqual(again, .alreadySent, "a retry is not a duplicate")
    let document = await demo.session.firebase.document("shares/\(draft.id)")
    let stored = try XCTUnwrap(document)
    XCTAssertEqual(stored["senderId"], .string(DemoFriends.me.uid))
    XCTAssertEqual(stored["recipientId"], .null, "to all: an explicit null")
    XCTAssertEqual(stored["message"], .string("Night drive anthem"))

    // A reply to Aisha's song lands in your thread with her, after her messages.
    let received = try await shares.sentToMe()
    let hers = try XCTUnwrap(received.first { $0.senderUsername == "aisha" })
    timeline.advance(by: 5)
    let reply = try await shares.reply(to: hers, with: track, message: "More synths for you", from: me)
    XCTAssertEqual(reply, .sent)
    let inbox = InboxService.live(demo.runner.dependencies)
    let threads = await inbox.loadInbox()
    let thread = try XCTUnwrap(threads.snapshot?.items.first { $0.otherName == "@aisha" })
    let messages = await inbox.loadThread(thread)
    let last = try XCTUnwrap(messages.snapshot?.items.last)
    XCTAssertTrue(last.isMine)
    XCTAssertEqual(last.song?.trackName, "Midnight City")
    XCTAssertEqual(last.text, "More synths for you")
    XCTAssertEqual(messages.snapshot?.items.count, 4, "her song, your reply, her text, your new reply")

    // A text reply from the Inbox too.
    let replied = await inbox.reply("See you at the M83 show!", in: thread, id: "demoTestReply1")
    guard case .success(let snapshot) = replied else { return XCTFail("\(replied)") }
    XCTAssertEqual(snapshot.items.last?.text, "See you at the M83 show!")
  }

  /// The ownership rules: a write in someone else's name is refused and changes nothing.
  func testTheDemoRulesRefuseAWriteInSomeoneElsesName() async throws {
    let session = try await DemoSession(userEnvironment: [:], browser: "/bin/false", timeline: .manual())
    defer { Task { await session.finish() } }
    let configuration = FirebaseConfiguration.load(environment: session.environment, configFile: nil)
    let auth = FirebaseAuthClient(
      apiKey: try XCTUnwrap(configuration.apiKey), authURL: configuration.authURL, tokenURL: configuration.tokenURL)
    let grant = try await auth.refresh(refreshToken: session.firebaseAccount.refreshToken)
    XCTAssertEqual(grant.uid, DemoFriends.me.uid)
    let firestore = FirestoreClient(
      projectID: try XCTUnwrap(configuration.projectID), baseURL: configuration.firestoreURL)
    let forged = FirestoreWrite.update(
      path: "shares/forged1", fields: ["senderId": .string(DemoFriends.mika.uid), "recipientId": .null], mask: nil,
      precondition: .exists(false))
    do {
      try await firestore.commit([forged], idToken: grant.idToken)
      XCTFail("a share in Mika's name was accepted")
    } catch {
      XCTAssertEqual(error, .permissionDenied)
    }
    let nothing = await session.firebase.document("shares/forged1")
    XCTAssertNil(nothing)
    do {
      _ = try await firestore.get("users/\(DemoFriends.mika.uid)", idToken: "not-a-token")
      XCTFail("read without a token")
    } catch {
      XCTAssertEqual(error, .unauthenticated)
    }
    let mine = FirestoreWrite.update(
      path: "users/\(DemoFriends.me.uid)", fields: ["bio": .string("Edited in the demo")], mask: ["bio"],
      precondition: .exists(true))
    try await firestore.commit([mine], idToken: grant.idToken)
    let profile = await session.firebase.document("users/\(DemoFriends.me.uid)")
    XCTAssertEqual(profile?["bio"], .string("Edited in the demo"))
    XCTAssertEqual(profile?["username"], .string("demo_listener"), "a masked edit keeps the other fields")
  }

  /// Signing in again (after a sign-out in the demo) goes through the demo Google on loopback: the browser flow's
  /// authorize page approves at once, the code is exchanged with PKCE, and `signInWithIdp` answers the demo account.
  func testGoogleSignInCompletesThroughTheDemoBrowser() async throws {
    let session = try await DemoSession(userEnvironment: [:], browser: "/bin/false", timeline: .manual())
    defer { Task { await session.finish() } }
    let configuration = FirebaseConfiguration.load(environment: session.environment, configFile: nil)
    XCTAssertNil(configuration.missingMessage(for: .browserSignIn))
    XCTAssertNil(configuration.missingMessage(for: .deviceSignIn))
    XCTAssertNil(configuration.missingMessage(for: .storage))
    let google = GoogleOAuthClient(accountsURL: configuration.accountsURL, oauth2URL: configuration.oauth2URL)
    let callback = try await CallbackCatcher.start()
    let verifier = PKCE.makeVerifier()
    let redirect = GoogleOAuthClient.redirectURI(port: callback.port)
    let url = try XCTUnwrap(
      google.authorizeURL(
        clientID: try XCTUnwrap(configuration.clientID), redirectURI: redirect, state: "g1",
        challenge: PKCE.challenge(for: verifier)))
    let opened = await DemoBrowser.open(url.absoluteString)
    XCTAssertTrue(opened)
    let received = await callback.received
    let query = try XCTUnwrap(received)
    await callback.stop()
    XCTAssertTrue(query.contains("state=g1"), query)
    let code = try XCTUnwrap(
      URLComponents(string: "http://x/?\(query)")?.queryItems?.first { $0.name == "code" }?.value)
    let grant = try await google.exchange(
      code: code, clientID: try XCTUnwrap(configuration.clientID),
      clientSecret: try XCTUnwrap(configuration.clientSecret), redirectURI: redirect, verifier: verifier)
    let auth = FirebaseAuthClient(
      apiKey: try XCTUnwrap(configuration.apiKey), authURL: configuration.authURL, tokenURL: configuration.tokenURL)
    let firebase = try await auth.signInWithGoogle(idToken: grant.idToken)
    XCTAssertEqual(firebase.uid, DemoFriends.me.uid)
    XCTAssertFalse(firebase.isNewUser)
    // A made-up Google token is refused like a project mismatch.
    do {
      _ = try await auth.signInWithGoogle(idToken: "forged.token.value")
      XCTFail("a forged token signed in")
    } catch {
      XCTAssertEqual(error, .auth(.invalidIdpResponse))
    }
  }

  /// Nothing of Google or Firebase goes to the real services: every address is on 127.0.0.1.
  func testEveryGoogleAndFirebaseAddressIsLoopback() async throws {
    let session = try await DemoSession(userEnvironment: [:], browser: "/bin/false", timeline: .manual())
    defer { Task { await session.finish() } }
    let configuration = FirebaseConfiguration.load(environment: session.environment, configFile: nil)
    let urls = [
      configuration.accountsURL, configuration.oauth2URL, configuration.authURL, configuration.tokenURL,
      configuration.firestoreURL, configuration.storageURL,
    ]
    for url in urls { XCTAssertTrue(DemoBrowser.isLoopback(url), url.absoluteString) }
    XCTAssertEqual(
      Set(urls.map(\.absoluteString)).count, 1, "one demo server answers Google and every Firebase service")
  }
}
