import FlyingFox
import Foundation
import VibesServices

/// A loopback stand-in for the Gemini API (`generativelanguage.googleapis.com`) speaking its real wire format.
///
/// Serves `GET …/v1beta/models` and `POST …/v1beta/models/{model}:generateContent` (see
/// `FakeGeminiServer+Generation.swift`) under any path prefix. The key is read from `x-goog-api-key` (or `?key=`, which the
/// real API also accepts; tests assert on `recordedRequests()` that clients never use it).
/// Runs in the test process until `stop()`; hand `baseURL` to a `vibes` child process via `VIBES_GEMINI_API_URL`.
public final class FakeGeminiServer: Sendable {
  public static let modelNames = [
    "models/gemini-2.0-flash", "models/gemini-2.5-flash", "models/gemini-2.5-pro",
  ]

  private let state: FakeServerState
  private let server: LoopbackServer
  let generation: FakeGeminiGenerationState

  /// Starts listening on 127.0.0.1 (ephemeral port); returns once the port is known.
  public init(validKeys: Set<String>) async throws {
    let state = FakeServerState(validKeys: validKeys)
    let generation = FakeGeminiGenerationState()
    self.state = state
    self.generation = generation
    self.server = try await LoopbackServer(state: state) { request, behaviour, keys in
      // Scripted generic behaviours (status, quota, raw…) answer any route; otherwise generation is served here.
      if behaviour == nil,
        request.method == .POST, request.path.hasSuffix(":generateContent")
      {
        return try await Self.generate(request, validKeys: keys, state: generation)
      }
      return Self.respond(to: request, behaviour: behaviour, validKeys: keys)
    }
  }

  /// `http://127.0.0.1:PORT`.
  public var baseURL: URL { server.baseURL }
  public var port: UInt16 { server.port }
  /// The environment a `vibes` child process needs to talk to this fake.
  public var environment: [String: String] {
    [ServiceEndpoints.geminiVariable: baseURL.absoluteString]
  }

  public func stop() async { await server.stop() }
  public func enqueue(_ behaviour: FakeBehaviour) async { await state.enqueue(behaviour) }
  public func setValidKeys(_ keys: Set<String>) async { await state.setValidKeys(keys) }
  public func recordedRequests() async -> [RecordedRequest] { await state.recordedRequests() }

  // MARK: - Wire format

  static func respond(to request: HTTPRequest, behaviour: FakeBehaviour?, validKeys: Set<String>)
    -> HTTPResponse
  {
    switch behaviour {
    case .status(let code):
      return statusError(code)
    case .invalidKey:
      return invalidKey()
    case .badRequest(let reason):
      return googleError(
        400, status: "INVALID_ARGUMENT", message: "Request contains an invalid argument.",
        details: [errorInfo(reason: reason)])
    case .forbidden(let reason):
      return googleError(
        403, status: "PERMISSION_DENIED",
        message: "Requests to this API generativelanguage.googleapis.com method "
          + "google.ai.generativelanguage.v1beta.ModelService.ListModels are blocked.",
        details: reason.map { [errorInfo(reason: $0)] } ?? [])
    case .quota(let seconds):
      var details: [[String: Any]] = [
        [
          "@type": "type.googleapis.com/google.rpc.QuotaFailure",
          "violations": [
            [
              "quotaMetric":
                "generativelanguage.googleapis.com/generate_content_free_tier_requests",
              "quotaId": "GenerateRequestsPerMinutePerProjectPerModel-FreeTier",
            ]
          ],
        ],
        [
          "@type": "type.googleapis.com/google.rpc.Help",
          "links": [
            [
              "description": "Learn more about Gemini API quotas",
              "url": "https://ai.google.dev/gemini-api/docs/rate-limits",
            ]
          ],
        ],
      ]
      if let seconds {
        details.append([
          "@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "\(seconds)s",
        ])
      }
      return googleError(
        429, status: "RESOURCE_EXHAUSTED",
        message: "You exceeded your current quota, please check your plan and billing details.",
        details: details)
    case .raw(let status, let body, let contentType):
      return FakeJSON.raw(status, body: body, contentType: contentType)
    case .delay, .dropConnection, nil:
      break
    }

    guard request.method == .GET, request.path.hasSuffix("/v1beta/models") else {
      return googleError(404, status: "NOT_FOUND", message: "Method not found.", details: [])
    }
    let key =
      request.headers[HTTPHeader("x-goog-api-key")]
      ?? FormQuery.value("key", in: request.target.query())
    guard let key, !key.isEmpty else {
      return googleError(
        403, status: "PERMISSION_DENIED",
        message:
          "Method doesn't allow unregistered callers (callers without established identity). "
          + "Please use API Key or other form of API consumer identity to call this API.",
        details: [])
    }
    guard validKeys.contains(key) else { return invalidKey() }

    let pageSize = max(
      1, min(Int(FormQuery.value("pageSize", in: request.target.query()) ?? "") ?? 50, 1000))
    let names = Array(modelNames.prefix(pageSize))
    var body: [String: Any] = ["models": names.map(model)]
    if names.count < modelNames.count {
      body["nextPageToken"] = "Ch5tb2RlbHMvZ2VtaW5pLTIuMC1mbGFzaA=="
    }
    return FakeJSON.response(200, body)
  }

