import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

final class TrackerReducerTests: XCTestCase {
  let saved = TrackerConfiguration(
    apiKey: "trk_saved_key_123", brandID: "brand-s", userID: "tester", environment: .qc)

  func testStartupLoadsTheConfiguration() {
    var state = AppState()
    XCTAssertTrue(AppReducer.reduce(&state, .started).contains(.tracker(.loadConfiguration)))
    XCTAssertTrue(state.tracker.isLoading)
  }

  func testNoConfigurationShowsTheSetupFormWithTypedDigitsAndQ() {
    var driver = Driver.tracker()
    XCTAssertTrue(driver.screen.contains("Tracking SDK · configuration"))
    XCTAssertTrue(driver.state.isEditingText)
    let effects = driver.type("q3?")
    XCTAssertEqual(effects, [], "q, digits and ? are text while a field has the focus")
    XCTAssertEqual(driver.form?.apiKey.text, "q3?")
    XCTAssertEqual(driver.state.selectedTab, .tracker)
  }

  func testBlankRequiredFieldsShowTheirMessagesAndAskForNothing() {
    var driver = Driver.tracker()
    driver.type("   ")
    XCTAssertTrue(driver.screen.contains("needs API Key and Brand ID"))
    XCTAssertEqual(driver.press(.ctrl("s")), [])
    XCTAssertTrue(driver.screen.contains("API Key is required"))
    XCTAssertTrue(driver.screen.contains("Brand ID is required"))
    XCTAssertEqual(driver.form?.focus, .field(.apiKey))
    driver.press(.ctrl("u"))
    driver.type("k")
    XCTAssertEqual(driver.press(.ctrl("s")), [])
    XCTAssertFalse(driver.screen.contains("API Key is required"))
    XCTAssertTrue(driver.screen.contains("Brand ID is required"))
    XCTAssertEqual(driver.form?.focus, .field(.brandID))
  }

  func testEnvironmentPickerTogglesAndQQuitsWhenNoTextFieldHasFocus() {
    var driver = Driver.tracker()
    driver.press(.tab, .tab, .tab)
    XCTAssertEqual(driver.form?.focus, .field(.environment))
    XCTAssertFalse(driver.state.isEditingText)
    XCTAssertTrue(driver.screen.contains("◉ QC (selected)   ○ Production"))
    driver.press(.right)
    XCTAssertEqual(driver.form?.environment, .production)
    XCTAssertTrue(driver.screen.contains("○ QC   ◉ Production (selected)"))
    XCTAssertTrue(driver.screen.contains("→ http://prod.test/api"))
    driver.press(.character(" "))
    XCTAssertEqual(driver.form?.environment, .qc)
    driver.press(.left)
    XCTAssertEqual(driver.form?.environment, .production)
    XCTAssertEqual(driver.press(.character("q")), [.quit])
  }

  func testInitializeSendsTheTrimmedConfigurationAndEscCancels() {
    var driver = Driver.tracker()
    driver.type(" key-1 ")
    driver.press(.tab)
    driver.type("brand-1")
    let effects = driver.press(.ctrl("s"))
    let expected = TrackerConfiguration(
      apiKey: "key-1", brandID: "brand-1", userID: "", environment: .qc)
    guard case .initialize(let id, let configuration, true)? = effects.first?.trackerEffect else {
      return XCTFail("\(effects)")
    }
    XCTAssertEqual(configuration, expected)
    XCTAssertTrue(driver.screen.contains("Initializing the SDK…"))
    XCTAssertFalse(driver.state.isEditingText)
    XCTAssertEqual(driver.press(.escape), [.cancel(requestID: id)])
    XCTAssertEqual(driver.form?.phase, .editing)
    // A late answer to the cancelled attempt is dropped.
    driver.send(.tracker(.initializationFinished(requestID: id, configuration, .success(Date()))))
    XCTAssertNil(driver.state.tracker.configuration)
  }

