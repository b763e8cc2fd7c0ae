import Foundation
import XCTest

@testable import VibesServices

final class TicketmasterEventsDecodingTests: XCTestCase {
  /// Shaped like a real Discovery API v2 answer (trimmed: fewer images and links).
  private let realistic = """
    {
      "_embedded": {
        "events": [
          {
            "name": "Phoebe Bridgers - Reunion Tour",
            "type": "event",
            "id": "Z698xZb_Z16v7eGkFy",
            "test": false,
            "url": "https://www.ticketmaster.de/event/phoebe-bridgers-tickets/1234",
            "locale": "en-de",
            "images": [{"ratio": "16_9", "url": "https://s1.ticketm.net/dam/a/1.jpg", "width": 640, "height": 360,
              "fallback": false}],
            "sales": {"public": {"startDateTime": "2026-06-20T08:00:00Z", "startTBD": false, "startTBA": false,
              "endDateTime": "2026-12-02T19:00:00Z"}},
            "dates": {
              "start": {"localDate": "2026-12-02", "localTime": "20:00:00", "dateTime": "2026-12-02T19:00:00Z",
                "dateTBD": false, "dateTBA": false, "timeTBA": false, "noSpecificTime": false},
              "timezone": "Europe/Berlin",
              "status": {"code": "rescheduled"},
              "spanMultipleDays": false
            },
            "classifications": [{"primary": true, "segment": {"id": "KZFzniwnSyZfZ7v7nJ", "name": "Music"},
              "genre": {"id": "KnvZfZ7vAeA", "name": "Rock"}}],
            "priceRanges": [{"type": "standard", "currency": "EUR", "min": 45.9, "max": 79.9},
              {"type": "standard including fees", "currency": "EUR", "min": 52.0}],
            "_links": {"self": {"href": "/discovery/v2/events/Z698xZb_Z16v7eGkFy?locale=en-de"}},
            "_embedded": {
              "venues": [{"name": "Columbiahalle", "type": "venue", "id": "Z598xZbpZ7ekf",
                "postalCode": "10965", "timezone": "Europe/Berlin",
                "city": {"name": "Berlin"}, "country": {"name": "Germany", "countryCode": "DE"},
                "address": {"line1": "Columbiadamm 13-21"},
                "location": {"longitude": "13.3878", "latitude": "52.4837"}}],
              "attractions": [{"name": "Phoebe Bridgers", "type": "attraction", "id": "K8vZ917_Sf0"},
                {"name": "MUNA", "type": "attraction", "id": "K8vZ9171o-V"}]
            }
          },
          {
            "name": "Sparse Show",
            "type": "event",
            "id": "sparse1",
            "dates": {"start": {"localDate": "2027-01-10", "dateTBD": false, "noSpecificTime": true},
              "status": {"code": "canceled"}},
            "priceRanges": "not an array",
            "_embedded": {"venues": [{"name": "Somewhere"}]}
          },
          {"name": "Bare", "type": "event", "id": "bare1"},
          {"name": "No id", "type": "event"}
        ]
      },
      "_links": {"self": {"href": "/discovery/v2/events.json?city=Berlin&page=0&size=100"}},
      "page": {"size": 100, "totalElements": 3, "totalPages": 1, "number": 0}
    }
    """

  func testDecodesARealisticPageAndToleratesMissingFields() throws {
    let page = try JSONDecoder().decode(TicketmasterEventsPage.self, from: Data(realistic.utf8))
    XCTAssertEqual(page.events.map(\.id), ["Z698xZb_Z16v7eGkFy", "sparse1", "bare1"], "an event without id is skipped")
    XCTAssertEqual(page.page?.totalElements, 3)

    let full = page.events[0]
    XCTAssertEqual(full.name, "Phoebe Bridgers - Reunion Tour")
    XCTAssertEqual(full.localDate, "2026-12-02")
    XCTAssertEqual(full.localTime, "20:00:00")
    XCTAssertEqual(full.dateTime, Date(timeIntervalSince1970: 1_796_238_000))
    XCTAssertEqual(full.timezone, "Europe/Berlin")
    XCTAssertEqual(full.statusCode, "rescheduled")
    XCTAssertEqual(full.publicSaleStart, Date(timeIntervalSince1970: 1_781_942_400))
    XCTAssertEqual(full.priceRanges.count, 2)
    XCTAssertEqual(full.priceRanges[1].max, nil)
    XCTAssertEqual(full.priceRanges[0].currency, "EUR")
    XCTAssertEqual(full.venues.first?.name, "Columbiahalle")
    XCTAssertEqual(full.venues.first?.addressLine, "Columbiadamm 13-21")
    XCTAssertEqual(full.venues.first?.city, "Berlin")
    XCTAssertEqual(full.venues.first?.countryCode, "DE")
    XCTAssertEqual(full.attractions.map(\.name), ["Phoebe Bridgers", "MUNA"])

    let sparse = page.events[1]
    XCTAssertNil(sparse.localTime)
    XCTAssertNil(sparse.dateTime)
    XCTAssertNil(sparse.timezone)
    XCTAssertEqual(sparse.statusCode, "canceled")
    XCTAssertEqual(sparse.priceRanges, [], "a malformed priceRanges is treated as missing")
    XCTAssertNil(sparse.venues.first?.addressLine)
    XCTAssertEqual(sparse.attractions, [])

    let bare = page.events[2]
    XCTAssertEqual(bare.venues, [])
    XCTAssertNil(bare.localDate)
  }

