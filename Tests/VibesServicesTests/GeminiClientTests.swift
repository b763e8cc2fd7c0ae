import Foundation
import VibesServices
import VibesTestSupport
import XCTest

final class GeminiClientTests: GeminiFakeTestCase {
  override class var validKey: String { "AIzaSyFAKE-key_0123456789abcdefghijklmnop" }

  func testValidKeySucceedsAndKeyTravelsOnlyInHeader() async throws {
    try await client().validate(apiKey: key)

    let requests = await fake.recordedRequests()
    XCTAssertEqual(requests.count, 1)
    let request = try XCTUnwrap(requests.first)
    XCTAssertEqual(request.method, "GET")
    XCTAssertEqual(request.path, "/v1beta/models")
    XCTAssertEqual(request.query, "pageSize=1")
    XCTAssertEqual(request.headers["x-goog-api-key"], key)
    XCTAssertFalse(request.path.contains(key))
    XCTAssertFalse(request.query.contains(key))
    XCTAssertNil(request.queryValue("key"))
    XCTAssertNil(request.headers["cookie"])
  }

  func testFakeEnvironmentRoundTripsThroughServiceEndpoints() async throws {
    let resolved = ServiceEndpoints.gemini(environment: fake.environment)
    XCTAssertFalse(resolved.ignoredOverride)
    XCTAssertEqual(resolved.url, fake.baseURL)
    try await GeminiClient(baseURL: resolved.url).validate(apiKey: key)
  }

  func testBaseURLPathPrefixIsKept() async throws {
    let base = fake.baseURL.appendingPathComponent("prefix/v9/")
    try await client(base: base).validate(apiKey: key)
    let paths = await fake.recordedRequests().map(\.path)
    XCTAssertEqual(paths, ["/prefix/v9/v1beta/models"])
  }

  func testInvalidKeyIsInvalidCredentials() async {
    await assertThrows(.invalidCredentials) { () async throws(ServiceError) in
      try await self.client().validate(apiKey: "AIzaSyWRONG")
    }
  }

  func testRotatedKeyIsRejected() async throws {
    try await client().validate(apiKey: key)
    await fake.setValidKeys(["other"])
    await assertThrows(.invalidCredentials) { () async throws(ServiceError) in
      try await self.client().validate(apiKey: self.key)
    }
    try await client().validate(apiKey: "other")
  }

  func testBadRequestWithAnotherReasonIsNotInvalidCredentials() async {
    await fake.enqueue(.badRequest(reason: "FAILED_PRECONDITION"))
    await fake.enqueue(.status(400))
    for _ in 0..<2 {
      await assertThrows(.unexpectedStatus(400)) { () async throws(ServiceError) in
        try await self.client().validate(apiKey: self.key)
      }
    }
  }

  func testForbiddenCarriesReason() async {
    await fake.enqueue(.forbidden(reason: "API_KEY_SERVICE_BLOCKED"))
    await assertThrows(.forbidden(reason: "API_KEY_SERVICE_BLOCKED")) {
      () async throws(ServiceError) in
      try await self.client().validate(apiKey: self.key)
    }
  }

  func testMissingKeyIsForbiddenWithoutReason() async {
    await assertThrows(.forbidden(reason: nil)) { () async throws(ServiceError) in
      try await self.client().validate(apiKey: "")
    }
  }

  func testQuotaIsRateLimitedWithRetryDelay() async {
    await fake.enqueue(.quota(retryDelaySeconds: 26))
    await assertThrows(.rateLimited(retryAfterSeconds: 26)) { () async throws(ServiceError) in
      try await self.client().validate(apiKey: self.key)
    }
    await fake.enqueue(.quota(retryDelaySeconds: nil))
    await assertThrows(.rateLimited(retryAfterSeconds: nil)) { () async throws(ServiceError) in
      try await self.client().validate(apiKey: self.key)
    }
  }

  func testServerErrors() async {
    for status in [500, 503] {
      await fake.enqueue(.status(status))
      await assertThrows(.server(status: status)) { () async throws(ServiceError) in
        try await self.client().validate(apiKey: self.key)
      }
    }
    await fake.enqueue(.status(404))
    await assertThrows(.unexpectedStatus(404)) { () async throws(ServiceError) in
      try await self.client().validate(apiKey: self.key)
    }
  }

