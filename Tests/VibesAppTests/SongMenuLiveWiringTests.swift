import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// The song menu's effects through the app's real `EffectRunner`: `SongMenuModule` builds its clients from
/// `AppDependencies.environment` (the Firebase fake's addresses) and the session in the vault, and saves to the
/// library through Explore's action path (the Spotify fake).
final class SongMenuLiveWiringTests: XCTestCase {
  var app: SignedInAppSandbox!
  var fake: FakeFirebaseServer { app.fake }
  var sandbox: SpotifyAccountSandbox { app.spotify }

  override func setUp() async throws {
    app = try await SignedInAppSandbox.make(name: "songmenu", token: "access-songmenu")
  }

  override func tearDown() async throws {
    await app?.remove()
  }

  func runner(environment: [String: String]) -> EffectRunner { app.runner(environment: environment) }

  func menuAction(_ action: AppAction?) -> SongMenuAction? {
    guard case .feature(let message)? = action else { return nil }
    return message.value(as: SongMenuAction.self)
  }

  static let song = SharedTrack(
    trackId: "4uLU6hMCjMI75M1A2tKUQC", trackName: "Take On Me", artistName: "a-ha", albumName: "Hunting High and Low",
    trackUri: "spotify:track:4uLU6hMCjMI75M1A2tKUQC")

  func testTheRunnerSharesAsTheAccountInTheSecretStore() async throws {
    let environment = app.environment
    let bob = try await app.signIn("g-bob", name: "Bob")

    let request = SongShareRequest(
      track: Self.song, recipientID: nil, message: "so good", draftID: "LiveWiring0000000001")
    let answer = await runner(environment: environment).run(SongMenuFeature.run(.share(requestID: 7, request)))
    XCTAssertEqual(
      menuAction(answer),
      .shareFinished(requestID: 7, draftID: "LiveWiring0000000001", .sent(streak: 1, badges: [.firstShare])))
    let stored = await fake.documents()["shares/LiveWiring0000000001"]
    XCTAssertEqual(stored?["senderId"], .string(bob))
    XCTAssertEqual(stored?["senderUsername"], .string("bob"))

    // Without the project's settings the menu says so instead of failing somewhere.
    let unconfigured = await runner(environment: ["HOME": sandbox.home.path]).run(
      SongMenuFeature.run(.share(requestID: 8, request)))
    XCTAssertEqual(
      menuAction(unconfigured),
      .shareFinished(requestID: 8, draftID: "LiveWiring0000000001", .failed(.notConfigured)))
  }

  func testAddToLibraryTakesExplorePath() async throws {
    let answer = await runner(environment: ["HOME": sandbox.home.path]).run(
      SongMenuFeature.run(.saveToLibrary(requestID: 9, uri: Self.song.trackUri)))
    XCTAssertEqual(menuAction(answer), .libraryFinished(requestID: 9, .done))
  }
}
