import FlyingFox
import Foundation
import VibesServices

/// One `POST …/events` as the fake saw it, with its JSON body decoded.
public struct TrackerRecordedRequest: Sendable, Equatable {
  public var method: String
  public var path: String
  /// The `X-API-Key` header, if any.
  public var apiKey: String?
  /// What the fake answered (0: the connection was dropped).
  public var status: Int
  /// The body as sent.
  public var rawBody: String
  /// Top-level keys present in the body (to check that an empty `userId` is omitted).
  public var bodyKeys: Set<String>
  public var brandID: String?
  public var userID: String?
  public var event: String?
  public var properties: [String: String]
  public var timestamp: String?

  /// True when the fake accepted the event (2xx).
  public var isAccepted: Bool { (200..<300).contains(status) }
}

/// A loopback stand-in for the tracking API (`POST {apiUrl}/events`, `X-API-Key`), speaking the wire format
/// of Docs/tracker-protocol.md: 202 for an accepted event, 401 for a missing or unknown key, 404 naming the
/// brand for an unknown brand, 422 (FastAPI style) for a body without the required fields.
/// `setOffline(true)` drops every connection until it is set back, which a client sees as a network failure.
public final class FakeTrackerServer: Sendable {
  private let state: TrackerFakeState
  private let server: LoopbackServer
  public let baseURL: URL
  public let port: UInt16

  /// Starts listening on 127.0.0.1 (ephemeral port); returns once the port is known.
  public init(validKeys: Set<String>, validBrands: Set<String>) async throws {
    let state = TrackerFakeState(validKeys: validKeys, validBrands: validBrands)
    self.state = state
    let server = try await LoopbackServer(handler: TrackerFakeHandler(state: state))
    self.server = server
    self.port = server.port
    self.baseURL = server.baseURL
  }

  /// The QC API URL (`{base}/qc/api`) and the Production one (`{base}/production/api`): both land here, and
  /// the recorded path tells which one a client used.
  public var qcURL: URL { baseURL.appendingPathComponent("qc/api") }
  public var productionURL: URL { baseURL.appendingPathComponent("production/api") }

  /// The environment a `vibes` child process needs to talk to this fake.
  public var environment: [String: String] {
    [
      "VIBES_TRACKER_QC_URL": qcURL.absoluteString,
      "VIBES_TRACKER_PRODUCTION_URL": productionURL.absoluteString,
    ]
  }

  public func stop() async {
    await server.stop()
  }

  public func enqueue(_ behaviour: FakeBehaviour) async { await state.enqueue(behaviour) }
  public func setValidKeys(_ keys: Set<String>) async { await state.set(keys: keys) }
  public func setValidBrands(_ brands: Set<String>) async { await state.set(brands: brands) }
  /// While offline every connection is closed without an answer.
  public func setOffline(_ offline: Bool) async { await state.set(offline: offline) }
  public func recordedRequests() async -> [TrackerRecordedRequest] { await state.recorded }
  /// The accepted events' names, in arrival order.
  public func acceptedEvents() async -> [String] {
    await state.recorded.filter(\.isAccepted).compactMap(\.event)
  }
}

actor TrackerFakeState {
  var validKeys: Set<String>
  var validBrands: Set<String>
  var offline = false
  var queue: [FakeBehaviour] = []
  var recorded: [TrackerRecordedRequest] = []
  var nextID = 1

  init(validKeys: Set<String>, validBrands: Set<String>) {
    self.validKeys = validKeys
    self.validBrands = validBrands
  }

  func enqueue(_ behaviour: FakeBehaviour) { queue.append(behaviour) }
  func set(keys: Set<String>) { validKeys = keys }
  func set(brands: Set<String>) { validBrands = brands }
  func set(offline: Bool) { self.offline = offline }
  func record(_ request: TrackerRecordedRequest) { recorded.append(request) }

  func next() -> (
    behaviour: FakeBehaviour?, offline: Bool, keys: Set<String>, brands: Set<String>, id: Int
  ) {
    defer { nextID += 1 }
    let behaviour = queue.isEmpty ? nil : queue.removeFirst()
    return (behaviour, offline, validKeys, validBrands, nextID)
  }
}

