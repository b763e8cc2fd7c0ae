import Foundation
import Logging
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import XCTest

/// A temporary home holding a connected Spotify account the way the app keeps one: the tokens in a real vault,
/// the connection row in a real SQLite file, and the loopback Web API fake that accepts the access token.
public struct SpotifyAccountSandbox: Sendable {
  public let home: URL
  public let database: AppDatabase
  public let secrets: any SecretStore
  public let web: FakeSpotifyWebServer

  /// `name` tells the temporary folders apart; `token` is the access token the fake accepts.
  public static func make(name: String, token: String) async throws -> SpotifyAccountSandbox {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-\(name)-\(UUID().uuidString)")
    let paths = AppPaths(environment: ["HOME": home.path])
    try paths.createDirectories()
    let database = try AppDatabase(path: paths.databaseFile.path)
    let secrets = VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
    try secrets.write("refresh-\(name)", for: .spotifyRefreshToken)
    try secrets.write(token, for: .spotifyAccessToken)
    try database.saveSpotifyConnected(
      displayName: "Ada", userID: FakeSpotifyWebCatalog.userID, at: Date(), expiresAt: Date().addingTimeInterval(3600))
    let web = try await FakeSpotifyWebServer(validTokens: [token])
    return SpotifyAccountSandbox(home: home, database: database, secrets: secrets, web: web)
  }

  /// Stops the fake and deletes the folder.
  public func remove() async {
    await web.stop()
    try? FileManager.default.removeItem(at: home)
  }
}

/// The app as a signed-in user runs it, for effects through the real `EffectRunner`: the Firebase fake (rules and
/// indexes) and a Spotify account's home (vault, database, Web API fake). `signIn` puts a vibes account's session
/// where the app reads it (the vault's `firebase.session`); `runner` builds the app's dependencies over the home.
public struct SignedInAppSandbox: Sendable {
  public let social: SocialSandbox
  public let spotify: SpotifyAccountSandbox

  public var fake: FakeFirebaseServer { social.fake }
  /// The Firebase fake's settings and `HOME`: what the app reads at start.
  public var environment: [String: String] {
    fake.environment.merging(["HOME": spotify.home.path]) { _, new in new }
  }

  public static func make(name: String, token: String) async throws -> SignedInAppSandbox {
    SignedInAppSandbox(
      social: try await SocialSandbox.make(name: name),
      spotify: try await SpotifyAccountSandbox.make(name: name, token: token))
  }

  /// Signs `sub` in the way `vibes auth login google` does (the session goes to the vault), with a profile and the
  /// @username `name` lower-cased; returns the uid.
  @discardableResult
  public func signIn(_ sub: String, name: String) async throws -> String {
    let environment = self.environment
    let firebase = FirebaseDependencies.live(
      environment: environment, paths: AppPaths(environment: environment), secrets: spotify.secrets)
    let session = try XCTUnwrap(firebase.session, "the fake's settings are in the environment")
    let social = try XCTUnwrap(firebase.repository())
    let token = await fake.googleIDToken(sub: sub, email: "\(sub)@example.com", name: name)
    let uid = try await session.signIn(googleIDToken: token).uid
    try await social.ensureProfile(displayName: name)
    try await social.claimUsername(name.lowercased())
    return uid
  }

  /// The app's runner over the home, with `environment` (`self.environment` unless given).
  public func runner(environment: [String: String]? = nil) -> EffectRunner {
    var dependencies = AppDependencies(
      database: spotify.database, secrets: spotify.secrets,
      secretStoreInfo: SecretStoreInfo(kind: .vault, location: spotify.home.path), gemini: GeminiClient(),
      ticketmaster: TicketmasterClient(), browser: BrowserLauncher(environment: [:]),
      spotify: SpotifyDependencies(
        configuration: SpotifyConfiguration(
          clientID: "c", accountsURL: URL(string: "http://127.0.0.1:9")!, apiURL: spotify.web.baseURL),
        database: spotify.database, secrets: spotify.secrets, configFilePath: spotify.home.path,
        isRemoteSession: false, hostName: "test"),
      logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    dependencies.environment = environment ?? self.environment
    return EffectRunner(dependencies: dependencies)
  }

  public func remove() async {
    await social.remove()
    await spotify.remove()
  }
}
