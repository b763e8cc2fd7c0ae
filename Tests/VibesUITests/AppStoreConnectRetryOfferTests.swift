import VibesCore
import XCTest

@testable import VibesUI

/// Probe finding (issue 15, item 9): no retry after a malformed answer, and `Retry-After` not shown.
final class AppStoreConnectRetryOfferTests: XCTestCase {
  func testAnUnreadableAnswerAndARateLimitOfferARetry() {
    XCTAssertTrue(AppStoreConnectFailure.unexpectedResponse.isRetryable)
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
}
