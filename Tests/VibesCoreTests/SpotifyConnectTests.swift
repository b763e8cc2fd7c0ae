import VibesCore
import VibesTestSupport
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let connectPhase = Driver.Exhaustivity.nonExhaustive(
  because: "checks the Spotify connect screen phase and the effects each test names")

final class SpotifyConnectTests: XCTestCase {
  static let info = SpotifySetupInfo(
    clientConfigured: true, registeredRedirectURI: "http://127.0.0.1/callback",
    configFilePath: "/home/u/.config/vibes/config", isRemoteSession: false, hostName: "devbox")
  static let authorization = SpotifyAuthorization(
    url: "https://accounts.spotify.com/authorize?client_id=x", redirectURI: "http://127.0.0.1:4321/callback",
    port: 4321, listenerRunning: true, browserOpened: true)

  /// On the Spotify screen with a configured client.
  func openSpotify(facts: SetupFacts = SetupFacts(), info: SpotifySetupInfo = info) -> Driver {
    var driver = Driver(connectPhase, facts: facts)
    XCTAssertEqual(driver.send(.started).filter { $0 == .spotify(.loadStatus) }.count, 1)
    driver.send(.spotify(.statusLoaded(info, SpotifyStatus())))
    driver.press(.enter, .enter)
    return driver
  }

  var connect: SpotifyConnectState? { nil }

  func spotifyScreen(_ driver: Driver) -> SpotifyConnectState? {
    guard case .spotify(let connect)? = driver.state.feed.path.last else { return nil }
    return connect
  }

  func testLocalizationIsComplete() {
    XCTAssertEqual(LocalizationAudit.problems(SpotifyL10n.self), [])
  }

  func testEnterStartsOneAttemptAndTheReadyURLShowsWaiting() {
    var driver = openSpotify()
    XCTAssertEqual(spotifyScreen(driver), SpotifyConnectState())
    let effects = driver.press(.enter)
    guard case .connect(let id)? = effects.first?.spotifyEffect else { return XCTFail("\(effects)") }
    XCTAssertEqual(spotifyScreen(driver)?.phase, .starting(requestID: id))
    XCTAssertEqual(driver.press(.enter), [], "no second attempt while one starts")
    driver.send(.spotify(.authorizationReady(requestID: id, Self.authorization)))
    XCTAssertEqual(spotifyScreen(driver)?.phase, .waiting(requestID: id, Self.authorization))
    XCTAssertTrue(driver.state.isEditingText, "the paste field takes keys")
  }

  func testWithoutClientIDEnterDoesNothingButCopyGivesTheRedirectURI() {
    var info = Self.info
    info.clientConfigured = false
    var driver = openSpotify(info: info)
    XCTAssertEqual(driver.press(.enter), [])
    XCTAssertEqual(driver.press(.character("y")), [.copyToClipboard("http://127.0.0.1/callback")])
    XCTAssertEqual(driver.press(.character("o")), [.openURL("https://developer.spotify.com/dashboard")])
  }

  func testPasteFieldTakesTextAndSubmitsIt() {
    var driver = openSpotify()
    guard case .connect(let id)? = driver.press(.enter).first?.spotifyEffect else { return XCTFail() }
    driver.send(.spotify(.authorizationReady(requestID: id, Self.authorization)))
    driver.type("q1?")
    XCTAssertFalse(driver.state.isQuitting, "q is text in the paste field")
    XCTAssertFalse(driver.state.isHelpVisible)
    driver.send(.input(.paste("http://127.0.0.1:4321/callback?code=C\n")))
    XCTAssertEqual(spotifyScreen(driver)?.paste.text, "q1?http://127.0.0.1:4321/callback?code=C")
    driver.press(.ctrl("u"))
    driver.send(.input(.paste(" http://127.0.0.1:4321/callback?code=C&state=S ")))
    let effects = driver.press(.enter)
    XCTAssertEqual(
      effects, [.spotify(.submitRedirect(requestID: id, text: "http://127.0.0.1:4321/callback?code=C&state=S"))])
    XCTAssertEqual(spotifyScreen(driver)?.phase, .exchanging(requestID: id, Self.authorization))

    driver.send(.spotify(.pasteRejected(requestID: id, .stateMismatch)))
    XCTAssertEqual(spotifyScreen(driver)?.phase, .waiting(requestID: id, Self.authorization))
    XCTAssertEqual(spotifyScreen(driver)?.pasteError, .stateMismatch)
    XCTAssertEqual(driver.press(.ctrl("y")), [.copyToClipboard(Self.authorization.url)])
    XCTAssertEqual(driver.press(.ctrl("o")), [.openURL(Self.authorization.url)])
  }

