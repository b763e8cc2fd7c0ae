import Foundation
import VibesTestSupport
import XCTest

/// `vibes auth login google` (browser through the loopback listener, pasted redirect, device flow over ssh),
/// `auth status --json`, `auth logout google` and `auth delete-account` with the real binary against the loopback
/// Firebase fake; `$BROWSER` plays the user's browser (Fixtures/fake-browser.py).
final class AuthGoogleEndToEndTests: EndToEndTestCase {
  override class var needsTmux: Bool { false }

  var fake: FakeFirebaseServer!

  var browserOut: URL { scratch.appendingPathComponent("redirect.txt") }

  func environment(_ extra: [String: String] = [:]) -> [String: String] {
    harness.environment(fake.environment.merging(VibesHarness.fakeBrowser(writingTo: browserOut)) { $1 })
      .merging(extra) { $1 }
  }

  func secrets() -> [String] {
    let fake = self.fake!
    return awaited { await fake.issuedSecrets() } ?? []
  }

  func documents() -> [String: String] {
    let fake = self.fake!
    return awaited { await fake.documents().mapValues { "\($0)" } } ?? [:]
  }

  func testLoginThroughTheBrowserThenStatusLogoutAndNoTokenAnywhere() throws {
    fake = try awaitFake(deviceInterval: 1)
    let login = try CLIRun.run(["auth", "login", "google"], environment: environment(), timeout: 30)
    XCTAssertEqual(login.status, 0, login.all)
    XCTAssertTrue(login.stdout.hasPrefix("Signed in to vibes with Google as Ada Lovelace ("), login.stdout)
    XCTAssertTrue(login.stderr.contains("Open this address in a browser to sign in with Google"), login.stderr)
    XCTAssertNotNil(documents().keys.first { $0.hasPrefix("users/") }, "a new account gets its profile document")

    let status = try CLIRun.run(["auth", "status", "google", "--json", "--check"], environment: environment())
    XCTAssertEqual(status.status, 0, status.all)
    XCTAssertTrue(status.stdout.contains("\"uid\""), status.stdout)
    XCTAssertTrue(
      status.stdout.contains("\"result\" : \"ok\""), "checked online with a refreshed ID token: \(status.stdout)")
    let issued = secrets()
    XCTAssertFalse(issued.isEmpty)
    for secret in issued {
      XCTAssertFalse(status.all.contains(secret), "status shows no token")
      XCTAssertFalse(login.all.contains(secret), "login prints no token")
    }
    XCTAssertEqual(harness.filesContaining(issued, excluding: [harness.vaultFile]), [:], "no token in SQLite or logs")

    let logout = try CLIRun.run(["auth", "logout", "google", "--yes"], environment: environment())
    XCTAssertEqual(logout.status, 0, logout.all)
    let after = try CLIRun.run(["auth", "status", "google"], environment: environment())
    XCTAssertEqual(after.status, 1)
    XCTAssertEqual(after.stdout, "Google (vibes account): not configured\n")
  }

