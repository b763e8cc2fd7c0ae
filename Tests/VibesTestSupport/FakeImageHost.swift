import FlyingFox
import Foundation

/// A loopback image host for artwork tests: `/cover.jpg` (the bytes given), `/huge.jpg` (40 MB announced and
/// sent), `/page.html` (text/html),
/// `/same-host` (302 to /cover.jpg), `/other-host` (302 to the same port as `localhost`, another host name),
/// `/missing` (404). Counts requests per path. (A body that never ends: `FaultServer(.trickle)`.)
public final class FakeImageHost: Sendable {
  private let server: LoopbackServer
  private let log: FakeImageLog

  public init(cover: Data) async throws {
    let log = FakeImageLog()
    self.log = log
    let state = FakeServerState(validKeys: [])
    let portBox = PortBox()
    server = try await LoopbackServer(state: state) { request, _, _ in
      let path = request.target.path(percentEncoded: true)
      await log.note(path)
      var headers = HTTPHeaders()
      switch path {
      case "/cover.jpg":
        headers[.contentType] = "image/jpeg"
        return HTTPResponse(statusCode: .ok, headers: headers, body: cover)
      case "/huge.jpg":
        headers[.contentType] = "image/jpeg"
        return HTTPResponse(statusCode: .ok, headers: headers, body: Data(count: 40 * 1024 * 1024))
      case "/page.html":
        headers[.contentType] = "text/html"
        return HTTPResponse(statusCode: .ok, headers: headers, body: Data("<html></html>".utf8))
      case "/same-host":
        headers[.location] = "/cover.jpg"
        return HTTPResponse(statusCode: .found, headers: headers, body: Data())
      case "/other-host":
        headers[.location] = "http://localhost:\(portBox.port)/cover.jpg"
        return HTTPResponse(statusCode: .found, headers: headers, body: Data())
      default:
        return HTTPResponse(statusCode: .notFound, headers: headers, body: Data())
      }
    }
    portBox.port = server.port
  }

  public var baseURL: URL { server.baseURL }
  public func stop() async { await server.stop() }
  /// Requests seen per path.
  public func count(_ path: String) async -> Int { await log.counts[path, default: 0] }
}

actor FakeImageLog {
  var counts: [String: Int] = [:]
  func note(_ path: String) { counts[path, default: 0] += 1 }
}

private final class PortBox: @unchecked Sendable {
  // @unchecked: written once before the server answers its first request.
  var port: UInt16 = 0
}
