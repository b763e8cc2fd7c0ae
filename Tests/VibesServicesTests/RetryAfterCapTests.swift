import Foundation
import VibesTestSupport
import XCTest

@testable import VibesServices

/// Issue 21, item 9: an absurd `Retry-After` (10⁹, Int64.max, a date years ahead) was taken and shown verbatim.
final class RetryAfterCapTests: XCTestCase {
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  func testEveryAbsurdDeltaIsReadAsTheOneHourCap() {
    for raw in ["3601", "1000000000", "9223372036854775807", "99999999999999999999999999", " 1000000000 "] {
      XCTAssertEqual(RetryAfter.seconds(raw, now: now), RetryAfter.maxSeconds, raw)
    }
    XCTAssertEqual(RetryAfter.maxSeconds, 3600)
  }

  func testSaneValuesAreKeptAndNonsenseIsNil() {
    XCTAssertEqual(RetryAfter.seconds("0", now: now), 0)
    XCTAssertEqual(RetryAfter.seconds("42", now: now), 42)
    XCTAssertEqual(RetryAfter.seconds("3600", now: now), 3600)
    XCTAssertNil(RetryAfter.seconds("-1", now: now))
    XCTAssertNil(RetryAfter.seconds("-9223372036854775808", now: now))
    XCTAssertNil(RetryAfter.seconds("soon", now: now))
    XCTAssertNil(RetryAfter.seconds(nil, now: now))
  }

  func testAnHTTPDateFarAheadIsCappedAndOneInThePastIsZero() {
    XCTAssertEqual(RetryAfter.seconds("Fri, 31 Dec 9999 23:59:59 GMT", now: now), RetryAfter.maxSeconds)
    XCTAssertEqual(RetryAfter.seconds("Sun, 06 Nov 1994 08:49:37 GMT", now: now), 0)
  }

  func testGeminiRetryInfoAndTicketmasterResetAreCappedToo() {
    XCTAssertEqual(JSONBody.durationSeconds("1000000000s"), RetryAfter.maxSeconds)
    XCTAssertEqual(JSONBody.durationSeconds("1e300s"), RetryAfter.maxSeconds)
    XCTAssertEqual(JSONBody.durationSeconds("1.5s"), 2)
    let reset = TicketmasterClient.retryAfterSeconds(
      header: { $0 == "Rate-Limit-Reset" ? "9223372036854775807" : nil }, now: now)
    XCTAssertEqual(reset, RetryAfter.maxQuotaResetSeconds, "a daily quota resets within a day")
    let fixed = now
    let spotify = SpotifyRetryPolicy(now: { fixed })
    XCTAssertEqual(spotify.retryAfterSeconds("9223372036854775807"), RetryAfter.maxSeconds)
  }

  /// Through the real wire: a 429 with `Retry-After: 9223372036854775807` from each client's fake.
  func testEachClientReportsTheCapNotTheServersNumber() async throws {
    let server = try FaultServer(.retryAfterSeconds(Int.max))
    defer { server.stop() }
    let transport = URLSessionTransport(timeout: 5)
    let gemini = GeminiClient(baseURL: server.baseURL, transport: transport)
    do {
      try await gemini.validate(apiKey: "k")
      XCTFail("a 429 is not a valid key")
    } catch {
      XCTAssertEqual(error, .rateLimited(retryAfterSeconds: RetryAfter.maxSeconds))
    }
    let tracker = TrackerClient(apiURL: server.baseURL, transport: transport)
    do {
      _ = try await tracker.send(apiKey: "k", body: Data("{}".utf8))
      XCTFail("a 429 is not a success")
    } catch {
      XCTAssertEqual(error, .rateLimited(retryAfterSeconds: RetryAfter.maxSeconds))
    }
  }
}