  func testLoginByPastingTheRedirectedAddress() throws {
    fake = try awaitFake(deviceInterval: 1)
    let out = browserOut
    let login = try CLIRun.run(
      ["auth", "login", "google"], environment: environment(["FAKE_BROWSER_MODE": "capture"]), timeout: 30,
      lateStdin: {
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
          if let text = try? String(contentsOf: out, encoding: .utf8), !text.isEmpty {
            return text.replacingOccurrences(of: "state=", with: "state=forged") + "\n" + text + "\n"
          }
          usleep(50_000)
        }
        return ""
      })
    XCTAssertEqual(login.status, 0, login.all)
    XCTAssertTrue(login.stderr.contains("belongs to another sign-in attempt"), login.stderr)
    XCTAssertTrue(login.stdout.hasPrefix("Signed in to vibes with Google as "), login.stdout)
  }

  func testDeviceFlowOverSshThenDeleteAccountLeavesNothing() throws {
    fake = try awaitFake(deviceInterval: 1)
    let script = expectation(description: "script")
    let fake = self.fake!
    Task {
      await fake.scriptDevicePolls([.pending])
      script.fulfill()
    }
    wait(for: [script], timeout: 5)
    let ssh = environment(["SSH_CONNECTION": "10.0.0.1 5000 10.0.0.2 22"])
    let login = try CLIRun.run(["auth", "login", "google"], environment: ssh, timeout: 30)
    XCTAssertEqual(login.status, 0, login.all)
    XCTAssertTrue(login.stderr.contains("enter the code ABCD-EFGH"), login.stderr)
    XCTAssertFalse(login.stderr.contains("Open this address in a browser"), "no loopback over ssh")

    let refused = try CLIRun.run(["auth", "delete-account"], environment: ssh)
    XCTAssertEqual(refused.status, 1)
    XCTAssertTrue(refused.stderr.contains("without --yes"), refused.stderr)

    let delete = try CLIRun.run(["auth", "delete-account", "--yes"], environment: ssh, timeout: 30)
    XCTAssertEqual(delete.status, 0, delete.all)
    XCTAssertTrue(delete.stdout.contains("your vibes account"), delete.stdout)
    XCTAssertEqual(documents(), [:], "nothing of the account is left in Firestore")
    let status = try CLIRun.run(["auth", "status", "google"], environment: ssh)
    XCTAssertEqual(status.status, 1, "signed out after deletion")
  }

  func testAHostileGoogleNameIsSanitisedOnStandardOutput() throws {
    fake = try awaitFake(deviceInterval: 1)
    let fake = self.fake!
    let named = expectation(description: "name")
    Task {
      await fake.setGoogleUser(
        sub: "g-eve", email: "eve@example.com", name: "\u{1B}]0;PWNED\u{07}Eve\u{202E}\u{9B}31m Mallory")
      named.fulfill()
    }
    wait(for: [named], timeout: 5)
    let login = try CLIRun.run(["auth", "login", "google"], environment: environment(), timeout: 30)
    XCTAssertEqual(login.status, 0, login.all)
    XCTAssertTrue(login.stdout.contains("Eve"), login.stdout)
    for forbidden in ["\u{1B}", "\u{07}", "\u{202E}", "\u{9B}"] {
      XCTAssertFalse(login.all.contains(forbidden), "no control or bidi character reaches the terminal")
    }
  }

  func testMissingConfigurationNamesTheKey() throws {
    fake = try awaitFake(deviceInterval: 1)
    var bare = environment()
    bare["VIBES_GOOGLE_CLIENT_SECRET"] = nil
    let login = try CLIRun.run(["auth", "login", "google"], environment: bare)
    XCTAssertEqual(login.status, 1)
    XCTAssertTrue(login.stderr.contains("VIBES_GOOGLE_CLIENT_SECRET"), login.stderr)
  }

  func testEachFailureHasItsOwnMessageAndSavesNothing() throws {
    fake = try awaitFake(deviceInterval: 1)
    let fake = self.fake!
    let scripted = expectation(description: "script")
    Task {
      await fake.scriptDevicePolls([.deny])
      await fake.setConsent(approve: false)
      scripted.fulfill()
    }
    wait(for: [scripted], timeout: 5)
    let denied = try CLIRun.run(["auth", "login", "google", "--device"], environment: environment(), timeout: 30)
    XCTAssertEqual(denied.status, 1, denied.all)
    XCTAssertTrue(denied.stderr.contains("enter the code ABCD-EFGH"), "--device without ssh: \(denied.stderr)")
    XCTAssertTrue(denied.stderr.contains("Google: sign-in was declined at Google; nothing was saved"), denied.stderr)

    let refused = try CLIRun.run(["auth", "login", "google"], environment: environment(), timeout: 30)
    XCTAssertEqual(refused.status, 1, refused.all)
    XCTAssertTrue(refused.stderr.contains("sign-in was declined at Google"), refused.stderr)

    let offline = try CLIRun.run(
      ["auth", "login", "google", "--device"],
      environment: environment(["VIBES_GOOGLE_OAUTH2_URL": "http://127.0.0.1:9"]),
      timeout: 30)
    XCTAssertEqual(offline.status, 1, offline.all)
    XCTAssertTrue(offline.stderr.contains("The connection was refused (127.0.0.1)"), offline.stderr)

    let wrongKey = try CLIRun.run(
      ["auth", "login", "google", "--device"], environment: environment(["VIBES_FIREBASE_API_KEY": "wrong"]),
      timeout: 30)
    XCTAssertEqual(wrongKey.status, 1, wrongKey.all)
    XCTAssertTrue(wrongKey.stderr.contains("Firebase refused the Web API key"), wrongKey.stderr)

    let status = try CLIRun.run(["auth", "status", "google"], environment: environment())
    XCTAssertEqual(status.status, 1, "nothing was saved")
  }

  func awaitFake(deviceInterval: Int) throws -> FakeFirebaseServer {
    serve(try XCTUnwrap(awaited { try await FakeFirebaseServer(deviceInterval: deviceInterval) }))
  }
}
