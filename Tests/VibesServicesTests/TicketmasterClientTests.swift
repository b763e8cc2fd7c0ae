import Foundation
import VibesServices
import VibesTestSupport
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

final class TicketmasterClientTests: XCTestCase {
  private let key = "TMfakeKey0123456789abcdefABCDEF"
  static let cities: [String: Int] = [
    "Berlin": 42, "São Paulo": 7, "Winston-Salem": 3, "Zürich": 5, "Tom & Jerry=Town+1 #2": 2,
  ]
  private var fake: FakeTicketmasterServer!

  override func setUp() async throws {
    fake = try await FakeTicketmasterServer(validKeys: [key], eventsByCity: Self.cities)
  }

  override func tearDown() async throws {
    await fake.stop()
    fake = nil
  }

  private func client(timeout: TimeInterval = 5, base: URL? = nil) -> TicketmasterClient {
    TicketmasterClient(
      baseURL: base ?? fake.baseURL, transport: URLSessionTransport(timeout: timeout))
  }

  func testValidKeyReturnsTotalEvents() async throws {
    let check = try await client().validate(apiKey: key, city: "berlin")
    XCTAssertEqual(check, TicketmasterCheck(totalEvents: 42))

    let requests = await fake.recordedRequests()
    XCTAssertEqual(requests.count, 1)
    let request = try XCTUnwrap(requests.first)
    XCTAssertEqual(request.method, "GET")
    XCTAssertEqual(request.path, "/discovery/v2/events.json")
    XCTAssertEqual(request.queryValue("apikey"), key)
    XCTAssertEqual(request.queryValue("city"), "berlin")
    XCTAssertEqual(request.queryValue("size"), "1")
  }

  /// Issue 20: the key check counted events by the city's name while the Feed searches a point and a radius; with an
  /// area the check asks for the same place the Feed will show (Potsdam by name has none here; around it, Berlin's).
  func testWithAnAreaTheCheckCountsTheEventsTheFeedWillSearch() async throws {
    let area = TicketmasterArea(latitude: 52.3989, longitude: 13.0657, radiusKm: 50)
    let check = try await client().validate(apiKey: key, city: "Potsdam", area: area)
    XCTAssertEqual(check, TicketmasterCheck(totalEvents: 42))
    let requests = await fake.recordedRequests()
    let request = try XCTUnwrap(requests.first)
    XCTAssertNil(request.queryValue("city"))
    XCTAssertEqual(request.queryValue("latlong"), "52.3989,13.0657")
    XCTAssertEqual(request.queryValue("radius"), "50")
    XCTAssertEqual(request.queryValue("unit"), "km")
  }

  func testZeroResultCityIsValidWithZeroEvents() async throws {
    let check = try await client().validate(apiKey: key, city: "Nowhereville")
    XCTAssertEqual(check.totalEvents, 0)
  }

  func testCityNamesSurviveEncoding() async throws {
    for (city, count) in Self.cities {
      let check = try await client().validate(apiKey: key, city: city)
      XCTAssertEqual(check.totalEvents, count, city)
    }
    let requests = await fake.recordedRequests()
    XCTAssertEqual(Set(requests.compactMap { $0.queryValue("city") }), Set(Self.cities.keys))
    for request in requests {
      XCTAssertEqual(request.queryItems.map(\.name), ["apikey", "city", "size"], request.query)
      XCTAssertTrue(
        request.query.allSatisfy { $0.isASCII && $0 != " " && $0 != "#" }, request.query)
    }
  }

  func testPathPrefixIsKept() async throws {
    let base = URL(string: "\(fake.baseURL.absoluteString)/tm")!
    _ = try await client(base: base).validate(apiKey: key, city: "Berlin")
    let paths = await fake.recordedRequests().map(\.path)
    XCTAssertEqual(paths, ["/tm/discovery/v2/events.json"])
  }

