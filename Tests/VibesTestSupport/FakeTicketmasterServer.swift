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
  private let extras: FakeTicketmasterState
  private let server: LoopbackServer

  /// Starts listening on 127.0.0.1 (ephemeral port); returns once the port is known. With `style` `.plain` every
  /// event is the same well-formed future show (what the key-check tests expect); `.varied` generates a realistic
  /// mix for the Feed (see `FakeTicketmasterEventStyle`).
  public init(
    validKeys: Set<String>, eventsByCity: [String: Int], style: FakeTicketmasterEventStyle = .plain,
    rateLimitAvailable: Int = 4999
  ) async throws {
    let state = FakeServerState(validKeys: validKeys)
    let extras = FakeTicketmasterState(available: rateLimitAvailable)
    var events: [String: Int] = [:]
    for (city, count) in eventsByCity { events[city.lowercased()] = max(0, count) }
    self.state = state
    self.extras = extras
    self.server = try await LoopbackServer(state: state) { [events] request, behaviour, keys in
      let script = await extras.begin()
      if let scripted = try await Self.respond(to: script) { return scripted }
      let available = await extras.available
      if behaviour == nil, request.path.hasSuffix("/discovery/v2/events.json"), available <= 0 {
        return Self.quotaViolation(reset: Date().addingTimeInterval(3_600))
      }
      let response = Self.respond(
        to: request, behaviour: behaviour, validKeys: keys, eventsByCity: events, style: style,
        available: max(0, available - 1))
      if response.statusCode.code == 200 { await extras.spend() }
      return response
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
  /// Answers the next request with `script` (before any `enqueue`d behaviour); one script per request.
  public func enqueue(_ script: FakeTicketmasterScript) async { await extras.enqueue(script) }
  /// When each request arrived (monotonic seconds), to check the client's request rate.
  public func arrivalTimes() async -> [TimeInterval] { await extras.arrivals }
  /// Calls left today: each 200 spends one; at 0 every events request gets a 429 quota violation.
  public func setRateLimitAvailable(_ available: Int) async { await extras.setAvailable(available) }

  // MARK: - Wire format

  static func respond(
    to request: HTTPRequest, behaviour: FakeBehaviour?, validKeys: Set<String>,
    eventsByCity: [String: Int], style: FakeTicketmasterEventStyle = .plain, available: Int = 4999
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

    var city = FormQuery.value("city", in: request.target.query()) ?? ""
    if city.isEmpty, let latlong = FormQuery.value("latlong", in: request.target.query()) {
      // A search around a point: the events of the fake's city within the radius (in km), as the real API does.
      city = place(near: latlong, radius: FormQuery.value("radius", in: request.target.query())) ?? "Nowhere"
    }
    let total =
      city.isEmpty ? eventsByCity.values.reduce(0, +) : (eventsByCity[city.lowercased()] ?? 0)
    let size = max(
      0, min(Int(FormQuery.value("size", in: request.target.query()) ?? "") ?? 20, 200))
    let number = max(0, Int(FormQuery.value("page", in: request.target.query()) ?? "") ?? 0)
    if (number + 1) * size > 1_000 {
      return FakeJSON.response(
        400,
        [
          "errors": [
            [
              "code": "DIS1035",
              "detail": "API Limits Exceeded: Max paging depth exceeded. (page * size) must be less than 1,000",
              "status": "400", "_links": ["about": ["href": "/discovery/v2/errors.html#DIS1035"]],
            ]
          ]
        ])
    }
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
      body["_embedded"] = [
        "events": (first..<(first + shown)).map { index in
          switch style {
          case .plain: return event(index: index, city: city)
          case .varied(let now, let pastEvents):
            return variedEvent(index: index, city: city, now: now, pastEvents: pastEvents)
          case .named(let events, let venues, let cities):
            return namedEvent(index: index, city: city, events: events, venues: venues, cities: cities)
          }
        }
      ]
    }
    return FakeJSON.response(
      200, body,
      headers: rateLimitHeaders(available: available, reset: Date().addingTimeInterval(86_400)),
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

  static func quotaViolation(reset: Date?) -> HTTPResponse {
    fault(
      429, "Rate limit quota violation. Quota limit  exceeded. Identifier : fake",
      errorCode: "policies.ratelimit.QuotaViolation",
      headers: reset.map { rateLimitHeaders(available: 0, reset: $0) } ?? [:])
  }

  /// The scripted answer, or nil to answer as usual (after a `.slow` wait).
  static func respond(to script: FakeTicketmasterScript?) async throws -> HTTPResponse? {
    switch script {
    case nil:
      return nil
    case .tooManyRequests(let resetIn):
      return quotaViolation(reset: resetIn.map { Date().addingTimeInterval($0) })
    case .spikeArrest:
      return fault(
        429, "Spike arrest violation. Allowed rate : MessageRate{messagesPerPeriod=5, periodInMicroseconds=1000000}",
        errorCode: "policies.ratelimit.SpikeArrestViolation")
    case .quotaViolationBody(let status):
      return fault(
        status, "Rate limit quota violation. Quota limit  exceeded. Identifier : fake",
        errorCode: "policies.ratelimit.QuotaViolation")
    case .serverError(let status):
      return fault(
        status, "The Service is temporarily unavailable",
        errorCode: "messaging.adaptors.http.flow.ServiceUnavailable")
    case .truncatedBody:
      let whole = String(decoding: FakeJSON.data(truncatedSource()), as: UTF8.self)
      return FakeJSON.raw(200, body: String(whole.prefix(whole.count / 2)), contentType: "application/json")
    case .slow(let seconds):
      try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
      return nil
    }
  }

  private static func truncatedSource() -> [String: Any] {
    [
      "_embedded": ["events": (0..<5).map { event(index: $0, city: "Berlin") }],
      "page": ["size": 5, "totalElements": 5, "totalPages": 1, "number": 0],
    ]
  }

  /// A realistic mix, decided by `index`: every 7th has no priceRanges, every 5th no localTime, every 6th a venue
  /// without address, every 9th no attractions, every 11th no `_embedded` at all; statuses cycle through
  /// offsale, canceled, postponed, rescheduled on every 13th (12: offsale, 25: canceled, 38: postponed, …); names of every 17th carry terminal escape
  /// sequences; the first `pastEvents` are over (before `now`); the rest are 1, 2, 3 … days after `now`.
  static func variedEvent(index: Int, city: String, now: Date, pastEvents: Int) -> [String: Any] {
    let id = String(format: "vv%06dFAKE", index)
    let dayOffset = index < pastEvents ? -(pastEvents - index) : index - pastEvents + 1
    let start = now.addingTimeInterval(Double(dayOffset) * 86_400)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: start)
    let localDate = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    let localTime = String(format: "%02d:%02d:00", parts.hour!, parts.minute!)
    let utc = ISO8601DateFormatter().string(from: start)
    let artist = index % 17 == 3 ? "Evil\u{1B}]0;pwned\u{07}Band \u{1B}[31m\(index)" : "Artist \(index)"
    var startObject: [String: Any] = [
      "localDate": localDate, "dateTBD": false, "dateTBA": false, "timeTBA": false, "noSpecificTime": false,
    ]
    if index % 5 != 4 {
      startObject["localTime"] = localTime
      startObject["dateTime"] = utc
    }
    let statuses = ["onsale", "offsale", "canceled", "postponed", "rescheduled"]
    var event: [String: Any] = [
      "name": artist + " Live",
      "type": "event",
      "id": id,
      "test": false,
      "url": "https://www.ticketmaster.de/event/\(id)",
      "locale": "en-de",
      "dates": [
        "start": startObject,
        "timezone": "Europe/Berlin",
        "status": ["code": index % 13 == 12 ? statuses[1 + (index / 13) % 4] : "onsale"],
        "spanMultipleDays": false,
      ],
      "sales": [
        "public": [
          "startDateTime": "2026-01-15T09:00:00Z", "startTBD": false, "startTBA": false,
          "endDateTime": utc,
        ]
      ],
      "classifications": [
        [
          "primary": true, "segment": ["id": "KZFzniwnSyZfZ7v7nJ", "name": "Music"],
          "genre": ["id": "KnvZfZ7vAeA", "name": "Rock"],
        ]
      ],
    ]
    if index % 7 != 6 {
      event["priceRanges"] = [["type": "standard", "currency": "EUR", "min": 25.0 + Double(index % 10), "max": 99.0]]
    }
    if index % 11 != 10 {
      var venue: [String: Any] = [
        "name": "Halle \(index % 4)", "type": "venue", "id": "KovZpZA\(index % 4)",
        "city": ["name": city.isEmpty ? "Berlin" : city], "country": ["name": "Germany", "countryCode": "DE"],
        "timezone": "Europe/Berlin",
      ]
      if index % 6 != 5 { venue["address"] = ["line1": "Straße \(index % 4) & Co"] }
      var embedded: [String: Any] = ["venues": [venue]]
      if index % 9 != 8 {
        embedded["attractions"] = [
          ["name": artist, "type": "attraction", "id": "K8vZ9\(index)"],
          ["name": "Support \(index)", "type": "attraction", "id": "K8vZ8\(index)"],
        ]
      }
      event["_embedded"] = embedded
    }
    return event
  }

  /// A `.plain` event whose event (and attraction), venue and city names are taken from the lists, cycling by index.
  static func namedEvent(index: Int, city: String, events: [String], venues: [String], cities: [String])
    -> [String: Any]
  {
    var event = event(index: index, city: city)
    let pick = { (names: [String], fallback: String) in names.isEmpty ? fallback : names[index % names.count] }
    let name = pick(events, "Fake Band \(index + 1)")
    event["name"] = name
    event["_embedded"] = [
      "venues": [
        [
          "name": pick(venues, "Fake Hall"), "city": ["name": pick(cities, city.isEmpty ? "Berlin" : city)],
          "state": ["stateCode": "BE"], "address": ["line1": "1 Fake Street"],
        ]
      ],
      "attractions": [["name": name, "id": "K8vZ91\(index)"]],
    ]
    return event
  }

  /// Cities the fake knows by coordinates (as the shipped GeoNames list has them).
  static let places: [(name: String, latitude: Double, longitude: Double)] = [
    ("Berlin", 52.5244, 13.4105), ("Hamburg", 53.5753, 10.0153), ("Köln", 50.9333, 6.95),
  ]

  /// The known city within `radius` km (default 50) of "lat,lon", nearest first.
  static func place(near latlong: String, radius: String?) -> String? {
    let parts = latlong.split(separator: ",").compactMap { Double($0) }
    guard parts.count == 2 else { return nil }
    let limit = Double(radius ?? "") ?? 50
    func distance(_ lat: Double, _ lon: Double) -> Double {
      let rad = Double.pi / 180
      let dLat = (lat - parts[0]) * rad
      let dLon = (lon - parts[1]) * rad
      let a = sin(dLat / 2) * sin(dLat / 2) + cos(parts[0] * rad) * cos(lat * rad) * sin(dLon / 2) * sin(dLon / 2)
      return 6371 * 2 * atan2(sqrt(a), sqrt(1 - a))
    }
    return places.map { ($0.name, distance($0.latitude, $0.longitude)) }.filter { $0.1 <= limit }
      .min { $0.1 < $1.1 }?.0
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

/// How `FakeTicketmasterServer` generates events.
public enum FakeTicketmasterEventStyle: Sendable, Equatable {
  /// Every event a well-formed show in 2030 ("Fake Band N" at "Fake Hall").
  case plain
  /// A realistic mix around `now` (see `FakeTicketmasterServer.variedEvent`); the first `pastEvents` are over.
  case varied(now: Date, pastEvents: Int)
  /// `.plain` shows whose event, venue and city names come from these lists (cycling; empty: the plain name), e.g.
  /// to put terminal escapes into every field the Feed draws.
  case named(events: [String], venues: [String], cities: [String])
}

/// Ticketmaster-only scripted answers (each answers one request, before any `FakeBehaviour`).
public enum FakeTicketmasterScript: Sendable, Equatable {
  /// 429 `policies.ratelimit.QuotaViolation`, with `Rate-Limit-Reset` that many seconds ahead, or no reset headers.
  case tooManyRequests(resetInSeconds: Double?)
  /// 429 `policies.ratelimit.SpikeArrestViolation` (over 5 requests/second), no reset headers.
  case spikeArrest
  /// The quota-violation fault body with another status (Apigee has sent it with 500).
  case quotaViolationBody(status: Int)
  /// A 5xx fault.
  case serverError(status: Int)
  /// 200 whose JSON body stops halfway.
  case truncatedBody
  /// Wait, then answer normally.
  case slow(seconds: Double)
}

/// The Ticketmaster fake's own state: scripts, the daily quota and arrival times.
actor FakeTicketmasterState {
  private(set) var available: Int
  private(set) var arrivals: [TimeInterval] = []
  private var scripts: [FakeTicketmasterScript] = []

  init(available: Int) { self.available = available }

  func enqueue(_ script: FakeTicketmasterScript) { scripts.append(script) }
  func setAvailable(_ value: Int) { available = value }
  func spend() { available -= 1 }

  /// Notes the arrival and pops the next script.
  func begin() -> FakeTicketmasterScript? {
    arrivals.append(Double(DispatchTime.now().uptimeNanoseconds) / 1e9)
    return scripts.isEmpty ? nil : scripts.removeFirst()
  }
}
