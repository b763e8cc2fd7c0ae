import Foundation
import Logging
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
  var fake: FakeFirebaseServer!
  var sandbox: SpotifyAccountSandbox!

  override func setUp() async throws {
    let indexes = try FakeCompositeIndex.load(
      SocialRepositoryTests.repositoryRoot.appendingPathComponent("firestore.indexes.json"))
    fake = try await FakeFirebaseServer(indexes: indexes)
    sandbox = try await SpotifyAccountSandbox.make(name: "songmenu", token: "access-songmenu")
  }

  override func tearDown() async throws {
    await fake?.stop()
    await sandbox?.web.stop()
    if let home = sandbox?.home { try? FileManager.default.removeItem(at: home) }
  }

  func runner(environment: [String: String]) -> EffectRunner {
    var dependencies = AppDependencies(
      database: sandbox.database, secrets: sandbox.secrets,
      secretStoreInfo: SecretStoreInfo(kind: .vault, location: sandbox.home.path), gemini: GeminiClient(),
      ticketmaster: TicketmasterClient(), browser: BrowserLauncher(environment: [:]),
      spotify: SpotifyDependencies(
        configuration: SpotifyConfiguration(
          clientID: "c", accountsURL: URL(string: "http://127.0.0.1:9")!, apiURL: sandbox.web.baseURL),
        database: sandbox.database, secrets: sandbox.secrets, configFilePath: sandbox.home.path,
        isRemoteSession: false, hostName: "test"),
      logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    dependencies.environment = environment
    return EffectRunner(dependencies: dependencies)
  }

  func menuAction(_ action: AppAction?) -> SongMenuAction? {
    guard case .feature(let message)? = action else { return nil }
    return message.value(as: SongMenuAction.self)
  }

  static let song = SharedTrack(
    trackId: "4uLU6hMCjMI75M1A2tKUQC", trackName: "Take On Me", artistName: "a-ha", albumName: "Hunting High and Low",
    trackUri: "spotify:track:4uLU6hMCjMI75M1A2tKUQC")

  func testTheRunnerSharesAsTheAccountInTheSecretStore() async throws {
    let environment = fake.environment.merging(["HOME": sandbox.home.path]) { _, new in new }
    let firebase = FirebaseDependencies.live(
      environment: environment, paths: AppPaths(environment: environment), secrets: sandbox.secrets)
    let token = await fake.googleIDToken(sub: "g-bob", email: "bob@example.com", name: "Bob")
    let bob = try await XCTUnwrap(firebase.session).signIn(googleIDToken: token).uid
    let social = try XCTUnwrap(firebase.repository())
    try await social.ensureProfile(displayName: "Bob")
    try await social.claimUsername("bob")

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
