import Foundation
import VibesTestSupport
import XCTest

@testable import VibesServices

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Firestore's queries and batch gets are POSTs that only read. Before, every POST got a fresh connection of its own
/// with `Connection: close` (so libcurl never re-sends a write on a reused connection, `NonIdempotentResendTests`):
/// a poll of 15 queries opened 15 connections, each with its TCP and TLS handshakes against the real service. Reads
/// now share the pooled connections like a GET; writes (`:commit`, PATCH) still get their own.
final class PooledReadsTests: XCTestCase {
  func testFirestoreReadsShareAConnectionAndWritesGetTheirOwn() async throws {
    let server = try KeepAliveServer()
    defer { server.stop() }
    let client = FirestoreClient(
      projectID: "demo", baseURL: server.baseURL, retryDelays: [], transport: URLSessionTransport(timeout: 5))
    let query = FirestoreQuery(collection: "shares", filters: [.init("senderId", .equal, .string("ada"))])
    for _ in 0..<3 { _ = try await client.runQuery(query, idToken: "token") }
    _ = try await client.batchGet(["users/ada"], idToken: "token")
    XCTAssertEqual(server.requests, 4)
    XCTAssertEqual(server.connections, 1, "the four reads went on one kept-alive connection")
    XCTAssertEqual(server.closeAsked, 0, "a read does not ask for its connection to be closed")

    try await client.commit(
      [.update(path: "users/ada", fields: ["name": .string("Ada")], mask: nil, precondition: nil)], idToken: "token")
    XCTAssertEqual(server.requests, 5)
    XCTAssertEqual(server.connections, 2, "the write went on a connection of its own")
    XCTAssertEqual(server.closeAsked, 1, "and asked for it to be closed")
  }

  func testAPostIsRepeatableOnlyWhenTheCallerSaysSo() async throws {
    let server = try KeepAliveServer()
    defer { server.stop() }
    let transport = URLSessionTransport(timeout: 5)
    var post = URLRequest(url: server.baseURL.appendingPathComponent("v1/thing"))
    post.httpMethod = "POST"
    post.httpBody = Data("{}".utf8)
    _ = try await transport.send(post)
    _ = try await transport.send(post)
    XCTAssertEqual(server.connections, 2, "a plain POST: a connection each")
    XCTAssertEqual(server.closeAsked, 2)
    _ = try await transport.send(post, repeatable: true)
    _ = try await transport.send(post, repeatable: true)
    XCTAssertEqual(server.connections, 3, "repeatable POSTs: one pooled connection for both")
    XCTAssertEqual(server.closeAsked, 2)
  }
}

/// A raw HTTP/1.1 server on 127.0.0.1 that keeps every connection alive (unless the request asks to close it) and
/// answers each request `200` with an empty Firestore query answer. Counts connections, requests and requests that
/// asked for `Connection: close`.
final class KeepAliveServer: @unchecked Sendable {
  // @unchecked: the counts are read and written only under `lock`.
  private let lock = NSLock()
  private var served = 0
  private var closes = 0
  private var server: RawTCPListener!

  var baseURL: URL { URL(string: "http://127.0.0.1:\(server.port)")! }
  var connections: Int { server.connections }
  var requests: Int { lock.withLock { served } }
  var closeAsked: Int { lock.withLock { closes } }

  init() throws {
    server = try RawTCPListener(address: "127.0.0.1") { [unowned self] connection in serve(connection) }
  }

  func stop() { server.stop() }

  private func serve(_ connection: Int32) {
    var buffer = [UInt8]()
    while let request = RawHTTPRequest.read(from: connection, buffer: &buffer) {
      lock.withLock {
        served += 1
        if request.asksClose { closes += 1 }
      }
      let body = #"[{"readTime":"2026-12-02T00:00:00Z"}]"#
      let answer =
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
        + "Connection: \(request.asksClose ? "close" : "keep-alive")\r\n\r\n" + body
      _ = Array(answer.utf8).withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
      if request.asksClose { return }
    }
  }
}
