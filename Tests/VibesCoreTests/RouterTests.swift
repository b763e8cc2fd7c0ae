import VibesCore
import VibesTestSupport
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let whereItLeads = Driver.Exhaustivity.nonExhaustive(
  because: "checks only where navigation leads: the path and the selected tab")
/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let altTab = Driver.Exhaustivity.nonExhaustive(because: "checks only which tab an Alt-digit selects")

final class RouterTests: XCTestCase {
  func testEnterOnSetupCardPushesChecklistAndEscPops() {
    var driver = Driver(whereItLeads)
    XCTAssertEqual(driver.state.feed.path, [])
    driver.press(.enter)
    XCTAssertEqual(driver.state.feed.path, [.checklist(ChecklistState(selection: .spotify))])
    driver.press(.escape)
    XCTAssertEqual(driver.state.feed.path, [])
  }

  func testChecklistMovesWithArrowsAndVimKeysAndClamps() {
    var driver = Driver(whereItLeads)
    driver.press(.enter, .down)
    XCTAssertEqual(driver.state.feed.path.last, .checklist(ChecklistState(selection: .gemini)))
    driver.press(.character("j"), .character("j"), .down)
    XCTAssertEqual(driver.state.feed.path.last, .checklist(ChecklistState(selection: .ticketmaster)))
    driver.press(.character("k"), .up, .up)
    XCTAssertEqual(driver.state.feed.path.last, .checklist(ChecklistState(selection: .spotify)))
  }

  func testEnterOpensEachStepRedOrGreen() {
    var driver = Driver(whereItLeads, facts: SetupFacts(storedSecrets: [.gemini]))
    driver.press(.enter, .enter)
    XCTAssertEqual(driver.state.feed.path.last, .spotify(SpotifyConnectState()))
    driver.press(.escape, .down)
    let effects = driver.press(.enter)
    XCTAssertEqual(driver.form?.step, .gemini)
    XCTAssertEqual(driver.form?.isConfigured, true, "a green step opens in edit mode")
    XCTAssertEqual(effects, [.loadCredentialPreview(.gemini)])
    driver.press(.escape, .down)
    XCTAssertEqual(driver.press(.enter), [], "an incomplete step has nothing to preview")
    XCTAssertEqual(driver.form?.step, .ticketmaster)
    XCTAssertEqual(driver.form?.fields.map(\.id), [.field(.apiKey), .field(.city), .field(.radius), .save])
  }

  func testQuitOnlyFromRootAndBackElsewhere() {
    var driver = Driver(whereItLeads)
    driver.press(.enter)
    XCTAssertEqual(driver.press(.character("q")), [])
    XCTAssertEqual(driver.state.feed.path, [], "q on a pushed screen goes back")
    XCTAssertEqual(driver.press(.character("q")), [.quit])
    XCTAssertTrue(driver.state.isQuitting)
  }

  func testCtrlCQuitsFromAFormFieldAndCancelsTheRunningCheck() {
    var driver = Driver(whereItLeads)
    driver.press(.enter, .down, .enter)
    driver.type("AIzaSyExampleKey1234567")
    let submit = driver.press(.ctrl("s"))
    guard case .validate(let id, _)? = submit.first?.feedEffect else { return XCTFail("expected a check: \(submit)") }
    XCTAssertEqual(driver.press(.ctrl("c")), [.cancel(requestID: id), .quit])
  }

  func testTabsKeepTheirOwnStacks() {
    var driver = Driver(whereItLeads)
    driver.press(.enter, .down)
    driver.press(.tabKey(.appStoreConnect))
    XCTAssertEqual(driver.state.selectedTab, .appStoreConnect)
    XCTAssertTrue(driver.state.isAtRoot)
    driver.press(.escape)
    driver.press(.tabKey(.feed))
    XCTAssertEqual(driver.state.feed.path, [.checklist(ChecklistState(selection: .gemini))])
  }

  func testDigitsAreTextWhileAFieldHasFocus() {
    var driver = Driver(whereItLeads)
    driver.press(.enter, .down, .down, .enter, .tab)
    driver.type("12 q?")
    XCTAssertEqual(driver.state.selectedTab, .feed)
    XCTAssertEqual(driver.form?.field(.city)?.value, "12 q?")
    XCTAssertFalse(driver.state.isHelpVisible)
  }

  func testHelpOverlayOpensWithQuestionMarkAndAnyKeyClosesIt() {
    var driver = Driver(whereItLeads)
    driver.press(.character("?"))
    XCTAssertTrue(driver.state.isHelpVisible)
    driver.press(.enter)
    XCTAssertFalse(driver.state.isHelpVisible)
    XCTAssertEqual(driver.state.feed.path, [], "the closing key does not reach the screen")
    driver.press(.enter, .down, .enter, .function(1))
    XCTAssertTrue(driver.state.isHelpVisible, "F1 opens help from a text field")
  }
}

final class AltPrefixTests: XCTestCase {
  func testEscThenQuicklyQIsBackThenQuit() {
    var driver = Driver(altTab)
    driver.press(.enter)
    XCTAssertEqual(driver.press(.alt("q")), [.quit], "Esc pops to the Feed, q quits from there")
  }

  func testAltCharacterInAFieldIsEscapeThenNothingTyped() {
    var driver = Driver(altTab)
    driver.press(.enter, .down, .enter)
    driver.press(.alt("x"))
    XCTAssertEqual(driver.state.feed.path, [.checklist(ChecklistState(selection: .gemini))])
  }
}
