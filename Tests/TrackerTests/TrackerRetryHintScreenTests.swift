import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let hintOnly = Driver.Exhaustivity.nonExhaustive(
  because: "checks only the form hint after each kind of failed initialize")

/// The form's hint after a failed initialize: "correct them" only when the API refused the entries; every
/// other failure (connect, server, rate limit, unreadable answer, storage) says the entries are kept and to retry.
final class TrackerRetryHintScreenTests: XCTestCase {
  static let transport = TransportFailure(.connectionRefused, host: "qc.test")

  func screen(after failure: TrackerFailure, _ language: Language) -> String {
    var driver = Driver.tracker(hintOnly)
    guard let id = driver.submit(key: "secret-key-xyz", brand: "brand-1") else {
      XCTFail("no initialize asked for")
      return ""
    }
    let configuration = TrackerConfiguration(apiKey: "secret-key-xyz", brandID: "brand-1", environment: .qc)
    driver.send(.tracker(.initializationFinished(requestID: id, configuration, .failure(failure))))
    XCTAssertEqual(driver.form?.brandID.text, "brand-1", "the entries are kept")
    let lines = AppView.render(driver.state, Localizer(language)).lines
    return lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
  }

  func testFailuresNotAboutTheEntriesOfferARetryNotACorrection() {
    let failures: [TrackerFailure] = [
      .transport(Self.transport), .server(status: 503), .unreadableAnswer, .storageFailed,
    ]
    for failure in failures {
      let english = screen(after: failure, .en)
      XCTAssertTrue(english.contains("press Initialize again to retry"), "\(failure): \(english)")
      XCTAssertFalse(english.contains("correct them"), "\(failure): \(english)")
      let german = screen(after: failure, .de)
      XCTAssertTrue(german.contains("an ihnen lag es nicht"), "\(failure): \(german)")
      XCTAssertFalse(german.contains("korrigiere"), "\(failure): \(german)")
    }
  }

  func testARateLimitSaysToRetryAfterTheWait() {
    let english = screen(after: .rateLimited(retryAfterSeconds: 9), .en)
    XCTAssertTrue(english.contains("press Initialize again after the wait"), english)
    XCTAssertFalse(english.contains("correct them"), english)
  }

  func testRefusedEntriesAskForACorrection() {
    for failure in [TrackerFailure.invalidAPIKey, .invalidBrandID, .rejected(status: 400)] {
      let english = screen(after: failure, .en)
      XCTAssertTrue(english.contains("correct them and initialize again"), "\(failure): \(english)")
      XCTAssertFalse(english.contains("to retry"), "\(failure): \(english)")
      let german = screen(after: failure, .de)
      XCTAssertTrue(german.contains("korrigiere sie"), "\(failure): \(german)")
    }
  }
}
