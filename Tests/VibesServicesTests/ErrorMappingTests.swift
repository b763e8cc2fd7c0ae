import Foundation
import XCTest

@testable import VibesServices

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

final class ErrorMappingTests: XCTestCase {
  func testURLErrorCodes() {
    XCTAssertEqual(ServiceError.from(URLError(.timedOut)), .network(TransportFailure(.timedOut)))
    XCTAssertEqual(ServiceError.from(URLError(.cancelled)), .cancelled)
    XCTAssertEqual(ServiceError.from(CancellationError()), .cancelled)
    let kinds: [(URLError.Code, TransportFailure.Kind)] = [
      (.cannotConnectToHost, .connectionRefused), (.cannotFindHost, .hostNotFound), (.dnsLookupFailed, .hostNotFound),
      (.networkConnectionLost, .connectionLost), (.notConnectedToInternet, .offline),
      (.secureConnectionFailed, .secureConnectionFailed), (.serverCertificateUntrusted, .secureConnectionFailed),
      (.serverCertificateHasBadDate, .secureConnectionFailed), (.badServerResponse, .connectionLost),
    ]
    for (code, kind) in kinds {
      XCTAssertEqual(
        ServiceError.from(URLError(code), host: "api.example.com"),
        .network(TransportFailure(kind, host: "api.example.com")), "\(code)")
    }
    XCTAssertEqual(ServiceError.from(URLError(.cannotParseResponse)), .invalidResponse)
    let nsError = NSError(domain: NSURLErrorDomain, code: URLError.timedOut.rawValue)
    XCTAssertEqual(ServiceError.from(nsError), .network(TransportFailure(.timedOut)))
    XCTAssertEqual(
      ServiceError.from(ServiceError.rateLimited(retryAfterSeconds: 3)),
      .rateLimited(retryAfterSeconds: 3))
  }

  func testReasonSanitising() {
    XCTAssertEqual(
      ServiceError.sanitizedReason("API_KEY_SERVICE_BLOCKED"), "API_KEY_SERVICE_BLOCKED")
    XCTAssertEqual(ServiceError.sanitizedReason("oauth.v2.InvalidApiKey"), "oauth.v2.InvalidApiKey")
    XCTAssertNil(ServiceError.sanitizedReason(nil))
    XCTAssertNil(ServiceError.sanitizedReason(""))
    XCTAssertNil(ServiceError.sanitizedReason("http://x/?apikey=1"))
    XCTAssertNil(ServiceError.sanitizedReason("has space"))
    XCTAssertNil(ServiceError.sanitizedReason(String(repeating: "A", count: 65)))
  }

  func testGeminiRetryDelayParsing() {
    func body(_ delay: String) -> Data {
      Data(
        """
        {"error":{"code":429,"status":"RESOURCE_EXHAUSTED","details":[
          {"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"\(delay)"}]}}
        """.utf8)
    }
    XCTAssertEqual(
      GeminiClient.error(status: 429, data: body("26s"), retryAfterHeader: nil),
      .rateLimited(retryAfterSeconds: 26))
    XCTAssertEqual(
      GeminiClient.error(status: 429, data: body("1.2s"), retryAfterHeader: nil),
      .rateLimited(retryAfterSeconds: 2))
    XCTAssertEqual(
      GeminiClient.error(status: 429, data: body("soon"), retryAfterHeader: "7"),
      .rateLimited(retryAfterSeconds: 7))
    XCTAssertEqual(
      GeminiClient.error(status: 429, data: Data(), retryAfterHeader: nil),
      .rateLimited(retryAfterSeconds: nil))
    XCTAssertEqual(
      GeminiClient.error(status: 401, data: Data(), retryAfterHeader: nil), .invalidCredentials)
    XCTAssertEqual(
      GeminiClient.error(status: 400, data: Data("{}".utf8), retryAfterHeader: nil),
      .unexpectedStatus(400))
  }

  func testTicketmasterRetryAfterParsing() {
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    func seconds(_ headers: [String: String]) -> Int? {
      TicketmasterClient.retryAfterSeconds(header: { headers[$0] }, now: now)
    }
    XCTAssertEqual(seconds(["Rate-Limit-Reset": "1700000026000"]), 26)
    XCTAssertEqual(seconds(["Rate-Limit-Reset": "1700000025500"]), 26)
    XCTAssertEqual(seconds(["Rate-Limit-Reset": "1700000030"]), 30)
    XCTAssertEqual(seconds(["Rate-Limit-Reset": "1699999990000"]), 0)
    XCTAssertEqual(seconds(["Rate-Limit-Reset": "12"]), 12)
    XCTAssertEqual(seconds(["Retry-After": "5", "Rate-Limit-Reset": "1700000026000"]), 5)
    XCTAssertNil(seconds(["Rate-Limit-Reset": "tomorrow"]))
    XCTAssertNil(seconds([:]))
  }

  func testTicketmasterSuccessBodies() throws {
    func check(_ json: String) throws(ServiceError) -> Int {
      try TicketmasterClient.check(status: 200, data: Data(json.utf8), header: { _ in nil })
        .totalEvents
    }
    XCTAssertEqual(
      try check(#"{"page":{"size":1,"totalElements":12,"totalPages":12,"number":0}}"#), 12)
    XCTAssertEqual(try check(#"{"_links":{"self":{"href":"/x"}},"page":{"totalElements":0}}"#), 0)
    XCTAssertEqual(try check(#"{"_embedded":{"events":[{},{}]}}"#), 2)
    XCTAssertThrowsError(try check(#"{"unrelated":true}"#))
  }
}
