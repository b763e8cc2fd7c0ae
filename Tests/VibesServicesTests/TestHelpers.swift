import Foundation
import VibesServices
import VibesTestSupport
import XCTest

/// Runs `operation`, which must throw; returns the error (or fails the test and returns nil).
func captureError<T>(
  file: StaticString = #filePath, line: UInt = #line,
  _ operation: () async throws(ServiceError) -> T
) async -> ServiceError? {
  do {
    let value = try await operation()
    XCTFail("expected a ServiceError, got \(value)", file: file, line: line)
    return nil
  } catch {
    return error
  }
}

/// Asserts that `operation` throws exactly `expected`.
func assertThrows<T>(
  _ expected: ServiceError, file: StaticString = #filePath, line: UInt = #line,
  _ operation: () async throws(ServiceError) -> T
) async {
  let error = await captureError(file: file, line: line, operation)
  XCTAssertEqual(error, expected, file: file, line: line)
}

/// A loopback base URL nobody listens on: start a fake, note its address, stop it.
func closedLoopbackURL() async throws -> URL {
  let fake = try await FakeGeminiServer(validKeys: [])
  let url = fake.baseURL
  await fake.stop()
  return url
}

/// The set-up of every Gemini client test: the fake, accepting only the class's `validKey`, started before each test
/// and stopped after it, and a client for it.
class GeminiFakeTestCase: XCTestCase {
  /// The one key the fake accepts (each class its own).
  class var validKey: String { "AIzaSyFAKE-key_0123456789abcdefghijklmnop" }
  var key: String { Self.validKey }
  var fake: FakeGeminiServer!

  override func setUp() async throws {
    try await super.setUp()
    fake = try await FakeGeminiServer(validKeys: [key])
  }

  override func tearDown() async throws {
    await fake.stop()
    fake = nil
    try await super.tearDown()
  }

  /// A client of the fake (of `base` where given: a closed port, say).
  func client(timeout: TimeInterval = 5, base: URL? = nil) -> GeminiClient {
    GeminiClient(baseURL: base ?? fake.baseURL, transport: URLSessionTransport(timeout: timeout))
  }
}