  func testEscCancelsTheAttemptAndLateAnswersAreDropped() {
    var driver = openSpotify()
    guard case .connect(let id)? = driver.press(.enter).first?.spotifyEffect else { return XCTFail() }
    driver.send(.spotify(.authorizationReady(requestID: id, Self.authorization)))
    XCTAssertEqual(driver.press(.escape), [.cancel(requestID: id)])
    XCTAssertEqual(spotifyScreen(driver), SpotifyConnectState(), "back to the connect screen, no error")
    driver.send(
      .spotify(.failed(requestID: id, .transport(TransportFailure(.hostNotFound, host: "accounts.spotify.com")))))
    XCTAssertEqual(spotifyScreen(driver), SpotifyConnectState(), "a cancelled attempt's answer is dropped")
    driver.send(.spotify(.connected(requestID: id, profileName: "Late")))
    XCTAssertNotNil(spotifyScreen(driver), "a stale success does not navigate")
    driver.press(.escape)
    XCTAssertEqual(driver.state.feed.path.count, 1, "a second Esc pops to the checklist")
  }

  func testAccessDeniedReturnsSilentlyAndOtherErrorsOfferRetry() {
    var driver = openSpotify()
    guard case .connect(let id)? = driver.press(.enter).first?.spotifyEffect else { return XCTFail() }
    driver.send(.spotify(.authorizationReady(requestID: id, Self.authorization)))
    driver.send(.spotify(.denied(requestID: id)))
    XCTAssertEqual(spotifyScreen(driver), SpotifyConnectState())
    XCTAssertNil(driver.state.notice)

    guard case .connect(let second)? = driver.press(.enter).first?.spotifyEffect else { return XCTFail() }
    XCTAssertNotEqual(second, id, "every attempt has its own id")
    driver.send(.spotify(.failed(requestID: second, .invalidGrant)))
    XCTAssertEqual(spotifyScreen(driver)?.phase, .failed(.invalidGrant))
    guard case .connect? = driver.press(.enter).first?.spotifyEffect else { return XCTFail("Enter retries") }
  }

  func testConnectedPopsToTheChecklistAndRemembersTheName() {
    var driver = openSpotify()
    guard case .connect(let id)? = driver.press(.enter).first?.spotifyEffect else { return XCTFail() }
    driver.send(.spotify(.authorizationReady(requestID: id, Self.authorization)))
    driver.send(.spotify(.exchangeStarted(requestID: id)))
    XCTAssertEqual(spotifyScreen(driver)?.phase, .exchanging(requestID: id, Self.authorization))
    driver.send(.factsLoaded(SetupFacts(storedSecrets: [.spotify])))
    driver.send(.spotify(.connected(requestID: id, profileName: "Ada")))
    XCTAssertEqual(driver.state.feed.path, [.checklist(ChecklistState(selection: .spotify))])
    XCTAssertEqual(driver.state.spotify.profileName, "Ada")
    XCTAssertEqual(driver.state.notice, .saved(.spotify))
  }

  func testConnectedStepOffersDisconnectWithConfirmation() {
    var driver = openSpotify(facts: SetupFacts(storedSecrets: [.spotify]))
    XCTAssertEqual(driver.press(.enter), [], "connected: Enter does not start another attempt")
    XCTAssertEqual(driver.press(.character("d")), [])
    XCTAssertEqual(spotifyScreen(driver)?.phase, .confirmingDisconnect)
    driver.press(.escape)
    XCTAssertEqual(spotifyScreen(driver)?.phase, .idle, "Esc keeps the connection")
    driver.press(.character("d"))
    XCTAssertEqual(driver.press(.character("y")), [.spotify(.disconnect)])
    XCTAssertEqual(spotifyScreen(driver)?.phase, .disconnecting)
    driver.send(.factsLoaded(SetupFacts()))
    driver.send(.spotify(.disconnected))
    XCTAssertEqual(spotifyScreen(driver), SpotifyConnectState())
    XCTAssertEqual(driver.state.notice, .removed(.spotify))
    XCTAssertNil(driver.state.spotify.profileName)
  }

  func testOpeningAConnectedStepRefreshesTheProfileAndReconnectNeededTurnsItRed() {
    var driver = Driver(connectPhase, facts: SetupFacts(storedSecrets: [.spotify]))
    driver.send(.spotify(.statusLoaded(Self.info, SpotifyStatus(profileName: "Ada"))))
    XCTAssertEqual(driver.press(.enter, .enter), [.spotify(.refreshProfile)])
    driver.send(.factsLoaded(SetupFacts()))
    driver.send(.spotify(.reconnectNeeded))
    XCTAssertTrue(driver.state.spotify.needsReconnect)
    XCTAssertNil(driver.state.spotify.profileName)
    guard case .connect? = driver.press(.enter).first?.spotifyEffect else {
      return XCTFail("reconnect from the same screen")
    }
  }
}