  func testInvalidKeyIsInvalidCredentials() async {
    await assertThrows(.invalidCredentials) { () async throws(ServiceError) in
      try await self.client().validate(apiKey: "wrong", city: "Berlin")
    }
    await assertThrows(.invalidCredentials) { () async throws(ServiceError) in
      try await self.client().validate(apiKey: "", city: "Berlin")
    }
  }

  func testForbiddenCarriesErrorCode() async {
    await fake.enqueue(.forbidden(reason: "accesscontrol.IPDeniedAccess"))
    await assertThrows(.forbidden(reason: "accesscontrol.IPDeniedAccess")) {
      () async throws(ServiceError) in
      try await self.client().validate(apiKey: self.key, city: "Berlin")
    }
  }

  func testQuotaIsRateLimitedFromRateLimitReset() async throws {
    await fake.enqueue(.quota(retryDelaySeconds: 26))
    let error = await captureError { () async throws(ServiceError) in
      try await self.client().validate(apiKey: self.key, city: "Berlin")
    }
    guard case .rateLimited(let seconds?) = error else {
      return XCTFail("expected rateLimited with seconds, got \(String(describing: error))")
    }
    XCTAssertTrue((25...27).contains(seconds), "\(seconds)")
  }

  func testServerErrorsAndOtherStatuses() async {
    await fake.enqueue(.status(503))
    await assertThrows(.server(status: 503)) { () async throws(ServiceError) in
      try await self.client().validate(apiKey: self.key, city: "Berlin")
    }
    await fake.enqueue(.status(400))
    await assertThrows(.unexpectedStatus(400)) { () async throws(ServiceError) in
      try await self.client().validate(apiKey: self.key, city: "Berlin")
    }
  }

  func testGarbageSuccessBodyIsInvalidResponse() async {
    for body in ["not json", "{}", #"{"page":{"totalElements":"many"}}"#] {
      await fake.enqueue(.raw(status: 200, body: body, contentType: "text/plain"))
      await assertThrows(.invalidResponse) { () async throws(ServiceError) in
        try await self.client().validate(apiKey: self.key, city: "Berlin")
      }
    }
  }

  func testFakeSpeaksTicketmasterWireFormat() async throws {
    func get(_ query: String) async throws -> (Int, [String: Any], HTTPURLResponse) {
      let url = URL(string: "\(fake.baseURL.absoluteString)/discovery/v2/events.json?\(query)")!
      let (data, response) = try await URLSession.shared.data(for: URLRequest(url: url))
      let http = try XCTUnwrap(response as? HTTPURLResponse)
      let body = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      return (http.statusCode, body, http)
    }
    let (status, body, response) = try await get("apikey=\(key)&city=Berlin&size=2")
    XCTAssertEqual(status, 200)
    XCTAssertNotNil(response.value(forHTTPHeaderField: "Rate-Limit-Reset"))
    let events = try XCTUnwrap((body["_embedded"] as? [String: Any])?["events"] as? [[String: Any]])
    XCTAssertEqual(events.count, 2)
    XCTAssertNotNil(events.first?["dates"] as? [String: Any])
    let page = try XCTUnwrap(body["page"] as? [String: Any])
    XCTAssertEqual(page["totalElements"] as? Int, 42)
    XCTAssertEqual(page["totalPages"] as? Int, 21)

    let (_, empty, _) = try await get("apikey=\(key)&city=Atlantis&size=1")
    XCTAssertNil(empty["_embedded"])
    XCTAssertEqual((empty["page"] as? [String: Any])?["totalElements"] as? Int, 0)

    let (unauthorized, fault, _) = try await get("apikey=bad&city=Berlin")
    XCTAssertEqual(unauthorized, 401)
    let detail = (fault["fault"] as? [String: Any])?["detail"] as? [String: Any]
    XCTAssertEqual(detail?["errorcode"] as? String, "oauth.v2.InvalidApiKey")
  }
}
