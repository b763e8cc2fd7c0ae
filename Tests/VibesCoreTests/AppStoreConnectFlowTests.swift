import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// The App Store Connect tab through the reducer: setup is mandatory, verify, dashboard and sync, removal.
/// Exhaustive: every step states its whole change and its effects; reaching the tab is the premise (`arrange`).
final class AppStoreConnectFlowTests: XCTestCase {
  static let issuer = "57246542-96fe-1a63-e053-0824d011072a"
  static let keyText =
    "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n-----END PRIVATE KEY-----"
  static let apps = [
    AppStoreConnectApp(id: "1", name: "Alpha", bundleID: "com.example.alpha", sku: "A1"),
    AppStoreConnectApp(id: "2", name: "Beta", bundleID: "com.example.beta", sku: "B2"),
  ]

  static let lastSync = Date(timeIntervalSince1970: 1_700_000_000)

  func onTab(configured: Bool?) -> Driver {
    var driver = Driver()
    driver.arrange { driver in
      let started = driver.send(.started)
      XCTAssertFalse(started.contains(.appStoreConnect(.loadStoredState)), "read when the tab is first shown")
      XCTAssertEqual(driver.press(.tabKey(.appStoreConnect)), [.appStoreConnect(.loadStoredState)])
      if let configured {
        driver.send(
          .appStoreConnect(
            .storedStateLoaded(
              AppStoreConnectStoredState(
                isConfigured: configured, apps: configured ? Self.apps : [],
                lastSync: configured ? Self.lastSync : nil))))
      }
      XCTAssertEqual(driver.state.selectedTab, .appStoreConnect)
    }
    if configured == false {
      // Arriving on a tab never puts a key into a field: Tab enters the form.
      XCTAssertFalse(driver.state.isEditingText)
      driver.press(.tab, expecting: []) { $0.appStoreConnect.setup.form.focus = .field(.issuerID) }
    }
    return driver
  }

  /// Fills the form with valid values (the premise) and presses Ctrl-S; returns the connect effect's request id.
  func fillAndSubmit(_ driver: inout Driver) -> Int? {
    driver.arrange { driver in
      driver.type(Self.issuer)
      driver.press(.tab)
      driver.type("2x9r4hxf34")
      driver.press(.tab)
      driver.send(.input(.paste(Self.keyText)))
    }
    let id = driver.state.context.nextRequestID
    let submission = AppStoreConnectSubmission(
      issuerID: Self.issuer, keyID: "2X9R4HXF34", privateKey: RedactedText(Self.keyText))
    let effects = driver.press(.ctrl("s"), expecting: [.appStoreConnect(.connect(requestID: id, submission))]) {
      $0.appStoreConnect.setup.form.focus = .connect
      $0.appStoreConnect.setup.form.phase = .checking(requestID: id)
      $0.context.nextRequestID = id + 1
    }
    guard case .connect(let effectID, let sent)? = effects.last?.appStoreConnectEffect else { return nil }
    XCTAssertEqual(sent.keyID, "2X9R4HXF34", "Key IDs are upper-cased")
    XCTAssertEqual(String(describing: sent.privateKey), "‹redacted›")
    return effectID
  }

  func testSetupIsTheRootUntilCredentialsAreVerified() {
    var driver = onTab(configured: nil)
    XCTAssertEqual(driver.state.appStoreConnect.root, .loading)
    driver.send(
      .appStoreConnect(.storedStateLoaded(AppStoreConnectStoredState(isConfigured: false))), expecting: []
    ) {
      $0.appStoreConnect.isConfigured = false
      // The tab started when shown, so the form appears after the arrival: as on arriving, no field takes the
      // next key (a digit still switches tabs).
      $0.appStoreConnect.setup.form.focus = .connect
    }
    XCTAssertEqual(driver.state.appStoreConnect.root, .setup)
    XCTAssertFalse(driver.state.isEditingText)
    driver.press(.tab, expecting: []) { $0.appStoreConnect.setup.form.focus = .field(.issuerID) }
    // Dashboard keys do nothing on the setup screen: "s" is typed into the Issuer ID field.
    driver.press(.character("s"), .character("r"), expecting: []) {
      $0.appStoreConnect.setup.issuerID = TextInput("sr")
    }
    driver.press(.character("q"), expecting: []) { $0.appStoreConnect.setup.issuerID = TextInput("srq") }
    XCTAssertFalse(driver.state.isQuitting, "q is text in a focused field")
  }