  func testPageWithoutEmbeddedHasNoEvents() throws {
    let json = """
      {"_links": {"self": {"href": "/discovery/v2/events.json?city=Nowhere"}},
       "page": {"size": 100, "totalElements": 0, "totalPages": 0, "number": 0}}
      """
    let page = try JSONDecoder().decode(TicketmasterEventsPage.self, from: Data(json.utf8))
    XCTAssertEqual(page.events, [])
    XCTAssertEqual(page.page?.totalPages, 0)
  }

  func testBackoffIsFullJitterBoundedAndHonoursAResetWithinReach() {
    let top = BackoffPolicy(baseDelay: 1, maxDelay: 30, random: { $0.upperBound })
    XCTAssertEqual((0..<7).map { top.delay(retry: $0, serverRetryAfter: nil) }, [1, 2, 4, 8, 16, 30, 30])
    let bottom = BackoffPolicy(random: { $0.lowerBound })
    XCTAssertEqual(bottom.delay(retry: 5, serverRetryAfter: nil), 0)
    XCTAssertEqual(top.delay(retry: 0, serverRetryAfter: 12), 13, "reset plus at most a second of jitter")
    XCTAssertNil(top.delay(retry: 0, serverRetryAfter: 86_000), "a reset tomorrow is not waited for")
  }

  func testRateLimiterSpacesRequestsOnAVirtualClock() async throws {
    let clock = VirtualClock()
    let limiter = RequestRateLimiter(
      requestsPerSecond: 5, clock: { clock.now }, sleep: { seconds in clock.advance(seconds) })
    var times: [Double] = []
    for _ in 0..<11 {
      try await limiter.acquire()
      times.append(clock.now)
    }
    XCTAssertEqual(times.first, 0)
    for (earlier, later) in zip(times, times.dropFirst()) {
      XCTAssertGreaterThanOrEqual(later - earlier, 0.2 - 1e-9)
    }
    XCTAssertEqual(times.last ?? 0, 2.0, accuracy: 1e-6, "11 requests at 5/s take 2 s")

    clock.advance(10)
    let before = clock.now
    try await limiter.acquire()
    XCTAssertEqual(clock.now, before, "an idle limiter does not make the next request wait")

    let bursty = RequestRateLimiter(
      requestsPerSecond: 5, burst: 5, clock: { clock.now }, sleep: { seconds in clock.advance(seconds) })
    let start = clock.now
    for _ in 0..<5 { try await bursty.acquire() }
    XCTAssertEqual(clock.now, start)
    try await bursty.acquire()
    XCTAssertEqual(clock.now - start, 0.2, accuracy: 1e-6)
  }

  func testRateLimitHeadersParse() {
    let headers = ["Rate-Limit-Available": " 17 ", "Rate-Limit-Reset": "1795424400000"]
    XCTAssertEqual(TicketmasterEventsClient.available(header: { headers[$0] }), 17)
    XCTAssertEqual(
      TicketmasterEventsClient.resetDate(header: { headers[$0] }), Date(timeIntervalSince1970: 1_795_424_400))
    XCTAssertNil(TicketmasterEventsClient.resetDate(header: { _ in "soon" }))
  }
}

/// A clock that only moves when told to.
final class VirtualClock: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Double = 0

  var now: Double {
    lock.lock()
    defer { lock.unlock() }
    return value
  }

  func advance(_ seconds: Double) {
    lock.lock()
    value += max(0, seconds)
    lock.unlock()
  }
}
