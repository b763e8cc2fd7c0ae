import FlyingFox
import Foundation

/// How the fake answers the next `generateContent` call.
public enum FakeGeminiGenerationMode: Sendable, Equatable {
  /// Exactly as many songs as the request's schema asks for (`maxItems`, else `minItems`, else 10).
  case normal
  /// A candidate with `finishReason: SAFETY` and no content.
  case safetyBlock
  /// No candidates; `promptFeedback.blockReason = PROHIBITED_CONTENT`.
  case promptBlocked
  /// `finishReason: MAX_TOKENS` with no content (thinking used the whole budget).
  case maxTokensWithoutContent
  /// Text that is not JSON (prose around an object).
  case malformedJSON
  /// The right number of entries, all the same song.
  case duplicateSongs
  /// 404 NOT_FOUND as for an unknown or shut-down model.
  case modelNotFound
  /// 429 with a per-minute `QuotaFailure` and `RetryInfo.retryDelay` of that many seconds.
  case quotaPerMinute(retryDelaySeconds: Int)
  /// 429 with a per-day `QuotaFailure` (and a long RetryInfo, as the real API sends).
  case quotaPerDay
  /// 500 INTERNAL.
  case serverError
  /// A normal 200 answer whose model text is exactly this (e.g. a playlist JSON with hostile names).
  case answerText(String)
}

/// The generation side's mutable state: scripted modes, latency, recorded bodies.
actor FakeGeminiGenerationState {
  private var modes: [FakeGeminiGenerationMode] = []
  private(set) var latency: Double = 0
  private(set) var bodies: [Data] = []

  func enqueue(_ mode: FakeGeminiGenerationMode) { modes.append(mode) }
  func setLatency(_ seconds: Double) { latency = max(0, seconds) }
  func begin(body: Data) -> (FakeGeminiGenerationMode, Double) {
    bodies.append(body)
    return (modes.isEmpty ? .normal : modes.removeFirst(), latency)
  }
}

extension FakeGeminiServer {
  /// Models `generateContent` knows; any other name answers 404 as the real API does.
  public static let generationModels: Set<String> = [
    "gemini-flash-latest", "gemini-flash-lite-latest", "gemini-2.5-flash", "gemini-2.5-pro", "gemini-3-flash-preview",
  ]

  /// A small deterministic catalog the fake picks songs from, in order (title, artist).
  public static let catalog: [(title: String, artist: String)] = [
    ("Midnight City", "M83"), ("Dreams", "Fleetwood Mac"), ("Heroes", "David Bowie"),
    ("Teardrop", "Massive Attack"), ("Digital Love", "Daft Punk"), ("Nightcall", "Kavinsky"),
    ("Everything In Its Right Place", "Radiohead"), ("Windowlicker", "Aphex Twin"), ("Intro", "The xx"),
    ("Strobe", "deadmau5"), ("Breathe", "Télépopmusik"), ("Glory Box", "Portishead"),
    ("Kids", "MGMT"), ("Electric Feel", "MGMT"), ("Oblivion", "Grimes"), ("Archangel", "Burial"),
    ("Genesis", "Justice"), ("Innerbloom", "RÜFÜS DU SOL"), ("Cola", "Arlo Parks"), ("Bloodbuzz Ohio", "The National"),
    ("Motion Sickness", "Phoebe Bridgers"), ("Retrograde", "James Blake"), ("Holocene", "Bon Iver"),
    ("Lua", "Bright Eyes"), ("Svefn-g-englar", "Sigur Rós"), ("An Ending (Ascent)", "Brian Eno"),
    ("Two Weeks", "Grizzly Bear"), ("Space Song", "Beach House"), ("Sweet Disposition", "The Temper Trap"),
    ("Jóga", "Björk"),
  ]

  /// Scripts the next `generateContent` answer (one mode per call; then `.normal` again).
  public func enqueueGeneration(_ mode: FakeGeminiGenerationMode) async { await generation.enqueue(mode) }
  /// Waits this long before every `generateContent` answer (e.g. 0.1 for benches).
  public func setGenerationLatency(_ seconds: Double) async { await generation.setLatency(seconds) }
  /// The raw JSON bodies of every `generateContent` request, in order.
  public func recordedGenerationBodies() async -> [Data] { await generation.bodies }

