import FlyingFox
import Foundation

/// The demo Gemini, Ticketmaster, App Store Connect and tracking API: any non-empty key is accepted, the
/// answers have the real services' shapes and fixed contents.
enum DemoServices {
  // MARK: Gemini

  static func gemini(_ request: DemoRequest) -> HTTPResponse {
    let key = request.headers["x-goog-api-key"] ?? request.query["key"] ?? ""
    guard !key.isEmpty else {
      return googleError(403, "PERMISSION_DENIED", "Method doesn't allow unregistered callers.")
    }
    if request.method == "GET", request.path.hasSuffix("/v1beta/models") {
      let model: [String: Any] = [
        "name": "models/gemini-flash-latest", "displayName": "Gemini Flash Latest", "version": "001",
        "supportedGenerationMethods": ["generateContent", "countTokens"],
      ]
      return DemoJSON.response(200, ["models": [model]])
    }
    guard request.method == "POST", request.path.hasSuffix(":generateContent") else {
      return googleError(404, "NOT_FOUND", "Method not found.")
    }
    let config = request.json?["generationConfig"] as? [String: Any]
    let schema = (config?["responseJsonSchema"] as? [String: Any])?["properties"] as? [String: Any]
    let songsSchema = schema?["songs"] as? [String: Any]
    let count = (songsSchema?["maxItems"] as? Int) ?? (songsSchema?["minItems"] as? Int) ?? 10
    let prompt = String(decoding: request.body, as: UTF8.self)
    let songs = DemoCatalog.songs.filter { !prompt.contains("\\\"\($0.title)\\\"") }.prefix(max(0, count))
      .map { ["title": $0.title, "artist": $0.artist] }
    let playlist: [String: Any] = [
      "name": "Neon Night Drive", "description": "Synths and slow beats for driving after dark.",
      "songs": Array(songs),
    ]
    let text = String(
      decoding: (try? JSONSerialization.data(withJSONObject: playlist, options: [.sortedKeys])) ?? Data(),
      as: UTF8.self)
    let model = request.path.split(separator: "/").last.map { String($0.dropLast(":generateContent".count)) } ?? ""
    return DemoJSON.response(
      200,
      [
        "candidates": [
          ["content": ["parts": [["text": text]], "role": "model"], "finishReason": "STOP", "index": 0]
        ],
        "usageMetadata": ["promptTokenCount": 120, "candidatesTokenCount": 400, "totalTokenCount": 520],
        "modelVersion": model, "responseId": "demo",
      ])
  }

  static func googleError(_ code: Int, _ status: String, _ message: String) -> HTTPResponse {
    DemoJSON.response(code, ["error": ["code": code, "message": message, "status": status]])
  }

  // MARK: Ticketmaster

  static func ticketmaster(_ request: DemoRequest) -> HTTPResponse {
    guard request.method == "GET", request.path.hasSuffix("/discovery/v2/events.json") else {
      return DemoJSON.response(404, ["errors": [["code": "DIS1004", "detail": "Resource not found", "status": "404"]]])
    }
    guard let key = request.query["apikey"], !key.isEmpty else {
      return DemoJSON.response(
        401, ["fault": ["faultstring": "Failed to resolve API Key variable request.queryparam.apikey"]])
    }
    let city = request.query["city"].flatMap { $0.isEmpty ? nil : $0 } ?? "Berlin"
    let concerts = DemoCatalog.concerts
    let size = max(0, min(Int(request.query["size"] ?? "") ?? 20, 200))
    let number = max(0, Int(request.query["page"] ?? "") ?? 0)
    let first = number * size
    let shown = size == 0 ? [] : Array(concerts.indices.dropFirst(first).prefix(size))
    var body: [String: Any] = [
      "page": [
        "size": size, "totalElements": concerts.count,
        "totalPages": size == 0 ? 0 : (concerts.count + size - 1) / size, "number": number,
      ]
    ]
    if !shown.isEmpty {
      body["_embedded"] = ["events": shown.map { event($0, city: city) }]
    }
    return DemoJSON.response(
      200, body, headers: ["Rate-Limit": "5000", "Rate-Limit-Available": "4999", "Rate-Limit-Over": "0"])
  }

  static func event(_ index: Int, city: String) -> [String: Any] {
    let concert = DemoCatalog.concerts[index]
    let id = String(format: "demoEvent%04d", index)
    return [
      "name": concert.name, "type": "event", "id": id, "url": "https://www.ticketmaster.com/event/\(id)",
      "locale": "en-us",
      "dates": [
        "start": ["localDate": concert.date, "localTime": "20:00:00", "dateTime": "\(concert.date)T19:00:00Z"],
        "status": ["code": "onsale"],
      ],
      "classifications": [["primary": true, "segment": ["id": "KZFzniwnSyZfZ7v7nJ", "name": "Music"]]],
      "priceRanges": [["type": "standard", "currency": "EUR", "min": 35.0, "max": 69.0]],
      "_embedded": [
        "venues": [["name": concert.venue, "city": ["name": city], "address": ["line1": "Demo Street 1"]]],
        "attractions": [["name": concert.name, "id": "demoAttraction\(index)"]],
      ],
    ]
  }

  // MARK: App Store Connect

  static func appStoreConnect(_ request: DemoRequest) -> HTTPResponse {
    guard (request.headers["authorization"] ?? "").hasPrefix("Bearer ") else {
      return ascError(401, "NOT_AUTHORIZED", "Authentication credentials are missing or invalid.")
    }
    guard request.method == "GET", request.path.hasSuffix("/v1/apps") else {
      return ascError(404, "NOT_FOUND", "The specified resource does not exist")
    }
    let apps: [(String, String, String)] = [
      ("1500000001", "vibes Companion", "com.example.vibes"), ("1500000002", "Night Drive Radio", "com.example.radio"),
    ]
    return DemoJSON.response(
      200,
      [
        "data": apps.map { app in
          [
            "type": "apps", "id": app.0,
            "attributes": ["name": app.1, "bundleId": app.2, "sku": app.2.uppercased(), "primaryLocale": "en-US"],
          ] as [String: Any]
        },
        "links": ["self": "http://127.0.0.1/v1/apps"],
        "meta": ["paging": ["total": apps.count, "limit": 50]],
      ])
  }

  static func ascError(_ status: Int, _ code: String, _ title: String) -> HTTPResponse {
    DemoJSON.response(status, ["errors": [["status": String(status), "code": code, "title": title, "detail": ""]]])
  }

  // MARK: Tracking API

  static func tracker(_ request: DemoRequest, sequence: Int) -> HTTPResponse {
    guard request.method == "POST", request.path.hasSuffix("/events") else {
      return DemoJSON.response(404, ["detail": "Not Found"])
    }
    guard !(request.headers["x-api-key"] ?? "").isEmpty else {
      return DemoJSON.response(401, ["detail": "Invalid API key"])
    }
    guard let object = request.json else {
      return DemoJSON.response(
        422, ["detail": [["type": "json_invalid", "loc": ["body"], "msg": "JSON decode error"]]])
    }
    let missing = ["brandId", "event", "timestamp"].filter { (object[$0] as? String)?.isEmpty ?? true }
    guard missing.isEmpty else {
      return DemoJSON.response(
        422, ["detail": missing.map { ["type": "missing", "loc": ["body", $0], "msg": "Field required"] }])
    }
    return DemoJSON.response(202, ["status": "accepted", "id": "evt_demo_\(sequence)"])
  }
}
