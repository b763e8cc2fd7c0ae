import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// The App Store Connect tab through the reducer: setup is mandatory, verify, dashboard and sync, removal.
final class AppStoreConnectFlowTests: XCTestCase {
  static let issuer = "57246542-96fe-1a63-e053-0824d011072a"
  static let keyText =
    "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n-----END PRIVATE KEY-----"
  static let apps = [
    AppStoreConnectApp(id: "1", name: "Alpha", bundleID: "com.example.alpha", sku: "A1"),
    AppStoreConnectApp(id: "2", name: "Beta", bundleID: "com.example.beta", sku: "B2"),
  ]

  func onTab(configured: Bool?) -> Driver {
    var driver = Driver()
    let started = driver.send(.started)
    XCTAssertTrue(started.contains(.appStoreConnect(.loadStoredState)))
    if let configured {
      driver.send(
        .appStoreConnect(
          .storedStateLoaded(
            AppStoreConnectStoredState(
              isConfigured: configured, apps: configured ? Self.apps : [],
              lastSync: configured ? Date(timeIntervalSince1970: 1_700_000_000) : nil))))
    }
    driver.press(.tabKey(.appStoreConnect))
    XCTAssertEqual(driver.state.selectedTab, .appStoreConnect)
    if configured == false {
      // Arriving on a tab never puts a key into a field: Tab enters the form.
      XCTAssertFalse(driver.state.isEditingText)
      driver.press(.tab)
      XCTAssertEqual(driver.state.appStoreConnect.setup.focus, .field(.issuerID))
    }
    return driver
  }

  /// Fills the form with valid values; returns the connect effect's request id.
  func fillAndSubmit(_ driver: inout Driver) -> Int? {
    driver.type(Self.issuer)
    driver.press(.tab)
    driver.type("2x9r4hxf34")
    driver.press(.tab)
    driver.send(.input(.paste(Self.keyText)))
    let effects = driver.press(.ctrl("s"))
    guard case .connect(let id, let submission)? = effects.last?.appStoreConnectEffect else {
      XCTFail("no connect effect: \(effects)")
      return nil
    }
    XCTAssertEqual(submission.issuerID, Self.issuer)
    XCTAssertEqual(submission.keyID, "2X9R4HXF34", "Key IDs are upper-cased")
    XCTAssertEqual(submission.privateKey.value, Self.keyText)
    XCTAssertEqual(String(describing: submission.privateKey), "‹redacted›")
    return id
  }

  func testSetupIsTheRootUntilCredentialsAreVerified() {
    var driver = onTab(configured: nil)
    XCTAssertEqual(driver.state.appStoreConnect.root, .loading)
    driver.send(
      .appStoreConnect(.storedStateLoaded(AppStoreConnectStoredState(isConfigured: false))))
    XCTAssertEqual(driver.state.appStoreConnect.root, .setup)
    // Dashboard keys do nothing on the setup screen: "s" is typed into the Issuer ID field.
    driver.press(.character("s"), .character("r"))
    XCTAssertEqual(driver.state.appStoreConnect.setup.issuerID.text, "sr")
    XCTAssertTrue(driver.state.appStoreConnect.path.isEmpty)
    XCTAssertFalse(driver.state.isQuitting)
    driver.press(.character("q"))
    XCTAssertFalse(driver.state.isQuitting, "q is text in a focused field")
  }

  func testLocalChecksBlockTheNetworkCall() {
    var driver = onTab(configured: false)
    driver.type("not-a-uuid")
    let effects = driver.press(.ctrl("s"))
    XCTAssertEqual(effects, [])
    XCTAssertEqual(driver.state.appStoreConnect.setup.errors[.issuerID], .issuerFormat)
    XCTAssertEqual(driver.state.appStoreConnect.setup.errors[.keyID], .required)
    XCTAssertEqual(driver.state.appStoreConnect.setup.errors[.privateKey], .required)
    XCTAssertEqual(driver.state.appStoreConnect.setup.focus, .field(.issuerID))
  }