  func testEachFailureShowsItsMessageAndKeepsTheFields() {
    let cases: [(TrackerFailure, String, TrackerFormFocus)] = [
      (.invalidAPIKey, "Invalid API Key. Please check your credentials.", .field(.apiKey)),
      (.invalidBrandID, "Invalid Brand ID. Please verify and try again.", .field(.brandID)),
      (
        .transport(TransportFailure(.connectionRefused, host: "127.0.0.1")),
        "Failed to connect to API. Check your API URL and network connection. 127.0.0.1 refused the connection",
        .initialize
      ),
    ]
    for (failure, message, focus) in cases {
      var driver = Driver.tracker()
      guard let id = driver.submit(key: "secret-key-xyz", brand: "brand-1") else {
        return XCTFail()
      }
      let configuration = TrackerConfiguration(
        apiKey: "secret-key-xyz", brandID: "brand-1", environment: .qc)
      driver.send(
        .tracker(.initializationFinished(requestID: id, configuration, .failure(failure))))
      let screen = driver.screen
      XCTAssertTrue(screen.replacingOccurrences(of: "\n  ", with: " ").contains(message), screen)
      XCTAssertEqual(driver.form?.apiKey.text, "secret-key-xyz")
      XCTAssertEqual(driver.form?.brandID.text, "brand-1")
      XCTAssertEqual(driver.form?.focus, focus)
      XCTAssertFalse(screen.contains("secret-key-xyz"), "the key is drawn as bullets only")
      XCTAssertNil(driver.state.tracker.configuration)
      // Typing clears the failure.
      if focus != .initialize {
        driver.type("x")
        XCTAssertEqual(driver.form?.phase, .editing)
      }
    }
  }

  func testSuccessShowsTheDemoWithItsStatus() {
    var driver = Driver.tracker()
    guard let id = driver.submit(key: "k-123", brand: "brand-1") else { return XCTFail() }
    let configuration = TrackerConfiguration(apiKey: "k-123", brandID: "brand-1", environment: .qc)
    let date = Date(timeIntervalSince1970: 1_763_776_000)
    let effects = driver.send(
      .tracker(.initializationFinished(requestID: id, configuration, .success(date))))
    XCTAssertEqual(effects, [.tracker(.flush(configuration, summary: false))])
    let screen = driver.screen
    XCTAssertTrue(screen.contains("Tracking SDK · demo"), screen)
    XCTAssertTrue(screen.contains("API URL         http://qc.test/api"), screen)
    XCTAssertTrue(screen.contains("Brand ID        brand-1"), screen)
    XCTAssertTrue(screen.contains("Initialized at  2025-11-22T01:46:40Z"), screen)
    XCTAssertTrue(screen.contains("✓ SDK initialized (QC)"), screen)
    XCTAssertFalse(driver.state.isEditingText)
    XCTAssertEqual(driver.press(.character("q")), [.quit])
  }

  func testASavedConfigurationInitializesAtStartupAndOpensOnTheDemo() {
    var driver = Driver.tracker(configuration: saved)
    guard case .initialize(let id, saved, false)? = driver.effects.last?.trackerEffect else {
      return XCTFail("\(driver.effects)")
    }
    XCTAssertTrue(driver.screen.contains("Tracking SDK · demo"))
    XCTAssertTrue(driver.screen.contains("… initializing"))
    driver.send(
      .tracker(
        .initializationFinished(
          requestID: id, saved, .failure(.transport(TransportFailure(.timedOut, host: "api.example.com"))))))
    XCTAssertTrue(driver.screen.contains("Last error      Failed to connect to API"), driver.screen)
    XCTAssertTrue(driver.screen.contains("User ID         tester"), driver.screen)
  }

  func testSettingsIsPushedPrefilledAndSavingReinitializesAndPops() {
    var driver = Driver.tracker(configuration: saved)
    driver.press(.character("s"))
    XCTAssertEqual(driver.form, TrackerForm(saved))
    XCTAssertTrue(driver.screen.contains("Tracking SDK · settings"))
    XCTAssertTrue(driver.screen.contains(String(repeating: "•", count: saved.apiKey.count)))
    XCTAssertFalse(driver.screen.contains(saved.apiKey))
    driver.press(.escape)
    XCTAssertEqual(driver.state.tracker.path, [])
    driver.press(.character("s"), .tab, .tab, .tab, .right)
    let effects = driver.press(.ctrl("s"))
    var production = saved
    production.environment = .production
    guard case .initialize(let id, production, true)? = effects.first?.trackerEffect else {
      return XCTFail("\(effects)")
    }
    driver.send(.tracker(.initializationFinished(requestID: id, production, .success(Date()))))
    XCTAssertEqual(driver.state.tracker.path, [])
    XCTAssertEqual(driver.state.tracker.configuration, production)
    XCTAssertTrue(driver.screen.contains("Environment     Production"), driver.screen)
  }

  func testCustomEventFormSendsNameAndProperties() {
    var driver = Driver.tracker(configuration: saved)
    driver.press(.character("c"))
    XCTAssertTrue(driver.state.isEditingText)
    XCTAssertEqual(driver.press(.ctrl("s")), [], "a blank name is refused")
    XCTAssertTrue(driver.screen.contains("Event name is required"))
    driver.type("signup")
    driver.press(.tab)
    driver.type("plan=pro, bad")
    XCTAssertEqual(driver.press(.enter), [])
    XCTAssertTrue(driver.screen.contains("Cannot read \"bad\": write key=value"), driver.screen)
    driver.press(.backspace, .backspace, .backspace, .backspace, .backspace)
    driver.type(", seats = 3")
    let effects = driver.press(.enter)
    XCTAssertEqual(
      effects,
      [
        .tracker(
          .send(
            TrackerEvent(
              name: "signup", userID: "tester", properties: ["plan": "pro", "seats": "3"]), saved))
      ])
    XCTAssertEqual(driver.state.tracker.path, [])
  }

