import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// The Inbox's effects through the app's real `EffectRunner`: `InboxModule` builds its client from
/// `AppDependencies.environment` (the Firebase fake's addresses) and the session in the vault, with no field of its
/// own in `AppDependencies`.
final class InboxLiveWiringTests: XCTestCase {
  var app: SignedInAppSandbox!
  var fake: FakeFirebaseServer { app.fake }
  var sandbox: SpotifyAccountSandbox { app.spotify }

  override func setUp() async throws {
    app = try await SignedInAppSandbox.make(name: "inbox", token: "access-inbox")
  }

  override func tearDown() async throws {
    await app?.remove()
  }

  func runner(environment: [String: String]) -> EffectRunner { app.runner(environment: environment) }

  func inboxAction(_ action: AppAction?) -> InboxAction? {
    guard case .feature(let message)? = action else { return nil }
    return message.value(as: InboxAction.self)
  }

  func testTheRunnerReadsTheInboxOfTheAccountInTheSecretStore() async throws {
    let environment = app.environment
    // Bob signs in the way `vibes auth login google` does: the session goes to the vault.
    let bob = try await app.signIn("g-bob", name: "Bob")
    // Ada, elsewhere, sends Bob a song.
    let ada = try await app.social.person("g-ada", name: "Ada")
    let song = SharedTrack(
      trackId: "t1", trackName: "Take On Me", artistName: "a-ha", albumName: "Hunting High and Low",
      trackUri: "spotify:track:t1")
    try await ada.shares.send(song, to: bob, message: "for you", from: ada.profile)

    let answer = await runner(environment: environment).run(InboxFeature.run(.loadInbox(requestID: 5)))
    guard case .inboxLoaded(5, let load)? = inboxAction(answer) else { return XCTFail("\(String(describing: answer))") }
    XCTAssertNil(load.failure)
    XCTAssertEqual(load.snapshot?.items.map(\.otherName), ["@ada"])

    // Without the project's settings the inbox says so instead of failing somewhere.
    let unconfigured = await runner(environment: ["HOME": sandbox.home.path]).run(
      InboxFeature.run(.loadInbox(requestID: 6)))
    XCTAssertEqual(
      inboxAction(unconfigured), .inboxLoaded(requestID: 6, InboxLoad(snapshot: nil, failure: .notConfigured)))
  }
}