  func testPastingAKeyAsksForItsSummaryAndAPathFillsTheKeyID() {
    var driver = onTab(configured: false)
    driver.press(.tab, .tab)
    let effects = driver.send(.input(.paste("/home/me/AuthKey_ABCDE12345.p8")))
    guard case .inspectPrivateKey(let id, let text)? = effects.first?.appStoreConnectEffect else {
      return XCTFail("no inspection: \(effects)")
    }
    XCTAssertEqual(text.value, "/home/me/AuthKey_ABCDE12345.p8")
    let summary = PrivateKeySummary(
      curve: "P-256", fingerprint: "1a2b…9f", keyIDFromFileName: "ABCDE12345")
    driver.send(.appStoreConnect(.privateKeyInspected(requestID: id + 100, .success(summary))))
    XCTAssertNil(driver.state.appStoreConnect.setup.keySummary, "a stale answer is dropped")
    driver.send(.appStoreConnect(.privateKeyInspected(requestID: id, .success(summary))))
    XCTAssertEqual(driver.state.appStoreConnect.setup.keySummary, summary)
    XCTAssertEqual(driver.state.appStoreConnect.setup.keyID.text, "ABCDE12345")
  }

  func testTypedKeyIsInspectedWhenLeavingTheFieldAndMultilineKeepsBreaks() {
    var driver = onTab(configured: false)
    driver.press(.tab, .tab)
    driver.type("abc")
    driver.press(.ctrl("j"))
    driver.type("def")
    XCTAssertEqual(driver.state.appStoreConnect.setup.privateKey.text, "abc\ndef")
    let effects = driver.press(.tab)
    guard case .inspectPrivateKey(_, let text)? = effects.first?.appStoreConnectEffect else {
      return XCTFail("no inspection: \(effects)")
    }
    XCTAssertEqual(text.value, "abc\ndef")
  }

  func testFailureKeepsTheFormSavesNothingAndRetriesWithoutRestart() throws {
    var driver = onTab(configured: false)
    let id = try XCTUnwrap(fillAndSubmit(&driver))
    XCTAssertEqual(driver.state.appStoreConnect.setup.phase, .checking(requestID: id))
    XCTAssertFalse(driver.state.isEditingText, "typing is off while verifying")

    let effects = driver.send(
      .appStoreConnect(
        .connectFinished(
          requestID: id, .failure(.transport(TransportFailure(.timedOut, host: "api.appstoreconnect.apple.com"))))))
    XCTAssertEqual(effects, [], "a failure asks for no save and no sync")
    XCTAssertEqual(
      driver.state.appStoreConnect.setup.phase,
      .failed(.transport(TransportFailure(.timedOut, host: "api.appstoreconnect.apple.com"))))
    XCTAssertEqual(driver.state.appStoreConnect.isConfigured, false)
    XCTAssertEqual(driver.state.appStoreConnect.setup.keyID.text, "2x9r4hxf34")

    let retry = driver.press(.ctrl("r"))
    guard case .connect(let retryID, _)? = retry.first?.appStoreConnectEffect else {
      return XCTFail("no retry")
    }
    driver.send(.appStoreConnect(.connectFinished(requestID: retryID, .failure(.notAuthorized))))
    XCTAssertEqual(driver.press(.ctrl("r")), [], "a 401 is not retried as is")
    // Fix a field: the failure clears and the user submits again.
    driver.press(.backTab, .backTab)
    driver.press(.backspace)
    XCTAssertEqual(driver.state.appStoreConnect.setup.phase, .editing)
  }

  func testEscCancelsVerification() throws {
    var driver = onTab(configured: false)
    let id = try XCTUnwrap(fillAndSubmit(&driver))
    XCTAssertEqual(driver.press(.escape), [.cancel(requestID: id)])
    XCTAssertEqual(driver.state.appStoreConnect.setup.phase, .editing)
    driver.send(.appStoreConnect(.connectFinished(requestID: id, .success(Date()))))
    XCTAssertEqual(
      driver.state.appStoreConnect.isConfigured, false, "a cancelled answer is dropped")
  }

