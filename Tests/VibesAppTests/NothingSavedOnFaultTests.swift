import Foundation
import Logging
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

@testable import VibesApp

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let diskAfterFault = Driver.Exhaustivity.nonExhaustive(
  because: "checks the bytes on disk and in the vault after a fault, not the reducer steps")

/// Issue 15, item 6, "nothing is saved on failure": every flow that ends in a save runs through the real
/// `EffectRunner` (and, for the key checks, the real reducer deciding whether to save) against each `FaultServer`
/// fault, on a real SQLite file and a real vault in a temporary home. After the failure no secret and no row was
/// written: the vault holds the same keys, and where the flow writes nothing but its save, the database, its WAL
/// and the vault files are byte for byte what they were.
final class NothingSavedOnFaultTests: XCTestCase {
  static let faults: [FaultServer.Fault?] = [
    .hang, .resetMidBody, .trickle, .oversized(bytes: 6_000_000), .malformedJSON, .wrongTypes,
    .retryAfterSeconds(30), .retryAfterDate(120), .status(500), .status(503), nil,
  ]
  /// Faults whose answer is a failure for a call that never reads a 2xx body (a library save), and that fail fast
  /// with the default 15 s transport that Explore's client uses.
  static let fastFailures: [FaultServer.Fault?] = [
    .resetMidBody, .retryAfterSeconds(30), .retryAfterDate(120), .status(500), .status(503), nil,
  ]
  /// The tracking API's 2xx body is never read (any 2xx accepts the event), so only faults that fail apply.
  static let trackerFailures = faults.filter {
    switch $0 {
    case .malformedJSON?, .wrongTypes?: return false
    default: return true
    }
  }
  static let transport = URLSessionTransport(timeout: 0.5, maxBodyBytes: 5 * 1024 * 1024)
  static let noWait = SpotifyRetryPolicy(sleep: { _ in }, random: { 0 })
  static let unreachable = URL(string: "http://127.0.0.1:9")!

  // MARK: - The table

  func testAGeminiKeyCheckThatFailsSavesNothing() async throws {
    try await forEachFault(strictlyUnchanged: true) { url, sandbox in
      var driver = Driver(diskAfterFault)
      driver.press(.enter, .down, .enter)
      driver.type("AIzaSyFaultCheck0123456789abcdefXYZ")
      let runner = sandbox.runner(gemini: GeminiClient(baseURL: url, transport: Self.transport))
      await Self.settle(&driver, runner, driver.press(.enter))
      guard case .failed? = driver.state.feed.topForm?.phase else {
        XCTFail("the check did not fail: \(String(describing: driver.state.feed.topForm?.phase))")
        return ""
      }
      return String(describing: driver.state.feed.topForm?.phase)
    }
  }

  func testATicketmasterKeyCheckThatFailsSavesNothing() async throws {
    try await forEachFault(strictlyUnchanged: true) { url, sandbox in
      var driver = Driver(diskAfterFault)
      driver.press(.enter, .down, .down, .enter)
      driver.type("TmFaultCheck0123456789")
      driver.press(.enter)
      driver.type("Berlin")
      let runner = sandbox.runner(ticketmaster: TicketmasterClient(baseURL: url, transport: Self.transport))
      await Self.settle(&driver, runner, driver.press(.enter))
      guard case .failed? = driver.state.feed.topForm?.phase else {
        XCTFail("the check did not fail: \(String(describing: driver.state.feed.topForm?.phase))")
        return ""
      }
      return String(describing: driver.state.feed.topForm?.phase)
    }
  }

