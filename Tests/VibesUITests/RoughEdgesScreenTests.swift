import Foundation
import VibesCore
import VibesTestSupport
import XCTest

@testable import VibesUI

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let smallTexts = Driver.Exhaustivity.nonExhaustive(because: "checks small texts as drawn on screen")
/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let clientIDText = Driver.Exhaustivity.nonExhaustive(
  because: "checks only the refused client ID message in each language")

/// Issue 13's small texts, the Spotify client ID message and the Key ID fill, as seen on screen.
final class RoughEdgesScreenTests: XCTestCase {
  func ascScreen(configured: Bool, apps: Int = 0) -> Driver {
    var screen = Driver.screen(smallTexts, height: 30)
    let list = (0..<apps).map {
      AppStoreConnectApp(id: "\($0)", name: "App \($0)", bundleID: "com.example.a\($0)", sku: "S\($0)")
    }
    screen.send(
      .appStoreConnect(
        .storedStateLoaded(
          AppStoreConnectStoredState(
            isConfigured: configured, apps: list,
            lastSync: configured ? Date(timeIntervalSince1970: 1_700_000_000) : nil
          ))))
    screen.press(.tabKey(.appStoreConnect))
    if !configured { screen.press(.tab) }
    return screen
  }

  func footer(_ grid: Grid) -> String { grid.lines[grid.height - 1] }

  func testOneAppIsSingularAndTheTitleHasOneSpaceAroundTheDot() {
    let one = ascScreen(configured: true, apps: 1).render()
    XCTAssertNotNil(one.row(containing: "App Store Connect · 1 app"), one.text)
    XCTAssertNil(one.row(containing: "1 apps"), one.text)
    let three = ascScreen(configured: true, apps: 3).render()
    XCTAssertNotNil(three.row(containing: "App Store Connect · 3 apps"), three.text)
    XCTAssertNil(three.row(containing: "·  "), "no double space:\n\(three.text)")
    XCTAssertNotNil(ascScreen(configured: true, apps: 1).render(.de).row(containing: "· 1 App"))
    XCTAssertEqual(Localizer(.en).appsCount(1), "1 app")
    XCTAssertEqual(Localizer(.de).appsCount(2), "2 Apps")
  }

  func testSyncingOneAppIsSingular() {
    var screen = ascScreen(configured: true)
    screen.press(.character("r"))
    let id = screen.state.appStoreConnect.dashboard.syncRequestID ?? -1
    screen.send(.appStoreConnect(.syncProgress(requestID: id, fetched: 1)))
    XCTAssertTrue(screen.render().lines.joined().contains("Syncing… 1 app so far"))
  }

  func typeSetup(_ screen: inout Driver, path: String) {
    for character in "57246542-96fe-1a63-e053-0824d011072a" { screen.press(.character(character)) }
    screen.press(.tab, .tab)  // the Key ID stays empty
    for character in path { screen.press(.character(character)) }
  }

  func testCtrlSRightAfterTypingTheKeyPathFillsTheKeyID() {
    var screen = ascScreen(configured: false)
    typeSetup(&screen, path: "/home/u/Downloads/AuthKey_2X9R4HXF34.p8")
    screen.press(.ctrl("s"))
    XCTAssertEqual(screen.state.appStoreConnect.setup.keyID.text, "2X9R4HXF34")
    guard case .checking = screen.state.appStoreConnect.setup.phase else {
      return XCTFail("Ctrl-S did not submit:\n\(screen.render().text)")
    }
    XCTAssertNil(screen.render().row(containing: "Required"), screen.render().text)
  }

  func testEnterRightAfterTypingTheKeyPathFillsTheKeyID() {
    var screen = ascScreen(configured: false)
    typeSetup(&screen, path: "~/AuthKey_ABCD123456.p8")
    screen.press(.enter)
    XCTAssertEqual(screen.state.appStoreConnect.setup.keyID.text, "ABCD123456")
    guard case .checking = screen.state.appStoreConnect.setup.phase else {
      return XCTFail("Enter did not submit:\n\(screen.render().text)")
    }
  }

  func testAPathWithoutTheAuthKeyPatternStillAsksForTheKeyID() {
    var screen = ascScreen(configured: false)
    typeSetup(&screen, path: "/home/u/key.p8")
    screen.press(.ctrl("s"))
    XCTAssertEqual(screen.state.appStoreConnect.setup.keyID.text, "")
    XCTAssertEqual(screen.state.appStoreConnect.setup.errors[.keyID], .required)
  }