  func testSuccessForgetsTheKeyOpensTheDashboardAndSyncsAtOnce() throws {
    var driver = onTab(configured: false)
    let id = try XCTUnwrap(fillAndSubmit(&driver))
    let effects = driver.send(.appStoreConnect(.connectFinished(requestID: id, .success(Date()))))
    guard case .sync(let syncID)? = effects.first?.appStoreConnectEffect else {
      return XCTFail("no sync: \(effects)")
    }
    XCTAssertEqual(driver.state.appStoreConnect.root, .dashboard)
    XCTAssertEqual(
      driver.state.appStoreConnect.setup, AppStoreConnectSetupForm(), "the key left memory")

    driver.send(.appStoreConnect(.syncProgress(requestID: syncID, fetched: 1)))
    XCTAssertEqual(
      driver.state.appStoreConnect.dashboard.sync, .syncing(requestID: syncID, fetched: 1))
    XCTAssertEqual(driver.press(.character("r")), [], "one sync at a time")
    let synced = Date(timeIntervalSince1970: 1_800_000_000)
    driver.send(
      .appStoreConnect(
        .syncFinished(
          requestID: syncID,
          .success(
            AppStoreConnectStoredState(isConfigured: true, apps: Self.apps, lastSync: synced)))))
    XCTAssertEqual(driver.state.appStoreConnect.dashboard.apps, Self.apps)
    XCTAssertEqual(driver.state.appStoreConnect.dashboard.lastSync, synced)
    XCTAssertEqual(driver.state.appStoreConnect.dashboard.sync, .idle)
    guard case .sync? = driver.press(.character("r")).first?.appStoreConnectEffect else {
      return XCTFail("r syncs")
    }
  }

  func testDashboardMovesAndQuitsAtRoot() {
    var driver = onTab(configured: true)
    XCTAssertEqual(driver.state.appStoreConnect.root, .dashboard)
    driver.press(.down, .down)
    XCTAssertEqual(driver.state.appStoreConnect.dashboard.list.selected, 1)
    driver.press(.character("q"))
    XCTAssertTrue(driver.state.isQuitting)
  }

  func testRemovalConfirmsCancelsASyncAndReturnsToAFreshSetup() {
    var driver = onTab(configured: true)
    guard case .sync(let syncID)? = driver.press(.character("r")).first?.appStoreConnectEffect else {
      return XCTFail("no sync")
    }
    driver.press(.character("s"))
    XCTAssertEqual(
      driver.state.appStoreConnect.path, [.settings(AppStoreConnectSettingsState())])
    XCTAssertEqual(driver.press(.enter), [])
    XCTAssertEqual(driver.press(.character("n")), [], "n keeps the credentials")
    driver.press(.enter)
    let effects = driver.press(.character("y"))
    XCTAssertEqual(effects, [.cancel(requestID: syncID), .appStoreConnect(.removeCredentials)])
    driver.send(.appStoreConnect(.credentialsRemoved))
    XCTAssertEqual(driver.state.appStoreConnect.root, .setup)
    XCTAssertEqual(driver.state.appStoreConnect.path, [])
    XCTAssertEqual(driver.state.appStoreConnect.dashboard, AppStoreConnectDashboard())
    var fresh = AppStoreConnectSetupForm()
    fresh.focus = .connect
    XCTAssertEqual(driver.state.appStoreConnect.setup, fresh)
    // Like a fresh install, but no field takes the next key by surprise: dashboard keys do nothing, Tab enters.
    XCTAssertFalse(driver.state.isEditingText)
    driver.press(.character("s"))
    XCTAssertTrue(driver.state.appStoreConnect.path.isEmpty)
    XCTAssertEqual(driver.state.appStoreConnect.setup.form.text(.field(.issuerID)), "")
  }

  func testEscPopsSettingsAndRemovalFailureStays() {
    var driver = onTab(configured: true)
    driver.press(.character("s"), .enter, .character("y"))
    driver.send(.appStoreConnect(.credentialsRemovalFailed))
    XCTAssertEqual(
      driver.state.appStoreConnect.path,
      [.settings(AppStoreConnectSettingsState(removal: .failed))])
    driver.press(.escape)
    XCTAssertEqual(
      driver.state.appStoreConnect.path, [.settings(AppStoreConnectSettingsState())])
    driver.press(.escape)
    XCTAssertEqual(driver.state.appStoreConnect.path, [])
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
    driver.type("3")
    XCTAssertEqual(
      driver.state.appStoreConnect.setup.issuerID.text, "3", "digits are text in a field")
    driver.press(.escape)
    XCTAssertEqual(driver.state.appStoreConnect.setup.focus, .connect)
    XCTAssertFalse(driver.state.isEditingText)
    driver.press(.tabKey(.tracker))
    XCTAssertEqual(driver.state.selectedTab, .tracker)
    driver.press(.tabKey(.appStoreConnect), .character("q"))
    XCTAssertTrue(driver.state.isQuitting, "q quits on the setup root without a focused field")
  }
}
