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
