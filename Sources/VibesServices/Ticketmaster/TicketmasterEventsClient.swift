import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What one search for a city's music events brought back.
public struct TicketmasterEventsResult: Sendable, Hashable {
  /// Events in the order Ticketmaster sorted them (date ascending), without duplicates.
  public var events: [TicketmasterEvent]
  /// `page.totalElements` of the first page: how many events the city has in all.
  public var totalElements: Int
  /// `Rate-Limit-Available` of the last answer: calls left today.
  public var rateLimitAvailable: Int?
  /// `Rate-Limit-Reset` of the last answer: when the daily quota resets.
  public var rateLimitReset: Date?
  /// True when paging stopped early because the daily quota ran out.
  public var stoppedByQuota: Bool
}

/// Where to search around instead of by city name: a point and a radius in kilometres.
public struct TicketmasterArea: Sendable, Hashable {
  public var latitude: Double
  public var longitude: Double
  public var radiusKm: Int

  /// The radius used when none was chosen.
  public static let defaultRadiusKm = 50

  public init(latitude: Double, longitude: Double, radiusKm: Int = defaultRadiusKm) {
    self.latitude = latitude
    self.longitude = longitude
    self.radiusKm = max(1, min(radiusKm, 19_999))
  }

  /// "52.5244,13.4105".
  var latlong: String { String(format: "%.4f,%.4f", latitude, longitude) }

  /// Where a search looks: `latlong=…&radius=…&unit=km` around `area`, else `city=…` by name.
  static func query(city: String, area: TicketmasterArea?) -> [(String, String)] {
    area.map { [("latlong", $0.latlong), ("radius", String($0.radiusKm)), ("unit", "km")] } ?? [("city", city)]
  }
}

/// Ticketmaster Discovery API v2 event search: music events in a city, paged, rate limited and backed off.
///
/// The key travels in the query string, so no URL built here reaches an error, a log or a description; failures are
/// `ServiceError`s, which carry none.
public struct TicketmasterEventsClient: Sendable {
  /// Events per page.
  public static let pageSize = 100
  /// The API serves only up to the 1000th item (size × page < 1000).
  public static let deepPagingLimit = 1_000
  /// Largest response body read (a page of 100 events is ~300 KB).
  public static let maxBodyBytes = 8 * 1024 * 1024

  public let baseURL: URL
  private let transport: any HTTPTransport
  private let limiter: RequestRateLimiter
  private let backoff: BackoffPolicy
  private let sleep: RequestRateLimiter.Sleep
  private let now: @Sendable () -> Date

  /// Share one `limiter` between clients that use the same key: the 5 requests/second limit is per key.
  public init(
    baseURL: URL = TicketmasterClient.defaultBaseURL, transport: any HTTPTransport = URLSessionTransport(),
    limiter: RequestRateLimiter = RequestRateLimiter(), backoff: BackoffPolicy = BackoffPolicy(),
    sleep: @escaping RequestRateLimiter.Sleep = RequestRateLimiter.taskSleep,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.baseURL = baseURL
    self.transport = transport
    self.limiter = limiter
    self.backoff = backoff
    self.sleep = sleep
    self.now = now
  }

  /// `GET {base}/discovery/v2/events.json?apikey=…&city=…&classificationName=music&sort=date,asc&size=100&page=N`
  /// for N = 0, 1, … until `maxEvents` (capped at 500), the last page, or the deep-paging limit. With an `area`,
  /// `latlong=…&radius=…&unit=km` replace `city=…` (the city is known from the shipped list).
  public func musicEvents(apiKey: String, city: String, area: TicketmasterArea? = nil, maxEvents: Int = 500)
    async throws(ServiceError)
    -> TicketmasterEventsResult
  {
    let wanted = max(0, min(maxEvents, 500))
    var result = TicketmasterEventsResult(
      events: [], totalElements: 0, rateLimitAvailable: nil, rateLimitReset: nil, stoppedByQuota: false)
    var seen = Set<String>()
    var page = 0
    while result.events.count < wanted, (page + 1) * Self.pageSize <= Self.deepPagingLimit {
      let answer = try await fetchPage(apiKey: apiKey, city: city, area: area, page: page)
      if page == 0 {
        let total = answer.page.page?.totalElements ?? answer.page.events.count
        result.totalElements = min(max(0, total), TicketmasterCheck.maxTotalEvents)
      }
      for event in answer.page.events where result.events.count < wanted && seen.insert(event.id).inserted {
        result.events.append(event)
      }
      result.rateLimitAvailable = answer.available ?? result.rateLimitAvailable
      result.rateLimitReset = answer.reset ?? result.rateLimitReset
      let totalPages = answer.page.page?.totalPages ?? (answer.page.events.isEmpty ? 0 : page + 1)
      if answer.page.events.isEmpty || page + 1 >= totalPages { break }
      if let available = answer.available, available <= 0 {
        result.stoppedByQuota = true
        break
      }
      page += 1
    }
    return result
  }

