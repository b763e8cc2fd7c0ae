import VibesCore
import VibesTestSupport
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let noticeWording = Driver.Exhaustivity.nonExhaustive(
  because: "checks only the notice wording in English and German")

/// The shared driver in its exhaustive mode: each step states the whole state change and every effect.
final class ExhaustiveDriverTests: XCTestCase {
  func testFeedChecklistAndGeminiFormStepByStep() {
    var driver = Driver()
    driver.press(.enter, expecting: []) { $0.feed.path = [.checklist(ChecklistState())] }
    driver.press(.down, expecting: []) { $0.feed.path = [.checklist(ChecklistState(selection: .gemini))] }
    driver.press(.enter, expecting: []) {
      $0.feed.path.append(.credentialForm(CredentialForm(step: .gemini, isConfigured: false)))
    }
    driver.press(.character("A"), expecting: []) { state in
      guard case .credentialForm(var form)? = state.feed.path.last else { return }
      form.fields[0].input.insert("A")
      state.feed.path[state.feed.path.count - 1] = .credentialForm(form)
    }
    driver.press(.escape, expecting: []) { $0.feed.path = [.checklist(ChecklistState(selection: .gemini))] }
  }

  func testTrackerDemoAskThenKeep() {
    var driver = Driver()
    let saved = TrackerConfiguration(apiKey: "key", brandID: "brand", userID: "", environment: .qc)
    driver.send(
      .tracker(.configurationLoaded(saved, apiURLs: [:])),
      expecting: [.tracker(.initialize(requestID: 1, saved, persist: false))]
    ) { state in
      state.tracker.isLoading = false
      state.tracker.apiURLs = [:]
      state.tracker.configuration = saved
      state.tracker.startupRequestID = 1
      state.context.nextRequestID = 2
    }
    driver.press(.tabKey(.tracker), expecting: []) { $0.selectedTab = .tracker }
    driver.press(.character("r"), expecting: []) { state in
      state.tracker.selection = .reset
      state.tracker.reset = .confirming
    }
    driver.press(.character("n"), expecting: []) { $0.tracker.reset = .idle }
    driver.press(.character("f"), expecting: [.tracker(.flush(saved, summary: true))]) { $0.tracker.selection = .flush }
  }

  func testAppStoreConnectDashboardOpensSettingsAndSyncs() {
    var driver = Driver()
    let stored = AppStoreConnectStoredState(isConfigured: true, apps: [], lastSync: nil)
    driver.send(.appStoreConnect(.storedStateLoaded(stored)), expecting: []) {
      $0.appStoreConnect.isConfigured = true
    }
    driver.press(.tabKey(.appStoreConnect), expecting: []) { $0.selectedTab = .appStoreConnect }
    driver.press(.character("r"), expecting: [.appStoreConnect(.sync(requestID: 1))]) { state in
      state.appStoreConnect.dashboard.sync = .syncing(requestID: 1, fetched: 0)
      state.context.nextRequestID = 2
    }
    driver.press(.character("s"), expecting: []) {
      $0.appStoreConnect.path = [.settings(AppStoreConnectSettingsState())]
    }
  }

  func testAnUnassertedChangeIsReportedByName() {
    var driver = Driver()
    let before = driver.state
    driver.arrange { $0.press(.enter) }
    let report = Driver.difference(before, driver.state)
    XCTAssertTrue(report.contains("feed.path"), report)
    XCTAssertEqual(Driver.difference(driver.state, driver.state), "", "equal states report nothing")
  }
}

/// The exhaustive mode can fail: each way a step can differ from what the test stated is reported (captured
/// here instead of failing this test), and the loose mode carries its reason into its failures.
final class ExhaustiveDriverFailureTests: XCTestCase {
  /// The failures a driver reported, captured instead of failing the test.
  final class CapturedFailures {
    var messages: [String] = []
  }

  func capture(_ driver: inout Driver) -> CapturedFailures {
    let captured = CapturedFailures()
    driver.reportFailure = { message, _, _ in captured.messages.append(message) }
    return captured
  }

  func testTheDefaultIsExhaustive() {
    XCTAssertEqual(Driver().exhaustivity, .exhaustive)
  }

  func testABarePressThatChangesTheStateFailsNamingTheField() {
    var driver = Driver()
    let failures = capture(&driver)
    driver.press(.enter)
    XCTAssertEqual(failures.messages.count, 1, "\(failures.messages)")
    let message = failures.messages.first ?? ""
    XCTAssertTrue(message.contains("did not state"), message)
    XCTAssertTrue(message.contains("feed.path"), message)
  }