  func testAnAppStoreConnectVerifyThatFailsSavesNothing() async throws {
    let key = TestAppStoreConnectKey()
    try await forEachFault(strictlyUnchanged: true) { url, sandbox in
      let runner = sandbox.runner(
        appStoreConnect: AppStoreConnectDependencies(
          client: AppStoreConnectClient(baseURL: url, transport: Self.transport), paths: sandbox.paths,
          home: sandbox.home.path))
      let submission = AppStoreConnectSubmission(
        issuerID: "57246542-96fe-1a63-e053-0824d011072a", keyID: "2X9R4HXF34", privateKey: RedactedText(key.pem))
      let actions = await Self.describe(runner, .appStoreConnect(.connect(requestID: 1, submission)))
      XCTAssertFalse(
        FileManager.default.fileExists(atPath: sandbox.paths.appStoreConnectWidgetFile.path), "no widget snapshot")
      XCTAssertTrue(actions.contains(".failure("), "the verify did not fail")
      return actions
    }
  }

  func testATrackerInitializeThatFailsSavesNothing() async throws {
    try await forEachFault(Self.trackerFailures, strictlyUnchanged: true) { url, sandbox in
      let store = TrackerConfigurationStore(database: sandbox.database, secrets: sandbox.vault)
      let runner = sandbox.runner(
        tracker: TrackerDependencies(
          store: store,
          urlOverrides: [TrackerEnvironment.qcVariable: url.appendingPathComponent("api").absoluteString],
          transport: Self.transport, sleep: { _ in }))
      let configuration = TrackerConfiguration(apiKey: "trk-fault-key", brandID: "brand", environment: .qc)
      let actions = await Self.describe(
        runner, .tracker(.initialize(requestID: 1, configuration, persist: true)))
      XCTAssertEqual(store.stored(), .none, "no configuration row or key")
      XCTAssertTrue(actions.contains(".failure("), "the initialization did not fail")
      return actions
    }
  }

  /// A tracking API answer past the body cap is an unreadable answer, not "could not reach the service".
  func testATrackerAnswerPastTheCapIsUnreadable() async throws {
    let server = try FaultServer(.oversized(bytes: 6_000_000))
    defer { server.stop() }
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let store = TrackerConfigurationStore(database: sandbox.database, secrets: sandbox.vault)
    let runner = sandbox.runner(
      tracker: TrackerDependencies(
        store: store,
        urlOverrides: [TrackerEnvironment.qcVariable: server.baseURL.appendingPathComponent("api").absoluteString],
        transport: Self.transport, sleep: { _ in }))
    let configuration = TrackerConfiguration(apiKey: "trk-fault-key", brandID: "brand", environment: .qc)
    let actions = await Self.collect(runner, .tracker(.initialize(requestID: 1, configuration, persist: true)))
    XCTAssertEqual(
      actions.compactMap(\.trackerAction),
      [.initializationFinished(requestID: 1, configuration, .failure(.unreadableAnswer))])
  }

  func testASpotifyConnectWhoseTokenExchangeFailsSavesNothing() async throws {
    try await forEachFault(strictlyUnchanged: true) { url, sandbox in
      let configuration = SpotifyConfiguration(clientID: "fault-client", accountsURL: url, apiURL: url)
      var spotify = SpotifyDependencies(
        configuration: configuration, database: sandbox.database, secrets: sandbox.vault, configFilePath: "",
        isRemoteSession: false, hostName: "localhost")
      spotify.api = SpotifyAPIClient(baseURL: url, transport: Self.transport)
      let runner = sandbox.runner(spotify: spotify)
      let log = ActionCollector()
      await runner.exchangeSpotifyCode(
        "fault-code",
        attempt: SpotifyConnectSession.Attempt(
          requestID: 7, verifier: PKCE.makeVerifier(), state: "st",
          redirectURI: SpotifyConfiguration.redirectURI(port: 43_210), listener: nil),
        accounts: SpotifyAccountsClient(baseURL: url, clientID: "fault-client", transport: Self.transport),
        send: { log.append($0) })
      XCTAssertNil(try sandbox.database.spotifyConnection(), "no connection row")
      XCTAssertTrue(log.described.contains("failed(requestID: 7"), "the connect did not fail")
      return log.described
    }
  }

