import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Every screen in its main states, at 60×20, 80×24 and 120×40, in English and German: whatever the
/// screen draws can be reached by scrolling (PgDn walks the whole content without skipping a row), the
/// focused field stays in view, and the footer fits the width.
final class LayoutReachabilityTests: XCTestCase {
  static let sizes = [
    ScreenSize(width: 60, height: 20), ScreenSize(width: 80, height: 24), ScreenSize(width: 120, height: 40),
  ]

  /// A named way to reach a screen state from a fresh app.
  struct Scenario {
    var name: String
    var build: (inout Driver) -> Void
  }

  static var scenarios: [Scenario] {
    [
      Scenario(name: "feed") { _ in },
      Scenario(name: "checklist") { $0.press(.enter) },
      Scenario(name: "gemini form") { $0.press(.enter, .down, .enter) },
      Scenario(name: "gemini invalid key") { driver in
        driver.press(.enter, .down, .enter)
        driver.type("AIzaSyExampleKey1234567")
        driver.press(.ctrl("s"))
        driver.send(.validationFinished(requestID: 1, .failure(.invalidCredentials)))
      },
      Scenario(name: "gemini quota") { driver in
        driver.press(.enter, .down, .enter)
        driver.type("AIzaSyExampleKey1234567")
        driver.press(.ctrl("s"))
        driver.send(.validationFinished(requestID: 1, .failure(.quotaExceeded(retryAfterSeconds: 30))))
      },
      Scenario(name: "ticketmaster form") { $0.press(.enter, .end, .enter) },
      Scenario(name: "spotify step") { driver in
        driver.send(
          .spotify(
            .statusLoaded(
              SpotifySetupInfo(
                clientConfigured: false, registeredRedirectURI: "http://127.0.0.1:8888/callback",
                configFilePath: "/home/user/.config/vibes/config", isRemoteSession: true, hostName: "devbox"),
              SpotifyStatus())))
        driver.press(.enter, .enter)
      },
      Scenario(name: "app store connect setup, key rejected") { driver in
        driver.send(.appStoreConnect(.storedStateLoaded(AppStoreConnectStoredState(isConfigured: false))))
        driver.press(.tabKey(.appStoreConnect), .tab)
        driver.state.appStoreConnect.setup.phase = .failed(.agreementRequired)
      },
      Scenario(name: "app store connect dashboard") { driver in
        let apps = (0..<60).map {
          AppStoreConnectApp(id: "\($0)", name: "App \($0)", bundleID: "com.example.app\($0)", sku: "S\($0)")
        }
        driver.send(
          .appStoreConnect(
            .storedStateLoaded(AppStoreConnectStoredState(isConfigured: true, apps: apps, lastSync: nil))))
        driver.press(.tabKey(.appStoreConnect))
      },
      Scenario(name: "tracker setup, brand rejected") { driver in
        driver.send(.tracker(.configurationLoaded(nil, apiURLs: [:])))
        driver.press(.tabKey(.tracker), .tab)
        driver.state.tracker.setupForm.phase = .failed(.invalidBrandID)
      },
      Scenario(name: "tracker demo") { driver in
        let saved = TrackerConfiguration(apiKey: "key", brandID: "brand", userID: "", environment: .qc)
        driver.send(.tracker(.configurationLoaded(saved, apiURLs: [:])))
        driver.press(.tabKey(.tracker))
      },
      Scenario(name: "help") { $0.press(.character("?")) },
      Scenario(name: "explore without Spotify") { $0.press(.tabKey(.explore)) },
      Scenario(name: "create without Gemini") { $0.press(.tabKey(.create)) },
      Scenario(name: "profile, connections and sign-out question") { driver in
        driver.press(.tabKey(.profile))
        driver.send(
          .profile(
            .infoLoaded(
              ProfileInfo(
                connections: ConnectedService.allCases.map { ConnectionStatus(service: $0, state: .notConfigured) },
                version: "0.1.0", dataPath: "/home/user/.local/share/vibes/vibes.sqlite",
                configPath: "/home/user/.config/vibes", logPath: "/home/user/.local/state/vibes/vibes.log"))))
        driver.press(.end, .enter)
      },
    ]
  }

  func testEveryScreenIsReachableByScrollingAtEverySupportedSize() {
    for scenario in Self.scenarios {
      for size in Self.sizes {
        for language in [Language.en, .de] {
          var driver = Driver(size: size)
          driver.send(.feedWindowLoaded(total: 0, offset: 0, items: []))
          scenario.build(&driver)
          check(&driver, "\(scenario.name) at \(size.width)×\(size.height) in \(language)", language)
        }
      }
    }
  }

  func check(_ driver: inout Driver, _ name: String, _ language: Language) {
    let t = Localizer(language)
    var grid = AppView.render(driver.state, t)
    guard let first = grid.viewport else { return XCTFail("\(name): no viewport") }
    driver.state.context.viewport = first
    let footer = grid.lines[grid.height - 1]
    XCTAssertLessThanOrEqual(DisplayWidth.of(footer), grid.width, "\(name): the footer fits")
    if let cursor = grid.cursor {
      XCTAssertTrue(
        (ScreenLayout.headerRows..<(grid.height - ScreenLayout.footerRows)).contains(cursor.row),
        "\(name): the focused field is in view")
    }
    guard first.isScrollable, !driver.state.isHelpVisible else { return }
    // A screen may open scrolled to its focus or a new message: first walk up to the top.
    var seen = IndexSet(integersIn: first.offset..<(first.offset + first.viewportHeight))
    var metrics = first
    for _ in 0..<50 where metrics.offset > 0 {
      driver.press(.pageUp)
      grid = AppView.render(driver.state, t)
      guard let next = grid.viewport else { return XCTFail("\(name): no viewport after PgUp") }
      XCTAssertLessThan(next.offset, metrics.offset, "\(name): PgUp moves up")
      driver.state.context.viewport = next
      metrics = next
      seen.insert(integersIn: next.offset..<(next.offset + next.viewportHeight))
    }
    XCTAssertEqual(metrics.offset, 0, "\(name): the top is reachable")
    // Then down a page at a time: every row of the content is shown on the way, none skipped.
    for _ in 0..<50 where metrics.offset < metrics.maxOffset {
      driver.press(.pageDown)
      grid = AppView.render(driver.state, t)
      guard let next = grid.viewport else { return XCTFail("\(name): no viewport after PgDn") }
      XCTAssertGreaterThan(next.offset, metrics.offset, "\(name): PgDn moves down")
      driver.state.context.viewport = next
      metrics = next
      seen.insert(integersIn: next.offset..<(next.offset + next.viewportHeight))
      XCTAssertTrue(grid.lines[grid.height - 1].contains("PgUp PgDn"), "\(name): the footer names the scroll keys")
    }
    XCTAssertEqual(metrics.offset, metrics.maxOffset, "\(name): the bottom is reachable")
    XCTAssertTrue(seen.contains(integersIn: 0..<metrics.contentHeight), "\(name): no row is skipped")
    driver.press(.pageUp)
    XCTAssertLessThan(AppView.render(driver.state, t).viewport?.offset ?? .max, metrics.offset, "\(name): PgUp")
  }
}