  func testFooterDropsRetryOnceTheErrorStateIsLeft() {
    var screen = ascScreen(configured: false)
    typeSetup(&screen, path: "/home/u/AuthKey_2X9R4HXF34.p8")
    screen.press(.ctrl("s"))
    guard case .checking(let id) = screen.state.appStoreConnect.setup.phase else { return XCTFail("not verifying") }
    screen.send(.appStoreConnect(.connectFinished(requestID: id, .failure(.transport(TransportFailure(.timedOut))))))
    XCTAssertTrue(footer(screen.render()).contains("Ctrl-R"), footer(screen.render()))
    screen.press(.backTab)
    screen.press(.character("x"))
    XCTAssertEqual(screen.state.appStoreConnect.setup.phase, .editing)
    XCTAssertFalse(footer(screen.render()).contains("Ctrl-R"), "stale retry:\n\(footer(screen.render()))")
  }

  func testDashboardFooterIsTheSameBeforeAndAfterAFailedSync() {
    var screen = ascScreen(configured: true, apps: 2)
    let before = footer(screen.render())
    screen.press(.character("r"))
    var id = screen.state.appStoreConnect.dashboard.syncRequestID ?? -1
    screen.send(.appStoreConnect(.syncFinished(requestID: id, .failure(.rateLimited))))
    XCTAssertNotNil(screen.render().row(containing: "Sync failed"))
    screen.press(.character("r"))
    id = screen.state.appStoreConnect.dashboard.syncRequestID ?? -1
    let stored = AppStoreConnectStoredState(
      isConfigured: true, apps: [], lastSync: Date(timeIntervalSince1970: 1_700_000_100))
    screen.send(.appStoreConnect(.syncFinished(requestID: id, .success(stored))))
    let grid = screen.render()
    XCTAssertNil(grid.row(containing: "Sync failed"), grid.text)
    XCTAssertEqual(footer(grid), before)
  }
}

/// The Spotify screen names a refused client ID's source, in English and German.
final class SpotifyClientIDScreenTests: XCTestCase {
  func screen(rejected: SpotifyClientIDSource?, configured: Bool = false) -> Driver {
    var screen = Driver.screen(clientIDText, facts: SetupFacts())
    let info = SpotifySetupInfo(
      clientConfigured: configured, registeredRedirectURI: "http://127.0.0.1/callback",
      configFilePath: "/home/u/.config/vibes/config", isRemoteSession: false, hostName: "devbox",
      rejectedClientID: rejected)
    screen.send(.spotify(.statusLoaded(info, SpotifyStatus())))
    screen.press(.enter, .enter)
    return screen
  }

  func text(_ grid: Grid) -> String {
    grid.lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
  }

  func testMalformedVariableIsNamedWithTheRuleInEnglishAndGerman() throws {
    let screen = screen(rejected: .environment(variable: "VIBES_SPOTIFY_CLIENT_ID"))
    let english = text(screen.render())
    XCTAssertTrue(english.contains("The client ID in the variable VIBES_SPOTIFY_CLIENT_ID was ignored."), english)
    XCTAssertTrue(english.contains("32 hexadecimal characters"), english)
    let grid = screen.render()
    let row = try XCTUnwrap(grid.row(containing: "The client ID in the variable"))
    XCTAssertEqual(grid.style(of: "The client ID", inRow: row), Theme.error)
    let german = text(screen.render(.de))
    XCTAssertTrue(german.contains("Variable VIBES_SPOTIFY_CLIENT_ID wurde ignoriert"), german)
    XCTAssertTrue(german.contains("32 Hexadezimalzeichen"), german)
  }

  func testMalformedConfigLineNamesFileAndLine() {
    let screen = screen(rejected: .configFile(path: "/home/u/.config/vibes/config", line: 4))
    let english = text(screen.render())
    XCTAssertTrue(english.contains("on line 4 of /home/u/.config/vibes/config was ignored"), english)
    XCTAssertTrue(text(screen.render(.de)).contains("in Zeile 4 von /home/u/.config/vibes/config"))
  }

  func testNothingIsSaidWhenNoClientIDWasGiven() {
    let english = text(screen(rejected: nil).render())
    XCTAssertFalse(english.contains("was ignored"), english)
  }

  func testOnceConfiguredTheRedirectLineIsNotALoneStepTwo() {
    let english = text(screen(rejected: nil, configured: true).render())
    XCTAssertFalse(english.contains("2. Add this redirect URI"), english)
    XCTAssertTrue(english.contains("must list this redirect URI"), english)
  }
}
