import Foundation
import VibesTestSupport
import XCTest

/// `vibes auth …`, `vibes status` and `vibes widget` run as the built binary against loopback fakes, with a
/// private XDG home and the vault: secrets only on standard input, nothing saved on rejection, the JSON
/// schema, exit statuses, and no secret in any output.
final class AuthCommandEndToEndTests: EndToEndTestCase {
  override class var needsTmux: Bool { false }

  static let geminiKey = "AIzaGoodKey_0123456789abcdefghijklmn"
  static let ticketmasterKey = "tm-good-key-0123456789"
  static let trackerKey = "trk_live_secret_0123456789"
  static let issuer = "57246542-96fe-1a63-e053-0824d011072a"
  static let keyID = "2X9R4HXF34"

  var gemini: FakeGeminiServer!
  var ticketmaster: FakeTicketmasterServer!
  var tracker: FakeTrackerServer!
  var appStoreConnect: FakeAppStoreConnectServer!
  let ascKey = TestAppStoreConnectKey()

  override func setUp() async throws {
    try await super.setUp()
    gemini = try await serve(FakeGeminiServer(validKeys: [Self.geminiKey]))
    ticketmaster = try await serve(
      FakeTicketmasterServer(validKeys: [Self.ticketmasterKey], eventsByCity: ["Berlin": 42]))
    tracker = try await serve(FakeTrackerServer(validKeys: [Self.trackerKey], validBrands: ["brand-42"]))
    appStoreConnect = try await serve(
      FakeAppStoreConnectServer(
        keys: [Self.keyID: .init(issuerID: Self.issuer, publicKey: ascKey.publicKey)], apps: []))
  }

  var environment: [String: String] {
    var environment = harness.environment()
    for fake in [gemini.environment, ticketmaster.environment, tracker.environment, appStoreConnect.environment] {
      environment.merge(fake) { $1 }
    }
    return environment
  }

  var secrets: [String] { [Self.geminiKey, Self.ticketmasterKey, Self.trackerKey, ascKey.pem] + ascKey.bodyLines }

  func vibes(_ arguments: [String], stdin: String? = nil) throws -> CLIRun.Result {
    for secret in secrets {
      XCTAssertFalse(arguments.joined(separator: " ").contains(secret), "a secret in argv")
      XCTAssertFalse(environment.values.contains { $0.contains(secret) }, "a secret in the environment")
    }
    let result = try CLIRun.run(arguments, environment: environment, stdin: stdin)
    for secret in secrets {
      XCTAssertFalse(result.all.contains(secret), "a secret in the output of \(arguments)")
    }
    return result
  }

  struct Document: Decodable {
    struct Entry: Decodable {
      struct Check: Decodable {
        var result: String
        var message: String?
      }
      var service: String
      var configured: Bool
      var store: String
      var location: String
      var details: [String: String]
      var lastVerified: String?
      var check: Check?
    }
    var version: Int
    var services: [Entry]
  }

  func statusJSON(_ services: [String] = [], check: Bool = false) throws -> (Int32, Document) {
    let result = try vibes(["auth", "status", "--json"] + services + (check ? ["--check"] : []))
    let document = try JSONDecoder().decode(Document.self, from: Data(result.stdout.utf8))
    return (result.status, document)
  }

