import Foundation
import Logging
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// The effects against real parts: a SQLite file, a vault in a temporary home, loopback fakes.
final class EffectRunnerTests: XCTestCase {
  static let goodGemini = "AIzaSyRunnerGoodKey0123456789abcXYZ"
  static let goodTicketmaster = "TmRunnerKey0123456789"

  var home: URL!
  var gemini: FakeGeminiServer!
  var ticketmaster: FakeTicketmasterServer!
  var database: AppDatabase!
  var secrets: (any SecretStore)!

  override func setUp() async throws {
    home = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-runner-\(UUID().uuidString)")
    let paths = AppPaths(environment: ["HOME": home.path])
    try paths.createDirectories()
    database = try AppDatabase(path: paths.databaseFile.path)
    secrets = VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
    gemini = try await FakeGeminiServer(validKeys: [Self.goodGemini])
    ticketmaster = try await FakeTicketmasterServer(validKeys: [Self.goodTicketmaster], eventsByCity: ["Köln": 7])
  }

  override func tearDown() async throws {
    await gemini.stop()
    await ticketmaster.stop()
    try? FileManager.default.removeItem(at: home)
  }

  func runner(secrets override: (any SecretStore)? = nil, browser: [String: String] = [:]) -> EffectRunner {
    EffectRunner(
      dependencies: AppDependencies(
        database: database, secrets: override ?? secrets,
        secretStoreInfo: SecretStoreInfo(kind: .vault, location: home.path),
        gemini: GeminiClient(baseURL: gemini.baseURL),
        ticketmaster: TicketmasterClient(baseURL: ticketmaster.baseURL),
        browser: BrowserLauncher(environment: browser), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
        now: { Date(timeIntervalSince1970: 1_763_000_000) }))
  }

  func submission(_ step: SetupStep, _ key: SecretInput, city: String? = nil) -> CredentialSubmission {
    CredentialSubmission(step: step, apiKey: key, city: city)
  }

  func testValidKeyIsCheckedThenSavedOnlyBySave() async throws {
    let runner = runner()
    let checked = await runner.run(.validate(requestID: 7, submission(.gemini, .new(Self.goodGemini))))
    XCTAssertEqual(checked, .validationFinished(requestID: 7, .success(.gemini)))
    XCTAssertNil(try secrets.read(.geminiAPIKey), "a check alone saves nothing")

    let saved = await runner.run(.save(requestID: 7, submission(.gemini, .new(Self.goodGemini)), .gemini))
    XCTAssertEqual(saved, .credentialSaved(requestID: 7, facts: SetupFacts(storedSecrets: [.gemini]), .gemini))
    XCTAssertEqual(try secrets.read(.geminiAPIKey), Self.goodGemini)
    XCTAssertNotNil(try database.lastVerified(.gemini))
  }

  func testInvalidKeyMapsToInvalidCredentials() async {
    let result = await runner().run(.validate(requestID: 1, submission(.gemini, .new("AIzaSyWrong0000000000"))))
    XCTAssertEqual(result, .validationFinished(requestID: 1, .failure(.invalidCredentials)))
  }

  func testQuotaAndServerErrorsMapToRetryableFailures() async {
    await gemini.enqueue(.quota(retryDelaySeconds: 26))
    await gemini.enqueue(.status(503))
    let runner = runner()
    let quota = await runner.run(.validate(requestID: 1, submission(.gemini, .new(Self.goodGemini))))
    XCTAssertEqual(quota, .validationFinished(requestID: 1, .failure(.quotaExceeded(retryAfterSeconds: 26))))
    let server = await runner.run(.validate(requestID: 2, submission(.gemini, .new(Self.goodGemini))))
    XCTAssertEqual(server, .validationFinished(requestID: 2, .failure(.serverError(status: 503))))
  }

  func testTicketmasterSavesKeyToTheSecretStoreAndCityToSQLite() async throws {
    let runner = runner()
    let checked = await runner.run(
      .validate(requestID: 3, submission(.ticketmaster, .new(Self.goodTicketmaster), city: "Köln")))
    XCTAssertEqual(checked, .validationFinished(requestID: 3, .success(.ticketmaster(upcomingEvents: 7))))
    _ = await runner.run(
      .save(
        requestID: 3, submission(.ticketmaster, .new(Self.goodTicketmaster), city: "Köln"),
        .ticketmaster(upcomingEvents: 7)))
    XCTAssertEqual(try database.city(for: .ticketmaster), "Köln")
    XCTAssertEqual(try secrets.read(.ticketmasterAPIKey), Self.goodTicketmaster)
    let facts = await runner.run(.loadFacts)
    XCTAssertEqual(facts, .factsLoaded(SetupFacts(storedSecrets: [.ticketmaster], ticketmasterCity: "Köln")))
  }