  func testASpotifyConnectWhoseProfileReadFailsSavesNothing() async throws {
    let accounts = try await FakeSpotifyServer()
    try await forEachFault(strictlyUnchanged: true) { url, sandbox in
      let configuration = SpotifyConfiguration(
        clientID: FakeSpotifyServer.clientID, accountsURL: accounts.baseURL, apiURL: url)
      var spotify = SpotifyDependencies(
        configuration: configuration, database: sandbox.database, secrets: sandbox.vault, configFilePath: "",
        isRemoteSession: false, hostName: "localhost")
      spotify.api = SpotifyAPIClient(baseURL: url, transport: Self.transport)
      let client = try XCTUnwrap(spotify.accounts)
      let verifier = PKCE.makeVerifier()
      let redirect = SpotifyConfiguration.redirectURI(port: 43_210)
      let authorize = try XCTUnwrap(
        client.authorizeURL(
          redirectURI: redirect, state: "st", challenge: PKCE.challenge(for: verifier),
          scopes: SpotifyConfiguration.scopes))
      let code = try await SpotifyProfileFailureTests.code(from: authorize)
      let log = ActionCollector()
      await sandbox.runner(spotify: spotify).exchangeSpotifyCode(
        code,
        attempt: SpotifyConnectSession.Attempt(
          requestID: 7, verifier: verifier, state: "st", redirectURI: redirect, listener: nil),
        accounts: client, send: { log.append($0) })
      XCTAssertNil(try sandbox.database.spotifyConnection(), "no connection row")
      XCTAssertTrue(log.described.contains("failed(requestID: 7"), "the connect did not fail")
      return log.described
    }
    await accounts.stop()
  }

  func testACreateSaveToSpotifyThatFailsSavesNothing() async throws {
    try await forEachFault(strictlyUnchanged: false) { url, sandbox in
      let id = try sandbox.database.recordGeneratedPlaylist(
        prompt: "rainy day", name: "Rain", description: "d", songs: [SuggestedSong(title: "Song", artist: "Artist")],
        at: Date())
      try sandbox.database.recordSongResolutions(
        [
          0: .found(
            TrackCandidate(
              id: "t1", uri: "spotify:track:t1", name: "Song", artists: ["Artist"], album: "A", durationMs: 1000))
        ], inGeneratedPlaylist: id)
      let web = SpotifyWebClient(
        baseURL: url, transport: Self.transport,
        tokens: SpotifyClosureTokenSource(current: { "fault-token" }, refresh: { "fault-token" }), retry: Self.noWait)
      let runner = sandbox.runner(
        create: CreateDependencies(gemini: GeminiClient(baseURL: Self.unreachable), spotifyWeb: web))
      let actions = await Self.collect(runner, .create(.save(requestID: 3, playlistID: id, name: "Rain")))
      guard case .saved(3, .failure(let failure))? = actions.compactMap(\.createAction).last else {
        XCTFail("not a failed save: \(actions)")
        return "\(actions)"
      }
      let playlist = try XCTUnwrap(sandbox.database.generatedPlaylist(id: id))
      XCTAssertEqual(playlist.saveState, .notSaved, "no Spotify playlist recorded: \(failure)")
      XCTAssertEqual(playlist.addedItemCount, 0)
      XCTAssertEqual(try sandbox.database.createdPlaylistCards(), [], "no 'You created' card")
      // Only a save that could not reach Spotify waits in the retry queue (it is retried, not saved).
      XCTAssertEqual(try sandbox.database.queuedPlaylistSaves(), failure.isOffline ? [id] : [], "\(failure)")
      return "\(failure)"
    }
  }