  func testLocalChecksBlockTheNetworkCall() {
    var driver = onTab(configured: false)
    driver.type("not-a-uuid", expecting: []) { $0.appStoreConnect.setup.issuerID = TextInput("not-a-uuid") }
    driver.press(.ctrl("s"), expecting: []) { state in
      state.appStoreConnect.setup.form.setError(.field(.issuerID), .notUUID)
      state.appStoreConnect.setup.form.setError(.field(.keyID), .required)
      state.appStoreConnect.setup.form.setError(.field(.privateKey), .required)
    }
    XCTAssertEqual(driver.state.appStoreConnect.setup.errors[.issuerID], .issuerFormat)
    XCTAssertEqual(driver.state.appStoreConnect.setup.focus, .field(.issuerID))
  }

  func testPastingAKeyAsksForItsSummaryAndAPathFillsTheKeyID() {
    var driver = onTab(configured: false)
    driver.press(.tab, .tab, expecting: []) { $0.appStoreConnect.setup.form.focus = .field(.privateKey) }
    let path = "/home/me/AuthKey_ABCDE12345.p8"
    let id = driver.state.context.nextRequestID
    driver.send(
      .input(.paste(path)), expecting: [.appStoreConnect(.inspectPrivateKey(requestID: id, RedactedText(path)))]
    ) { state in
      state.appStoreConnect.setup.privateKey = TextInput(path)
      state.appStoreConnect.setup.inspectionID = id
      state.context.nextRequestID = id + 1
    }
    let summary = PrivateKeySummary(
      curve: "P-256", fingerprint: "1a2b…9f", keyIDFromFileName: "ABCDE12345")
    // A stale answer is dropped.
    driver.send(.appStoreConnect(.privateKeyInspected(requestID: id + 100, .success(summary))), expecting: [])
    driver.send(.appStoreConnect(.privateKeyInspected(requestID: id, .success(summary))), expecting: []) { state in
      state.appStoreConnect.setup.keySummary = summary
      state.appStoreConnect.setup.inspectionID = nil
      state.appStoreConnect.setup.keyID = TextInput("ABCDE12345")
    }
  }

  func testTypedKeyIsInspectedWhenLeavingTheFieldAndMultilineKeepsBreaks() {
    var driver = onTab(configured: false)
    driver.press(.tab, .tab, expecting: []) { $0.appStoreConnect.setup.form.focus = .field(.privateKey) }
    driver.type("abc", expecting: []) { $0.appStoreConnect.setup.privateKey = TextInput("abc") }
    driver.press(.ctrl("j"), expecting: []) { $0.appStoreConnect.setup.privateKey = TextInput("abc\n") }
    driver.type("def", expecting: []) { $0.appStoreConnect.setup.privateKey = TextInput("abc\ndef") }
    let id = driver.state.context.nextRequestID
    driver.press(.tab, expecting: [.appStoreConnect(.inspectPrivateKey(requestID: id, RedactedText("abc\ndef")))]) {
      state in
      state.appStoreConnect.setup.form.focus = .connect
      state.appStoreConnect.setup.inspectionID = id
      state.context.nextRequestID = id + 1
    }
  }

