import FlyingFox
import Foundation

/// One request as the fake saw it on the wire.
public struct RecordedRequest: Sendable, Equatable {
  /// e.g. "GET".
  public var method: String
  /// The raw (percent-encoded) path, e.g. "/prefix/v1beta/models".
  public var path: String
  /// The raw (percent-encoded) query string without the "?", e.g. "apikey=K&city=S%C3%A3o%20Paulo&size=1".
  public var query: String
  /// Header names lowercased.
  public var headers: [String: String]

  public init(method: String, path: String, query: String, headers: [String: String]) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
  }

  /// The decoded query items, in order, decoded as the real services' servers do (`+` is a space, then
  /// percent-decoding), so a client that leaves `+` or `&` unencoded is caught.
  public var queryItems: [(name: String, value: String)] { FormQuery.decode(query) }

  /// The first decoded value for `name`, if any.
  public func queryValue(_ name: String) -> String? {
    queryItems.first { $0.name == name }?.value
  }
}

enum FormQuery {
  /// Splits a raw query string on `&`, each item on its first `=`, and decodes `+` and percent escapes.
  static func decode(_ raw: String) -> [(name: String, value: String)] {
    raw.split(separator: "&", omittingEmptySubsequences: true).map { item in
      let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let value = parts.count > 1 ? unescape(parts[1]) : ""
      return (unescape(parts[0]), value)
    }
  }

  /// The first decoded value of `name` in `raw`.
  static func value(_ name: String, in raw: String) -> String? {
    decode(raw).first { $0.name == name }?.value
  }

  private static func unescape(_ text: Substring) -> String {
    let spaced = text.replacingOccurrences(of: "+", with: " ")
    return spaced.removingPercentEncoding ?? spaced
  }
}

/// A scripted response. Each enqueued behaviour answers exactly one request (whatever its key); when the queue is
/// empty the fake answers as the real service would.
public enum FakeBehaviour: Sendable, Equatable {
  /// The given status with the service's usual error body for it (e.g. 500, 503, 404; 400 without API_KEY_INVALID).
  case status(Int)
  /// The service's invalid-key answer (Gemini 400 API_KEY_INVALID, Ticketmaster 401 InvalidApiKey).
  case invalidKey
  /// Gemini: 400 INVALID_ARGUMENT whose ErrorInfo carries `reason`. Ticketmaster: 400 with `reason` as errorcode.
  case badRequest(reason: String)
  /// 403 (Gemini PERMISSION_DENIED with an ErrorInfo reason such as "API_KEY_SERVICE_BLOCKED"; Ticketmaster fault).
  case forbidden(reason: String?)
  /// 429 (Gemini RESOURCE_EXHAUSTED with RetryInfo "Ns"; Ticketmaster Rate-Limit headers with a reset N s ahead).
  case quota(retryDelaySeconds: Int?)
  /// Wait, then answer normally.
  case delay(seconds: Double)
  /// Close the connection without sending a single byte.
  case dropConnection
  /// Exactly this status and body (e.g. garbage with 200).
  case raw(status: Int, body: String, contentType: String = "application/json; charset=UTF-8")
}

/// Mutable state shared by a fake's request handler and its test-facing API.
actor FakeServerState {
  var validKeys: Set<String>
  private var queue: [FakeBehaviour] = []
  private var recorded: [RecordedRequest] = []

  init(validKeys: Set<String>) { self.validKeys = validKeys }

  func setValidKeys(_ keys: Set<String>) { validKeys = keys }
  func enqueue(_ behaviour: FakeBehaviour) { queue.append(behaviour) }
  func recordedRequests() -> [RecordedRequest] { recorded }

  /// Records the request and pops the next scripted behaviour (nil: answer normally).
  func begin(_ request: RecordedRequest) -> (FakeBehaviour?, Set<String>) {
    recorded.append(request)
    return (queue.isEmpty ? nil : queue.removeFirst(), validKeys)
  }
}

/// A FlyingFox server on 127.0.0.1 with an ephemeral port, running in its own Task until `stop()`.
final class LoopbackServer: Sendable {
  typealias Responder =
    @Sendable (HTTPRequest, FakeBehaviour?, Set<String>) async throws -> HTTPResponse

  let baseURL: URL
  let port: UInt16
  private let server: HTTPServer
  private let runTask: Task<Void, Never>

  convenience init(state: FakeServerState, responder: @escaping Responder) async throws {
    try await self.init(handler: FakeHandler(state: state, responder: responder))
  }

  /// Serves any FlyingFox handler (fakes with their own routing, like the tracking API's).
  init(handler: some HTTPHandler) async throws {
    let server = HTTPServer(
      address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 300, logger: .disabled,
      handler: handler)
    self.server = server
    self.runTask = Task { try? await server.run() }
    try await server.waitUntilListening(timeout: 10)
    guard case .ip4(_, let port) = await server.listeningAddress else {
      await server.stop()
      throw URLError(.cannotConnectToHost)
    }
    self.port = port
    self.baseURL = URL(string: "http://127.0.0.1:\(port)")!
  }

  func stop() async {
    await server.stop(timeout: 0)
    runTask.cancel()
    await runTask.value
  }
}

private struct FakeHandler: HTTPHandler {
  let state: FakeServerState
  let responder: LoopbackServer.Responder

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    var headers: [String: String] = [:]
    for (name, value) in request.headers {
      let key = name.rawValue.lowercased()
      headers[key] = headers[key].map { "\($0), \(value)" } ?? value
    }
    let recorded = RecordedRequest(
      method: request.method.rawValue,
      path: request.target.path(percentEncoded: true),
      query: request.target.query(percentEncoded: true),
      headers: headers)
    var (behaviour, keys) = await state.begin(recorded)
    if case .delay(let seconds) = behaviour {
      try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
      behaviour = nil
    }
    if case .dropConnection = behaviour {
      return HTTPResponse(webSocket: DropConnectionHandler())
    }
    var response = try await responder(request, behaviour, keys)
    // No keep-alive: each request gets a fresh connection, so a scripted drop is never retried by the client
    // on a reused connection.
    response.headers[.connection] = "close"
    return response
  }
}

/// FlyingFox asks a WebSocket handler for its frames before it writes the 101 header; throwing there closes the
/// connection with nothing sent, which is exactly a dropped connection.
private struct DropConnectionHandler: WSHandler {
  struct Dropped: Error {}
  func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<
    WSFrame
  > {
    throw Dropped()
  }
}

enum FakeJSON {
  static func data(_ object: Any) -> Data {
    (try? JSONSerialization.data(
      withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
  }

  static func response(
    _ status: Int, _ object: Any, headers extra: [String: String] = [:],
    contentType: String = "application/json; charset=UTF-8"
  ) -> HTTPResponse {
    var headers = HTTPHeaders()
    headers[.contentType] = contentType
    for (name, value) in extra { headers[HTTPHeader(name)] = value }
    return HTTPResponse(statusCode: statusCode(status), headers: headers, body: data(object))
  }

  static func raw(_ status: Int, body: String, contentType: String) -> HTTPResponse {
    var headers = HTTPHeaders()
    headers[.contentType] = contentType
    return HTTPResponse(statusCode: statusCode(status), headers: headers, body: Data(body.utf8))
  }

  static func statusCode(_ code: Int) -> HTTPStatusCode {
    let phrases: [Int: String] = [
      200: "OK", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
      429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway",
      503: "Service Unavailable",
      504: "Gateway Timeout",
    ]
    return HTTPStatusCode(code, phrase: phrases[code] ?? "Status")
  }
}
