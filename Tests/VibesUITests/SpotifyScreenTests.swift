import VibesCore
import VibesTestSupport
import XCTest

@testable import VibesUI

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let drawnScreen = Driver.Exhaustivity.nonExhaustive(because: "checks the drawn Spotify connect screen")
/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let smallSizes = Driver.Exhaustivity.nonExhaustive(because: "checks the Spotify screen fits small terminals")

final class SpotifyScreenTests: XCTestCase {
  static let authorizeURL =
    "https://accounts.spotify.com/authorize?response_type=code&client_id=0123456789abcdef0123456789abcdef&redirect_uri=http%3A%2F%2F127.0.0.1%3A43123%2Fcallback&scope=user-read-private%20user-read-email&state=abcDEF123&code_challenge_method=S256&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"

  func info(configured: Bool = true, remote: Bool = false) -> SpotifySetupInfo {
    SpotifySetupInfo(
      clientConfigured: configured, registeredRedirectURI: "http://127.0.0.1/callback",
      configFilePath: "/home/u/.config/vibes/config", isRemoteSession: remote, hostName: "devbox")
  }

  func screen(facts: SetupFacts = SetupFacts(), info: SpotifySetupInfo, status: SpotifyStatus = SpotifyStatus())
    -> Driver
  {
    var screen = Driver.screen(drawnScreen, facts: facts)
    screen.send(.spotify(.statusLoaded(info, status)))
    screen.press(.enter, .enter)
    return screen
  }

  func waiting(remote: Bool, listener: Bool = true) -> Driver {
    var screen = self.screen(info: info(remote: remote))
    screen.press(.enter)
    guard case .spotify(let connect)? = screen.state.feed.path.last, let id = connect.requestID else {
      XCTFail("no attempt")
      return screen
    }
    screen.send(
      .spotify(
        .authorizationReady(
          requestID: id,
          SpotifyAuthorization(
            url: Self.authorizeURL, redirectURI: "http://127.0.0.1:43123/callback", port: 43123,
            listenerRunning: listener, browserOpened: false))))
    return screen
  }

  func testWithoutClientIDTheScreenExplainsTheAppSetup() {
    let grid = screen(info: info(configured: false)).render()
    XCTAssertNotNil(grid.row(containing: "Connect Spotify"), grid.text)
    XCTAssertNotNil(grid.row(containing: "http://127.0.0.1/callback"), grid.text)
    XCTAssertNotNil(grid.row(containing: "VIBES_SPOTIFY_CLIENT_ID"), grid.text)
    XCTAssertNotNil(grid.row(containing: "/home/u/.config/vibes/config"), grid.text)
    XCTAssertEqual(grid.links.map(\.url), ["https://developer.spotify.com/dashboard"])
    XCTAssertNil(grid.row(containing: "Connect with Spotify"), "nothing to connect with yet")
  }

  func testNumberedStepsHangTheirContinuationLines() throws {
    let grid = screen(info: info(configured: false)).render()
    let step = try XCTUnwrap(grid.row(containing: "3. Put the app's Client ID"))
    XCTAssertTrue(grid.lines[step + 1].hasPrefix("     "), "continuation under the text:\n\(grid.text)")
    XCTAssertFalse(grid.lines[step + 1].hasPrefix("      "), grid.text)
  }

  func testConfiguredShowsTheProminentConnectAction() {
    let grid = screen(info: info()).render()
    let row = grid.row(containing: "Connect with Spotify")
    XCTAssertNotNil(row, grid.text)
    XCTAssertTrue(grid.style(of: "Connect with Spotify", inRow: row!)!.attributes.contains(.reverse))
  }

  func testWaitingShowsTheWholeURLAsOneLinkAndThePasteField() {
    let grid = waiting(remote: false).render()
    XCTAssertNotNil(grid.row(containing: "Waiting for Spotify"), grid.text)
    let joined = grid.lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined()
    XCTAssertTrue(joined.contains(Self.authorizeURL), "the URL is printed in full:\n\(grid.text)")
    XCTAssertFalse(grid.links.isEmpty)
    XCTAssertTrue(grid.links.allSatisfy { $0.url == Self.authorizeURL })
    XCTAssertEqual(grid.links.map(\.width).reduce(0, +), Self.authorizeURL.count)
    XCTAssertNotNil(grid.row(containing: "paste the address"), grid.text)
    XCTAssertNil(grid.row(containing: "ssh -N -L"), "no tunnel hint on a local terminal")
    XCTAssertNotNil(grid.cursor)
  }

  func testOverSSHTheTunnelCommandIsShown() {
    let grid = waiting(remote: true).render()
    XCTAssertNotNil(grid.row(containing: "ssh -N -L 43123:127.0.0.1:43123 devbox"), grid.text)
  }

