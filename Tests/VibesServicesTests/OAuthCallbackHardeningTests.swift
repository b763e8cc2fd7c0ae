import Foundation
import XCTest

@testable import VibesServices

#if canImport(Glibc)
  import Glibc
#endif

/// A callback carrying both `code` and `error` is refused; an oversized request cannot hold up others.
final class OAuthCallbackHardeningTests: XCTestCase {
  func testACallbackWithBothCodeAndErrorIsNotASuccess() async throws {
    let listener = try await OAuthCallbackListener(port: 0, expectedState: "right-state")
    let waiter = Task { await listener.outcome(timeout: 10) }
    let answer = try await RawHTTP.rawRequest(
      port: listener.port,
      "GET /callback?code=SMUGGLED-CODE&error=server_error&state=right-state HTTP/1.1\r\n"
        + "Host: 127.0.0.1\r\n\r\n")
    XCTAssertFalse(answer.contains("SMUGGLED-CODE"))
    let outcome = await waiter.value
    XCTAssertEqual(outcome, .failed(error: "server_error"), "the code must not be used")
  }

  func testAccessDeniedWithACodeIsDenied() async throws {
    let listener = try await OAuthCallbackListener(port: 0, expectedState: "s")
    let waiter = Task { await listener.outcome(timeout: 10) }
    _ = try await RawHTTP.rawRequest(
      port: listener.port, "GET /callback?error=access_denied&code=C&state=s HTTP/1.1\r\nHost: x\r\n\r\n")
    let outcome = await waiter.value
    XCTAssertEqual(outcome, .denied)
  }

  func testThePastedRedirectWithBothCodeAndErrorIsAnError() {
    XCTAssertEqual(
      SpotifyRedirectParser.parse("http://127.0.0.1/callback?code=C0de&error=server_error&state=S", expectedState: "S"),
      .error("server_error"))
    XCTAssertEqual(
      SpotifyRedirectParser.parse(
        "http://127.0.0.1/callback?error=access_denied&code=C0de&state=S", expectedState: "S"),
      .denied)
  }

  /// Issue 15: FlyingFox's header-line parsing was quadratic (measured: 4 KB 0.25 s, 16 KB 3.7 s, 32 KB over 5 s),
  /// so a 64 KB header kept the old server busy for about a minute and starved the real callback. The hand-written
  /// listener caps the head at 8 KiB (431) and reads each connection on its own thread with a deadline.
  func testAHugeOrStalledHeaderDoesNotDelayOtherRequests() async throws {
    let listener = try await OAuthCallbackListener(port: 0, expectedState: "right-state")
    defer { Task { await listener.close() } }
    let port = listener.port
    let big = String(repeating: "a", count: 64 * 1024)
    // One client sends a 64 KB header and finishes; another sends 64 KB and then stalls mid-header.
    let bigRequest = "GET /favicon.ico HTTP/1.1\r\nX-Big: \(big)\r\n\r\n"
    let complete = Task.detached { try? await RawHTTP.rawRequest(port: port, bigRequest) }
    let stalled = try RawHTTP.connect(port: port)
    defer { close(stalled) }
    _ = big.withCString { send(stalled, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    let clock = ContinuousClock()
    let start = clock.now
    let answer = try await RawHTTP.rawRequest(port: port, "GET /favicon.ico HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    let elapsed = clock.now - start
    XCTAssertTrue(answer.hasPrefix("HTTP/1.1 404"), answer)
    XCTAssertLessThan(elapsed, .seconds(1), "a normal request waited \(elapsed)")
    _ = await complete.value
    // The real callback still gets through.
    let good = try await RawHTTP.rawRequest(
      port: port, "GET /callback?code=GOOD&state=right-state HTTP/1.1\r\nHost: x\r\n\r\n")
    XCTAssertTrue(good.hasPrefix("HTTP/1.1 200"), good)
  }
}

/// Raw HTTP over a blocking socket (a receive timeout bounds every read).
enum RawHTTP {
  static func connect(port: UInt16) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      close(fd)
      throw POSIXError(.ECONNREFUSED)
    }
    return fd
  }

  /// Sends `request` and reads the answer until the server closes or 5 s pass. The blocking socket calls run
  /// on their own thread, never on the cooperative pool the server itself needs.
  static func rawRequest(port: UInt16, _ request: String) async throws -> String {
    let fd = try RawHTTP.connect(port: port)
    return await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(returning: exchange(fd, request))
      }
    }
  }

  private static func exchange(_ fd: Int32, _ request: String) -> String {
    defer { close(fd) }
    let bytes = Array(request.utf8)
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard count > 0 else { break }
      sent += count
    }
    var answer = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { break }
      answer += buffer[0..<count]
      if isComplete(answer) { break }
    }
    return String(decoding: answer, as: UTF8.self)
  }

  /// Whether `answer` holds a whole response: headers and as many body bytes as Content-Length says.
  private static func isComplete(_ answer: [UInt8]) -> Bool {
    let text = String(decoding: answer, as: UTF8.self)
    guard let end = text.range(of: "\r\n\r\n") else { return false }
    let head = text[..<end.lowerBound].lowercased()
    guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
      let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
    else { return false }
    return text.utf8.count - text[..<end.upperBound].utf8.count >= length
  }
}
