import FlyingFox
import Foundation
import VibesServices

/// A loopback stand-in for the Ticketmaster Discovery API v2 (`app.ticketmaster.com`) speaking its real wire format.
///
/// Serves `GET …/discovery/v2/events.json` under any path prefix; the key is the `apikey` query parameter. Cities are
/// matched case-insensitively; an unknown city has 0 events (and, as for real, no `_embedded`).
/// Runs in the test process until `stop()`; hand `baseURL` to a child process via `VIBES_TICKETMASTER_API_URL`.
public final class FakeTicketmasterServer: Sendable {
  private let state: FakeServerState
  private let server: LoopbackServer

  /// Starts listening on 127.0.0.1 (ephemeral port); returns once the port is known.
  public init(validKeys: Set<String>, eventsByCity: [String: Int]) async throws {
    let state = FakeServerState(validKeys: validKeys)
    var events: [String: Int] = [:]
    for (city, count) in eventsByCity { events[city.lowercased()] = max(0, count) }
    self.state = state
    self.server = try await LoopbackServer(state: state) { [events] request, behaviour, keys in
      Self.respond(to: request, behaviour: behaviour, validKeys: keys, eventsByCity: events)
    }
  }

  /// `http://127.0.0.1:PORT`.
  public var baseURL: URL { server.baseURL }
  public var port: UInt16 { server.port }
  /// The environment a `vibes` child process needs to talk to this fake.
  public var environment: [String: String] {
    [ServiceEndpoints.ticketmasterVariable: baseURL.absoluteString]
  }

  public func stop() async { await server.stop() }
  public func enqueue(_ behaviour: FakeBehaviour) async { await state.enqueue(behaviour) }
  public func setValidKeys(_ keys: Set<String>) async { await state.setValidKeys(keys) }
  public func recordedRequests() async -> [RecordedRequest] { await state.recordedRequests() }

  // MARK: - Wire format

  static func respond(
    to request: HTTPRequest, behaviour: FakeBehaviour?, validKeys: Set<String>,
    eventsByCity: [String: Int]
  ) -> HTTPResponse {
    switch behaviour {
    case .status(let code):
      if code >= 500 {
        return fault(
          code, "Internal Server Error",
          errorCode: "messaging.adaptors.http.flow.ServiceUnavailable")
      }
      return fault(code, "Error \(code)", errorCode: "fake.status.\(code)")
    case .invalidKey:
      return invalidKey()
    case .badRequest(let reason):
      return fault(400, "Bad Request", errorCode: reason)
    case .forbidden(let reason):
      return fault(403, "Forbidden", errorCode: reason ?? "accesscontrol.IPDeniedAccess")
    case .quota(let seconds):
      let reset = Date().addingTimeInterval(TimeInterval(seconds ?? 86_400))
      return fault(
        429, "Rate limit quota violation. Quota limit  exceeded. Identifier : fake",
        errorCode: "policies.ratelimit.QuotaViolation",
        headers: rateLimitHeaders(available: 0, reset: reset))
    case .raw(let status, let body, let contentType):
      return FakeJSON.raw(status, body: body, contentType: contentType)
    case .delay, .dropConnection, nil:
      break
    }

    guard request.method == .GET, request.path.hasSuffix("/discovery/v2/events.json") else {
      return FakeJSON.response(
        404,
        [
          "errors": [
            [
              "code": "DIS1004",
              "detail": "Resource not found with provided criteria (locale=en-us)",
              "status": "404", "_links": ["about": ["href": "/discovery/v2/errors.html#DIS1004"]],
            ]
          ]
        ])
    }
    guard let key = FormQuery.value("apikey", in: request.target.query()), !key.isEmpty else {
      return fault(
        401, "Failed to resolve API Key variable request.queryparam.apikey",
        errorCode: "steps.oauth.v2.FailedToResolveAPIKey")
    }
    guard validKeys.contains(key) else { return invalidKey() }

    let city = FormQuery.value("city", in: request.target.query()) ?? ""
    let total =
      city.isEmpty ? eventsByCity.values.reduce(0, +) : (eventsByCity[city.lowercased()] ?? 0)
    let size = max(
      0, min(Int(FormQuery.value("size", in: request.target.query()) ?? "") ?? 20, 200))
    let number = max(0, Int(FormQuery.value("page", in: request.target.query()) ?? "") ?? 0)
    let first = number * size
    let shown = size == 0 ? 0 : max(0, min(size, total - first))
    var body: [String: Any] = [
      "_links": ["self": ["href": "/discovery/v2/events.json?city=\(city)&size=\(size)"]],
      "page": [
        "size": size, "totalElements": total,
        "totalPages": size == 0 ? 0 : (total + size - 1) / size,
        "number": number,
      ],
    ]
    if shown > 0 {
      body["_embedded"] = ["events": (first..<(first + shown)).map { event(index: $0, city: city) }]
    }
    return FakeJSON.response(
      200, body,
      headers: rateLimitHeaders(available: 4999, reset: Date().addingTimeInterval(86_400)),
      contentType: "application/json;charset=utf-8")
  }

  static func event(index: Int, city: String) -> [String: Any] {
    let id = String(format: "G5diZ9%06dFAKE", index)
    let day = String(format: "2030-%02d-%02d", index % 12 + 1, index % 28 + 1)
    return [
      "name": "Fake Band \(index + 1)",
      "type": "event",
      "id": id,
      "url": "https://www.ticketmaster.com/event/\(id)",
      "locale": "en-us",
      "images": [
        [
          "ratio": "16_9", "url": "https://s1.ticketm.net/dam/a/fake.jpg", "width": 640,
          "height": 360,
        ]
      ],
      "dates": [
        "start": ["localDate": day, "localTime": "20:00:00", "dateTime": "\(day)T18:00:00Z"],
        "status": ["code": "onsale"],
      ],
      "classifications": [
        ["primary": true, "segment": ["id": "KZFzniwnSyZfZ7v7nJ", "name": "Music"]]
      ],
      "priceRanges": [["type": "standard", "currency": "EUR", "min": 35.0, "max": 89.5]],
      "_embedded": [
        "venues": [
          [
            "name": "Fake Hall", "city": ["name": city.isEmpty ? "Berlin" : city],
            "state": ["stateCode": "BE"], "address": ["line1": "1 Fake Street"],
          ]
        ],
        "attractions": [["name": "Fake Band \(index + 1)", "id": "K8vZ91\(index)"]],
      ],
    ]
  }

  static func invalidKey() -> HTTPResponse {
    fault(401, "Invalid ApiKey", errorCode: "oauth.v2.InvalidApiKey")
  }

  static func fault(
    _ status: Int, _ text: String, errorCode: String, headers: [String: String] = [:]
  ) -> HTTPResponse {
    FakeJSON.response(
      status, ["fault": ["faultstring": text, "detail": ["errorcode": errorCode]]], headers: headers
    )
  }

  static func rateLimitHeaders(available: Int, reset: Date) -> [String: String] {
    [
      "Rate-Limit": "5000",
      "Rate-Limit-Available": "\(available)",
      "Rate-Limit-Over": available > 0 ? "0" : "1",
      "Rate-Limit-Reset": "\(Int64(reset.timeIntervalSince1970 * 1000))",
    ]
  }
}
