import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

private let screenText = Driver.Exhaustivity.nonExhaustive(
  because: "checks the drawn screen text; the state changes are PeopleSignInReducerTests' subject")

/// Signing in from People as drawn at 60×20 in English and German: the offer, the device code and its address,
/// "finish in your browser" with a long address broken across rows, and a failure with how to retry.
final class PeopleSignInScreenTests: XCTestCase {
  func signedOut() -> Driver {
    var driver = Driver.screen(screenText, width: 60, height: 20)
    driver.press(.tabKey(.profile))
    driver.press(.character("p"))
    driver.send(.people(.listsFailed(requestID: driver.state.people.loading ?? -1, .notSignedIn)))
    return driver
  }

  func text(_ driver: Driver, _ language: Language) -> String { driver.render(language).lines.joined(separator: "\n") }

  func testTheDeviceCodeShowsAndAFailureSaysWhatFailedAndHowToRetry() {
    var driver = signedOut()
    XCTAssertTrue(driver.render(.en).lines.last?.contains("s sign in") ?? false, text(driver, .en))
    driver.press(.character("d"))
    XCTAssertTrue(text(driver, .en).contains("Starting…"), text(driver, .en))
    let id = driver.state.people.signIn?.requestID ?? -1
    driver.send(
      .people(.signInPrompted(requestID: id, .device(url: "https://www.google.com/device", code: "WXYZ-1234"))))
    let english = text(driver, .en)
    for expected in ["Signing in with Google", "https://www.google.com/device", "WXYZ-1234", "Esc cancels"] {
      XCTAssertTrue(english.contains(expected), "\(expected) missing:\n\(english)")
    }
    XCTAssertTrue(text(driver, .de).contains("WXYZ-1234"), text(driver, .de))
    driver.send(.people(.signedIn(requestID: id, .failure(.projectMismatch))))
    XCTAssertTrue(
      text(driver, .en).contains("belongs to another"), "its own message:\n\(text(driver, .en))")
    XCTAssertTrue(text(driver, .en).contains("Press s to try again"), text(driver, .en))
    XCTAssertTrue(text(driver, .de).contains("gehört zu"), text(driver, .de))
  }

  func testFinishInYourBrowserShowsTheWholeAddress() {
    var driver = signedOut()
    driver.press(.character("s"))
    let url = "https://accounts.google.com/o/oauth2/v2/auth?client_id=" + String(repeating: "x", count: 60) + "&end=1"
    driver.send(
      .people(
        .signInPrompted(requestID: driver.state.people.signIn?.requestID ?? -1, .browser(url: url, opened: false))))
    let english = text(driver, .en)
    let body = driver.render(.en).lines.dropFirst(2).joined(separator: "\n")
    XCTAssertTrue(english.contains("Finish signing in in your browser at:"), english)
    XCTAssertEqual(body.filter { $0 == "x" }.count, 60, "the address is broken across rows, not cut:\n\(english)")
    XCTAssertTrue(english.contains("&end=1"), english)
  }
}