  private struct PageAnswer {
    var page: TicketmasterEventsPage
    var available: Int?
    var reset: Date?
  }

  private func fetchPage(apiKey: String, city: String, area: TicketmasterArea?, page: Int) async throws(ServiceError)
    -> PageAnswer
  {
    let query =
      [("apikey", apiKey)] + TicketmasterArea.query(city: city, area: area) + [
        ("classificationName", "music"), ("sort", "date,asc"), ("size", String(Self.pageSize)),
        ("page", String(page)),
      ]
    guard let url = ServiceEndpoints.url(base: baseURL, appending: "/discovery/v2/events.json", query: query)
    else { throw .network(TransportFailure(.other, host: baseURL.host)) }
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.setValue("application/json", forHTTPHeaderField: "Accept")

    var attempt = 0
    while true {
      attempt += 1
      do {
        try await limiter.acquire()
      } catch {
        throw .cancelled
      }
      let (data, response) = try await transport.send(request)
      let header = response.value(forHTTPHeaderField:)
      let status = response.statusCode
      if (200..<300).contains(status) {
        guard data.count <= Self.maxBodyBytes else { throw .invalidResponse }
        let decoded: TicketmasterEventsPage
        do {
          decoded = try JSONDecoder().decode(TicketmasterEventsPage.self, from: data)
        } catch {
          throw .invalidResponse
        }
        return PageAnswer(
          page: decoded, available: Self.available(header: header), reset: Self.resetDate(header: header))
      }
      let failure = Self.failure(status: status, data: data, header: header, now: now())
      guard failure.retryable, attempt < backoff.maxAttempts,
        let wait = backoff.delay(retry: attempt - 1, serverRetryAfter: failure.serverWait)
      else {
        throw failure.error
      }
      do {
        try await sleep(wait)
      } catch {
        throw .cancelled
      }
    }
  }

  /// The error for a failed answer, whether it is worth retrying (429, quota violation, 502/503/504), and the
  /// server's wait when it gave one.
  static func failure(status: Int, data: Data, header: (String) -> String?, now: Date) -> (
    error: ServiceError, retryable: Bool, serverWait: TimeInterval?
  ) {
    let fault = JSONBody.object(data)?["fault"] as? [String: Any]
    let errorCode = (fault?["detail"] as? [String: Any])?["errorcode"] as? String
    let isRateLimit =
      status == 429 || errorCode == "policies.ratelimit.QuotaViolation"
      || errorCode == "policies.ratelimit.SpikeArrestViolation"
    if isRateLimit {
      let seconds = TicketmasterClient.retryAfterSeconds(header: header, now: now)
      return (.rateLimited(retryAfterSeconds: seconds), true, seconds.map(TimeInterval.init))
    }
    let error = TicketmasterClient.error(status: status, data: data, header: header, now: now)
    return (error, [502, 503, 504].contains(status), nil)
  }

  static func available(header: (String) -> String?) -> Int? {
    header("Rate-Limit-Available").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
  }

  /// `Rate-Limit-Reset` as a date (epoch milliseconds; epoch seconds accepted).
  static func resetDate(header: (String) -> String?) -> Date? {
    guard let raw = header("Rate-Limit-Reset").flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }),
      raw.isFinite, raw >= 1e9
    else { return nil }
    return Date(timeIntervalSince1970: raw >= 1e11 ? raw / 1000 : raw)
  }
}
