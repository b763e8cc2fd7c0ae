import Foundation
import VibesTestSupport
import XCTest

/// The Spotify sign-in with the real binary in tmux, a strict fake of accounts.spotify.com and
/// `$BROWSER` set to a script that plays the user's browser (Fixtures/fake-browser.py).
final class SpotifyConnectEndToEndTests: EndToEndTestCase {
  static let browserScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/fake-browser.py")

  var fake: FakeSpotifyServer!

  var browserOut: URL { scratch.appendingPathComponent("redirect.txt") }

  func launch(_ extra: [String: String] = [:]) throws -> Tmux {
    var environment = fake.environment
    environment.merge(VibesHarness.fakeBrowser(writingTo: browserOut)) { $1 }
    environment.merge(extra) { $1 }
    return try startVibes(environment)
  }

  /// Checklist -> Spotify step -> Connect.
  func openSpotifyAndConnect(_ tmux: Tmux) {
    tmux.waitFor("Setup · ")
    tmux.send("Enter")
    tmux.waitFor("Setup checklist")
    tmux.send("Enter")
    tmux.waitFor("Connect with Spotify")
    tmux.send("Enter")
  }

  /// The redirect the capture-mode browser saw (what a user copies from the address bar).
  func capturedRedirect(timeout: TimeInterval = 10) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let text = try? String(contentsOf: browserOut, encoding: .utf8), !text.isEmpty { return text }
      usleep(50_000)
    }
    throw XCTSkip("the browser script wrote nothing")
  }

  /// No token or code anywhere but the vault: files (SQLite, log, config) and every captured screen.
  func assertNoSecretsLeaked(_ extraScreens: [String] = [], file: StaticString = #filePath, line: UInt = #line)
    async
  {
    let secrets = await fake.issuedSecrets()
    XCTAssertFalse(secrets.isEmpty, file: file, line: line)
    XCTAssertEqual(harness.filesContaining(secrets, excluding: [harness.vaultFile]), [:], file: file, line: line)
    let screens = (sessions.flatMap(\.captures) + extraScreens).joined(separator: "\n")
    for secret in secrets {
      XCTAssertFalse(screens.contains(String(secret.prefix(16))), "a secret reached the screen", file: file, line: line)
    }
  }

  func line(containing text: String, in screen: String) -> String {
    screen.components(separatedBy: "\n").first { $0.contains(text) } ?? ""
  }

  func testBrowserSignInConnectsShowsTheNameRefreshesAndAsksToReconnectWhenRevoked() async throws {
    // 30 s tokens are inside the 60 s refresh margin: every later use refreshes first.
    fake = try await serve(FakeSpotifyServer(accessTokenLifetime: 30))
    let tmux = try launch()
    openSpotifyAndConnect(tmux)
    var screen = tmux.waitFor("connected as Ada Lovelace", timeout: 15)
    XCTAssertTrue(line(containing: "Spotify", in: screen).contains("✓"), screen)
    XCTAssertTrue(screen.contains("Setup checklist · 1 of 3 complete"), screen)
    let exchanges = await fake.tokenRequestCount(grantType: "authorization_code")
    XCTAssertEqual(exchanges, 1)
    let authorize = await fake.recordedRequests().first { $0.0.path == "/authorize" }?.0
    let redirect = authorize?.queryValue("redirect_uri") ?? ""
    XCTAssertTrue(redirect.hasPrefix("http://127.0.0.1:") && redirect.hasSuffix("/callback"), redirect)
    tmux.send("Escape")
    tmux.waitFor("Setup · 1/3 complete")
    tmux.send("C-c")
    tmux.waitForExit()
    var statusEnvironment = harness.environment(fake.environment)
    statusEnvironment["BROWSER"] = "/bin/false"
    let status = try Spawn.run([VibesHarness.binary.path, "status"], environment: statusEnvironment)
    XCTAssertTrue(status.output.contains("✓ Spotify: connected (Ada Lovelace)"), status.output)

    // Restart: the name comes from SQLite. The Feed loads new releases at start (Spotify is set up), which
    // already refreshes the 30 s token (it expires inside the 60 s margin); wait for that to settle.
    let restarted = try launch()
    restarted.waitFor("Setup · 1/3 complete")
    var settled = 0
    for _ in 0..<100 where settled == 0 {
      settled = await fake.tokenRequestCount(grantType: "refresh_token")
      usleep(50_000)
    }
    XCTAssertEqual(settled, 1, "the start-up use refreshed the expiring token once")
    for _ in 0..<10 {
      usleep(100_000)
      let now = await fake.tokenRequestCount(grantType: "refresh_token")
      if now == settled { break }
      settled = now
    }
    // Opening the step uses the token again: exactly one more refresh (rotating the refresh token).
    restarted.send("Enter")
    screen = restarted.waitFor("connected as Ada Lovelace")
    restarted.send("Enter")
    restarted.waitFor("Connected as Ada Lovelace")
    restarted.waitFor("d disconnect")
    var refreshes = settled
    for _ in 0..<100 where refreshes == settled {
      refreshes = await fake.tokenRequestCount(grantType: "refresh_token")
      usleep(50_000)
    }
    XCTAssertEqual(refreshes, settled + 1, "an expiring token is refreshed before use, once")

    // Revoked on Spotify's side: the next use gets invalid_grant, drops the tokens, turns the step red.
    await fake.revokeRefreshTokens()
    let beforeRevoke = await fake.tokenRequestCount(grantType: "refresh_token")
    restarted.send("Escape")
    restarted.waitFor("Setup checklist")
    restarted.send("Enter")
    restarted.waitFor("Connect with Spotify", timeout: 10)
    screen = restarted.waitFor("Connect again")
    restarted.send("Escape")
    screen = restarted.waitFor("reconnect needed")
    XCTAssertTrue(line(containing: "Spotify", in: screen).contains("✗"), screen)
    XCTAssertTrue(screen.contains("0 of 3 complete"), screen)
    let refreshesAfter = await fake.tokenRequestCount(grantType: "refresh_token")
    XCTAssertEqual(refreshesAfter, beforeRevoke + 1, "one refused refresh, no loop")
    restarted.send("C-c")
    restarted.waitForExit()
    let redStatus = try Spawn.run(
      [VibesHarness.binary.path, "status"], environment: harness.environment(fake.environment))
    XCTAssertTrue(redStatus.output.contains("✗ Spotify: not configured (reconnect needed)"), redStatus.output)
    XCTAssertEqual(redStatus.status, 1)
    await assertNoSecretsLeaked()
  }

  func testOverSSHThePastedRedirectConnectsOnlyWithTheRightState() async throws {
    fake = try await serve(FakeSpotifyServer(displayName: "Grace Hopper"))
    let tmux = try launch(["SSH_CONNECTION": "10.0.0.2 50022 10.0.0.1 22", "FAKE_BROWSER_MODE": "capture"])
    openSpotifyAndConnect(tmux)
    let screen = tmux.waitFor("ssh -N -L")
    let redirect = try capturedRedirect()
    let port = URLComponents(string: redirect)?.port ?? 0
    XCTAssertTrue(screen.contains("ssh -N -L \(port):127.0.0.1:\(port) "), screen)
    XCTAssertTrue(screen.contains("/authorize?"), "the sign-in link is printed:\n\(screen)")

    let state = URLComponents(string: redirect)?.queryItems?.first { $0.name == "state" }?.value ?? ""
    tmux.paste(redirect.replacingOccurrences(of: "state=\(state)", with: "state=forged\(state.prefix(4))"))
    tmux.send("Enter")
    tmux.waitFor("different sign-in attempt")
    let exchanges = await fake.tokenRequestCount(grantType: "authorization_code")
    XCTAssertEqual(exchanges, 0, "a forged state never reaches the token endpoint")

    tmux.send("C-u")
    tmux.paste(redirect)
    tmux.send("Enter")
    let done = tmux.waitFor("connected as Grace Hopper", timeout: 15)
    XCTAssertTrue(line(containing: "Spotify", in: done).contains("✓"), done)

    // Disconnect from the green step: confirmation, tokens gone, red again.
    tmux.send("Enter")
    tmux.waitFor("Connected as Grace Hopper")
    tmux.send("d")
    tmux.waitFor("delete its tokens?")
    tmux.send("y")
    tmux.waitFor("Connect with Spotify")
    tmux.send("Escape")
    let red = tmux.waitFor("Setup checklist · 0 of 3 complete")
    XCTAssertTrue(line(containing: "Spotify", in: red).contains("not configured"), red)
    tmux.send("C-c")
    tmux.waitForExit()
    await assertNoSecretsLeaked()
  }

  func testWithTheListenerUnreachableThePastedURLStillConnects() async throws {
    let occupant = try await serve(FakeGeminiServer(validKeys: []))
    fake = try await serve(FakeSpotifyServer(registeredRedirectURI: "http://127.0.0.1:\(occupant.port)/callback"))
    let tmux = try launch(["VIBES_SPOTIFY_REDIRECT_PORT": "\(occupant.port)", "FAKE_BROWSER_MODE": "capture"])
    openSpotifyAndConnect(tmux)
    tmux.waitFor("could not listen on")
    let redirect = try capturedRedirect()
    XCTAssertTrue(redirect.hasPrefix("http://127.0.0.1:\(occupant.port)/callback?code="), redirect)
    tmux.paste(redirect)
    tmux.send("Enter")
    tmux.waitFor("connected as Ada Lovelace", timeout: 15)
    tmux.send("C-c")
    tmux.waitForExit()
    await assertNoSecretsLeaked()
  }

  func testEscCancelsTheAttemptAndClosesTheListener() async throws {
    fake = try await serve(FakeSpotifyServer())
    let tmux = try launch(["FAKE_BROWSER_MODE": "capture"])
    openSpotifyAndConnect(tmux)
    tmux.waitFor("Waiting for Spotify")
    let redirect = try capturedRedirect()
    let port = URLComponents(string: redirect)?.port ?? 0
    XCTAssertTrue(Self.isListening(port: port), "the listener runs while waiting")
    tmux.send("Escape")
    let screen = tmux.waitFor("Connect with Spotify")
    XCTAssertFalse(screen.contains("Waiting"), screen)
    let deadline = Date().addingTimeInterval(5)
    while Self.isListening(port: port), Date() < deadline { usleep(50_000) }
    XCTAssertFalse(Self.isListening(port: port), "Esc closed the listener")
    tmux.send("C-c")
    tmux.waitForExit()
    await assertNoSecretsLeaked()
  }

  /// True when something accepts TCP connections on 127.0.0.1:`port`.
  static func isListening(port: Int) -> Bool {
    let table = (try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)) ?? ""
    let portHex = String(format: ":%04X ", port)
    return table.split(separator: "\n").contains { $0.contains(portHex) && $0.split(separator: " ")[3] == "0A" }
  }

  func testAccessDeniedReturnsToTheConnectScreenSilently() async throws {
    fake = try await serve(FakeSpotifyServer())
    await fake.setConsent(.deny)
    let tmux = try launch()
    openSpotifyAndConnect(tmux)
    var denied = false
    for _ in 0..<200 where !denied {
      denied = await fake.recordedRequests().contains { $0.0.path == "/authorize" }
      usleep(50_000)
    }
    XCTAssertTrue(denied, "the browser reached the authorize page")
    tmux.waitForAbsence("Waiting for Spotify")
    let screen = tmux.waitFor("Connect with Spotify")
    XCTAssertFalse(screen.contains("refused"), screen)
    XCTAssertFalse(screen.contains("try again"), screen)
    let exchanges = await fake.tokenRequestCount(grantType: "authorization_code")
    XCTAssertEqual(exchanges, 0)
    tmux.send("Escape")
    let checklist = tmux.waitFor("Setup checklist")
    XCTAssertTrue(line(containing: "Spotify", in: checklist).contains("not configured"), checklist)
    tmux.send("C-c")
    tmux.waitForExit()
  }
}
