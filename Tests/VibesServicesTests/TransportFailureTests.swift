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
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    self.descriptor = descriptor
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
    }
    guard bound == 0, listen(descriptor, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
    withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(descriptor, $0, &length) }
    }
    self.port = UInt16(bigEndian: address.sin_port)
  }

  func close() { _ = Glibc.close(descriptor) }
}