  func testAnExploreLibrarySaveThatFailsSavesNothing() async throws {
    try await forEachFault(Self.fastFailures, strictlyUnchanged: false) { url, sandbox in
      try sandbox.vault.write("refresh-fault", for: .spotifyRefreshToken)
      try sandbox.vault.write("access-fault", for: .spotifyAccessToken)
      try sandbox.database.saveSpotifyConnected(
        displayName: "Ada", userID: "ada", at: Date(), expiresAt: Date().addingTimeInterval(3600))
      let configuration = SpotifyConfiguration(clientID: "fault-client", accountsURL: Self.unreachable, apiURL: url)
      let spotify = SpotifyDependencies(
        configuration: configuration, database: sandbox.database, secrets: sandbox.vault,
        configFilePath: sandbox.home.path, isRemoteSession: false, hostName: "test")
      let keys = try sandbox.vault.storedKeys()
      let runner = sandbox.runner(spotify: spotify)
      let actions = await Self.collect(
        runner, .explore(.perform(requestID: 1, .save(uris: ["spotify:album:a1"]), checkDuplicates: false)))
      guard case .actionFinished(_, let outcome, let queued)? = actions.compactMap(\.exploreAction).last else {
        XCTFail("no outcome: \(actions)")
        return "\(actions)"
      }
      XCTAssertNotEqual(outcome, .done)
      // Only an action that could not reach Spotify waits in the offline queue (it is retried, not saved).
      XCTAssertEqual(queued, outcome == .queued ? 1 : 0, "\(outcome)")
      XCTAssertEqual(try sandbox.vault.storedKeys(), keys, "the tokens are neither dropped nor replaced")
      return "\(outcome)"
    }
  }

  /// The harness can fail: the same Gemini path against a server that accepts the key does save it.
  func testTheHarnessSeesASuccessfulSave() async throws {
    let good = "AIzaSyHarnessGood0123456789abcdefXYZ"
    let server = try await FakeGeminiServer(validKeys: [good])
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let before = try sandbox.fingerprint()
    var driver = Driver(diskAfterFault)
    driver.press(.enter, .down, .enter)
    driver.type(good)
    await Self.settle(&driver, sandbox.runner(gemini: GeminiClient(baseURL: server.baseURL)), driver.press(.enter))
    await server.stop()
    XCTAssertEqual(try sandbox.vault.storedKeys(), [.geminiAPIKey])
    XCTAssertNotEqual(try sandbox.fingerprint(), before)
  }

  // MARK: - Harness

  /// Runs `flow` once per fault on a fresh sandbox and checks that nothing was saved. `flow` returns what the
  /// user would be told (printed in the table). With `strictlyUnchanged`, the database, its WAL and the vault
  /// files must be byte for byte unchanged (the flow writes nothing but its save).
  func forEachFault(
    _ faults: [FaultServer.Fault?] = faults, strictlyUnchanged: Bool, flowName: String = #function,
    file: StaticString = #filePath, line: UInt = #line, _ flow: @escaping (URL, Sandbox) async throws -> String
  ) async throws {
    var table: [String] = []
    for fault in faults {
      let name = fault?.description ?? "refused"
      let server = try fault.map { try FaultServer($0) }
      let sandbox = try Sandbox()
      let keysBefore = try sandbox.vault.storedKeys()
      let before = try sandbox.fingerprint()
      let start = Date()
      let url = try server?.baseURL ?? FaultServer.refusingURL()
      let told = try await flow(url, sandbox)
      let elapsed = Date().timeIntervalSince(start)
      server?.stop()
      let shown = Self.failurePart(of: told)
      table.append("| \(name) | \(Int(elapsed * 1000)) | \(shown) |")
      for secret in Self.secrets {
        XCTAssertFalse(shown.contains(secret), "\(name): a secret in the output", file: file, line: line)
      }
      if strictlyUnchanged {
        XCTAssertEqual(
          try sandbox.vault.storedKeys(), keysBefore, "\(name): a secret was written", file: file, line: line)
        XCTAssertEqual(try sandbox.fingerprint(), before, "\(name): storage changed", file: file, line: line)
      }
      XCTAssertFalse(told.contains("success"), "\(name): \(told)", file: file, line: line)
      XCTAssertLessThan(elapsed, 5, "\(name): took too long", file: file, line: line)
      sandbox.remove()
    }
    let title = flowName.replacingOccurrences(of: "()", with: "")
    print(([title, "| fault | ms | failure |", "|---|---|---|"] + table).joined(separator: "\n"))
  }