  static func model(_ name: String) -> [String: Any] {
    let id = String(name.dropFirst("models/".count))
    return [
      "name": name,
      "version": "001",
      "displayName": id.replacingOccurrences(of: "-", with: " ").capitalized,
      "description": "Fast and versatile multimodal model.",
      "inputTokenLimit": 1_048_576,
      "outputTokenLimit": 8192,
      "supportedGenerationMethods": ["generateContent", "countTokens", "createCachedContent"],
      "temperature": 1,
      "topP": 0.95,
      "topK": 40,
      "maxTemperature": 2,
    ]
  }

  static func invalidKey() -> HTTPResponse {
    googleError(
      400, status: "INVALID_ARGUMENT", message: "API key not valid. Please pass a valid API key.",
      details: [
        errorInfo(reason: "API_KEY_INVALID"),
        [
          "@type": "type.googleapis.com/google.rpc.LocalizedMessage", "locale": "en-US",
          "message": "API key not valid. Please pass a valid API key.",
        ],
      ])
  }

  static func statusError(_ code: Int) -> HTTPResponse {
    let (status, message): (String, String) =
      switch code {
      case 400: ("INVALID_ARGUMENT", "Request contains an invalid argument.")
      case 401: ("UNAUTHENTICATED", "Request had invalid authentication credentials.")
      case 403: ("PERMISSION_DENIED", "The caller does not have permission")
      case 404: ("NOT_FOUND", "Requested entity was not found.")
      case 429: ("RESOURCE_EXHAUSTED", "Resource has been exhausted (e.g. check quota).")
      case 500:
        (
          "INTERNAL",
          "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting"
        )
      case 503: ("UNAVAILABLE", "The model is overloaded. Please try again later.")
      case 504: ("DEADLINE_EXCEEDED", "Deadline expired before operation could complete.")
      default: ("UNKNOWN", "Unknown error.")
      }
    return googleError(code, status: status, message: message, details: [])
  }

  static func errorInfo(reason: String) -> [String: Any] {
    [
      "@type": "type.googleapis.com/google.rpc.ErrorInfo",
      "reason": reason,
      "domain": "googleapis.com",
      "metadata": ["service": "generativelanguage.googleapis.com"],
    ]
  }

  static func googleError(_ code: Int, status: String, message: String, details: [[String: Any]])
    -> HTTPResponse
  {
    var error: [String: Any] = ["code": code, "message": message, "status": status]
    if !details.isEmpty { error["details"] = details }
    return FakeJSON.response(code, ["error": error])
  }
}
