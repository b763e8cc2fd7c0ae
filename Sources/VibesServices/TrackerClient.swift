import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why the tracking API did not accept an event. No case carries the key, the URL or a body.
public enum TrackerClientError: Error, Equatable, Sendable {
  /// No HTTP answer (refused, unresolvable, dropped, timed out, TLS, proxy), with the host.
  case network(TransportFailure)
  /// 401 or 403.
  case invalidAPIKey(status: Int)
  /// 404 or 422 whose body names the brand.
  case invalidBrand(status: Int)
  /// 5xx.
  case server(status: Int)
  /// 429: the API asks to slow down; seconds from `Retry-After` (delta seconds or an HTTP date) when given.
  case rateLimited(retryAfterSeconds: Int?)
  /// Any other non-2xx.
  case rejected(status: Int)
  /// An answer came but could not be read: its body ran past the cap (or was cut off).
  case unreadableAnswer
  case cancelled
}

extension TrackerClientError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .network(let problem): return problem.errorDescription ?? "The tracking API could not be reached."
    case .invalidAPIKey(let status): return "The tracking API rejected the key (HTTP \(status))."
    case .invalidBrand(let status):
      return "The tracking API does not know the brand (HTTP \(status))."
    case .server(let status): return "The tracking API had a problem (HTTP \(status))."
    case .rateLimited(let seconds?): return "The tracking API is limiting requests; try again in \(seconds) s."
    case .rateLimited(nil): return "The tracking API is limiting requests; try again later."
    case .rejected(let status): return "The tracking API refused the event (HTTP \(status))."
    case .unreadableAnswer: return "The tracking API sent an answer that could not be read."
    case .cancelled: return "The request was cancelled."
    }
  }
}

/// One event body as it goes on the wire (see Docs/tracker-protocol.md).
public struct TrackerWireEvent: Sendable, Equatable {
  public var brandID: String
  /// Omitted from the body when empty.
  public var userID: String
  public var event: String
  public var properties: [String: String]
  public var timestamp: Date

  public init(
    brandID: String, userID: String, event: String, properties: [String: String], timestamp: Date
  ) {
    self.brandID = brandID
    self.userID = userID
    self.event = event
    self.properties = properties
    self.timestamp = timestamp
  }

  /// `{"brandId","userId"?,"event","properties","timestamp"}` with an ISO 8601 UTC timestamp (milliseconds).
  public func jsonData() -> Data {
    var body: [String: Any] = [
      "brandId": brandID, "event": event, "properties": properties,
      "timestamp": Self.timestampString(timestamp),
    ]
    if !userID.isEmpty { body["userId"] = userID }
    return
      (try? JSONSerialization.data(
        withJSONObject: body, options: [.sortedKeys, .withoutEscapingSlashes]))
      ?? Data()
  }

  public static func timestampString(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: date)
  }
}

/// The tracking API: `POST {apiUrl}/events` with `X-API-Key`. Any 2xx is accepted.
public struct TrackerClient: Sendable {
  public let apiURL: URL
  private let transport: any HTTPTransport

  public init(apiURL: URL, transport: any HTTPTransport = URLSessionTransport(timeout: 10)) {
    self.apiURL = apiURL
    self.transport = transport
  }

  /// Sends one event body; returns the 2xx status, or throws the classified failure.
  @discardableResult
  public func send(apiKey: String, body: Data) async throws(TrackerClientError) -> Int {
    guard let url = ServiceEndpoints.url(base: apiURL, appending: "/events") else {
      throw .network(TransportFailure(.other, host: apiURL.host))
    }
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.setValue(apiKey, forHTTPHeaderField: "X-API-Key")
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.httpBody = body
    let data: Data
    let response: HTTPURLResponse
    do {
      (data, response) = try await transport.send(request)
    } catch {
      switch error {
      case .cancelled: throw .cancelled
      case .network(let problem): throw .network(problem)
      case .invalidResponse: throw .unreadableAnswer
      default: throw .network(TransportFailure(.other, host: apiURL.host))
      }
    }
    let retryAfter = RetryAfter.seconds(response.value(forHTTPHeaderField: "Retry-After"))
    if let failure = Self.classify(status: response.statusCode, body: data, retryAfterSeconds: retryAfter) {
      throw failure
    }
    return response.statusCode
  }

  @discardableResult
  public func send(apiKey: String, event: TrackerWireEvent) async throws(TrackerClientError) -> Int {
    try await send(apiKey: apiKey, body: event.jsonData())
  }

  /// nil for 2xx; otherwise the failure class. A 404/422 counts as a brand problem only when its body
  /// names the brand (`brand`, any case, e.g. `brandId` in a validation error).
  static func classify(status: Int, body: Data, retryAfterSeconds: Int? = nil) -> TrackerClientError? {
    switch status {
    case 200..<300: return nil
    case 401, 403: return .invalidAPIKey(status: status)
    case 404, 422:
      let text = String(decoding: body.prefix(64 * 1024), as: UTF8.self).lowercased()
      return text.contains("brand") ? .invalidBrand(status: status) : .rejected(status: status)
    case 429: return .rateLimited(retryAfterSeconds: retryAfterSeconds)
    case 500..<600: return .server(status: status)
    default: return .rejected(status: status)
    }
  }
}