  func testFailureKeepsTheFormSavesNothingAndRetriesWithoutRestart() throws {
    var driver = onTab(configured: false)
    let id = try XCTUnwrap(fillAndSubmit(&driver))
    XCTAssertFalse(driver.state.isEditingText, "typing is off while verifying")
    let timedOut = AppStoreConnectFailure.transport(TransportFailure(.timedOut, host: "api.appstoreconnect.apple.com"))
    // A failure asks for no save and no sync, and keeps what was typed.
    driver.send(.appStoreConnect(.connectFinished(requestID: id, .failure(timedOut))), expecting: []) {
      $0.appStoreConnect.setup.form.phase = .failed(timedOut)
    }
    let retryID = driver.state.context.nextRequestID
    let submission = AppStoreConnectSubmission(
      issuerID: Self.issuer, keyID: "2X9R4HXF34", privateKey: RedactedText(Self.keyText))
    driver.press(.ctrl("r"), expecting: [.appStoreConnect(.connect(requestID: retryID, submission))]) {
      $0.appStoreConnect.setup.form.phase = .checking(requestID: retryID)
      $0.context.nextRequestID = retryID + 1
    }
    driver.send(.appStoreConnect(.connectFinished(requestID: retryID, .failure(.notAuthorized))), expecting: []) {
      $0.appStoreConnect.setup.form.phase = .failed(.notAuthorized)
    }
    driver.press(.ctrl("r"), expecting: [])  // a 401 is not retried as is
    // Fix a field: the failure clears and the user submits again.
    driver.arrange { $0.press(.backTab, .backTab) }
    let before = driver.state.appStoreConnect.setup.form.input(driver.state.appStoreConnect.setup.form.focus)
    driver.press(.backspace, expecting: []) { state in
      var input = before
      input.deleteBackward()
      state.appStoreConnect.setup.form.setInput(state.appStoreConnect.setup.form.focus, input)
      state.appStoreConnect.setup.form.phase = .editing
    }
  }

  func testEscCancelsVerification() throws {
    var driver = onTab(configured: false)
    let id = try XCTUnwrap(fillAndSubmit(&driver))
    driver.press(.escape, expecting: [.cancel(requestID: id)]) { $0.appStoreConnect.setup.form.phase = .editing }
    // A cancelled answer is dropped.
    driver.send(.appStoreConnect(.connectFinished(requestID: id, .success(Date()))), expecting: [])
  }

  func testSuccessForgetsTheKeyOpensTheDashboardAndSyncsAtOnce() throws {
    var driver = onTab(configured: false)
    let id = try XCTUnwrap(fillAndSubmit(&driver))
    let syncID = driver.state.context.nextRequestID
    driver.send(
      .appStoreConnect(.connectFinished(requestID: id, .success(Date()))),
      expecting: [.appStoreConnect(.sync(requestID: syncID))]
    ) { state in
      state.appStoreConnect.isConfigured = true
      state.appStoreConnect.setup = AppStoreConnectSetupForm()  // the key left memory
      state.appStoreConnect.dashboard.sync = .syncing(requestID: syncID, fetched: 0)
      state.context.nextRequestID = syncID + 1
    }
    XCTAssertEqual(driver.state.appStoreConnect.root, .dashboard)
    driver.send(.appStoreConnect(.syncProgress(requestID: syncID, fetched: 1)), expecting: []) {
      $0.appStoreConnect.dashboard.sync = .syncing(requestID: syncID, fetched: 1)
    }
    driver.press(.character("r"), expecting: [])  // one sync at a time
    let synced = Date(timeIntervalSince1970: 1_800_000_000)
    driver.send(
      .appStoreConnect(
        .syncFinished(
          requestID: syncID, .success(AppStoreConnectStoredState(isConfigured: true, apps: Self.apps, lastSync: synced))
        )),
      expecting: []
    ) { state in
      state.appStoreConnect.dashboard.apps = Self.apps
      state.appStoreConnect.dashboard.lastSync = synced
      state.appStoreConnect.dashboard.sync = .idle
    }
    let next = driver.state.context.nextRequestID
    driver.press(.character("r"), expecting: [.appStoreConnect(.sync(requestID: next))]) {
      $0.appStoreConnect.dashboard.sync = .syncing(requestID: next, fetched: 0)
      $0.context.nextRequestID = next + 1
    }
  }

  func testDashboardMovesAndQuitsAtRoot() {
    var driver = onTab(configured: true)
    XCTAssertEqual(driver.state.appStoreConnect.root, .dashboard)
    driver.press(.down, .down, expecting: []) { $0.appStoreConnect.dashboard.list.selected = 1 }
    driver.press(.character("q"), expecting: [.quit]) { $0.isQuitting = true }
  }

