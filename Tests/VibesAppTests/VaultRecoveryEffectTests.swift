import Foundation
import Logging
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import XCTest

/// A lost vault key, on a real vault file: the app says so and its reset (run as an effect) gets it going again.
final class VaultRecoveryEffectTests: VaultHomeTestCase {
  override class var homePrefix: String { "vibes-recovery" }

  final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [AppAction] = []
    func append(_ action: AppAction) {
      lock.lock()
      stored.append(action)
      lock.unlock()
    }
    var actions: [AppAction] {
      lock.lock()
      defer { lock.unlock() }
      return stored
    }
  }

  func testLostKeyIsReportedAndTheResetFromTheAppRecovers() async throws {
    let vault = VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
    try vault.write("AIzaSyLostKey0123456789", for: .geminiAPIKey)
    try FileManager.default.removeItem(at: paths.vaultKeyFile)
    let runner = try runner(vault)

    let collected = Collected()
    await runner.run(.loadFacts) { collected.append($0) }
    let damage = SecretStoreDamage(
      kind: .keyMissing, vaultPath: paths.vaultFile.path, keyPath: paths.vaultKeyFile.path)
    XCTAssertEqual(collected.actions, [.secretStoreDamaged(damage), .factsLoadFailed])

    var state = AppState()
    for action in collected.actions { _ = AppReducer.reduce(&state, action) }
    _ = AppReducer.reduce(&state, .input(.key(.character("r"))))
    let effects = AppReducer.reduce(&state, .input(.key(.character("y"))))
    XCTAssertEqual(effects, [.resetVault(vaultPath: damage.vaultPath, keyPath: damage.keyPath)])

    // Saving while the key is lost brings the recovery back instead of a Retry that cannot help.
    let saving = Collected()
    await runner.run(
      .feature(
        FeatureMessage(
          .feed,
          FeedEffect.save(
            requestID: 3, CredentialSubmission(step: .gemini, apiKey: .new("AIzaSyAnother0123456789"), city: nil),
            .gemini)))
    ) { saving.append($0) }
    XCTAssertEqual(saving.actions.last, .secretStoreDamaged(damage), "\(saving.actions)")

    let answer = await runner.run(effects[0])
    XCTAssertEqual(answer, .vaultResetFinished(success: true))
    XCTAssertFalse(FileManager.default.fileExists(atPath: paths.vaultFile.path))
    let facts = await runner.run(.loadFacts)
    XCTAssertEqual(facts, .factsLoaded(SetupFacts()), "a fresh start: nothing configured, nothing stuck")
    try vault.write("AIzaSyNewKey0123456789", for: .geminiAPIKey)
    XCTAssertEqual(try vault.read(.geminiAPIKey), "AIzaSyNewKey0123456789", "saving works again")
  }
}

/// The set-up of the vault recovery tests: a home of its own in the temporary folder (its folders made, removed after
/// each test) and the app's real `EffectRunner` over it with the secret store given, every network client pointed
/// at a closed port.
class VaultHomeTestCase: XCTestCase {
  /// The home folder's name before its UUID.
  class var homePrefix: String { "vibes-vault" }
  var home: URL!
  var paths: AppPaths!

  override func setUp() async throws {
    try await super.setUp()
    home = FileManager.default.temporaryDirectory.appendingPathComponent("\(Self.homePrefix)-\(UUID().uuidString)")
    paths = AppPaths(environment: ["HOME": home.path])
    try paths.createDirectories()
  }

  override func tearDown() async throws {
    try? FileManager.default.removeItem(at: home)
    try await super.tearDown()
  }

  func runner(_ secrets: any SecretStore) throws -> EffectRunner {
    EffectRunner(
      dependencies: AppDependencies(
        database: try AppDatabase(path: paths.databaseFile.path), secrets: secrets,
        secretStoreInfo: SecretStoreInfo(kind: .vault, location: paths.vaultFile.path),
        gemini: GeminiClient(baseURL: URL(string: "http://127.0.0.1:9")!),
        ticketmaster: TicketmasterClient(baseURL: URL(string: "http://127.0.0.1:9")!),
        browser: BrowserLauncher(environment: [:]), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }))
  }
}