  func testEditingOnlyTheCityChecksWithTheStoredKey() async throws {
    try secrets.write(Self.goodTicketmaster, for: .ticketmasterAPIKey)
    let result = await runner().run(.validate(requestID: 4, submission(.ticketmaster, .stored, city: "Köln")))
    XCTAssertEqual(result, .validationFinished(requestID: 4, .success(.ticketmaster(upcomingEvents: 7))))
    let requests = await ticketmaster.recordedRequests()
    XCTAssertEqual(requests.last?.queryValue("apikey"), Self.goodTicketmaster)
  }

  func testASecretStoreThatRefusesTheWriteLeavesNothingBehind() async throws {
    let runner = runner(secrets: RefusingSecretStore())
    let result = await runner.run(.save(requestID: 5, submission(.gemini, .new(Self.goodGemini)), .gemini))
    XCTAssertEqual(result, .credentialSaveFailed(requestID: 5))
    XCTAssertNil(try database.lastVerified(.gemini), "no SQLite row when the secret was not kept")
  }

  func testRemovingClearsTheSecretAndTheCity() async throws {
    try secrets.write(Self.goodTicketmaster, for: .ticketmasterAPIKey)
    try database.saveStepVerified(.ticketmaster, city: "Köln", at: Date())
    let result = await runner().run(.removeCredential(.ticketmaster))
    XCTAssertEqual(result, .credentialRemoved(.ticketmaster, facts: SetupFacts()))
    XCTAssertNil(try secrets.read(.ticketmasterAPIKey))
    XCTAssertNil(try database.city(for: .ticketmaster))
  }

  func testPreviewIsMaskedNeverTheSecret() async throws {
    try secrets.write(Self.goodGemini, for: .geminiAPIKey)
    let result = await runner().run(.loadCredentialPreview(.gemini))
    XCTAssertEqual(result, .credentialPreviewLoaded(.gemini, preview: "AIza…XYZ"))
  }

  func testFeedWindowReadsOnlyTheRequestedRows() async throws {
    let cards = (0..<500).map { FeedCard.concert(ConcertCard(eventID: "e\($0)", name: "Item \($0)")) }
    try database.replaceConcerts(city: "Köln", cards: cards, fetchedAt: Date())
    let result = await runner().run(.loadFeedWindow(FeedWindowRequest(offset: 10, limit: 5)))
    guard case .windowLoaded(let total, let offset, let window)? = result?.action(of: FeedTab.self) else {
      return XCTFail("\(String(describing: result))")
    }
    XCTAssertEqual(total, 500)
    XCTAssertEqual(offset, 10)
    XCTAssertEqual(window.map { $0?.concert?.name }, ["Item 10", "Item 11", "Item 12", "Item 13", "Item 14"])
  }

  func testOpeningALinkUsesBrowserAndReportsWhenThereIsNone() async throws {
    let record = home.appendingPathComponent("opened.txt")
    let script = home.appendingPathComponent("browser.sh")
    try "#!/bin/sh\nprintf '%s' \"$1\" > '\(record.path)'\n".write(to: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    let opened = await runner(browser: ["BROWSER": script.path, "PATH": "/usr/bin:/bin"])
      .run(.openURL("https://aistudio.google.com/app/apikey"))
    XCTAssertEqual(opened, .linkHandled(opened: true))
    try await waitForFile(record)
    XCTAssertEqual(try String(contentsOf: record, encoding: .utf8), "https://aistudio.google.com/app/apikey")

    let none = await runner(browser: ["PATH": "/nonexistent"]).run(.openURL("https://example.com"))
    XCTAssertEqual(none, .linkHandled(opened: false), "no $BROWSER and no display: say so")
  }

  func waitForFile(_ url: URL) async throws {
    // The shell creates the file before it writes: wait for its content, not only for the file.
    for _ in 0..<100 where ((try? Data(contentsOf: url))?.isEmpty ?? true) {
      try await Task.sleep(for: .milliseconds(20))
    }
  }
}

/// A secret store whose writes always fail (a locked keyring, a full disk).
final class RefusingSecretStore: SecretStore {
  var kind: SecretStoreKind { .vault }
  var locationDescription: String { "refusing" }
  func read(_ key: SecretKey) throws -> String? { nil }
  func write(_ value: String, for key: SecretKey) throws { throw SecretStoreError.locked }
  func delete(_ key: SecretKey) throws {}
  func contains(_ key: SecretKey) throws -> Bool { false }
}

extension EffectRunnerTests {
  func testADamagedDatabaseMovedAsideAtStartIsReported() async throws {
    let damaged = home.appendingPathComponent("damaged.sqlite")
    XCTAssertTrue(FileManager.default.createFile(atPath: damaged.path, contents: Data()))
    database = try AppDatabase(path: damaged.path)
    guard case .recoveredFromDamage = database.openOutcome else { return XCTFail("\(database.openOutcome)") }
    final class Box: @unchecked Sendable {
      var actions: [AppAction] = []
    }
    let box = Box()
    await runner().run(.describeSecretStore) { box.actions.append($0) }
    XCTAssertTrue(
      box.actions.contains {
        if case .databaseRecovered(let movedTo, _) = $0 { return movedTo.contains("damaged.sqlite.damaged-") }
        return false
      }, "\(box.actions)")
  }
}
