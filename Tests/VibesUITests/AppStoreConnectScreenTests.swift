import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let drawnScreen = Driver.Exhaustivity.nonExhaustive(
  because: "checks the drawn App Store Connect screens, not the steps that reach them")

final class AppStoreConnectScreenTests: XCTestCase {
  static let keyBody = "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgSECRETSECRET"
  static let keyText = "-----BEGIN PRIVATE KEY-----\n\(keyBody)\n-----END PRIVATE KEY-----"

  func screen(configured: Bool, apps: [AppStoreConnectApp] = [], height: Int = 30) -> Driver {
    var screen = Driver.screen(drawnScreen, height: height)
    screen.send(
      .appStoreConnect(
        .storedStateLoaded(
          AppStoreConnectStoredState(
            isConfigured: configured, apps: apps,
            lastSync: configured ? Date(timeIntervalSince1970: 1_700_000_000) : nil))))
    screen.press(.tabKey(.appStoreConnect))
    // Arriving on a tab never puts a key into a field: Tab enters the setup form.
    if !configured { screen.press(.tab) }
    return screen
  }

  func testSetupShowsFieldsGuidanceAndLinkInEnglishAndGerman() {
    let grid = screen(configured: false).render()
    let text = grid.lines.joined(separator: "\n")
    for expected in [
      "Connect App Store Connect", "Issuer ID", "Key ID", "Private Key", "Verify & Connect",
      "stays on this device only", "T+1 / T+2", "appstoreconnect.apple.com/access/integrations/api",
    ] {
      XCTAssertTrue(text.contains(expected), "missing \(expected):\n\(text)")
    }
    let german = screen(configured: false).render(.de).lines.joined(separator: "\n")
    for expected in [
      "App Store Connect verbinden", "Schlüssel-ID", "Privater Schlüssel", "Prüfen & verbinden",
    ] {
      XCTAssertTrue(german.contains(expected), "missing \(expected):\n\(german)")
    }
  }

  func testThePastedKeyIsNeverDrawnOnlyItsSummary() {
    var screen = screen(configured: false)
    screen.press(.tab, .tab)
    screen.send(.input(.paste(Self.keyText)))
    var text = screen.render().lines.joined(separator: "\n")
    XCTAssertFalse(text.contains("SECRET"), text)
    XCTAssertFalse(text.contains("MIGHAg"), text)
    XCTAssertTrue(text.contains("Reading the key…"), text)

    let id = screen.state.appStoreConnect.setup.inspectionID ?? 0
    screen.send(
      .appStoreConnect(
        .privateKeyInspected(
          requestID: id, .success(PrivateKeySummary(curve: "P-256", fingerprint: "1a2b…9f")))))
    text = screen.render().lines.joined(separator: "\n")
    XCTAssertTrue(text.contains("Private key loaded · P-256 · SHA256 fingerprint 1a2b…9f"), text)
    XCTAssertFalse(text.contains("SECRET"), text)
  }

  func testEachFailureHasItsOwnMessageAndNothingSaved() throws {
    let expectations: [(AppStoreConnectFailure, String)] = [
      (.malformedKey, "not a valid App Store Connect private key"),
      (.notAuthorized, "did not accept these credentials"),
      (.roleTooLow, "role is not allowed"),
      (.agreementRequired, "accept an updated agreement"),
      (.rateLimited, "limiting requests"),
      (
        .transport(TransportFailure(.hostNotFound, host: "api.appstoreconnect.apple.com")),
        "Could not find api.appstoreconnect.apple.com"
      ),
      (.transport(TransportFailure(.timedOut, host: "api.appstoreconnect.apple.com")), "did not answer in time"),
    ]
    for (failure, message) in expectations {
      var screen = screen(configured: false, height: 40)
      screen.press(.tab)
      screen.press(.backTab)
      for character in "57246542-96fe-1a63-e053-0824d011072a" {
        screen.press(.character(character))
      }
      screen.press(.tab)
      for character in "2X9R4HXF34" { screen.press(.character(character)) }
      screen.press(.tab)
      screen.send(.input(.paste(Self.keyText)))
      screen.press(.ctrl("s"))
      guard case .checking(let id) = screen.state.appStoreConnect.setup.phase else {
        return XCTFail("not verifying")
      }
      XCTAssertTrue(screen.render().lines.joined().contains("Verifying with App Store Connect…"))
      screen.send(.appStoreConnect(.connectFinished(requestID: id, .failure(failure))))
      let grid = screen.render()
      let text = grid.lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
      XCTAssertTrue(text.contains(message), "\(failure): \(text)")
      XCTAssertTrue(text.contains("Nothing was saved."), "\(failure)")
      XCTAssertFalse(
        text.contains("401") || text.contains("403") || text.contains("429"), "no technical detail")
      XCTAssertFalse(text.contains("SECRET"))
      let start = String(message.prefix(12))
      let row = try XCTUnwrap(grid.row(containing: start))
      XCTAssertEqual(grid.style(of: start, inRow: row), Theme.error)
    }
  }

