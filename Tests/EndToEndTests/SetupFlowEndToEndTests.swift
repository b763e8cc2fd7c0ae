import Foundation
import VibesTestSupport
import XCTest

/// The real binary in tmux against loopback fakes, as a user would drive it.
final class SetupFlowEndToEndTests: EndToEndTestCase {
  static let goodGeminiKey = "AIzaSyE2eGoodKey0123456789abcdefXYZ9Qk"
  static let badGeminiKey = "AIzaSyE2eWrongKey987654321zyxwvu"
  static let ticketmasterKey = "TmE2eConsumerKey0123456789"

  var gemini: FakeGeminiServer!
  var ticketmaster: FakeTicketmasterServer!

  override func setUp() async throws {
    try await super.setUp()
    gemini = try await serve(FakeGeminiServer(validKeys: [Self.goodGeminiKey]))
    ticketmaster = try await serve(
      FakeTicketmasterServer(validKeys: [Self.ticketmasterKey], eventsByCity: ["Berlin": 42, "Smalltown": 0]))
  }

  func launch(_ extra: [String: String] = [:], width: Int = 80, height: Int = 24) throws -> Tmux {
    var environment = gemini.environment
    environment.merge(ticketmaster.environment) { $1 }
    environment.merge(extra) { $1 }
    return try startVibes(environment, width: width, height: height)
  }

  func testFirstScreenShowsTheSetupCardAtZeroOfThree() throws {
    let tmux = try launch()
    let screen = tmux.waitFor("Setup · 0/3 complete ›")
    let lines = screen.components(separatedBy: "\n")
    XCTAssertTrue(lines[0].contains("1 Feed"), screen)
    XCTAssertTrue(lines[3].contains("Setup · 0/3 complete"), "the card is the first thing under the tabs:\n\(screen)")
    tmux.waitFor("Set up Ticketmaster to see concerts")
    tmux.send("q")
    tmux.waitForExit()
    XCTAssertEqual(tmux.exitStatus, "0")
  }

  /// The main path: bad Gemini key, then a good one; Ticketmaster; restart shows 2/3;
  /// and no secret anywhere but the vault.
  func testGeminiAndTicketmasterSetupPersistsAcrossRestartWithoutLeakingSecrets() async throws {
    let tmux = try launch()
    tmux.waitFor("Setup · 0/3 complete")
    tmux.send("Enter")
    tmux.waitFor("Setup checklist")
    tmux.send("Down", "Enter")
    tmux.waitFor("Google AI Studio")

    tmux.type(Self.badGeminiKey)
    tmux.send("Enter")
    tmux.waitFor("Google did not accept this API key")
    var screen = tmux.capture()
    XCTAssertTrue(screen.contains(String(repeating: "•", count: Self.badGeminiKey.count)), "the field keeps its text")
    XCTAssertFalse(FileManager.default.fileExists(atPath: harness.vaultFile.path), "a failed check saves nothing")

    tmux.send("C-u")
    tmux.type(Self.goodGeminiKey)
    tmux.send("C-s")
    tmux.waitFor("Gemini API Key saved.")
    screen = tmux.waitFor("Setup checklist · 1 of 3 complete")
    XCTAssertTrue(line(containing: "Gemini API Key", in: screen).contains("✓"), screen)

    tmux.send("Down", "Enter")
    tmux.waitFor("Developer Portal")
    tmux.paste(Self.ticketmasterKey + "\n")
    tmux.send("Tab")
    tmux.type("Berlin")
    tmux.send("Enter")
    tmux.waitFor("Saved. 42 upcoming events in Berlin.")
    screen = tmux.waitFor("2 of 3 complete")
    XCTAssertTrue(line(containing: "Ticketmaster", in: screen).contains("✓ "), screen)
    XCTAssertTrue(line(containing: "Spotify", in: screen).contains("not configured"), screen)

    tmux.send("Escape")
    tmux.waitFor("Setup · 2/3 complete")
    tmux.send("q")
    tmux.waitForExit()

    let requests = await gemini.recordedRequests()
    XCTAssertEqual(requests.count, 2)
    XCTAssertTrue(requests.allSatisfy { !$0.query.contains("AIza") && !$0.path.contains("AIza") })
    XCTAssertEqual(requests.last?.headers["x-goog-api-key"], Self.goodGeminiKey)

    let restarted = try launch()
    restarted.waitFor("Setup · 2/3 complete ›")
    restarted.send("Enter", "Down", "Enter")
    screen = restarted.waitFor("AIza…9Qk")
    XCTAssertTrue(screen.contains("stored · type to replace"), screen)
    restarted.send("C-c")
    restarted.waitForExit()

    let secrets = [Self.goodGeminiKey, Self.badGeminiKey, Self.ticketmasterKey]
    XCTAssertEqual(harness.filesContaining(secrets, excluding: [harness.vaultFile]), [:])
    XCTAssertTrue(FileManager.default.fileExists(atPath: harness.vaultFile.path))
    XCTAssertTrue(FileManager.default.fileExists(atPath: harness.databaseFile.path))
    let allScreens = (tmux.captures + restarted.captures).joined(separator: "\n")
    for secret in secrets {
      XCTAssertFalse(allScreens.contains(secret), "a secret reached the screen")
      XCTAssertFalse(allScreens.contains(String(secret.dropFirst(4).prefix(12))), "part of a secret reached the screen")
    }
  }