  func testGeminiLoginFromStdinShowsInStatusAndLogoutRemovesIt() throws {
    let login = try vibes(["auth", "login", "gemini", "--with-token"], stdin: Self.geminiKey + "\n")
    XCTAssertEqual(login.status, 0, login.all)
    XCTAssertEqual(login.stdout, "Logged in to Gemini.\n")
    // The key was checked over HTTP, and Foundation's cookie and cache folders went with the session that made them
    // (`FoundationStrayFolders`): ~/.local/share holds vibes's own folder only (not one named for the binary's).
    let share = harness.home.appendingPathComponent(".local/share").path
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: share), ["vibes"])
    let cache = harness.home.appendingPathComponent(".cache/org.swift.foundation.URLCache").path
    XCTAssertFalse(FileManager.default.fileExists(atPath: cache), "no URL cache folder")

    let (status, document) = try statusJSON(["gemini"])
    XCTAssertEqual(status, 0)
    XCTAssertEqual(document.version, 1)
    XCTAssertEqual(document.services.map(\.service), ["gemini"])
    XCTAssertEqual(document.services[0].configured, true)
    XCTAssertEqual(document.services[0].store, "vault")
    XCTAssertEqual(document.services[0].location, harness.vaultFile.path)
    XCTAssertNotNil(document.services[0].lastVerified)
    XCTAssertNil(document.services[0].check)

    let all = try vibes(["auth", "status"])
    XCTAssertEqual(all.status, 1, "four services are not configured")
    XCTAssertTrue(all.stdout.hasPrefix("Spotify: not configured\nGemini: configured\n  stored in: encrypted vault "))
    XCTAssertFalse(all.stdout.contains("✓"))
    XCTAssertEqual(try vibes(["status"]).status, 1)

    let logout = try vibes(["auth", "logout", "gemini", "--yes"])
    XCTAssertEqual(logout.status, 0, logout.all)
    let (after, documentAfter) = try statusJSON(["gemini"])
    XCTAssertEqual(after, 1)
    XCTAssertEqual(documentAfter.services[0].configured, false)
    XCTAssertNil(documentAfter.services[0].lastVerified, "the verified row goes with the secret")
  }

  func testRejectedKeySavesNothing() async throws {
    let login = try vibes(["auth", "login", "gemini", "--with-token"], stdin: "AIzaWrongKey_000000000000000000000\n")
    XCTAssertEqual(login.status, 1)
    XCTAssertEqual(login.stderr, "vibes: Gemini: the key was rejected (invalid credentials); nothing was saved\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: harness.vaultFile.path))
    let requests = await gemini.recordedRequests()
    XCTAssertEqual(requests.count, 1, "checked once with the app's call")
  }

  func testEmptyStdinIsRefused() throws {
    let login = try vibes(["auth", "login", "gemini", "--with-token"], stdin: "")
    XCTAssertEqual(login.status, 1)
    XCTAssertTrue(login.stderr.contains("no secret on standard input"), login.stderr)
  }

  func testNoTokenFlagWithoutTerminalIsRefused() throws {
    let login = try vibes(["auth", "login", "gemini"], stdin: Self.geminiKey)
    XCTAssertEqual(login.status, 1)
    XCTAssertEqual(login.stderr, "vibes: pass --with-token to read the Gemini API key from standard input\n")
  }

  func testTicketmasterNeedsACityAndKeepsIt() throws {
    let missing = try vibes(["auth", "login", "ticketmaster", "--with-token"], stdin: Self.ticketmasterKey)
    XCTAssertEqual(missing.status, 64, "a usage error")
    XCTAssertTrue(missing.stderr.contains("ticketmaster needs --city NAME."), missing.stderr)

    let login = try vibes(
      ["auth", "login", "ticketmaster", "--city", "Berlin", "--with-token"], stdin: Self.ticketmasterKey)
    XCTAssertEqual(login.status, 0, login.all)
    XCTAssertEqual(login.stdout, "Logged in to Ticketmaster (42 upcoming events).\n")
    let (status, document) = try statusJSON(["ticketmaster"], check: true)
    XCTAssertEqual(status, 0)
    XCTAssertEqual(document.services[0].details, ["city": "Berlin"])
    XCTAssertEqual(document.services[0].check?.result, "ok")
  }

  func testCheckNoticesARevokedKey() async throws {
    XCTAssertEqual(try vibes(["auth", "login", "gemini", "--with-token"], stdin: Self.geminiKey).status, 0)
    await gemini.setValidKeys([])
    let (status, document) = try statusJSON(["gemini"], check: true)
    XCTAssertEqual(status, 1)
    XCTAssertEqual(document.services[0].check?.result, "failed")
    XCTAssertEqual(document.services[0].check?.message, "the key was rejected (invalid credentials)")
    let plain = try vibes(["auth", "status", "gemini", "--check", "--plain"])
    XCTAssertTrue(plain.stdout.contains("  check: failed (the key was rejected (invalid credentials))"), plain.stdout)
  }

  func testAppStoreConnectFromKeyFileDrivesTheWidget() throws {
    let widgetBefore = try vibes(["widget"])
    XCTAssertEqual(widgetBefore.status, 1, "not configured")
    XCTAssertEqual(widgetBefore.stdout, "App Store Connect: not configured\n")

    let keyFile = harness.home.appendingPathComponent("AuthKey_\(Self.keyID).p8")
    try ascKey.pem.write(to: keyFile, atomically: true, encoding: .utf8)
    let login = try vibes([
      "auth", "login", "appstoreconnect", "--issuer-id", Self.issuer, "--key-id", Self.keyID, "--key-file",
      keyFile.path,
    ])
    XCTAssertEqual(login.status, 0, login.all)
    XCTAssertEqual(try vibes(["widget"]).status, 0)
    let (status, document) = try statusJSON(["appstoreconnect"], check: true)
    XCTAssertEqual(status, 0)
    XCTAssertEqual(document.services[0].check?.result, "ok")
    XCTAssertEqual(document.services[0].details["appsCount"], "0")

    XCTAssertEqual(try vibes(["auth", "logout", "appstoreconnect", "--yes"]).status, 0)
    XCTAssertEqual(try vibes(["widget"]).status, 1, "the snapshot goes with the credentials")
  }

  func testAppStoreConnectWrongKeySavesNothing() throws {
    let other = TestAppStoreConnectKey()
    let login = try vibes(
      ["auth", "login", "appstoreconnect", "--issuer-id", Self.issuer, "--key-id", Self.keyID, "--with-token"],
      stdin: other.pem)
    XCTAssertEqual(login.status, 1)
    XCTAssertTrue(login.stderr.contains("not authorized"), login.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: harness.vaultFile.path))
    XCTAssertEqual(try vibes(["widget"]).status, 1)
  }

  func testTrackerLoginIsNotCheckedOnlineLater() async throws {
    let login = try vibes(
      ["auth", "login", "tracker", "--brand-id", "brand-42", "--user-id", "u-7", "--with-token"],
      stdin: Self.trackerKey)
    XCTAssertEqual(login.status, 0, login.all)
    let sent = await tracker.acceptedEvents()
    XCTAssertEqual(sent, ["sdk_initialized"], "the app's own initialization event")
    let (status, document) = try statusJSON(["tracker"], check: true)
    XCTAssertEqual(status, 0, "not checked online is not a failure")
    XCTAssertEqual(document.services[0].details, ["environment": "qc", "brandID": "brand-42", "userID": "u-7"])
    XCTAssertEqual(document.services[0].check?.result, "not-checked")
    let afterCheck = await tracker.acceptedEvents()
    XCTAssertEqual(afterCheck, ["sdk_initialized"], "--check sends nothing")
  }

  func testTrackerWrongBrandSavesNothing() throws {
    let login = try vibes(["auth", "login", "tracker", "--brand-id", "nope", "--with-token"], stdin: Self.trackerKey)
    XCTAssertEqual(login.status, 1, login.all)
    XCTAssertFalse(FileManager.default.fileExists(atPath: harness.vaultFile.path))
  }

  func testLogoutWithoutTerminalNeedsYesAndAllSignsOut() throws {
    XCTAssertEqual(try vibes(["auth", "login", "gemini", "--with-token"], stdin: Self.geminiKey).status, 0)
    let refused = try vibes(["auth", "logout", "--all"])
    XCTAssertEqual(refused.status, 1)
    XCTAssertTrue(refused.stderr.contains("without --yes"), refused.stderr)
    XCTAssertEqual(try statusJSON(["gemini"]).1.services[0].configured, true, "nothing removed")

    XCTAssertEqual(try vibes(["auth", "logout", "--all", "gemini"]).status, 64)
    let all = try vibes(["auth", "logout", "--all", "--yes"])
    XCTAssertEqual(all.status, 0, all.all)
    let (status, document) = try statusJSON()
    XCTAssertEqual(status, 1)
    XCTAssertEqual(
      document.services.map(\.service), ["spotify", "gemini", "ticketmaster", "appstoreconnect", "tracker", "google"])
    XCTAssertTrue(document.services.allSatisfy { !$0.configured })
  }

  func testUnreadableStorageIsExitTwo() throws {
    XCTAssertEqual(try vibes(["auth", "login", "gemini", "--with-token"], stdin: Self.geminiKey).status, 0)
    try FileManager.default.removeItem(at: harness.configDirectory.appendingPathComponent("vault.key"))
    XCTAssertEqual(try vibes(["auth", "status"]).status, 2)
    XCTAssertEqual(try vibes(["status"]).status, 2)
  }

  func testReadOnlyCommandsCreateNothing() throws {
    let xdg = [
      "XDG_CONFIG_HOME": harness.home.appendingPathComponent("config").path,
      "XDG_DATA_HOME": harness.home.appendingPathComponent("data").path,
      "XDG_STATE_HOME": harness.home.appendingPathComponent("state").path,
    ]
    let commands = [
      ["status"], ["auth", "status"], ["auth", "status", "--json"], ["auth", "status", "--check"], ["widget"],
      ["--help"], ["--version"], ["auth", "--help"], ["auth", "login", "--help"],
    ]
    for command in commands {
      _ = try CLIRun.run(command, environment: harness.environment(xdg))
      let entries = try FileManager.default.contentsOfDirectory(atPath: harness.home.path)
      XCTAssertEqual(entries, [], "\(command) created \(entries)")
    }
  }

  func testEveryHelpTextInFull() throws {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/help")
    let commands = [
      [], ["run"], ["status"], ["auth"], ["auth", "status"], ["auth", "login"], ["auth", "logout"], ["widget"],
      ["auth", "delete-account"], ["reset-vault"], ["demo"],
    ]
    for command in commands {
      let name = (["vibes"] + command).joined(separator: "-")
      let expected = try String(contentsOf: fixtures.appendingPathComponent(name + ".txt"), encoding: .utf8)
      let result = try CLIRun.run(command + ["--help"], environment: harness.environment())
      XCTAssertEqual(result.status, 0)
      XCTAssertEqual(result.stdout, expected, name)
    }
  }
}
