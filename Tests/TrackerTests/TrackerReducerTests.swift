import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// The Tracker tab's reducer. Exhaustive: each step states its whole change and its effects (loading the
/// saved configuration is the premise, see `Driver.tracker`); the screen checks come on top.
final class TrackerReducerTests: XCTestCase {
  let saved = TrackerConfiguration(
    apiKey: "trk_saved_key_123", brandID: "brand-s", userID: "tester", environment: .qc)

  func testTheFirstVisitLoadsTheConfiguration() {
    var state = AppState()
    // Tabs start lazily: not at launch (the Feed shows first), but when the tab is first shown.
    XCTAssertFalse(AppReducer.reduce(&state, .started).contains(.tracker(.loadConfiguration)))
    XCTAssertEqual(AppReducer.reduce(&state, .input(.key(.tabKey(.tracker)))), [.tracker(.loadConfiguration)])
    XCTAssertTrue(state.tracker.isLoading)
  }

  func testNoConfigurationShowsTheSetupFormWithTypedDigitsAndQ() {
    var driver = Driver.tracker(.exhaustive)
    XCTAssertTrue(driver.screen.contains("Tracking SDK · configuration"))
    XCTAssertTrue(driver.state.isEditingText)
    // q, digits and ? are text while a field has the focus: no tab switch, no quit, no help.
    driver.type("q3?", expecting: []) { $0.tracker.setupForm.apiKey = TextInput("q3?") }
  }

  func testBlankRequiredFieldsShowTheirMessagesAndAskForNothing() {
    var driver = Driver.tracker(.exhaustive)
    driver.type("   ", expecting: []) { $0.tracker.setupForm.apiKey = TextInput("   ") }
    XCTAssertTrue(driver.screen.contains("needs API Key and Brand ID"))
    driver.press(.ctrl("s"), expecting: []) { state in
      state.tracker.setupForm.form.setError(.field(.apiKey), .required)
      state.tracker.setupForm.form.setError(.field(.brandID), .required)
    }
    XCTAssertTrue(driver.screen.contains("API Key is required"))
    XCTAssertTrue(driver.screen.contains("Brand ID is required"))
    driver.press(.ctrl("u"), expecting: []) { $0.tracker.setupForm.apiKey = TextInput("") }
    driver.type("k", expecting: []) { $0.tracker.setupForm.apiKey = TextInput("k") }
    driver.press(.ctrl("s"), expecting: []) { state in
      state.tracker.setupForm.form.setError(.field(.brandID), .required)
      state.tracker.setupForm.form.focus = .field(.brandID)
    }
    XCTAssertFalse(driver.screen.contains("API Key is required"))
    XCTAssertTrue(driver.screen.contains("Brand ID is required"))
  }

  func testEnvironmentPickerTogglesAndQQuitsWhenNoTextFieldHasFocus() {
    var driver = Driver.tracker(.exhaustive)
    driver.press(.tab, .tab, .tab, expecting: []) { state in
      state.tracker.setupForm.form.focus = .field(.environment)
      // Leaving a field checks it: the two required ones are blank.
      state.tracker.setupForm.form.setError(.field(.apiKey), .required)
      state.tracker.setupForm.form.setError(.field(.brandID), .required)
    }
    XCTAssertFalse(driver.state.isEditingText)
    XCTAssertTrue(driver.screen.contains("◉ QC (selected)   ○ Production"))
    driver.press(.right, expecting: []) { $0.tracker.setupForm.environment = .production }
    XCTAssertTrue(driver.screen.contains("○ QC   ◉ Production (selected)"))
    XCTAssertTrue(driver.screen.contains("→ http://prod.test/api"))
    driver.press(.character(" "), expecting: []) { $0.tracker.setupForm.environment = .qc }
    driver.press(.left, expecting: []) { $0.tracker.setupForm.environment = .production }
    driver.press(.character("q"), expecting: [.quit]) { $0.isQuitting = true }
  }