  func testListenerDownSaysSoAndThePastedCodeIsMasked() {
    var screen = waiting(remote: false, listener: false)
    screen.send(.input(.paste("http://127.0.0.1:43123/callback?code=SECRETCODE123&state=abc")))
    let grid = screen.render()
    XCTAssertNotNil(grid.row(containing: "could not listen on http://127.0.0.1:43123/callback"), grid.text)
    XCTAssertFalse(grid.text.contains("SECRETCODE123"), grid.text)
    XCTAssertNotNil(grid.row(containing: "› http://127.0.0.1:43123/callback?•••"), grid.text)
  }

  func testChecklistSaysConnectedAsNameOrReconnectNeeded() {
    var connected = Driver.screen(drawnScreen, facts: SetupFacts(storedSecrets: [.spotify]))
    connected.send(.spotify(.statusLoaded(info(), SpotifyStatus(profileName: "Ada \u{1B}[31mLovelace"))))
    connected.press(.enter)
    var grid = connected.render()
    let row = grid.row(containing: "connected as Ada")
    XCTAssertNotNil(row, grid.text)
    XCTAssertFalse(grid.text.contains("\u{1B}"), "network text is sanitised")
    XCTAssertTrue(grid.lines[row!].contains("✓"))

    var red = Driver.screen(drawnScreen, facts: SetupFacts())
    red.send(.spotify(.statusLoaded(info(), SpotifyStatus(needsReconnect: true))))
    red.press(.enter)
    grid = red.render()
    let redRow = grid.row(containing: "reconnect needed")
    XCTAssertNotNil(redRow, grid.text)
    XCTAssertTrue(grid.lines[redRow!].contains("✗"))
  }

  func testConnectedScreenShowsNameAndDisconnect() {
    var screen = screen(
      facts: SetupFacts(storedSecrets: [.spotify]), info: info(), status: SpotifyStatus(profileName: "Ada"))
    var grid = screen.render()
    XCTAssertNotNil(grid.row(containing: "Connected as Ada"), grid.text)
    XCTAssertNotNil(grid.row(containing: "Disconnect"), grid.text)
    screen.press(.character("d"))
    grid = screen.render()
    XCTAssertNotNil(grid.row(containing: "delete its tokens?"), grid.text)
  }

  func testGermanScreen() {
    let grid = screen(info: info()).render(.de)
    XCTAssertNotNil(grid.row(containing: "Spotify verbinden"), grid.text)
  }
}

final class SpotifyScreenSizeTests: XCTestCase {
  func testOnTheSmallestTerminalTheLinkTunnelAndPasteFieldStillFit() {
    var screen = Driver.screen(smallSizes, width: 48, height: 20)
    screen.send(
      .spotify(
        .statusLoaded(
          SpotifySetupInfo(
            clientConfigured: true, registeredRedirectURI: "http://127.0.0.1/callback", configFilePath: "/c",
            isRemoteSession: true, hostName: "devbox"), SpotifyStatus())))
    screen.press(.enter, .enter, .enter)
    guard case .spotify(let connect)? = screen.state.feed.path.last, let id = connect.requestID else {
      return XCTFail("no attempt")
    }
    let url = SpotifyScreenTests.authorizeURL
    screen.send(
      .spotify(
        .authorizationReady(
          requestID: id,
          SpotifyAuthorization(
            url: url, redirectURI: "http://127.0.0.1:43123/callback", port: 43123, listenerRunning: true,
            browserOpened: true))))
    screen.send(.spotify(.pasteRejected(requestID: id, .stateMismatch)))
    let grid = screen.render()
    let joined = grid.lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined()
    XCTAssertTrue(joined.contains(url), grid.text)
    XCTAssertNotNil(grid.row(containing: "ssh -N -L 43123:127.0.0.1:43123 devbox"), grid.text)
    XCTAssertNotNil(grid.row(containing: "›"), grid.text)
    XCTAssertNotNil(grid.row(containing: "different sign-in"), grid.text)
  }

  func testFailureIsShownSanitisedWithRetry() {
    var screen = Driver.screen(smallSizes)
    screen.send(
      .spotify(
        .statusLoaded(
          SpotifySetupInfo(
            clientConfigured: true, registeredRedirectURI: "http://127.0.0.1/callback", configFilePath: "/c",
            isRemoteSession: false, hostName: "h"), SpotifyStatus())))
    screen.press(.enter, .enter, .enter)
    guard case .spotify(let connect)? = screen.state.feed.path.last, let id = connect.requestID else {
      return XCTFail("no attempt")
    }
    screen.send(.spotify(.failed(requestID: id, .authorizationError("bad\u{1B}]52;c;x\u{07}client"))))
    let grid = screen.render()
    XCTAssertNotNil(grid.row(containing: "Spotify refused the sign-in"), grid.text)
    XCTAssertNotNil(grid.row(containing: "Press Enter to try again."), grid.text)
    XCTAssertFalse(grid.text.contains("\u{1B}"), grid.text)
    XCTAssertFalse(grid.text.contains("\u{07}"), grid.text)
  }
}
