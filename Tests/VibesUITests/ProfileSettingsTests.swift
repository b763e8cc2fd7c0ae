import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Profile's lower part: connections in words with where the secret lives, Enter opens a service's setup,
/// sign out asks first and then starts every tab again from nothing. Exhaustive: every step states its change
/// and its effects.
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

  /// On Profile with the connections read; the way there is the premise (arrival's effects are checked once,
  /// in `testArrivingReadsTheConnections`).
  func onProfile() -> Driver {
    var driver = Driver(facts: SetupFacts(storedSecrets: [.gemini, .ticketmaster], ticketmasterCity: "Köln"))
    driver.arrange {
      $0.send(.secretStoreDescribed(SecretStoreInfo(kind: .vault, location: "/v")))
      $0.press(.tabKey(.profile))
      $0.send(.profile(.infoLoaded(Self.info)))
    }
    return driver
  }

  func testArrivingReadsTheConnections() {
    var driver = Driver(facts: SetupFacts(storedSecrets: [.gemini, .ticketmaster], ticketmasterCity: "Köln"))
    driver.send(.secretStoreDescribed(SecretStoreInfo(kind: .vault, location: "/v")), expecting: []) {
      $0.context.secretStore = SecretStoreInfo(kind: .vault, location: "/v")
    }
    driver.press(.tabKey(.profile), expecting: [.feature(ProfileState.self, .loadInfo)]) { $0.selectedTab = .profile }
    driver.send(.profile(.infoLoaded(Self.info)), expecting: []) { $0.profile.info = Self.info }
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
    driver.press(.down, expecting: []) { $0.profile.list.selected = 1 }
    let window = FeedWindowRequest(offset: 0, limit: 95)
    let arriving: [AppEffect] = [
      .feature(FeedTab.self, .loadFeedStatus), .feature(FeedTab.self, .countPendingSync),
      .feature(FeedTab.self, .loadFeedWindow(window)), .feature(FeedTab.self, .loadCredentialPreview(.gemini)),
    ]
    driver.press(.enter, expecting: arriving) { state in
      state.feed.list.pendingWindow = window
      state.selectedTab = .feed
      state.feed.path = [
        .checklist(ChecklistState(selection: .gemini)),
        .credentialForm(CredentialForm(step: .gemini, isConfigured: true)),
      ]
      state.returnPoint = ReturnPoint(origin: .profile, destination: .feed, openedDepth: 2)
    }
    XCTAssertEqual(driver.state.feed.topForm?.step, .gemini, "the Gemini step opened")
    // Alt: the Gemini field has the focus.
    driver.press(.alt(Character(TabID.profile.key)), expecting: [.feature(ProfileState.self, .loadInfo)]) {
      $0.selectedTab = .profile
      $0.returnPoint = nil
    }
    // The connections, Artwork, the tutorial, Sign out.
    let last = Self.info.connections.count + 2
    driver.press(.end, .up, .up, .up, expecting: []) { $0.profile.list.selected = last - 3 }
    driver.press(.enter, expecting: []) {  // the Tracker row opens the Tracker tab, with a way back
      $0.selectedTab = .tracker
      $0.returnPoint = ReturnPoint(origin: .profile, destination: .tracker, openedDepth: 0)
    }
  }

  func testReplayTutorialShowsItsFirstCardAgain() {
    var driver = onProfile()
    let last = Self.info.connections.count + 2
    driver.press(.end, .up, expecting: []) { $0.profile.list.selected = last - 1 }
    driver.press(.enter, expecting: []) { $0.tutorial.isVisible = true }
    XCTAssertTrue(AppView.render(driver.state, Localizer(.en)).text.contains("1/8"))
  }

  func testSignOutAsksThenRunsThenStartsAgainFromNothing() {
    var driver = onProfile()
    let last = Self.info.connections.count + 2
    driver.press(.end, expecting: []) { $0.profile.list.selected = last }
    driver.press(.enter, expecting: []) { $0.profile.signOut = .confirming }  // the first Enter only asks
    XCTAssertTrue(AppView.render(driver.state, Localizer(.en)).text.contains("y signs out, n keeps everything"))
    driver.press(.character("n"), expecting: []) { $0.profile.signOut = .idle }  // n keeps everything
    driver.press(.enter, expecting: []) { $0.profile.signOut = .confirming }
    driver.press(.character("y"), expecting: [.feature(ProfileState.self, .signOut)]) {
      $0.profile.signOut = .signingOut
    }
    driver.state.tracker.path = [.settings(TrackerForm())]
    // Every tab starts again from nothing with the first launch's requests; only where the keys are kept stays.
    var restartedFromNothing = AppState(size: driver.state.size)
    let firstLaunch = AppReducer.reduce(&restartedFromNothing, .started)
    restartedFromNothing.context.secretStore = driver.state.context.secretStore
    restartedFromNothing.tutorial.isVisible = true
    restartedFromNothing.notice = .localized(LocalizedText(ProfileL10n.profileSignedOut), isWarning: false)
    driver.send(.profile(.signedOut(success: true)), expecting: firstLaunch) { $0 = restartedFromNothing }
  }

  func testAFailedSignOutSaysSoAndKeepsTheTab() {
    var driver = onProfile()
    driver.arrange { $0.press(.end, .enter, .character("y")) }
    driver.send(.profile(.signedOut(success: false)), expecting: []) { state in
      state.profile.signOut = .failed
      state.notice = .localized(LocalizedText(ProfileL10n.profileSignOutFailed), isWarning: true)
    }
    XCTAssertEqual(driver.state.selectedTab, .profile)
  }
}