  func testRemovalConfirmsCancelsASyncAndReturnsToAFreshSetup() {
    var driver = onTab(configured: true)
    let syncID = driver.state.context.nextRequestID
    driver.press(.character("r"), expecting: [.appStoreConnect(.sync(requestID: syncID))]) {
      $0.appStoreConnect.dashboard.sync = .syncing(requestID: syncID, fetched: 0)
      $0.context.nextRequestID = syncID + 1
    }
    driver.press(.character("s"), expecting: []) {
      $0.appStoreConnect.path = [.settings(AppStoreConnectSettingsState())]
    }
    driver.press(.enter, expecting: []) {
      $0.appStoreConnect.path = [.settings(AppStoreConnectSettingsState(removal: .confirming))]
    }
    driver.press(.character("n"), expecting: []) {  // n keeps the credentials
      $0.appStoreConnect.path = [.settings(AppStoreConnectSettingsState())]
    }
    driver.press(.enter, expecting: []) {
      $0.appStoreConnect.path = [.settings(AppStoreConnectSettingsState(removal: .confirming))]
    }
    driver.press(.character("y"), expecting: [.cancel(requestID: syncID), .appStoreConnect(.removeCredentials)]) {
      $0.appStoreConnect.path = [.settings(AppStoreConnectSettingsState(removal: .removing))]
      $0.appStoreConnect.dashboard.sync = .idle
    }
    driver.send(.appStoreConnect(.credentialsRemoved), expecting: []) { state in
      state.appStoreConnect.isConfigured = false
      state.appStoreConnect.path = []
      state.appStoreConnect.dashboard = AppStoreConnectDashboard()
      var fresh = AppStoreConnectSetupForm()
      fresh.form.focus = .connect
      state.appStoreConnect.setup = fresh
      state.notice = .message(.appStoreConnect(.ascBannerRemoved))
    }
    // Like a fresh install, but no field takes the next key by surprise: dashboard keys do nothing, Tab enters.
    XCTAssertFalse(driver.state.isEditingText)
    driver.press(.character("s"), expecting: []) { $0.notice = nil }  // the key only clears the banner
  }

  func testEscPopsSettingsAndRemovalFailureStays() {
    var driver = onTab(configured: true)
    driver.arrange { $0.press(.character("s"), .enter, .character("y")) }
    driver.send(.appStoreConnect(.credentialsRemovalFailed), expecting: []) {
      $0.appStoreConnect.path = [.settings(AppStoreConnectSettingsState(removal: .failed))]
    }
    driver.press(.escape, expecting: []) { $0.appStoreConnect.path = [.settings(AppStoreConnectSettingsState())] }
    driver.press(.escape, expecting: []) { $0.appStoreConnect.path = [] }
    XCTAssertEqual(driver.state.appStoreConnect.root, .dashboard)
  }

  func testEveryTextIsLocalised() {
    XCTAssertEqual(LocalizationAudit.problems(AppStoreConnectL10n.self), [])
    XCTAssertNotEqual(
      Localizer(.de)[.ascButtonConnect], Localizer(.en)[.ascButtonConnect],
      "German has its own labels")
  }

  func testTimesAreShownInUTC() {
    XCTAssertEqual(
      AppStoreConnectTime.format(Date(timeIntervalSince1970: 1_700_000_000)), "2023-11-14 22:13 UTC"
    )
  }
}

extension AppStoreConnectFlowTests {
  func testEscLeavesTheFieldSoTabsAndQuitWorkOnTheSetupRoot() {
    var driver = onTab(configured: false)
    driver.type("3", expecting: []) { $0.appStoreConnect.setup.issuerID = TextInput("3") }  // digits are text
    driver.press(.escape, expecting: []) { state in
      state.appStoreConnect.setup.form.focus = .connect
      state.appStoreConnect.setup.form.setError(.field(.issuerID), .notUUID)  // leaving the field checks it
    }
    XCTAssertFalse(driver.state.isEditingText)
    // The Tracker's first visit since launch: it starts (reads its configuration) before it arrives.
    driver.press(.tabKey(.tracker), expecting: [.tracker(.loadConfiguration)]) {
      $0.selectedTab = .tracker
      $0.tabsToStart.remove(.tracker)
    }
    driver.press(.tabKey(.appStoreConnect), expecting: []) { $0.selectedTab = .appStoreConnect }
    driver.press(.character("q"), expecting: [.quit]) { $0.isQuitting = true }  // no focused field: q quits
  }
}