  func testNetworkFailureOffersRetryAndSavesNothing() throws {
    let tmux = try launch(["VIBES_GEMINI_API_URL": "http://127.0.0.1:9"])
    typeGoodGeminiKey(into: tmux)
    tmux.send("Enter")
    let screen = tmux.waitFor("127.0.0.1 refused the connection")
    XCTAssertTrue(screen.contains("Ctrl-R retry"), screen)
    XCTAssertTrue(screen.contains("[ Retry ]"), screen)
    tmux.send("C-r")
    tmux.waitFor("127.0.0.1 refused the connection")
    XCTAssertFalse(FileManager.default.fileExists(atPath: harness.vaultFile.path))
    tmux.send("Escape")
    tmux.waitFor("0 of 3 complete")
  }

  func testQuotaAnswerSaysSoAndRetrySucceeds() async throws {
    await gemini.enqueue(.quota(retryDelaySeconds: 26))
    let tmux = try launch()
    typeGoodGeminiKey(into: tmux)
    tmux.send("C-s")
    tmux.waitFor("quota is used up")
    XCTAssertFalse(FileManager.default.fileExists(atPath: harness.vaultFile.path), "nothing saved silently")
    tmux.send("C-r")
    tmux.waitFor("Gemini API Key saved.")
    tmux.waitFor("1 of 3 complete")
  }

  func testEscCancelsASlowCheck() async throws {
    await gemini.enqueue(.delay(seconds: 5))
    let tmux = try launch()
    typeGoodGeminiKey(into: tmux)
    tmux.send("Enter")
    tmux.waitFor("Checking the key with Google")
    tmux.send("Escape")
    tmux.waitForAbsence("Checking the key with Google", timeout: 2)
    try await Task.sleep(for: .seconds(5.5))
    let screen = tmux.capture()
    XCTAssertTrue(screen.contains("Google AI Studio"), "still on the form:\n\(screen)")
    XCTAssertFalse(FileManager.default.fileExists(atPath: harness.vaultFile.path), "the cancelled check saved nothing")
  }

  func testRemovingACredentialTurnsTheStepRed() throws {
    let tmux = try launch()
    typeGoodGeminiKey(into: tmux)
    tmux.send("Enter")
    tmux.waitFor("1 of 3 complete")
    tmux.send("Enter")
    tmux.waitFor("[ Remove ]")
    tmux.send("Tab", "Tab", "Enter")
    tmux.waitFor("Remove this credential from this device?")
    tmux.send("y")
    tmux.waitFor("Gemini API Key removed.")
    let screen = tmux.waitFor("0 of 3 complete")
    XCTAssertTrue(line(containing: "Gemini API Key", in: screen).contains("not configured"), screen)
  }

  func testTicketmasterCityWithoutEventsIsStillValid() throws {
    let tmux = try launch()
    tmux.waitFor("Setup · 0/3")
    tmux.send("Enter", "Down", "Down", "Enter")
    tmux.waitFor("Developer Portal")
    tmux.type(Self.ticketmasterKey)
    tmux.send("Tab")
    tmux.type("Smalltown")
    tmux.send("C-s")
    tmux.waitFor("No upcoming events in Smalltown")
    tmux.waitFor("1 of 3 complete")
  }

  func testInvalidTicketmasterKeyKeepsBothFields() throws {
    let tmux = try launch()
    tmux.waitFor("Setup · 0/3")
    tmux.send("Enter", "Down", "Down", "Enter")
    tmux.waitFor("Developer Portal")
    tmux.type("WrongTicketmasterKey123")
    tmux.send("Tab")
    tmux.type("Berlin")
    tmux.send("Enter")
    let screen = tmux.waitFor("Ticketmaster did not accept this API key")
    XCTAssertTrue(screen.contains("Berlin"), screen)
    XCTAssertTrue(screen.contains(String(repeating: "•", count: 23)), screen)
  }

  /// From the first screen: open the Gemini form and type a key the fake accepts (not yet submitted).
  func typeGoodGeminiKey(into tmux: Tmux, file: StaticString = #filePath, line: UInt = #line) {
    tmux.waitFor("Setup · 0/3", file: file, line: line)
    tmux.send("Enter", "Down", "Enter")
    tmux.waitFor("Google AI Studio", file: file, line: line)
    tmux.type(Self.goodGeminiKey)
  }

  func line(containing text: String, in screen: String) -> String {
    screen.components(separatedBy: "\n").first { $0.contains(text) } ?? ""
  }
}
