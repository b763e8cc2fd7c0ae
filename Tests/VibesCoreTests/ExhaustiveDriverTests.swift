import VibesCore
import VibesTestSupport
import XCTest

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
    driver.press(.enter)
    let report = Driver.difference(before, driver.state)
    XCTAssertTrue(report.contains("feed"), report)
    XCTAssertEqual(Driver.difference(driver.state, driver.state), "", "equal states report nothing")
  }
}

/// A damaged database moved aside at start is explained on the status line, with what was lost and where the
/// old file is.
final class DatabaseRecoveredNoticeTests: XCTestCase {
  func testTheRecoveryIsExplainedInWords() {
    var driver = Driver()
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
