import FlyingFox
import Foundation

/// One demo service on 127.0.0.1 (on `port`, or an ephemeral one for 0); answers with `respond` until `stop()`.
final class DemoServer: Sendable {
  typealias Respond = @Sendable (DemoRequest) async -> HTTPResponse

  let baseURL: URL
  private let server: HTTPServer
  private let runTask: Task<Void, Never>

  init(port: UInt16 = 0, _ respond: @escaping Respond) async throws {
    let server = HTTPServer(
      address: try .inet(ip4: "127.0.0.1", port: port), timeout: 60, logger: .disabled,
      handler: DemoHandler(respond: respond))
    self.server = server
    self.runTask = Task { try? await server.run() }
    try await server.waitUntilListening(timeout: 10)
    guard case .ip4(_, let port) = await server.listeningAddress else {
      await server.stop()
      throw URLError(.cannotConnectToHost)
    }
    baseURL = URL(string: "http://127.0.0.1:\(port)")!
  }

  func stop() async {
    await server.stop(timeout: 0)
    runTask.cancel()
    await runTask.value
  }
}

/// A request as the demo services read it: method, path, decoded query and form, headers, body.
struct DemoRequest: Sendable {
  var method: String
  var path: String
  var query: [String: String]
  /// The query as sent (for parameters that repeat, like Firestore's `updateMask.fieldPaths`).
  var rawQuery = ""
  var headers: [String: String]
  var body: Data

  /// The decoded JSON body, if it is an object.
  var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
  /// The decoded form body (`application/x-www-form-urlencoded`).
  var form: [String: String] { DemoRequest.decode(String(decoding: body, as: UTF8.self)) }

  static func decode(_ raw: String) -> [String: String] {
    var result: [String: String] = [:]
    for item in raw.split(separator: "&") {
      let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      func unescape(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
      }
      let name = unescape(parts[0])
      if result[name] == nil { result[name] = parts.count > 1 ? unescape(parts[1]) : "" }
    }
    return result
  }
}

private struct DemoHandler: HTTPHandler {
  let respond: DemoServer.Respond

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    var headers: [String: String] = [:]
    for (name, value) in request.headers { headers[name.rawValue.lowercased()] = value }
    let body = (try? await request.bodyData) ?? Data()
    let rawQuery = request.target.query(percentEncoded: true)
    let demo = DemoRequest(
      method: request.method.rawValue, path: request.target.path(percentEncoded: true),
      query: DemoRequest.decode(rawQuery), rawQuery: rawQuery, headers: headers, body: body)
    var response = await respond(demo)
    response.headers[.connection] = "close"
    return response
  }
}

/// JSON answers in the services' shapes.
enum DemoJSON {
  static func response(_ status: Int, _ object: Any, headers extra: [String: String] = [:]) -> HTTPResponse {
    var headers = HTTPHeaders()
    headers[.contentType] = "application/json; charset=utf-8"
    for (name, value) in extra { headers[HTTPHeader(name)] = value }
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
      ?? Data("{}".utf8)
    return HTTPResponse(
      statusCode: HTTPStatusCode(status, phrase: status < 300 ? "OK" : "Error"), headers: headers,
      body: data)
  }

  static func empty(_ status: Int) -> HTTPResponse {
    HTTPResponse(statusCode: HTTPStatusCode(status, phrase: "OK"), headers: HTTPHeaders(), body: Data())
  }

  static func redirect(to location: String) -> HTTPResponse {
    var headers = HTTPHeaders()
    headers[.location] = location
    return HTTPResponse(statusCode: .found, headers: headers, body: Data())
  }
}