  func testScreenViewAndIdentify() {
    var driver = Driver.tracker(configuration: saved)
    driver.press(.character("v"))
    driver.type("Home")
    let view = driver.press(.ctrl("s"))
    XCTAssertEqual(
      view,
      [
        .tracker(
          .send(
            TrackerEvent(name: "screen_view", userID: "tester", properties: ["screen": "Home"]),
            saved))
      ])
    driver.press(.character("i"), .ctrl("u"))
    driver.type("user-42")
    let identify = driver.press(.ctrl("s"))
    XCTAssertEqual(
      identify, [.tracker(.send(TrackerEvent(name: "identify", userID: "user-42"), saved))])
    XCTAssertTrue(driver.screen.contains("User ID         user-42"))
    driver.press(.character("f"))
    XCTAssertEqual(driver.effects.last, .tracker(.flush(saved, summary: true)))
  }

  func testOfflineReportSchedulesOneRetryAndTheRetryFlushes() {
    var driver = Driver.tracker(configuration: saved)
    let report = TrackerSendReport(
      entries: [.queued(event: "e"), .stopped(.transport(TransportFailure(.offline)))], remaining: 1, isOffline: true)
    XCTAssertEqual(
      driver.send(.tracker(.eventsProcessed(report))),
      [.tracker(.scheduleRetry(seconds: TrackerState.retryDelay))])
    XCTAssertEqual(driver.send(.tracker(.eventsProcessed(report))), [], "one retry at a time")
    XCTAssertTrue(driver.screen.contains("Queued events   1"))
    XCTAssertEqual(
      driver.send(.tracker(.retryTimerFired)), [.tracker(.flush(saved, summary: false))])
    let delivered = TrackerSendReport(
      entries: [.sent(event: "e", status: 202)], remaining: 0, isOffline: false)
    XCTAssertEqual(driver.send(.tracker(.eventsProcessed(delivered))), [])
    XCTAssertEqual(driver.send(.tracker(.retryTimerFired)), [], "nothing queued, nothing to retry")
    XCTAssertNil(driver.state.tracker.lastError)
  }

  func testResetAsksFirstThenClearsAndShowsSetup() {
    var driver = Driver.tracker(configuration: saved)
    driver.press(.character("r"))
    XCTAssertTrue(driver.screen.contains("Reset? y / n"))
    XCTAssertEqual(driver.press(.character("n")), [])
    XCTAssertNotEqual(driver.state.tracker.reset, .confirming)
    driver.press(.character("r"))
    XCTAssertEqual(driver.press(.escape), [])
    XCTAssertNotEqual(driver.state.tracker.reset, .confirming)
    driver.press(.character("r"))
    XCTAssertEqual(driver.press(.character("y")), [.tracker(.reset)])
    driver.send(.tracker(.resetFinished(success: true)))
    XCTAssertNil(driver.state.tracker.configuration)
    XCTAssertTrue(driver.screen.contains("Tracking SDK · configuration"))
    XCTAssertEqual(driver.form?.apiKey.text, "")
  }

  func testLogTextFromUsersIsSanitised() {
    var driver = Driver.tracker(configuration: saved)
    driver.send(
      .tracker(
        .eventsProcessed(
          TrackerSendReport(
            entries: [.sent(event: "evil\u{1B}[2Jname", status: 202)], remaining: 0,
            isOffline: false))))
    let grid = AppView.render(driver.state, Localizer(.en))
    XCTAssertFalse(grid.lines.joined().contains("\u{1B}"))
    XCTAssertTrue(grid.lines.joined().contains("evilname accepted"))
  }

  func testHelpListsTheTabsKeys() {
    var driver = Driver.tracker(configuration: saved)
    driver.press(.character("?"))
    XCTAssertTrue(driver.screen.contains("Reset configuration"))
    XCTAssertNotNil(driver.screen.range(of: #"Enter +run"#, options: .regularExpression), driver.screen)
  }

  func testGermanIsCompleteAndUsed() {
    XCTAssertEqual(LocalizationAudit.problems(TrackerL10n.self), [])
    let driver = Driver.tracker()
    let german = AppView.render(driver.state, Localizer(.de)).lines.joined(separator: "\n")
    XCTAssertTrue(german.contains("Tracking-SDK · Konfiguration"), german)
  }
}
