import VibesCore
import XCTest

@testable import VibesUI

/// Probe finding (issue 15, item 9): no retry after a malformed answer, and `Retry-After` not shown.
final class AppStoreConnectRetryOfferTests: XCTestCase {
  func testAnUnreadableAnswerAndARateLimitOfferARetry() {
    XCTAssertTrue(AppStoreConnectFailure.invalidResponse.isRetryable)
    XCTAssertTrue(AppStoreConnectFailure.unexpectedStatus(404).isRetryable)
    XCTAssertTrue(AppStoreConnectFailure.rateLimitedRetryAfter(seconds: 30).isRetryable)
    XCTAssertFalse(AppStoreConnectFailure.notAuthorized.isRetryable)
  }

  func testTheRateLimitMessageNamesTheWaitInBothLanguages() {
    let english = AppStoreConnectScreen.failure(.rateLimitedRetryAfter(seconds: 37), Localizer(.en))
    XCTAssertTrue(english.contains("37 s"), english)
    let german = AppStoreConnectScreen.failure(.rateLimitedRetryAfter(seconds: 37), Localizer(.de))
    XCTAssertTrue(german.contains("37 s"), german)
    XCTAssertNotEqual(english, german)
  }

  /// The client's failure is the feature's (issue 19): the cases the client tells apart read as the screen read them.
  func testTheClientsFinerCasesKeepTheScreensWording() {
    for language in Language.allCases {
      let t = Localizer(language)
      XCTAssertEqual(AppStoreConnectScreen.failure(.server(status: 503), t), t[.ascFailureServer])
      XCTAssertEqual(AppStoreConnectScreen.failure(.unexpectedStatus(404), t), t[.ascFailureUnexpected])
      XCTAssertEqual(AppStoreConnectScreen.failure(.invalidResponse, t), t[.ascFailureUnexpected])
      XCTAssertEqual(
        AppStoreConnectScreen.failure(.cancelled, t),
        t.transportFailure(TransportFailure(.other), service: "App Store Connect"))
    }
  }
}
