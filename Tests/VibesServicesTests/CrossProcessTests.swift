import Foundation
import VibesTestSupport
import XCTest

/// End-to-end tests run the real `vibes` binary in another process against fakes living in the test process: the
/// fake must answer another process while the test itself is suspended in `await`.
final class CrossProcessTests: XCTestCase {
  func testAnotherProcessCanReachTheFakeWhileTheTestAwaits() async throws {
    let bash = "/bin/bash"
    guard FileManager.default.isExecutableFile(atPath: bash) else { throw XCTSkip("needs \(bash)") }
    let fake = try await FakeGeminiServer(validKeys: ["K1"])
    let port = fake.port
    let script = """
      exec 3<>/dev/tcp/127.0.0.1/\(port)
      printf 'GET /v1beta/models?pageSize=1 HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nx-goog-api-key: K1\\r\\nConnection: close\\r\\n\\r\\n' >&3
      timeout 5 cat <&3
      """
    let output = try await Self.run(bash, ["-c", script])
    await fake.stop()

    XCTAssertTrue(output.hasPrefix("HTTP/1.1 200"), output)
    XCTAssertTrue(output.contains("models/gemini-2.0-flash"), output)
    let requests = await fake.recordedRequests()
    XCTAssertEqual(requests.map(\.headers["x-goog-api-key"]), ["K1"])
  }

  /// Runs a process to completion without blocking the cooperative pool.
  private static func run(_ path: String, _ arguments: [String]) async throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Void, any Error>) in
      process.terminationHandler = { _ in continuation.resume() }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
      }
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    return String(decoding: data, as: UTF8.self)
  }
}
