import Foundation
import VibesTestSupport
import XCTest

@testable import VibesServices

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Issue 21 item 3: libcurl (under URLSession) re-sends a request whose reused keep-alive connection closes
/// before any answer byte. A server answers a GET with keep-alive and then drops the connection when the next
/// request (a POST) arrives on it. Before, the POST went out on the reused connection and libcurl opened a
/// second connection to send it again (here that re-send stalled, so the call hung to its 5 s bound; against
/// Spotify it went through: tracks added twice). POSTs now go on a fresh connection of their own with
/// `Connection: close`: the server sees each once, no connection is opened for a re-send, and the failure is
/// reported at once.
final class NonIdempotentResendTests: XCTestCase {
  func testAPostIsNeverSentTwiceWhenTheServerDropsTheConnection() async throws {
    let server = try DroppingServer()
    defer { server.stop() }
    let transport = URLSessionTransport(timeout: 5)
    for round in 0..<3 {
      var get = URLRequest(url: server.baseURL.appendingPathComponent("v1/me/playlists"))
      get.httpMethod = "GET"
      let (_, response) = try await transport.send(get)
      XCTAssertEqual(response.statusCode, 200)
      var post = URLRequest(url: server.baseURL.appendingPathComponent("v1/users/ada/playlists"))
      post.httpMethod = "POST"
      post.httpBody = Data(#"{"name":"Round \#(round)"}"#.utf8)
      post.setValue("application/json", forHTTPHeaderField: "Content-Type")
      let started = Date()
      do {
        _ = try await transport.send(post)
        XCTFail("the server never answers a POST")
      } catch {}
      XCTAssertLessThan(Date().timeIntervalSince(started), 2, "round \(round): failed at once, no re-send")
      XCTAssertEqual(server.count("POST"), round + 1, "round \(round): each POST reached the server once")
    }
    usleep(300_000)
    XCTAssertEqual(server.idleConnections, 0, "no connection was opened for a re-send")
    XCTAssertTrue(server.postsAskedToClose, "a POST asks for its connection to be closed")
  }
}

/// A raw HTTP/1.1 server on 127.0.0.1: answers GET with a keep-alive 200, reads a POST whole and then closes
/// the connection without a byte of answer. Counts requests per method.
final class DroppingServer: @unchecked Sendable {
  // @unchecked: the counts are read and written only under `lock`.
  private let lock = NSLock()
  private var counts: [String: Int] = [:]
  private var closeHeaders = true
  private var idle = 0
  private var server: RawTCPListener!
  /// Connections that closed without carrying a whole request (a re-send that never got out).
  var idleConnections: Int { lock.withLock { idle } }

  var baseURL: URL { URL(string: "http://127.0.0.1:\(server.port)")! }

  func count(_ method: String) -> Int { lock.withLock { counts[method] ?? 0 } }
  var postsAskedToClose: Bool { lock.withLock { closeHeaders } }

  init() throws {
    server = try RawTCPListener(address: "127.0.0.1") { [unowned self] connection in serve(connection) }
  }

  func stop() { server.stop() }

  private func serve(_ connection: Int32) {
    var buffer = [UInt8]()
    var served = 0
    defer { if served == 0 { lock.withLock { idle += 1 } } }
    while let request = RawHTTPRequest.read(from: connection, buffer: &buffer) {
      served += 1
      lock.withLock {
        counts[request.method, default: 0] += 1
        if request.method == "POST" && !request.asksClose { closeHeaders = false }
      }
      if request.method == "POST" { return }  // dropped: no answer at all
      let body = "{}"
      let answer =
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
        + "Connection: keep-alive\r\n\r\n" + body
      _ = Array(answer.utf8).withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
    }
  }
}
