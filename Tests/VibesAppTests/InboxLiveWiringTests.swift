import Foundation
import Logging
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
  var fake: FakeFirebaseServer!
  var sandbox: SpotifyAccountSandbox!

  override func setUp() async throws {
    let indexes = try FakeCompositeIndex.load(
      SocialRepositoryTests.repositoryRoot.appendingPathComponent("firestore.indexes.json"))
    fake = try await FakeFirebaseServer(indexes: indexes)
    sandbox = try await SpotifyAccountSandbox.make(name: "inbox", token: "access-inbox")
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

  func inboxAction(_ action: AppAction?) -> InboxAction? {
    guard case .feature(let message)? = action else { return nil }
    return message.value(as: InboxAction.self)
  }

  func testTheRunnerReadsTheInboxOfTheAccountInTheSecretStore() async throws {
    let environment = fake.environment.merging(["HOME": sandbox.home.path]) { _, new in new }
    // Bob signs in the way `vibes auth login google` does: the session goes to the vault.
    let firebase = FirebaseDependencies.live(
      environment: environment, paths: AppPaths(environment: environment), secrets: sandbox.secrets)
    let bobToken = await fake.googleIDToken(sub: "g-bob", email: "bob@example.com", name: "Bob")
    let bob = try await XCTUnwrap(firebase.session).signIn(googleIDToken: bobToken).uid
    let bobSocial = try XCTUnwrap(firebase.repository())
    try await bobSocial.ensureProfile(displayName: "Bob")
    try await bobSocial.claimUsername("bob")
    // Ada, elsewhere, sends Bob a song.
    let configuration = fake.configuration
    let auth = FirebaseAuthClient(
      apiKey: FakeFirebaseServer.apiKey, authURL: configuration.authURL, tokenURL: configuration.tokenURL)
    let adaSession = FirebaseSession(auth: auth, storage: MemoryFirebaseSessionStorage())
    let adaToken = await fake.googleIDToken(sub: "g-ada", email: "ada@example.com", name: "Ada")
    _ = try await adaSession.signIn(googleIDToken: adaToken)
    let ada = SocialRepository(
      session: adaSession, auth: auth,
      firestore: FirestoreClient(
        projectID: FakeFirebaseServer.projectID, baseURL: configuration.firestoreURL, retryDelays: []),
      storage: nil)
    let adaProfile = try await ada.ensureProfile(displayName: "Ada")
    try await ada.claimUsername("ada")
    let adaFound = try await ada.profile(uid: adaProfile.uid)
    let adaMe = try XCTUnwrap(adaFound)
    let song = SharedTrack(
      trackId: "t1", trackName: "Take On Me", artistName: "a-ha", albumName: "Hunting High and Low",
      trackUri: "spotify:track:t1")
    try await ShareRepository(social: ada).send(song, to: bob, message: "for you", from: adaMe)

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
