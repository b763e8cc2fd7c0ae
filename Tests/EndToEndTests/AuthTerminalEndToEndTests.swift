import Foundation
import VibesTestSupport
import XCTest

/// `vibes auth` on a real terminal (tmux): the key typed at a hidden prompt never shows on screen, and
/// logout asks before deleting.
final class AuthTerminalEndToEndTests: EndToEndTestCase {
  static let key = "AIzaTypedKey_0123456789abcdefghijkl"

  var gemini: FakeGeminiServer!

  override func setUp() async throws {
    try await super.setUp()
    gemini = try await serve(FakeGeminiServer(validKeys: [Self.key]))
  }

  func start(_ arguments: [String]) throws -> Tmux {
    try startVibes(gemini.environment, arguments: arguments)
  }

  func testHiddenPromptThenConfirmedLogout() throws {
    let login = try start(["auth", "login", "gemini"])
    login.waitFor("Paste the Gemini API key (it is not shown):")
    login.type(Self.key)
    login.send("Enter")
    login.waitFor("Logged in to Gemini.")
    login.waitForExit()
    XCTAssertEqual(login.exitStatus, "0")
    XCTAssertFalse(login.captures.contains { $0.contains(Self.key) }, "the typed key was echoed")

    let status = try start(["auth", "status", "gemini"])
    status.waitFor("✓ Gemini: configured", timeout: 10)
    status.waitForExit()
    XCTAssertEqual(status.exitStatus, "0")

    let declined = try start(["auth", "logout", "gemini"])
    declined.waitFor("Sign out of Gemini? Their secrets are deleted. [y/N]")
    declined.type("n")
    declined.send("Enter")
    declined.waitFor("nothing removed")
    declined.waitForExit()
    XCTAssertEqual(declined.exitStatus, "1")

    let confirmed = try start(["auth", "logout", "gemini"])
    confirmed.waitFor("[y/N]")
    confirmed.type("y")
    confirmed.send("Enter")
    confirmed.waitFor("Signed out of Gemini.")
    confirmed.waitForExit()
    XCTAssertEqual(confirmed.exitStatus, "0")

    let after = try start(["auth", "status", "gemini"])
    after.waitFor("✗ Gemini: not configured")
    after.waitForExit()
    XCTAssertEqual(after.exitStatus, "1")
  }
}
