import Foundation
import XCTest

@testable import VibesServices

/// The listener's threads each run on their own alternate signal stack (for the app's fatal-signal handler).
final class ThreadSignalStackTests: XCTestCase {
  func testAConnectionThreadHasItsOwnAlternateStack() async throws {
    final class Seen: @unchecked Sendable {
      let lock = NSLock()
      var sizes: [Int] = []
    }
    let seen = Seen()
    let server = try LoopbackHTTPServer(port: 0) { _ in
      seen.lock.withLock { seen.sizes.append(ThreadSignalStack.currentSize) }
      return LoopbackResponse(status: 200, html: "<p>ok</p>")
    }
    let answer = try await RawHTTP.rawRequest(port: server.port, "GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
    XCTAssertTrue(answer.hasPrefix("HTTP/1.1 200 "), answer)
    await server.stop()
    XCTAssertEqual(seen.lock.withLock { seen.sizes }, [ThreadSignalStack.size])
  }

  func testTheStackIsGoneAfterwards() {
    let done = expectation(description: "ran")
    final class Box: @unchecked Sendable { var sizes: [Int] = [] }
    let box = Box()
    Thread.detachNewThread {
      let before = ThreadSignalStack.currentSize
      var inside = 0
      ThreadSignalStack.run { inside = ThreadSignalStack.currentSize }
      box.sizes = [before, inside, ThreadSignalStack.currentSize]
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    XCTAssertEqual(box.sizes, [0, 64 * 1024, 0])
  }
}
