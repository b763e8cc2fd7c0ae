import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension GeminiClient {
  /// The transport timeout generation needs: a thinking model may take a minute for 50 songs. Build the client
  /// used for `generatePlaylist` with `URLSessionTransport(timeout: GeminiClient.generationTimeout)`.
  public static let generationTimeout: TimeInterval = 120
  /// Larger answers are refused unread.
  static let maxReplyBytes = 2_000_000

  /// `POST {base}/v1beta/models/{model}:generateContent` with the key in `x-goog-api-key`, asking for structured
  /// JSON; returns the validated playlist.
  public func generatePlaylist(_ request: GeminiPlaylistRequest, model: String, apiKey: String)
    async throws(GeminiGenerationError) -> GeminiPlaylist
  {
    guard let model = GeminiModelSetting.validModelName(model) else { throw .invalidModelName }
    guard let url = ServiceEndpoints.url(base: baseURL, appending: "/v1beta/models/\(model):generateContent"),
      let body = try? JSONSerialization.data(withJSONObject: request.body, options: [.withoutEscapingSlashes])
    else { throw .service(.network(TransportFailure(.other, host: baseURL.host))) }
    var urlRequest = URLRequest(url: url)
    urlRequest.httpMethod = "POST"
    urlRequest.setValue(apiKey, forHTTPHeaderField: "x-goog-api-key")
    urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
    urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
    urlRequest.httpBody = body

    let data: Data
    let response: HTTPURLResponse
    do {
      (data, response) = try await transport.send(urlRequest)
    } catch {
      throw .service(error)
    }
    guard (200..<300).contains(response.statusCode) else {
      let error = Self.generationError(
        status: response.statusCode, data: data.count <= Self.maxReplyBytes ? data : Data(), model: model,
        retryAfterHeader: response.value(forHTTPHeaderField: "Retry-After"))
      onGeneration?(model, apiKey, error == .quotaExhaustedForToday)
      throw error
    }
    onGeneration?(model, apiKey, false)
    guard data.count <= Self.maxReplyBytes else { throw .service(.invalidResponse) }
    return try GeminiReplyParser.playlist(from: data, for: request)
  }

  /// Maps a non-2xx `generateContent` answer (Google's `{"error":{code,message,status,details}}`).
  static func generationError(status: Int, data: Data, model: String, retryAfterHeader: String?)
    -> GeminiGenerationError
  {
    let error = JSONBody.object(data)?["error"] as? [String: Any]
    let details = (error?["details"] as? [Any])?.compactMap { $0 as? [String: Any] } ?? []
    func detail(_ type: String) -> [String: Any]? {
      details.first { ($0["@type"] as? String)?.hasSuffix(type) == true }
    }
    switch status {
    case 404:
      return .modelNotFound(model: model)
    case 429:
      let violations = (detail("google.rpc.QuotaFailure")?["violations"] as? [Any])?.compactMap {
        ($0 as? [String: Any])?["quotaId"] as? String
      }
      if violations?.contains(where: { $0.localizedCaseInsensitiveContains("PerDay") }) == true {
        return .quotaExhaustedForToday
      }
      let seconds =
        JSONBody.durationSeconds(detail("google.rpc.RetryInfo")?["retryDelay"])
        ?? RetryAfter.seconds(retryAfterHeader)
      return .rateLimitedPerMinute(retryAfterSeconds: seconds)
    default:
      switch Self.error(status: status, data: data, retryAfterHeader: retryAfterHeader) {
      case .invalidCredentials: return .keyRejected
      case .forbidden(let reason): return .keyForbidden(reason: reason)
      case .server(let status): return .serverProblem(status: status)
      case let other: return .service(other)
      }
    }
  }
}