  func testInitializeSendsTheTrimmedConfigurationAndEscCancels() {
    var driver = Driver.tracker(.exhaustive)
    driver.arrange { driver in
      driver.type(" key-1 ")
      driver.press(.tab)
      driver.type("brand-1")
    }
    let expected = TrackerConfiguration(apiKey: "key-1", brandID: "brand-1", userID: "", environment: .qc)
    let id = driver.state.context.nextRequestID
    driver.press(.ctrl("s"), expecting: [.tracker(.initialize(requestID: id, expected, persist: true))]) {
      $0.tracker.setupForm.form.focus = .initialize
      $0.tracker.setupForm.form.phase = .checking(requestID: id)
      $0.context.nextRequestID = id + 1
    }
    XCTAssertTrue(driver.screen.contains("Initializing the SDK…"))
    XCTAssertFalse(driver.state.isEditingText)
    driver.press(.escape, expecting: [.cancel(requestID: id)]) { $0.tracker.setupForm.form.phase = .editing }
    // A late answer to the cancelled attempt is dropped.
    driver.send(.tracker(.initializationFinished(requestID: id, expected, .success(Date()))), expecting: [])
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
      var driver = Driver.tracker(
        .nonExhaustive(because: "checks each failure's message, focus and kept fields on the drawn form"))
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
    var driver = Driver.tracker(.exhaustive)
    var id: Int?
    driver.arrange { id = $0.submit(key: "k-123", brand: "brand-1") }
    guard let id else { return XCTFail() }
    let configuration = TrackerConfiguration(apiKey: "k-123", brandID: "brand-1", environment: .qc)
    let date = Date(timeIntervalSince1970: 1_763_776_000)
    driver.send(
      .tracker(.initializationFinished(requestID: id, configuration, .success(date))),
      expecting: [.tracker(.flush(configuration, summary: false))]
    ) { state in
      state.tracker.configuration = configuration
      state.tracker.initializedAt = date
      state.tracker.log = [.initialized(.qc)]
      state.tracker.setupForm = TrackerForm()
    }
    let screen = driver.screen
    XCTAssertTrue(screen.contains("Tracking SDK · demo"), screen)
    XCTAssertTrue(screen.contains("API URL         http://qc.test/api"), screen)
    XCTAssertTrue(screen.contains("Brand ID        brand-1"), screen)
    XCTAssertTrue(screen.contains("Initialized at  2025-11-22T01:46:40Z"), screen)
    XCTAssertTrue(screen.contains("✓ SDK initialized (QC)"), screen)
    XCTAssertFalse(driver.state.isEditingText)
    driver.press(.character("q"), expecting: [.quit]) { $0.isQuitting = true }
  }

  func testASavedConfigurationInitializesAtStartupAndOpensOnTheDemo() {
    var driver = Driver.tracker(.exhaustive, configuration: saved)
    guard case .initialize(let id, saved, false)? = driver.effects.last?.trackerEffect else {
      return XCTFail("\(driver.effects)")
    }
    XCTAssertTrue(driver.screen.contains("Tracking SDK · demo"))
    XCTAssertTrue(driver.screen.contains("… initializing"))
    let timedOut = TrackerFailure.transport(TransportFailure(.timedOut, host: "api.example.com"))
    driver.send(.tracker(.initializationFinished(requestID: id, saved, .failure(timedOut))), expecting: []) { state in
      state.tracker.startupRequestID = nil
      state.tracker.lastError = timedOut
      state.tracker.log = [.initializationFailed(timedOut)]
    }
    XCTAssertTrue(driver.screen.contains("Last error      Failed to connect to API"), driver.screen)
    XCTAssertTrue(driver.screen.contains("User ID         tester"), driver.screen)
  }

  func testSettingsIsPushedPrefilledAndSavingReinitializesAndPops() {
    var driver = Driver.tracker(.exhaustive, configuration: saved)
    driver.press(.character("s"), expecting: []) { state in
      state.tracker.selection = .settings
      state.tracker.path = [.settings(TrackerForm(self.saved))]
    }
    XCTAssertTrue(driver.screen.contains("Tracking SDK · settings"))
    XCTAssertTrue(driver.screen.contains(String(repeating: "•", count: saved.apiKey.count)))
    XCTAssertFalse(driver.screen.contains(saved.apiKey))
    driver.press(.escape, expecting: []) { $0.tracker.path = [] }
    var production = saved
    production.environment = .production
    driver.press(.character("s"), .tab, .tab, .tab, .right, expecting: []) { state in
      var form = TrackerForm(self.saved)
      form.form.focus = .field(.environment)
      form.environment = .production
      state.tracker.path = [.settings(form)]
    }
    let id = driver.state.context.nextRequestID
    driver.press(.ctrl("s"), expecting: [.tracker(.initialize(requestID: id, production, persist: true))]) { state in
      var form = TrackerForm(self.saved)
      form.form.focus = .field(.environment)
      form.environment = .production
      form.form.focus = .initialize
      form.form.phase = .checking(requestID: id)
      state.tracker.path = [.settings(form)]
      state.context.nextRequestID = id + 1
    }
    let date = Date(timeIntervalSince1970: 1_763_776_000)
    driver.send(
      .tracker(.initializationFinished(requestID: id, production, .success(date))),
      expecting: [.tracker(.flush(production, summary: false))]
    ) { state in
      state.tracker.path = []
      state.tracker.configuration = production
      state.tracker.initializedAt = date
      state.tracker.startupRequestID = nil
      state.tracker.log = [.initialized(.production)]
    }
    XCTAssertTrue(driver.screen.contains("Environment     Production"), driver.screen)
  }

