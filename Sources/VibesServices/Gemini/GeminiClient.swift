import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Google Gemini API client (key validation).
public struct GeminiClient: Sendable {
  public static let defaultBaseURL = URL(string: "https://generativelanguage.googleapis.com")!

  public let baseURL: URL
  let transport: any HTTPTransport
  /// Told after every `generateContent` request Google answered (any status): the model, the key (to count
  /// requests per key; the observer must not keep it) and whether the answer said the daily quota is used up.
  /// Never the prompt or the answer.
  public var onGeneration: (@Sendable (_ model: String, _ apiKey: String, _ dailyQuotaExhausted: Bool) -> Void)?

  public init(baseURL: URL = defaultBaseURL, transport: any HTTPTransport = URLSessionTransport()) {
    self.baseURL = baseURL
    self.transport = transport
  }

  /// `GET {base}/v1beta/models?pageSize=1` with the key in the `x-goog-api-key` header (never in the URL).
  /// Returns normally when the key works.
  public func validate(apiKey: String) async throws(ServiceError) {
    guard
      let url = ServiceEndpoints.url(
        base: baseURL, appending: "/v1beta/models", query: [("pageSize", "1")])
    else { throw .network(TransportFailure(.other, host: baseURL.host)) }
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.setValue(apiKey, forHTTPHeaderField: "x-goog-api-key")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let (data, response) = try await transport.send(request)
    try Self.checkModelsResponse(status: response.statusCode, data: data, headers: response)
  }

  static func checkModelsResponse(status: Int, data: Data, headers: HTTPURLResponse?)
    throws(ServiceError)
  {
    if (200..<300).contains(status) {
      // proto3 JSON omits an empty list, so `{}` is a valid (empty) page; anything else must carry `models`.
      guard let body = JSONBody.object(data),
        body["models"] is [Any] || body.keys.allSatisfy({ $0 == "nextPageToken" })
      else { throw .invalidResponse }
      return
    }
    throw error(
      status: status, data: data,
      retryAfterHeader: headers?.value(forHTTPHeaderField: "Retry-After"))
  }

  /// Maps a Google API error (`{"error":{"code","message","status","details":[...]}}`) to a `ServiceError`.
  static func error(status: Int, data: Data, retryAfterHeader: String?) -> ServiceError {
    let error = JSONBody.object(data)?["error"] as? [String: Any]
    let details = (error?["details"] as? [Any])?.compactMap { $0 as? [String: Any] } ?? []
    let reasons = details.compactMap { $0["reason"] as? String }
    switch status {
    case 400:
      return reasons.contains("API_KEY_INVALID") ? .invalidCredentials : .unexpectedStatus(400)
    case 401:
      return .invalidCredentials
    case 403:
      return .forbidden(reason: ServiceError.sanitizedReason(reasons.first))
    case 429:
      let retryInfo = details.first {
        ($0["@type"] as? String)?.hasSuffix("google.rpc.RetryInfo") == true
      }
      let seconds =
        JSONBody.durationSeconds(retryInfo?["retryDelay"])
        ?? RetryAfter.seconds(retryAfterHeader)
      return .rateLimited(retryAfterSeconds: seconds)
    case 500..<600:
      return .server(status: status)
    default:
      return .unexpectedStatus(status)
    }
  }
}
