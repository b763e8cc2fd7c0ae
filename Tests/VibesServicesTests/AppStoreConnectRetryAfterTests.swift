import Foundation
import VibesTestSupport
import XCTest

@testable import VibesServices

/// Probe finding (issue 15, item 9): App Store Connect ignored `Retry-After` on a 429.
final class AppStoreConnectRetryAfterTests: XCTestCase {
  static let issuer = "57246542-96fe-1a63-e053-0824d011072a"
  static let keyID = "2X9R4HXF34"

  let key = TestAppStoreConnectKey()
  var fake: FakeAppStoreConnectServer!

  override func setUp() async throws {
    fake = try await FakeAppStoreConnectServer(
      keys: [Self.keyID: .init(issuerID: Self.issuer, publicKey: key.publicKey)], apps: [], pageSize: 2)
  }

  override func tearDown() async throws { await fake?.stop() }

  func verifyError() async -> AppStoreConnectFailure? {
    let client = AppStoreConnectClient(baseURL: fake.baseURL, transport: URLSessionTransport(timeout: 5))
    do {
      try await client.verify(
        AppStoreConnectCredentials(issuerID: Self.issuer, keyID: Self.keyID, privateKeyPEM: key.pem))
      return nil
    } catch {
      return error
    }
  }

  func testA429WithRetryAfterSecondsCarriesTheWait() async {
    await fake.enqueue(.quota(retryDelaySeconds: 42))
    let failure = await verifyError()
    XCTAssertEqual(failure, .rateLimitedRetryAfter(seconds: 42))
    XCTAssertEqual(failure?.localizedDescription, "Too many requests; try again in 42 s.")
  }

  func testA429WithoutRetryAfterStaysPlainRateLimited() async {
    await fake.enqueue(.quota(retryDelaySeconds: nil))
    let failure = await verifyError()
    XCTAssertEqual(failure, .rateLimited)
  }

  func testRetryAfterAsAnHTTPDateIsReadAsSecondsFromNow() {
    let now = Date(timeIntervalSince1970: 1_784_000_000)
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    let header = formatter.string(from: now.addingTimeInterval(90))
    XCTAssertEqual(AppStoreConnectFailure.retryAfterSeconds(header, now: now), 90)
    XCTAssertEqual(AppStoreConnectFailure.retryAfterSeconds("120", now: now), 120)
    XCTAssertNil(AppStoreConnectFailure.retryAfterSeconds("soon", now: now))
    XCTAssertNil(AppStoreConnectFailure.retryAfterSeconds("-5", now: now))
    XCTAssertEqual(
      AppStoreConnectFailure.from(status: 429, body: Data(), retryAfterSeconds: 90), .rateLimitedRetryAfter(seconds: 90)
    )
  }
}