  static func generate(_ request: HTTPRequest, validKeys: Set<String>, state: FakeGeminiGenerationState)
    async throws -> HTTPResponse
  {
    let body = try await request.bodyData
    let (mode, latency) = await state.begin(body: body)
    if latency > 0 { try await Task.sleep(nanoseconds: UInt64(latency * 1_000_000_000)) }

    let key = request.headers[HTTPHeader("x-goog-api-key")] ?? FormQuery.value("key", in: request.target.query())
    guard let key, !key.isEmpty else {
      return googleError(
        403, status: "PERMISSION_DENIED",
        message: "Method doesn't allow unregistered callers (callers without established identity). "
          + "Please use API Key or other form of API consumer identity to call this API.",
        details: [])
    }
    guard validKeys.contains(key) else { return invalidKey() }

    let path = request.path
    let model = path.split(separator: "/").last.map { String($0.dropLast(":generateContent".count)) } ?? ""
    if mode == .modelNotFound || !generationModels.contains(model) {
      return googleError(
        404, status: "NOT_FOUND",
        message: "models/\(model) is not found for API version v1beta, or is not supported for generateContent. "
          + "Call ListModels to see the list of available models and their supported methods.",
        details: [])
    }
    guard let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
      let contents = json["contents"] as? [Any], !contents.isEmpty
    else {
      return googleError(
        400, status: "INVALID_ARGUMENT", message: "Invalid JSON payload received.", details: [])
    }
    let config = json["generationConfig"] as? [String: Any]
    let schema = config?["responseJsonSchema"] as? [String: Any]
    let songsSchema = (schema?["properties"] as? [String: Any])?["songs"] as? [String: Any]
    let count = (songsSchema?["maxItems"] as? Int) ?? (songsSchema?["minItems"] as? Int) ?? 10
    let prompt = promptText(json)

    switch mode {
    case .quotaPerMinute(let seconds):
      return quotaError(quotaID: "GenerateRequestsPerMinutePerProjectPerModel-FreeTier", retryDelay: "\(seconds)s")
    case .quotaPerDay:
      return quotaError(quotaID: "GenerateRequestsPerDayPerProjectPerModel-FreeTier", retryDelay: "43200s")
    case .serverError:
      return statusError(500)
    case .promptBlocked:
      return FakeJSON.response(
        200, ["promptFeedback": ["blockReason": "PROHIBITED_CONTENT"], "usageMetadata": usage(thoughts: 0)])
    case .safetyBlock:
      return FakeJSON.response(
        200,
        envelope(
          model: model,
          candidate: [
            "finishReason": "SAFETY", "index": 0,
            "safetyRatings": [["category": "HARM_CATEGORY_HATE_SPEECH", "probability": "HIGH", "blocked": true]],
          ]))
    case .maxTokensWithoutContent:
      return FakeJSON.response(
        200,
        envelope(model: model, candidate: ["content": ["role": "model"], "finishReason": "MAX_TOKENS", "index": 0]))
    case .malformedJSON:
      return FakeJSON.response(200, answer(model: model, text: "Sure! Here is your playlist: {\"name\": \"Late"))
    case .duplicateSongs:
      let songs = Array(repeating: ["title": "Heroes", "artist": "David Bowie"], count: count)
      return FakeJSON.response(200, answer(model: model, text: playlistText(songs: songs)))
    case .answerText(let text):
      return FakeJSON.response(200, answer(model: model, text: text))
    case .normal, .modelNotFound:
      let songs = pickSongs(count: count, avoiding: prompt).map { ["title": $0.title, "artist": $0.artist] }
      return FakeJSON.response(200, answer(model: model, text: playlistText(songs: songs)))
    }
  }

  /// The user turns' text, joined.
  static func promptText(_ json: [String: Any]) -> String {
    let contents = (json["contents"] as? [Any])?.compactMap { $0 as? [String: Any] } ?? []
    return contents.flatMap { ($0["parts"] as? [Any])?.compactMap { ($0 as? [String: Any])?["text"] as? String } ?? [] }
      .joined(separator: "\n")
  }

  /// `count` catalog songs in order, skipping any whose quoted title already appears in the prompt (grow requests
  /// list the playlist's songs); synthetic "Song N" entries once the catalog runs out.
  static func pickSongs(count: Int, avoiding prompt: String) -> [(title: String, artist: String)] {
    var songs = catalog.filter { !prompt.contains("\"\($0.title)\"") }
    var next = 1
    while songs.count < count {
      let title = "Song \(next)"
      if !prompt.contains("\"\(title)\"") { songs.append((title, "Artist \(next)")) }
      next += 1
    }
    return Array(songs.prefix(max(0, count)))
  }

  static func playlistText(songs: [[String: String]]) -> String {
    let object: [String: Any] = [
      "name": "Neon Night Drive", "description": "Synths and slow beats for driving after dark.", "songs": songs,
    ]
    return String(decoding: FakeJSON.data(object), as: UTF8.self)
  }

  static func answer(model: String, text: String) -> [String: Any] {
    envelope(
      model: model,
      candidate: [
        "content": ["parts": [["text": text]], "role": "model"], "finishReason": "STOP", "index": 0,
      ])
  }

  static func envelope(model: String, candidate: [String: Any]) -> [String: Any] {
    [
      "candidates": [candidate], "usageMetadata": usage(thoughts: 812), "modelVersion": model,
      "responseId": "fAkE-rEsP",
    ]
  }

  static func usage(thoughts: Int) -> [String: Any] {
    [
      "promptTokenCount": 123, "candidatesTokenCount": 456, "totalTokenCount": 579 + thoughts,
      "thoughtsTokenCount": thoughts,
    ]
  }

  static func quotaError(quotaID: String, retryDelay: String) -> HTTPResponse {
    googleError(
      429, status: "RESOURCE_EXHAUSTED",
      message: "You exceeded your current quota, please check your plan and billing details.",
      details: [
        [
          "@type": "type.googleapis.com/google.rpc.QuotaFailure",
          "violations": [
            [
              "quotaMetric": "generativelanguage.googleapis.com/generate_content_free_tier_requests",
              "quotaId": quotaID,
              "quotaDimensions": ["location": "global", "model": "gemini-2.5-flash"],
              "quotaValue": "10",
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
        ["@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": retryDelay],
      ])
  }
}
