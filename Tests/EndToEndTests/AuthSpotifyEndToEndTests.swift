import Foundation
import VibesTestSupport
import XCTest

/// `vibes auth login spotify` against the strict accounts fake, with `$BROWSER` playing the user's browser
/// (Fixtures/fake-browser.py): through the loopback listener, and by pasting the redirected address on stdin.
final class AuthSpotifyEndToEndTests: EndToEndTestCase {
  override class var needsTmux: Bool { false }

  var fake: FakeSpotifyServer!

  var browserOut: URL { scratch.appendingPathComponent("redirect.txt") }

  func environment(_ extra: [String: String] = [:]) -> [String: String] {
    harness.environment(fake.environment.merging(VibesHarness.fakeBrowser(writingTo: browserOut)) { $1 })
      .merging(extra) { $1 }
  }

  func testLoginThroughTheLoopbackListener() throws {
    fake = try awaitFake(displayName: "Ada Lovelace")
    let login = try CLIRun.run(["auth", "login", "spotify"], environment: environment(), stdin: nil, timeout: 30)
    XCTAssertEqual(login.status, 0, login.all)
    XCTAssertEqual(login.stdout, "Logged in to Spotify as Ada Lovelace.\n")
    XCTAssertTrue(login.stderr.contains("Open this address in a browser"), login.stderr)
    let status = try CLIRun.run(["auth", "status", "spotify", "--check", "--plain"], environment: environment())
    XCTAssertEqual(status.status, 0, status.all)
    XCTAssertTrue(status.stdout.contains("  displayName: Ada Lovelace\n"), status.stdout)
    XCTAssertTrue(status.stdout.contains("  check: ok"), status.stdout)
    XCTAssertTrue(harness.filesContaining(["access-", "refresh-"], excluding: [harness.vaultFile]).isEmpty)
  }

  func testLoginByPastingTheRedirectedAddress() throws {
    fake = try awaitFake(displayName: "Grace Hopper")
    let out = browserOut
    let login = try CLIRun.run(
      ["auth", "login", "spotify"], environment: environment(["FAKE_BROWSER_MODE": "capture"]), timeout: 30,
      lateStdin: {
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
          if let text = try? String(contentsOf: out, encoding: .utf8), !text.isEmpty {
            let forged = text.replacingOccurrences(of: "state=", with: "state=forged")
            return forged + "\n" + text + "\n"
          }
          usleep(50_000)
        }
        return ""
      })
    XCTAssertEqual(login.status, 0, login.all)
    XCTAssertEqual(login.stdout, "Logged in to Spotify as Grace Hopper.\n")
    XCTAssertTrue(
      login.stderr.contains("That address was not accepted (it belongs to another sign-in attempt)"),
      "the forged line first: \(login.stderr)")

    let logout = try CLIRun.run(["auth", "logout", "spotify", "--yes"], environment: environment())
    XCTAssertEqual(logout.status, 0)
    let status = try CLIRun.run(["auth", "status", "spotify"], environment: environment())
    XCTAssertEqual(status.status, 1)
    XCTAssertEqual(status.stdout, "Spotify: not configured\n")
  }

  func testNoClientIDIsARejection() throws {
    fake = try awaitFake(displayName: "x")
    var bare = environment()
    bare["VIBES_SPOTIFY_CLIENT_ID"] = nil
    let login = try CLIRun.run(["auth", "login", "spotify"], environment: bare)
    XCTAssertEqual(login.status, 1)
    XCTAssertTrue(login.stderr.contains("no client ID configured"), login.stderr)
  }

  /// XCTest's synchronous tests cannot await; start the fake on a task and wait for it.
  func awaitFake(displayName: String) throws -> FakeSpotifyServer {
    serve(try XCTUnwrap(awaited { try await FakeSpotifyServer(displayName: displayName) }))
  }
}