  /// Every secret the flows use; none may reach the printed table.
  static let secrets = [
    "AIzaSyFault", "TmFaultCheck", "trk-fault-key", "PRIVATE KEY", "fault-token", "access-fault", "refresh-fault",
    "fault-code",
  ]

  /// The failure an outcome describes, without module prefixes or the configuration it came with (which holds the
  /// key): from the last `failure(`/`failed(` on, or the whole text when there is none.
  static func failurePart(of told: String) -> String {
    let clean = told.replacingOccurrences(of: "VibesCore.", with: "").replacingOccurrences(of: "Optional", with: "")
    let marks = ["failure(", "failed("].compactMap { clean.range(of: $0, options: .backwards) }
    guard let last = marks.max(by: { $0.lowerBound < $1.lowerBound }) else { return String(clean.prefix(100)) }
    return String(clean[last.lowerBound...].prefix(100))
  }

  /// Runs the effects the reducer asked for (key checks and saves only) and feeds their answers back, until the
  /// reducer asks for no more.
  static func settle(_ driver: inout Driver, _ runner: EffectRunner, _ effects: [AppEffect]) async {
    var queue = effects
    var rounds = 0
    while !queue.isEmpty, rounds < 10 {
      rounds += 1
      let effect = queue.removeFirst()
      switch effect.feedEffect {
      case .validate?, .save?: break
      default: continue
      }
      let log = ActionCollector()
      await runner.run(effect) { log.append($0) }
      for action in log.actions { queue += driver.send(action) }
    }
  }

  static func collect(_ runner: EffectRunner, _ effect: AppEffect) async -> [AppAction] {
    let log = ActionCollector()
    await runner.run(effect) { log.append($0) }
    return log.actions
  }

  static func describe(_ runner: EffectRunner, _ effect: AppEffect) async -> String {
    let actions = await collect(runner, effect)
    return actions.map { String(describing: $0) }.joined(separator: "; ")
  }
}

/// A temporary home with a real SQLite file and a real vault.
struct Sandbox {
  let home: URL
  let paths: AppPaths
  let database: AppDatabase
  let vault: VaultSecretStore

  init() throws {
    home = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-nothing-saved-\(UUID().uuidString)")
    paths = AppPaths(environment: ["HOME": home.path])
    try paths.createDirectories()
    database = try AppDatabase(path: paths.databaseFile.path)
    vault = VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
  }

  func remove() { try? FileManager.default.removeItem(at: home) }

  /// The bytes of the database, its WAL and the vault files (absent files as empty).
  func fingerprint() throws -> [Data] {
    let files = [
      paths.databaseFile, URL(fileURLWithPath: paths.databaseFile.path + "-wal"), paths.vaultFile, paths.vaultKeyFile,
    ]
    return files.map { (try? Data(contentsOf: $0)) ?? Data() }
  }

  func runner(
    gemini: GeminiClient = GeminiClient(baseURL: NothingSavedOnFaultTests.unreachable),
    ticketmaster: TicketmasterClient = TicketmasterClient(baseURL: NothingSavedOnFaultTests.unreachable),
    spotify: SpotifyDependencies = SpotifyDependencies(),
    appStoreConnect: AppStoreConnectDependencies = AppStoreConnectDependencies(),
    tracker: TrackerDependencies = TrackerDependencies(), create: CreateDependencies = CreateDependencies()
  ) -> EffectRunner {
    var logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    logger.logLevel = .critical
    return EffectRunner(
      dependencies: AppDependencies(
        database: database, secrets: vault, secretStoreInfo: SecretStoreInfo(kind: .vault, location: home.path),
        gemini: gemini, ticketmaster: ticketmaster, browser: BrowserLauncher(environment: [:]), spotify: spotify,
        appStoreConnect: appStoreConnect, tracker: tracker, create: create, logger: logger))
  }
}

/// Collects the actions an effect sends.
final class ActionCollector: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [AppAction] = []
  func append(_ action: AppAction) { lock.withLock { items.append(action) } }
  var actions: [AppAction] { lock.withLock { items } }
  var described: String { actions.map { String(describing: $0) }.joined(separator: "; ") }
}
