import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Result of a Ticketmaster key check: how many events the city has (0 is a valid answer).
public struct TicketmasterCheck: Sendable, Equatable {
  public var totalEvents: Int
  public init(totalEvents: Int) { self.totalEvents = totalEvents }
  /// The largest event count taken as it is.
  public static let maxTotalEvents = 1_000_000
}

/// Ticketmaster Discovery API v2 client (key validation).
///
/// The key travels in the query string (the API allows nothing else), so no URL built here may ever reach a message
/// or a log; errors are mapped to `ServiceError`, which carries none.
public struct TicketmasterClient: Sendable {
  public static let defaultBaseURL = URL(string: "https://app.ticketmaster.com")!

  public let baseURL: URL
  private let transport: any HTTPTransport

  public init(baseURL: URL = defaultBaseURL, transport: any HTTPTransport = URLSessionTransport()) {
    self.baseURL = baseURL
    self.transport = transport
  }

  /// `GET {base}/discovery/v2/events.json?apikey=…&city=…&size=1`. A 200 without `_embedded` means a valid key and
  /// zero events. With an `area` the count is of the place the Feed searches (a point and a radius), not the name.
  public func validate(apiKey: String, city: String, area: TicketmasterArea? = nil) async throws(ServiceError)
    -> TicketmasterCheck
  {
    let query = [("apikey", apiKey)] + TicketmasterArea.query(city: city, area: area) + [("size", "1")]
    guard
      let url = ServiceEndpoints.url(
        base: baseURL, appending: "/discovery/v2/events.json", query: query)
    else {
      throw .network(TransportFailure(.other, host: baseURL.host))
    }
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let (data, response) = try await transport.send(request)
    return try Self.check(
      status: response.statusCode, data: data, header: response.value(forHTTPHeaderField:))
  }

  static func check(
    status: Int, data: Data, header: (String) -> String?, now: Date = Date()
  ) throws(ServiceError) -> TicketmasterCheck {
    guard (200..<300).contains(status) else {
      throw error(status: status, data: data, header: header, now: now)
    }
    guard let body = JSONBody.object(data) else { throw .invalidResponse }
    if let page = body["page"] as? [String: Any], let total = JSONBody.int(page["totalElements"]),
      total >= 0
    {
      // A count past any city's is not drawn as it came (issue 21).
      return TicketmasterCheck(totalEvents: min(total, TicketmasterCheck.maxTotalEvents))
    }
    if let embedded = body["_embedded"] as? [String: Any], let events = embedded["events"] as? [Any] {
      return TicketmasterCheck(totalEvents: events.count)
    }
    if body["_embedded"] == nil, body["_links"] != nil {
      return TicketmasterCheck(totalEvents: 0)
    }
    throw .invalidResponse
  }

  /// Maps an Apigee-style fault (`{"fault":{"faultstring","detail":{"errorcode"}}}`) and status to a `ServiceError`.
  static func error(status: Int, data: Data, header: (String) -> String?, now: Date) -> ServiceError {
    let fault = JSONBody.object(data)?["fault"] as? [String: Any]
    let errorCode = (fault?["detail"] as? [String: Any])?["errorcode"] as? String
    switch status {
    case 401:
      return .invalidCredentials
    case 403:
      return .forbidden(reason: ServiceError.sanitizedReason(errorCode))
    case 429:
      return .rateLimited(retryAfterSeconds: retryAfterSeconds(header: header, now: now))
    case 500..<600:
      return .server(status: status)
    default:
      return .unexpectedStatus(status)
    }
  }

  /// `Retry-After` (delta seconds or an HTTP date) if present, else `Rate-Limit-Reset`, which Ticketmaster sends as an epoch
  /// timestamp in milliseconds (epoch seconds and small delta-seconds values are accepted too).
  static func retryAfterSeconds(header: (String) -> String?, now: Date) -> Int? {
    if let value = RetryAfter.seconds(header("Retry-After"), now: now) { return value }
    guard
      let raw = header("Rate-Limit-Reset").flatMap({
        Double($0.trimmingCharacters(in: .whitespaces))
      }),
      raw.isFinite, raw >= 0
    else { return nil }
    let delta: Double
    if raw >= 1e11 {
      delta = raw / 1000 - now.timeIntervalSince1970
    } else if raw >= 1e9 {
      delta = raw - now.timeIntervalSince1970
    } else {
      delta = raw
    }
    // A daily quota's reset may be hours away (and is worth saying), but never more than a day.
    return RetryAfter.clamped(delta, maximum: RetryAfter.maxQuotaResetSeconds)
  }
}
