import Foundation
import VibesServices
import VibesTestSupport
import XCTest

/// The client against the loopback fake, one test per answer class.
final class TrackerClientTests: XCTestCase {
  static let key = "trk_live_0123456789abcdef"
  var fake: FakeTrackerServer!

  override func setUp() async throws {
    fake = try await FakeTrackerServer(validKeys: [Self.key], validBrands: ["brand-1"])
  }

  override func tearDown() async throws { await fake?.stop() }

  var client: TrackerClient {
    TrackerClient(apiURL: fake.qcURL, transport: URLSessionTransport(timeout: 5))
  }

  func event(brand: String = "brand-1", user: String = "") -> TrackerWireEvent {
    TrackerWireEvent(
      brandID: brand, userID: user, event: "signup", properties: ["plan": "pro", "seats": "3"],
      timestamp: Date(timeIntervalSince1970: 1_763_776_000.25))
  }

  func failure(_ body: () async throws(TrackerClientError) -> Void) async -> TrackerClientError? {
    do {
      try await body()
      return nil
    } catch {
      return error
    }
  }

  func testAcceptedEventIsPostedWithTheKeyHeaderAndTheDocumentedBody() async throws {
    let status = try await client.send(apiKey: Self.key, event: event(user: "user-7"))
    XCTAssertEqual(status, 202)
    let recorded = await fake.recordedRequests()
    let request = try XCTUnwrap(recorded.first)
    XCTAssertEqual(request.method, "POST")
    XCTAssertEqual(request.path, "/qc/api/events")
    XCTAssertEqual(request.apiKey, Self.key)
    XCTAssertEqual(request.brandID, "brand-1")
    XCTAssertEqual(request.userID, "user-7")
    XCTAssertEqual(request.event, "signup")
    XCTAssertEqual(request.properties, ["plan": "pro", "seats": "3"])
    XCTAssertEqual(request.timestamp, "2025-11-22T01:46:40.250Z")
    XCTAssertEqual(request.bodyKeys, ["brandId", "userId", "event", "properties", "timestamp"])
  }

  func testAnEmptyUserIDIsOmitted() async throws {
    try await client.send(apiKey: Self.key, event: event(user: ""))
    let recorded = await fake.recordedRequests()
    let request = try XCTUnwrap(recorded.first)
    XCTAssertFalse(request.bodyKeys.contains("userId"), request.rawBody)
  }

  func testAnyTwoHundredIsAccepted() async throws {
    await fake.enqueue(.raw(status: 200, body: "{}"))
    let status = try await client.send(apiKey: Self.key, event: event())
    XCTAssertEqual(status, 200)
  }

  func testUnknownKeyIsAnInvalidAPIKey() async {
    let error = await failure { () async throws(TrackerClientError) in
      try await client.send(apiKey: "trk_wrong", event: event())
    }
    XCTAssertEqual(error, .invalidAPIKey(status: 401))
  }

  func testForbiddenIsAnInvalidAPIKey() async {
    await fake.enqueue(.forbidden(reason: nil))
    let error = await failure { () async throws(TrackerClientError) in
      try await client.send(apiKey: Self.key, event: event())
    }
    XCTAssertEqual(error, .invalidAPIKey(status: 403))
  }

  func testUnknownBrandIsAnInvalidBrand() async {
    let error = await failure { () async throws(TrackerClientError) in
      try await client.send(apiKey: Self.key, event: event(brand: "brand-404"))
    }
    XCTAssertEqual(error, .invalidBrand(status: 404))
  }

  func testUnprocessableNamingTheBrandIsAnInvalidBrand() async {
    await fake.enqueue(
      .raw(
        status: 422,
        body:
          #"{"detail":[{"type":"value_error","loc":["body","brandId"],"msg":"Value error, unknown brand"}]}"#
      ))
    let error = await failure { () async throws(TrackerClientError) in
      try await client.send(apiKey: Self.key, event: event())
    }
    XCTAssertEqual(error, .invalidBrand(status: 422))
  }

  func testNotFoundWithoutTheBrandIsARejection() async {
    await fake.enqueue(.status(404))
    let error = await failure { () async throws(TrackerClientError) in
      try await client.send(apiKey: Self.key, event: event())
    }
    XCTAssertEqual(error, .rejected(status: 404))
  }

  func testServerErrorIsAServerFailure() async {
    await fake.enqueue(.status(503))
    let error = await failure { () async throws(TrackerClientError) in
      try await client.send(apiKey: Self.key, event: event())
    }
    XCTAssertEqual(error, .server(status: 503))
  }

  func testDroppedConnectionIsANetworkFailure() async {
    await fake.setOffline(true)
    let error = await failure { () async throws(TrackerClientError) in
      try await client.send(apiKey: Self.key, event: event())
    }
    guard case .network(let problem) = error else { return XCTFail("\(String(describing: error))") }
    XCTAssertEqual(problem.host, "127.0.0.1")
  }

  func testRefusedConnectionIsANetworkFailure() async {
    let port = fake.port
    await fake.stop()
    let client = TrackerClient(apiURL: URL(string: "http://127.0.0.1:\(port)/api")!)
    let error = await failure { () async throws(TrackerClientError) in
      try await client.send(apiKey: Self.key, event: event())
    }
    XCTAssertEqual(error, .network(TransportFailure(.connectionRefused, host: "127.0.0.1")))
  }

  func testErrorTextsNeverCarryTheKeyOrTheURL() {
    let errors: [TrackerClientError] = [
      .network(TransportFailure(.connectionRefused, host: "127.0.0.1")), .invalidAPIKey(status: 401),
      .invalidBrand(status: 404), .server(status: 500),
      .rejected(status: 400),
      .cancelled,
    ]
    for error in errors {
      let text = error.localizedDescription + String(describing: error)
      XCTAssertFalse(text.contains(Self.key))
      XCTAssertFalse(text.contains("http"))
    }
  }
}