  func testAtEightyByTwentyFourEveryFailureMessageAndItsRetryHintFit() throws {
    for failure in [
      AppStoreConnectFailure.malformedKey, .notAuthorized, .roleTooLow, .agreementRequired, .rateLimited,
      .transport(TransportFailure(.secureConnectionFailed, host: "api.appstoreconnect.apple.com")),
      .transport(TransportFailure(.timedOut, host: "api.appstoreconnect.apple.com")),
    ] {
      var screen = screen(configured: false, height: 24)
      screen.press(.tab, .tab)
      screen.send(.input(.paste(Self.keyText)))
      screen.state.appStoreConnect.setup.phase = .failed(failure)
      let grid = screen.render()
      let content = grid.lines.prefix(grid.height - ScreenLayout.footerRows)
      let text = content.joined(separator: " ").split(separator: " ").joined(separator: " ")
      XCTAssertTrue(text.contains("Nothing was saved."), "\(failure) cut off:\n\(grid.text)")
      if failure.isRetryable {
        XCTAssertTrue(text.contains("Ctrl-R"), "\(failure): retry hint cut off:\n\(grid.text)")
      }
      XCTAssertTrue(text.contains("Verify & Connect") || text.contains("Retry"), "\(failure): button gone")
    }
    let calm = screen(configured: false, height: 24).render().lines.joined(separator: " ")
    XCTAssertTrue(calm.contains("T+1 / T+2"), "the guidance is there while nothing failed")
  }

  func testOnANarrowTerminalTheKeyLinkIsShownInFullOnItsOwnLines() {
    var screen = Driver.screen(drawnScreen, width: 48, height: 30)
    screen.send(.appStoreConnect(.storedStateLoaded(AppStoreConnectStoredState(isConfigured: false, apps: []))))
    screen.press(.tabKey(.appStoreConnect))
    let grid = screen.render()
    let url = "https://appstoreconnect.apple.com/access/integrations/api"
    XCTAssertTrue(grid.links.allSatisfy { $0.url == url } && !grid.links.isEmpty, grid.text)
    let shown = grid.links.map { link in
      (0..<link.width).map { grid[link.position.row, link.position.column + $0].text }.joined()
    }.joined()
    XCTAssertEqual(shown, url, "the URL is drawn in full over its lines:\n\(grid.text)")
  }

  func testDashboardListsAppsWithLastSyncAndDelayNote() {
    let apps = [
      AppStoreConnectApp(
        id: "1", name: "Alpha\u{1b}[31m", bundleID: "com.example.alpha", sku: "A1"),
      AppStoreConnectApp(id: "2", name: "Beta", bundleID: "com.example.beta", sku: "B2"),
    ]
    let grid = screen(configured: true, apps: apps).render()
    let text = grid.lines.joined(separator: "\n")
    for expected in [
      "2 apps", "Last sync: 2023-11-14 22:13 UTC", "T+1 / T+2", "Bundle ID", "com.example.alpha",
      "B2", "r sync",
    ] {
      XCTAssertTrue(text.contains(expected), "missing \(expected):\n\(text)")
    }
    XCTAssertFalse(text.contains("\u{1b}"), "names from the network are sanitised")
  }

  func testSyncProgressAndFailureOnDashboard() {
    var screen = screen(configured: true)
    screen.press(.character("r"))
    guard let id = screen.state.appStoreConnect.dashboard.syncRequestID else {
      return XCTFail("no sync")
    }
    screen.send(.appStoreConnect(.syncProgress(requestID: id, fetched: 200)))
    XCTAssertTrue(screen.render().lines.joined().contains("Syncing… 200 apps so far"))
    screen.send(.appStoreConnect(.syncFinished(requestID: id, .failure(.rateLimited))))
    XCTAssertTrue(
      screen.render().lines.joined().contains("Sync failed: App Store Connect is limiting"))
  }

  func testSettingsShowRemoveAndConfirmation() {
    var screen = screen(configured: true)
    screen.press(.character("s"))
    var text = screen.render().lines.joined(separator: "\n")
    XCTAssertTrue(text.contains("Remove App Store Connect Credentials"), text)
    screen.press(.enter)
    text = screen.render().lines.joined(separator: "\n")
    XCTAssertTrue(text.contains("y removes, n keeps"), text)
    XCTAssertTrue(text.contains("y confirm · n keep"), text)
  }
}