  func testCustomEventFormSendsNameAndProperties() {
    var driver = Driver.tracker(
      .nonExhaustive(because: "checks the event form's refusals on screen and the one send effect it builds"),
      configuration: saved)
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
    var driver = Driver.tracker(
      .nonExhaustive(because: "checks the send effects of screen view and identify, and the user ID shown"),
      configuration: saved)
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
    var driver = Driver.tracker(.exhaustive, configuration: saved)
    driver.arrange {
      guard case .initialize(let id, _, _)? = $0.effects.last?.trackerEffect else { return }
      $0.send(.tracker(.initializationFinished(requestID: id, self.saved, .success(Date(timeIntervalSince1970: 0)))))
    }
    let offline = TrackerFailure.transport(TransportFailure(.offline))
    let report = TrackerSendReport(entries: [.queued(event: "e"), .stopped(offline)], remaining: 1, isOffline: true)
    driver.send(
      .tracker(.eventsProcessed(report)), expecting: [.tracker(.scheduleRetry(seconds: TrackerState.retryDelay))]
    ) { state in
      state.tracker.log += [.queued(event: "e"), .stopped(offline)]
      state.tracker.queuedCount = 1
      state.tracker.lastError = offline
      state.tracker.isRetryScheduled = true
    }
    driver.send(.tracker(.eventsProcessed(report)), expecting: []) {  // one retry at a time
      $0.tracker.log += [.queued(event: "e"), .stopped(offline)]
    }
    XCTAssertTrue(driver.screen.contains("Queued events   1"))
    driver.send(.tracker(.retryTimerFired), expecting: [.tracker(.flush(saved, summary: false))]) {
      $0.tracker.isRetryScheduled = false
    }
    let delivered = TrackerSendReport(entries: [.sent(event: "e", status: 202)], remaining: 0, isOffline: false)
    driver.send(.tracker(.eventsProcessed(delivered)), expecting: []) { state in
      state.tracker.log += [.sent(event: "e", status: 202)]
      state.tracker.queuedCount = 0
      state.tracker.lastError = nil
    }
    driver.send(.tracker(.retryTimerFired), expecting: [])  // nothing queued, nothing to retry
  }

  func testResetAsksFirstThenClearsAndShowsSetup() {
    var driver = Driver.tracker(.exhaustive, configuration: saved)
    driver.press(.character("r"), expecting: []) { state in
      state.tracker.selection = .reset
      state.tracker.reset = .confirming
    }
    XCTAssertTrue(driver.screen.contains("Reset? y / n"))
    driver.press(.character("n"), expecting: []) { $0.tracker.reset = .idle }
    driver.press(.character("r"), expecting: []) { $0.tracker.reset = .confirming }
    driver.press(.escape, expecting: []) { $0.tracker.reset = .idle }
    driver.press(.character("r"), expecting: []) { $0.tracker.reset = .confirming }
    driver.press(.character("y"), expecting: [.tracker(.reset)]) { $0.tracker.reset = .resetting }
    driver.send(.tracker(.resetFinished(success: true)), expecting: []) { state in
      var fresh = TrackerState()
      fresh.isLoading = false
      fresh.apiURLs = state.tracker.apiURLs
      state.tracker = fresh
    }
    XCTAssertTrue(driver.screen.contains("Tracking SDK · configuration"))
  }

  func testLogTextFromUsersIsSanitised() {
    var driver = Driver.tracker(.exhaustive, configuration: saved)
    let entry = TrackerLogEntry.sent(event: "evil\u{1B}[2Jname", status: 202)
    let report = TrackerSendReport(entries: [entry], remaining: 0, isOffline: false)
    driver.send(.tracker(.eventsProcessed(report)), expecting: []) { $0.tracker.log = [entry] }
    let grid = AppView.render(driver.state, Localizer(.en))
    XCTAssertFalse(grid.lines.joined().contains("\u{1B}"))
    XCTAssertTrue(grid.lines.joined().contains("evilname accepted"))
  }

  func testHelpListsTheTabsKeys() {
    var driver = Driver.tracker(.exhaustive, configuration: saved)
    driver.press(.character("?"), expecting: []) { $0.isHelpVisible = true }
    XCTAssertTrue(driver.screen.contains("Reset configuration"))
    XCTAssertNotNil(driver.screen.range(of: #"Enter +run"#, options: .regularExpression), driver.screen)
  }

  func testGermanIsCompleteAndUsed() {
    XCTAssertEqual(LocalizationAudit.problems(TrackerL10n.self), [])
    let driver = Driver.tracker(.exhaustive)
    let german = AppView.render(driver.state, Localizer(.de)).lines.joined(separator: "\n")
    XCTAssertTrue(german.contains("Tracking-SDK · Konfiguration"), german)
  }
}
