import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let drawnScreen = Driver.Exhaustivity.nonExhaustive(because: "checks the drawn checklist text and styles")
/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let helpText = Driver.Exhaustivity.nonExhaustive(because: "checks only the help overlay text in each language")

final class ChecklistScreenTests: XCTestCase {
  func testRowsAreRedWithCrossOrGreenWithCheckAndWords() {
    var screen = Driver.screen(drawnScreen, facts: SetupFacts(storedSecrets: [.gemini]))
    screen.send(
      .secretStoreDescribed(SecretStoreInfo(kind: .vault, location: "/home/u/.local/share/vibes/secrets.vault")))
    screen.press(.enter)
    let grid = screen.render()
    let spotify = grid.row(containing: "Spotify")!
    let gemini = grid.row(containing: "Gemini API Key")!
    let ticketmaster = grid.row(containing: "Ticketmaster")!
    XCTAssertLessThan(spotify, gemini)
    XCTAssertLessThan(gemini, ticketmaster)
    XCTAssertTrue(grid.lines[spotify].contains("✗"))
    XCTAssertTrue(grid.lines[spotify].contains("not configured"))
    XCTAssertTrue(grid.lines[gemini].contains("✓"))
    XCTAssertTrue(grid.lines[gemini].contains(" configured"))
    XCTAssertFalse(grid.lines[gemini].contains("not configured"))
    XCTAssertEqual(grid.style(of: "not configured", inRow: ticketmaster)?.foreground, .red)
    XCTAssertEqual(grid.style(of: "✗", inRow: ticketmaster)?.foreground, .red)
    XCTAssertEqual(grid.style(of: "configured", inRow: gemini)?.foreground, .green)
    XCTAssertEqual(grid.style(of: "✓", inRow: gemini)?.foreground, .green)
    XCTAssertNotNil(grid.row(containing: "Connect your music library"))
    XCTAssertNotNil(grid.row(containing: "Enable AI features"))
    XCTAssertNotNil(grid.row(containing: "Discover concerts near you"))
    XCTAssertNotNil(grid.row(containing: "encrypted vault file"), grid.text)
  }

  func testSelectedRowIsMarked() {
    var screen = Driver.screen(drawnScreen)
    screen.press(.enter, .down)
    let grid = screen.render()
    let row = grid.row(containing: "Gemini API Key")!
    XCTAssertTrue(grid.lines[row].contains("›"))
    XCTAssertTrue(grid.style(of: "Gemini API Key", inRow: row)!.attributes.contains(.reverse))
    XCTAssertFalse(grid.lines[grid.row(containing: "Spotify")!].contains("›"))
  }

  func testEachRowIsLargeAtEightyByTwentyFour() {
    var screen = Driver.screen(drawnScreen)
    screen.press(.enter)
    let grid = screen.render()
    let spotify = grid.row(containing: "Spotify")!
    let gemini = grid.row(containing: "Gemini API Key")!
    XCTAssertGreaterThanOrEqual(gemini - spotify, 3, grid.text)
  }

  func testSpotifyConnectScreenExplainsAndLinks() {
    var screen = Driver.screen(drawnScreen)
    screen.send(
      .spotify(
        .statusLoaded(
          SpotifySetupInfo(
            clientConfigured: false, registeredRedirectURI: "http://127.0.0.1/callback", configFilePath: "/c",
            isRemoteSession: false, hostName: "h"), SpotifyStatus())))
    screen.press(.enter, .enter)
    let grid = screen.render()
    XCTAssertNotNil(grid.row(containing: "Connect Spotify"))
    XCTAssertNotNil(grid.row(containing: "https://developer.spotify.com/dashboard"))
    XCTAssertEqual(grid.links.map(\.url), ["https://developer.spotify.com/dashboard"])
  }

  func testNumberKeysSwitchTabsAndTheTabBarMarksTheSelectedOne() {
    var screen = Driver.screen(drawnScreen)
    screen.press(.tabKey(.appStoreConnect))
    var grid = screen.render()
    XCTAssertTrue(
      grid.style(of: " \(TabID.appStoreConnect.key) App Store Connect ", inRow: 0)!.attributes.contains(.reverse))
    XCTAssertFalse(grid.style(of: " 1 Feed ", inRow: 0)!.attributes.contains(.reverse))
    XCTAssertNil(grid.row(containing: "Setup ·"), "the Feed is not drawn on another tab")
    screen.press(.escape, .tabKey(.tracker))
    grid = screen.render()
    XCTAssertTrue(grid.style(of: " \(TabID.tracker.key) Tracker ", inRow: 0)!.attributes.contains(.reverse))
  }

  func testHelpOverlayListsTheScreensKeys() {
    var screen = Driver.screen(drawnScreen)
    screen.press(.enter, .character("?"))
    let grid = screen.render()
    XCTAssertNotNil(grid.row(containing: "Keys"))
    XCTAssertNotNil(grid.row(containing: "back / cancel"))
    XCTAssertNotNil(grid.row(containing: "Any key closes this help."))
  }
}

final class HelpOverlayLanguageTests: XCTestCase {
  func testGermanHelpNamesKeysAsGermanKeyboardsDo() {
    var screen = Driver.screen(helpText)
    screen.press(.enter, .down, .enter, .function(1))
    let german = screen.render(.de).text
    XCTAssertTrue(german.contains("Strg-S"), german)
    XCTAssertTrue(german.contains("Umschalt-Tab"), german)
    XCTAssertFalse(german.contains("Ctrl-S"), german)
    XCTAssertTrue(screen.render(.en).text.contains("Ctrl-S"))
  }
}
