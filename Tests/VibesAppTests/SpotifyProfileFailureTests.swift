import Foundation
import Logging
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

@testable import VibesApp

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Probe finding (issue 15, item 9): every fault on Spotify `/v1/me` (hang, reset, 500, malformed) ended in
/// "Spotify connected" with a blank name. Now the failure is reported and nothing is kept.
final class SpotifyProfileFailureTests: XCTestCase {
  var home: URL!
  var paths: AppPaths!
  var vault: VaultSecretStore!
  var database: AppDatabase!
  var accounts: FakeSpotifyServer!
  var api: FakeGeminiServer!

  override func setUp() async throws {
    home = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-me-\(UUID().uuidString)")
    paths = AppPaths(environment: ["HOME": home.path])
    try paths.createDirectories()
    vault = VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
    database = try AppDatabase(path: paths.databaseFile.path)
    accounts = try await FakeSpotifyServer()
    api = try await FakeGeminiServer(validKeys: [])
  }

  override func tearDown() async throws {
    await accounts?.stop()
    await api?.stop()
    try? FileManager.default.removeItem(at: home)
  }

  /// Runs the code exchange with `/v1/me` served by `apiURL`; returns what reached the reducer.
  func exchange(apiURL: URL) async throws -> [AppAction] {
    let configuration = SpotifyConfiguration(
      clientID: FakeSpotifyServer.clientID, accountsURL: accounts.baseURL, apiURL: apiURL)
    var spotify = SpotifyDependencies(
      configuration: configuration, database: database, secrets: vault, configFilePath: "", isRemoteSession: false,
      hostName: "localhost")
    spotify.api = SpotifyAPIClient(baseURL: apiURL, transport: URLSessionTransport(timeout: 0.5))
    var logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    logger.logLevel = .critical
    let unreachable = URL(string: "http://127.0.0.1:9")!
    let runner = EffectRunner(
      dependencies: AppDependencies(
        database: database, secrets: vault, secretStoreInfo: SecretStoreInfo(kind: .vault, location: "vault"),
        gemini: GeminiClient(baseURL: unreachable), ticketmaster: TicketmasterClient(baseURL: unreachable),
        browser: BrowserLauncher(environment: [:]), spotify: spotify, logger: logger))
    let client = try XCTUnwrap(spotify.accounts)
    let verifier = PKCE.makeVerifier()
    let redirect = SpotifyConfiguration.redirectURI(port: 43_210)
    let url = try XCTUnwrap(
      client.authorizeURL(
        redirectURI: redirect, state: "st", challenge: PKCE.challenge(for: verifier),
        scopes: SpotifyConfiguration.scopes))
    let code = try await Self.code(from: url)
    let sent = SentActions()
    await runner.exchangeSpotifyCode(
      code,
      attempt: SpotifyConnectSession.Attempt(
        requestID: 7, verifier: verifier, state: "st", redirectURI: redirect, listener: nil),
      accounts: client, send: { sent.append($0) })
    return sent.all
  }

  func testEveryProfileFaultIsReportedAndKeepsNothing() async throws {
    let refused = URL(string: "http://127.0.0.1:9")!
    let faults: [(String, FakeBehaviour?)] = [
      ("500", .status(500)), ("malformed", .raw(status: 200, body: "{\"id\": 12")), ("reset", .dropConnection),
      ("hang", .delay(seconds: 3)), ("refused", nil),
    ]
    for (name, behaviour) in faults {
      if let behaviour { await api.enqueue(behaviour) }
      let actions = try await exchange(apiURL: behaviour == nil ? refused : api.baseURL)
      let described = actions.map { String(describing: $0) }
      let connected = described.contains { $0.contains("connected(requestID") }
      XCTAssertFalse(connected, "\(name): must not claim 'connected': \(actions)")
      XCTAssertTrue(
        described.contains { $0.contains("failed(requestID: 7") }, "\(name): the failure is reported: \(described)")
      XCTAssertTrue(try vault.read(.spotifyRefreshToken) == nil, "\(name): no token kept after a failed connect")
      XCTAssertTrue(try vault.read(.spotifyAccessToken) == nil, name)
      XCTAssertNil(try database.spotifyConnection(), "\(name): nothing saved")
    }
  }

  func testAWorkingProfileStillConnectsWithTheName() async throws {
    let actions = try await exchange(apiURL: accounts.baseURL)
    XCTAssertTrue(
      actions.contains { $0 == .spotify(.connected(requestID: 7, profileName: "Ada Lovelace")) }, "\(actions)")
    XCTAssertTrue(try vault.read(.spotifyRefreshToken) != nil)
  }

  /// Plays the browser: reads the code from the authorize redirect without following it.
  static func code(from url: URL) async throws -> String {
    let session = URLSession(configuration: .ephemeral, delegate: StopRedirects(), delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    let (_, response) = try await session.data(from: url)
    let location = try XCTUnwrap((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Location"))
    return try XCTUnwrap(URLComponents(string: location)?.queryItems?.first { $0.name == "code" }?.value)
  }
}

/// Collects the actions an effect sends.
private final class SentActions: @unchecked Sendable {
  private let lock = NSLock()
  private var actions: [AppAction] = []
  func append(_ action: AppAction) { lock.withLock { actions.append(action) } }
  var all: [AppAction] { lock.withLock { actions } }
}

private final class StopRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}
