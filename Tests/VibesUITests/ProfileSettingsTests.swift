import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Profile's lower part: connections in words with where the secret lives, Enter opens a service's setup,
/// sign out asks first and then starts every tab again from nothing.
final class ProfileSettingsTests: XCTestCase {
  static let info = ProfileInfo(
    connections: [
      ConnectionStatus(service: .spotify, state: .notConfigured),
      ConnectionStatus(service: .gemini, state: .configured(detail: nil)),
      ConnectionStatus(service: .ticketmaster, state: .configured(detail: "Köln\u{1B}]0;x\u{07}")),
      ConnectionStatus(service: .appStoreConnect, state: .notConfigured),
      ConnectionStatus(service: .tracker, state: .unreadable(reason: "unknownEnvironment")),
    ], version: "9.9.9", dataPath: "/home/u/.local/share/vibes/vibes.sqlite", configPath: "/home/u/.config/vibes",
    logPath: "/home/u/.local/state/vibes/vibes.log")

  func onProfile() -> Driver {
    var driver = Driver(facts: SetupFacts(storedSecrets: [.gemini, .ticketmaster], ticketmasterCity: "Köln"))
    driver.send(.secretStoreDescribed(SecretStoreInfo(kind: .vault, location: "/v")))
    let arrived = driver.press(.tabKey(.profile))
    XCTAssertTrue(arrived.contains(.feature(ProfileState.self, .loadInfo)), "arriving reads the connections")
    driver.send(.profile(.infoLoaded(Self.info)))
    return driver
  }

  func testConnectionsSayTheirStateInWordsAndWhereTheKeysAre() {
    let driver = onProfile()
    for language in [Language.en, .de] {
      let grid = AppView.render(driver.state, Localizer(language))
      let text = grid.text
      XCTAssertFalse(text.contains("\u{1B}"), "network and stored text is made inert")
      if language == .en {
        XCTAssertTrue(text.contains("✗ not configured"), text)
        XCTAssertTrue(text.contains("✓ configured · Köln"), text)
        XCTAssertTrue(text.contains("keys in the encrypted vault"), text)
        XCTAssertTrue(text.contains("saved but unreadable (unknownEnvironment)"), text)
        XCTAssertTrue(text.contains("9.9.9"), text)
        XCTAssertTrue(text.contains("/home/u/.local/state/vibes/vibes.log"), text)
        let row = grid.row(containing: "Sign out of everything")
        XCTAssertNotNil(row, text)
      } else {
        XCTAssertTrue(text.contains("Verbindungen"), text)
        XCTAssertTrue(text.contains("nicht eingerichtet"), text)
      }
    }
  }

  func testEnterOnAConnectionOpensItsSetupScreen() {
    var driver = onProfile()
    // Without Spotify the stats have no rows: the first row is Spotify, then Gemini.
    driver.press(.down, .enter)
    XCTAssertEqual(driver.state.selectedTab, .feed)
    XCTAssertEqual(driver.state.feed.topForm?.step, .gemini, "the Gemini step opened")
    driver.press(.alt(Character(TabID.profile.key)), .end, .up, .up, .enter)  // Alt: the Gemini field has the focus
    XCTAssertEqual(driver.state.selectedTab, .tracker, "the Tracker row opens the Tracker tab")
  }

  func testReplayTutorialShowsItsFirstCardAgain() {
    var driver = onProfile()
    driver.press(.end, .up, .enter)
    XCTAssertTrue(driver.state.tutorial.isVisible, "the tutorial is shown again")
    XCTAssertTrue(AppView.render(driver.state, Localizer(.en)).text.contains("1/7"))
  }

  func testSignOutAsksThenRunsThenStartsAgainFromNothing() {
    var driver = onProfile()
    driver.press(.end)
    XCTAssertEqual(driver.press(.enter), [], "the first Enter only asks")
    XCTAssertEqual(driver.state.profile.signOut, .confirming)
    XCTAssertTrue(AppView.render(driver.state, Localizer(.en)).text.contains("y signs out, n keeps everything"))
    driver.press(.character("n"))
    XCTAssertEqual(driver.state.profile.signOut, .idle, "n keeps everything")
    driver.press(.enter)
    XCTAssertEqual(driver.press(.character("y")), [.feature(ProfileState.self, .signOut)])
    driver.state.tracker.path = [.settings(TrackerForm())]
    let restarted = driver.send(.profile(.signedOut(success: true)))
    XCTAssertEqual(driver.state.selectedTab, .feed, "back to the first screen")
    XCTAssertEqual(driver.state.tracker.path, [], "every tab starts again from nothing")
    XCTAssertNil(driver.state.facts, "setup facts are read again")
    XCTAssertTrue(restarted.contains(.loadFacts))
    XCTAssertTrue(driver.state.tutorial.isVisible, "the first-launch screen: the tutorial from its first card")
    guard case .localized(let text, _)? = driver.state.notice else { return XCTFail("no notice") }
    XCTAssertTrue(text.resolved(.en).hasPrefix("Signed out"))
  }

  func testAFailedSignOutSaysSoAndKeepsTheTab() {
    var driver = onProfile()
    driver.press(.end, .enter, .character("y"))
    driver.send(.profile(.signedOut(success: false)))
    XCTAssertEqual(driver.state.selectedTab, .profile)
    XCTAssertEqual(driver.state.profile.signOut, .failed)
    guard case .localized(let text, true)? = driver.state.notice else { return XCTFail("no warning") }
    XCTAssertTrue(text.resolved(.en).contains("did not finish"))
  }
}