  func testABareSendThatProducesAnEffectFails() {
    var driver = Driver()
    let failures = capture(&driver)
    driver.arrange {
      $0.send(.appStoreConnect(.storedStateLoaded(AppStoreConnectStoredState(isConfigured: true))))
      $0.press(.tabKey(.appStoreConnect))
    }
    XCTAssertEqual(failures.messages, [], "arranged steps are not checked")
    driver.press(.character("r"))
    XCTAssertEqual(failures.messages.count, 1, "\(failures.messages)")
    XCTAssertTrue(failures.messages.first?.contains("effects differ") == true, "\(failures.messages)")
  }

  func testAnUnstatedEffectInAStatedStepFails() {
    var driver = Driver()
    let failures = capture(&driver)
    driver.arrange {
      $0.send(.appStoreConnect(.storedStateLoaded(AppStoreConnectStoredState(isConfigured: true))))
      $0.press(.tabKey(.appStoreConnect))
    }
    driver.press(.character("r"), expecting: []) { state in
      state.appStoreConnect.dashboard.sync = .syncing(requestID: 1, fetched: 0)
      state.context.nextRequestID = 2
    }
    XCTAssertEqual(failures.messages.count, 1, "\(failures.messages)")
    let message = failures.messages.first ?? ""
    XCTAssertTrue(message.contains("effects differ") && message.contains("sync"), message)
    XCTAssertFalse(message.contains("state differs"), "the state was stated right: \(message)")
  }

  func testAStatedChangeThatDidNotHappenFails() {
    var driver = Driver()
    let failures = capture(&driver)
    driver.press(.enter, expecting: []) { $0.feed.path = [.checklist(ChecklistState())] }
    XCTAssertEqual(failures.messages, [], "a step stated exactly passes")
    driver.press(.down, expecting: []) { $0.feed.path = [.checklist(ChecklistState(selection: .gemini))] }
    XCTAssertEqual(failures.messages, [])
    driver.press(.down, expecting: []) { $0.selectedTab = .explore }
    XCTAssertEqual(failures.messages.count, 1, "\(failures.messages)")
    let message = failures.messages.first ?? ""
    XCTAssertTrue(message.contains("selectedTab") && message.contains("feed.path"), message)
  }

  func testTheLooseModeSkipsBareStepsAndShowsItsReasonInFailures() {
    var driver = Driver(.nonExhaustive(because: "checks only the checklist text"))
    let failures = capture(&driver)
    driver.press(.enter)
    XCTAssertEqual(failures.messages, [], "bare steps are not checked in the loose mode")
    driver.press(.down, expecting: [])
    XCTAssertEqual(failures.messages.count, 1, "a stated step is still checked")
    XCTAssertTrue(
      failures.messages.first?.contains("because: checks only the checklist text") == true, "\(failures.messages)")
  }

  func testArrangeRestoresTheExhaustiveMode() {
    var driver = Driver()
    let failures = capture(&driver)
    driver.arrange { $0.press(.enter) }
    XCTAssertEqual(driver.exhaustivity, .exhaustive)
    XCTAssertEqual(failures.messages, [])
    driver.press(.escape)
    XCTAssertEqual(failures.messages.count, 1, "after arrange, bare steps are checked again")
  }

  func testTheLooseModeNeedsAReason() {
    XCTAssertNotNil(Driver.problem(with: .nonExhaustive(because: "  ")))
    XCTAssertNil(Driver.problem(with: .nonExhaustive(because: "checks only the screen")))
    XCTAssertNil(Driver.problem(with: .exhaustive))
  }
}

/// A damaged database moved aside at start is explained on the status line, with what was lost and where the
/// old file is.
final class DatabaseRecoveredNoticeTests: XCTestCase {
  func testTheRecoveryIsExplainedInWords() {
    var driver = Driver(noticeWording)
    driver.send(.databaseRecovered(movedTo: "/d/vibes.sqlite.damaged-1", reason: LocalizedText(L10n.damageEmpty)))
    guard case .localized(let text, true)? = driver.state.notice else { return XCTFail("no warning") }
    let (en, de) = (text.resolved(.en), text.resolved(.de))
    XCTAssertTrue(
      en.contains("rebuilt") && en.contains("your keys are safe") && en.contains("/d/vibes.sqlite.damaged-1"))
    XCTAssertTrue(de.contains("beschädigt"))
    // The reason is worded in each language, not carried in English into the German text.
    XCTAssertTrue(en.contains("(the file is empty)"), en)
    XCTAssertTrue(de.contains("(die Datei ist leer)"), de)
    XCTAssertFalse(de.contains("the file"), de)
  }
}
