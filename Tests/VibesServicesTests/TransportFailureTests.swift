import Foundation
import VibesTestSupport
import XCTest

@testable import VibesServices

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// Real failures against loopback (and an unresolvable name): each names its kind and the host, never the URL.
final class TransportFailureTests: XCTestCase {
  func problem(_ url: URL, timeout: TimeInterval = 3) async -> ServiceError? {
    do {
      _ = try await URLSessionTransport(timeout: timeout).send(URLRequest(url: url))
      return nil
    } catch {
      return error
    }
  }

  func testRefusedLoopbackPortIsConnectionRefused() async throws {
    let closed = try await closedLoopbackURL()
    let error = await problem(closed.appendingPathComponent("v1"))
    XCTAssertEqual(error, .network(TransportFailure(.connectionRefused, host: "127.0.0.1")))
  }

  func testUnresolvableHostIsHostNotFound() async {
    let error = await problem(URL(string: "http://nonexistent.invalid/x?key=SECRET")!, timeout: 8)
    XCTAssertEqual(error, .network(TransportFailure(.hostNotFound, host: "nonexistent.invalid")))
    XCTAssertFalse(String(describing: error).contains("SECRET"))
  }

  func testServerThatNeverAnswersTimesOut() async throws {
    let listener = try SilentListener()
    defer { listener.close() }
    let start = Date()
    let error = await problem(URL(string: "http://127.0.0.1:\(listener.port)/never")!, timeout: 0.5)
    XCTAssertEqual(error, .network(TransportFailure(.timedOut, host: "127.0.0.1")))
    XCTAssertLessThan(Date().timeIntervalSince(start), 4)
  }

  func testHTTPSAgainstAPlainHTTPPortIsATLSFailure() async throws {
    let fake = try await FakeGeminiServer(validKeys: [])
    defer { Task { await fake.stop() } }
    let https = URL(string: "https://127.0.0.1:\(fake.port)/v1beta/models")!
    let error = await problem(https)
    XCTAssertEqual(error, .network(TransportFailure(.secureConnectionFailed, host: "127.0.0.1")))
  }

  /// Foundation on Linux reports these exactly so (captured from libcurl with `http_proxy` set).
  func testProxyFailureIsToldApartFromTheTargetHost() {
    func linuxError(_ code: Int, _ message: String) -> NSError {
      let underlying = NSError(domain: NSURLErrorDomain, code: code, userInfo: [NSLocalizedDescriptionKey: message])
      return NSError(
        domain: NSURLErrorDomain, code: code,
        userInfo: [NSLocalizedDescriptionKey: message, NSUnderlyingErrorKey: underlying])
    }
    let unresolvedProxy = linuxError(-1, "Could not resolve proxy: proxy.corp.invalid")
    XCTAssertEqual(
      ServiceError.from(unresolvedProxy, host: "example.com"),
      .network(TransportFailure(.proxyFailed, host: "example.com")))
    let refusedProxy = linuxError(-1004, "Failed to connect to 127.0.0.1 port 9 after 0 ms: Couldn't connect to server")
    XCTAssertEqual(
      ServiceError.from(refusedProxy, host: "example.com"),
      .network(TransportFailure(.proxyFailed, host: "example.com")))
    XCTAssertEqual(
      ServiceError.from(refusedProxy, host: "127.0.0.1"),
      .network(TransportFailure(.connectionRefused, host: "127.0.0.1")), "no proxy: the service itself refused")
  }

  func testHostIsKeptOnlyWhenItIsAPlainName() {
    XCTAssertEqual(TransportFailure(.other, host: "api.spotify.com").host, "api.spotify.com")
    XCTAssertNil(TransportFailure(.other, host: "evil.com/?key=SECRET").host)
    XCTAssertNil(TransportFailure(.other, host: "a b").host)
  }
}

/// A TCP listener that lets connections in (the kernel's backlog) and never reads or answers.
final class SilentListener {
  let descriptor: Int32
  let port: UInt16

  init() throws {
    let socket = try LoopbackSocket.listen(backlog: 8)
    descriptor = socket.fd
    port = socket.port
  }

  func close() { _ = Glibc.close(descriptor) }
}