private struct TrackerFakeHandler: HTTPHandler {
  let state: TrackerFakeState

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    let data = (try? await request.bodyData) ?? Data()
    let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    let apiKey = request.headers[HTTPHeader("X-API-Key")]
    var record = TrackerRecordedRequest(
      method: request.method.rawValue, path: request.target.path(percentEncoded: true),
      apiKey: apiKey, status: 0,
      rawBody: String(decoding: data, as: UTF8.self), bodyKeys: Set(object?.keys.map { $0 } ?? []),
      brandID: object?["brandId"] as? String, userID: object?["userId"] as? String,
      event: object?["event"] as? String,
      properties: (object?["properties"] as? [String: Any])?.compactMapValues { "\($0)" } ?? [:],
      timestamp: object?["timestamp"] as? String)

    var (behaviour, offline, keys, brands, id) = await state.next()
    if offline || behaviour == .dropConnection {
      await state.record(record)
      return HTTPResponse(webSocket: TrackerDropConnection())
    }
    if case .delay(let seconds) = behaviour {
      try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
      behaviour = nil
    }
    var response = Self.respond(
      method: request.method, path: record.path, apiKey: apiKey, object: object,
      behaviour: behaviour, keys: keys,
      brands: brands, id: id)
    response.headers[.connection] = "close"
    record.status = response.statusCode.code
    await state.record(record)
    return response
  }

  static func respond(
    method: HTTPMethod, path: String, apiKey: String?, object: [String: Any]?,
    behaviour: FakeBehaviour?,
    keys: Set<String>, brands: Set<String>, id: Int
  ) -> HTTPResponse {
    switch behaviour {
    case .status(let code):
      return FakeJSON.response(
        code, ["detail": code >= 500 ? "Internal Server Error" : "Error \(code)"])
    case .invalidKey:
      return FakeJSON.response(401, ["detail": "Invalid API key"])
    case .forbidden:
      return FakeJSON.response(403, ["detail": "API key not allowed for this brand"])
    case .badRequest(let reason):
      return FakeJSON.response(400, ["detail": reason])
    case .quota(let seconds):
      return FakeJSON.response(
        429, ["detail": "Too Many Requests"],
        headers: seconds.map { ["Retry-After": String($0)] } ?? [:])
    case .raw(let status, let body, let contentType):
      return FakeJSON.raw(status, body: body, contentType: contentType)
    case .delay, .dropConnection, nil:
      break
    }
    guard method == .POST, path.hasSuffix("/events") else {
      return FakeJSON.response(404, ["detail": "Not Found"])
    }
    guard let apiKey, keys.contains(apiKey) else {
      return FakeJSON.response(401, ["detail": "Invalid API key"])
    }
    guard let object else {
      return FakeJSON.response(
        422, ["detail": [["type": "json_invalid", "loc": ["body"], "msg": "JSON decode error"]]])
    }
    let missing = ["brandId", "event", "timestamp"].filter {
      (object[$0] as? String)?.isEmpty ?? true
    }
    if !missing.isEmpty {
      return FakeJSON.response(
        422,
        [
          "detail": missing.map {
            ["type": "missing", "loc": ["body", $0], "msg": "Field required"]
          }
        ])
    }
    let brand = object["brandId"] as? String ?? ""
    guard brands.contains(brand) else {
      return FakeJSON.response(404, ["detail": "Brand not found: \(brand)"])
    }
    return FakeJSON.response(202, ["status": "accepted", "id": "evt_\(id)"])
  }
}

/// Throwing while FlyingFox asks for the WebSocket frames closes the connection with nothing sent.
private struct TrackerDropConnection: WSHandler {
  struct Dropped: Error {}
  func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<
    WSFrame
  > {
    throw Dropped()
  }
}