  func testGarbageSuccessBodyIsInvalidResponse() async {
    let bodies = [
      "<html>captive portal</html>", "", "[1,2]", #"{"error":{"code":200}}"#, #"{"models":"x"}"#,
    ]
    for body in bodies {
      await fake.enqueue(.raw(status: 200, body: body, contentType: "text/html"))
      await assertThrows(.invalidResponse) { () async throws(ServiceError) in
        try await self.client().validate(apiKey: self.key)
      }
    }
  }

  func testSlowResponseTimesOut() async {
    // Margins are wide on purpose (a loaded CI box): the point is that the client gives up near its
    // timeout instead of waiting for the 8 s answer.
    await fake.enqueue(.delay(seconds: 8))
    let start = Date()
    await assertThrows(.network(TransportFailure(.timedOut, host: "127.0.0.1"))) { () async throws(ServiceError) in
      try await self.client(timeout: 0.4).validate(apiKey: self.key)
    }
    let elapsed = Date().timeIntervalSince(start)
    XCTAssertGreaterThan(elapsed, 0.3)
    XCTAssertLessThan(elapsed, 4)
  }

  func testDelayWithinTimeoutSucceeds() async throws {
    await fake.enqueue(.delay(seconds: 0.3))
    try await client(timeout: 2).validate(apiKey: key)
  }

  func testConnectionRefusedIsCannotConnect() async throws {
    let closed = try await closedLoopbackURL()
    await assertThrows(.network(TransportFailure(.connectionRefused, host: "127.0.0.1"))) {
      () async throws(ServiceError) in
      try await self.client(base: closed).validate(apiKey: self.key)
    }
  }

  func testDroppedConnectionIsCannotConnect() async {
    await fake.enqueue(.dropConnection)
    await assertThrows(.network(TransportFailure(.connectionLost, host: "127.0.0.1"))) {
      () async throws(ServiceError) in
      try await self.client().validate(apiKey: self.key)
    }
  }

  func testCancellationIsPrompt() async throws {
    await fake.enqueue(.delay(seconds: 8))
    let client = client(timeout: 10)
    let key = key
    let start = Date()
    let task = Task { () async -> ServiceError? in
      do throws(ServiceError) {
        try await client.validate(apiKey: key)
        return nil
      } catch {
        return error
      }
    }
    try await Task.sleep(nanoseconds: 200_000_000)
    task.cancel()
    let error = await task.value
    XCTAssertEqual(error, .cancelled)
    XCTAssertLessThan(Date().timeIntervalSince(start), 4, "cancelled well before the 8 s answer")
    let count = await fake.recordedRequests().count
    XCTAssertEqual(count, 1, "the request must have been in flight when cancelled")
  }

  func testAlreadyCancelledTaskDoesNotSend() async {
    let client = client()
    let key = key
    let task = Task { () async -> ServiceError? in
      withUnsafeCurrentTask { $0?.cancel() }
      do throws(ServiceError) {
        try await client.validate(apiKey: key)
        return nil
      } catch {
        return error
      }
    }
    let error = await task.value
    XCTAssertEqual(error, .cancelled)
    let count = await fake.recordedRequests().count
    XCTAssertEqual(count, 0)
  }

  func testFakeSpeaksGeminiWireFormat() async throws {
    var request = URLRequest(url: fake.baseURL.appendingPathComponent("v1beta/models"))
    request.setValue("nope", forHTTPHeaderField: "x-goog-api-key")
    let (data, response) = try await URLSession.shared.data(for: request)
    XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 400)
    let error = try XCTUnwrap(
      (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["error"] as? [String: Any])
    XCTAssertEqual(error["status"] as? String, "INVALID_ARGUMENT")
    let details = try XCTUnwrap(error["details"] as? [[String: Any]])
    XCTAssertEqual(details.first?["reason"] as? String, "API_KEY_INVALID")
    XCTAssertEqual(details.first?["@type"] as? String, "type.googleapis.com/google.rpc.ErrorInfo")
  }
}

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
