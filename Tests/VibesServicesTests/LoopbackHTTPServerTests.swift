import Foundation
import XCTest

@testable import VibesServices

#if canImport(Glibc)
  import Glibc
#endif

/// The hand-written loopback listener behind the OAuth callback: head cap, per-connection deadline, GET only,
/// linear parsing, and a port released on stop.
final class LoopbackHTTPServerTests: XCTestCase {
  func echoPath() throws -> LoopbackHTTPServer {
    try LoopbackHTTPServer(port: 0, limits: .init(maxHeadBytes: 1024, headDeadline: 0.5)) { request in
      LoopbackResponse(status: request.path == "/ok" ? 200 : 404, html: "<p>\(request.queryItems.count)</p>")
    }
  }

  func testAHeadPastTheCapIsAnswered431AndClosed() async throws {
    let server = try echoPath()
    let answer = try await RawHTTP.rawRequest(
      port: server.port, "GET /ok HTTP/1.1\r\nX-Big: \(String(repeating: "a", count: 4096))\r\n\r\n")
    XCTAssertTrue(answer.hasPrefix("HTTP/1.1 431 "), answer)
    await server.stop()
  }

  func testAStalledClientIsDroppedAtTheDeadlineWhileOthersAreServed() async throws {
    let server = try echoPath()
    let stalled = try RawHTTP.connect(port: server.port)
    defer { close(stalled) }
    _ = "GET /ok HTTP/1.1\r\nX-Slow: ".withCString { send(stalled, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    let answer = try await RawHTTP.rawRequest(port: server.port, "GET /ok?a=1&b=%20 HTTP/1.1\r\nHost: x\r\n\r\n")
    XCTAssertTrue(answer.hasPrefix("HTTP/1.1 200 "), answer)
    XCTAssertTrue(answer.hasSuffix("<p>2</p>"), answer)
    // The stalled connection is closed without an answer once its 0.5 s are up.
    let start = Date()
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = recv(stalled, &buffer, buffer.count, 0)
    XCTAssertEqual(count, 0, "closed, not answered")
    XCTAssertLessThan(Date().timeIntervalSince(start), 2)
    await server.stop()
  }

  func testOnlyGETOfTheCallbackCountsAndGarbageIs400() async throws {
    let listener = try await OAuthCallbackListener(port: 0, expectedState: "st")
    let post = try await RawHTTP.rawRequest(
      port: listener.port, "POST /callback?code=C&state=st HTTP/1.1\r\nContent-Length: 0\r\n\r\n")
    XCTAssertTrue(post.hasPrefix("HTTP/1.1 404 "), post)
    let garbage = try await RawHTTP.rawRequest(port: listener.port, "\u{1B}]0;title\u{07} nonsense\r\n\r\n")
    XCTAssertTrue(garbage.hasPrefix("HTTP/1.1 400 "), garbage)
    XCTAssertFalse(garbage.contains("nonsense") || garbage.contains("\u{1B}"), "the request is never echoed")
    let good = try await RawHTTP.rawRequest(
      port: listener.port, "GET /callback?code=GOOD&state=st HTTP/1.1\r\nHost: x\r\n\r\n")
    XCTAssertTrue(good.hasPrefix("HTTP/1.1 200 "), good)
    let outcome = await listener.outcome(timeout: 5)
    XCTAssertEqual(outcome, .code("GOOD"))
  }

  /// Issue 21, item 10: 32 idle local connections filled every slot, so the browser's real redirect was closed at
  /// accept for 5 s. The oldest connection still waiting for its head now gives up its slot to a new one.
  func testIdleConnectionsInEverySlotDoNotBlockTheRealCallback() async throws {
    let listener = try await OAuthCallbackListener(port: 0, expectedState: "st")
    var idle: [Int32] = []
    defer { for socket in idle { close(socket) } }
    for _ in 0..<40 { idle.append(try RawHTTP.connect(port: listener.port)) }
    // Let the accept loop take them all (each then holds a slot, waiting for a head that never comes).
    try await Task.sleep(nanoseconds: 300_000_000)
    let start = Date()
    let good = try await RawHTTP.rawRequest(
      port: listener.port, "GET /callback?code=REAL&state=st HTTP/1.1\r\nHost: x\r\n\r\n")
    XCTAssertTrue(good.hasPrefix("HTTP/1.1 200 "), "the real callback was not served: \(good.prefix(80))")
    XCTAssertLessThan(Date().timeIntervalSince(start), 2, "served at once, not after the idle ones' 5 s")
    let outcome = await listener.outcome(timeout: 5)
    XCTAssertEqual(outcome, .code("REAL"))
  }

  func testAFloodOfIdleConnectionsKeepsTheServerWithinItsLimit() async throws {
    let server = try LoopbackHTTPServer(port: 0, limits: .init(headDeadline: 5, maxConnections: 4)) { _ in
      LoopbackResponse(status: 200, html: "ok")
    }
    var idle: [Int32] = []
    defer { for socket in idle { close(socket) } }
    for _ in 0..<12 { idle.append(try RawHTTP.connect(port: server.port)) }
    try await Task.sleep(nanoseconds: 300_000_000)
    XCTAssertLessThanOrEqual(server.openConnections, 4, "evicted connections are closed, not kept")
    // The oldest eight were closed by the server (end of file, no answer); the newest four still wait.
    var closed = 0
    for fd in idle {
      var pollFD = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      if poll(&pollFD, 1, 0) > 0 { closed += 1 }
    }
    XCTAssertEqual(closed, 8)
    let answer = try await RawHTTP.rawRequest(port: server.port, "GET /x HTTP/1.1\r\n\r\n")
    XCTAssertTrue(answer.hasPrefix("HTTP/1.1 200 "), answer)
    await server.stop()
  }

  func testStopReleasesThePortAtOnce() async throws {
    let server = try echoPath()
    let port = server.port
    XCTAssertTrue(server.isListening)
    await server.stop()
    XCTAssertFalse(server.isListening)
    XCTAssertThrowsError(try RawHTTP.connect(port: port), "nothing listens after stop")
    let again = try LoopbackHTTPServer(port: port) { _ in LoopbackResponse(status: 200, html: "") }
    XCTAssertEqual(again.port, port, "the same port can be bound again")
    await again.stop()
  }

  func testTheRequestLineIsParsedInOnePass() {
    let head = Array("GET /callback?code=a%2Bb&state=s+t&code=second#frag HTTP/1.1\r\nHost: x".utf8)
    let request = LoopbackRequest.parse(head: head[...])
    XCTAssertEqual(request?.method, "GET")
    XCTAssertEqual(request?.path, "/callback")
    XCTAssertEqual(request?.queryItems, ["code": "a+b", "state": "s t"], "the first of a repeated name wins")
    XCTAssertNil(LoopbackRequest.parse(head: Array("GET /x".utf8)[...]))
    XCTAssertNil(LoopbackRequest.parse(head: Array("GET x HTTP/1.1".utf8)[...]))
    // A megabyte-long target is parsed in well under a second (the old server was quadratic in header length).
    let long = Array(("GET /callback?code=" + String(repeating: "x", count: 1_000_000) + " HTTP/1.1").utf8)
    let start = Date()
    XCTAssertEqual(LoopbackRequest.parse(head: long[...])?.queryItems["code"]?.count, 1_000_000)
    XCTAssertLessThan(Date().timeIntervalSince(start), 1)
  }
}
