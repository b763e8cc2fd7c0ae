import Foundation
import XCTest

@testable import VibesServices

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

final class SpotifyCallbackListenerTests: XCTestCase {
  /// GETs a URL on the listener; returns status and body (nil when nothing answers).
  func get(_ port: UInt16, _ pathAndQuery: String) async -> (Int, String)? {
    let url = URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)")!
    var request = URLRequest(url: url)
    request.timeoutInterval = 3
    do {
      let (data, response) = try await URLSessionTransport(timeout: 3).send(request)
      return (response.statusCode, String(decoding: data, as: UTF8.self))
    } catch {
      return nil
    }
  }

  /// The local addresses this port listens on, from /proc/net/tcp (hex "0100007F" is 127.0.0.1).
  func listeningAddresses(port: UInt16) throws -> [String] {
    let table = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
    let portHex = String(format: "%04X", port)
    return table.split(separator: "\n").dropFirst().compactMap { line in
      let fields = line.split(separator: " ")
      guard fields.count > 3, fields[3] == "0A" else { return nil }  // 0A = LISTEN
      let local = fields[1].split(separator: ":")
      return local.count == 2 && local[1] == portHex ? String(local[0]) : nil
    }
  }

  func testBindsLoopbackOnlyOnAnEphemeralPort() async throws {
    let listener = try await OAuthCallbackListener(port: 0, expectedState: "s")
    defer { Task { await listener.close() } }
    XCTAssertGreaterThan(listener.port, 1023)
    XCTAssertEqual(try listeningAddresses(port: listener.port), ["0100007F"])
  }

  func testStrayRequestsAndWrongStatesDoNotConsumeTheAttempt() async throws {
    let listener = try await OAuthCallbackListener(port: 0, expectedState: "right-state")
    let port = listener.port
    let waiter = Task { await listener.outcome(timeout: 10) }

    let favicon = await get(port, "/favicon.ico")
    XCTAssertEqual(favicon?.0, 404)
    let bare = await get(port, "/callback")
    XCTAssertEqual(bare?.0, 404)
    let wrong = await get(port, "/callback?code=STOLEN-CODE&state=wrong-state")
    XCTAssertEqual(wrong?.0, 400)
    XCTAssertFalse(wrong?.1.contains("STOLEN-CODE") ?? true)
    let missing = await get(port, "/callback?code=STOLEN-CODE")
    XCTAssertEqual(missing?.0, 400, "a missing state is a wrong state")

    let good = await get(port, "/callback?code=GOOD-CODE&state=right-state")
    XCTAssertEqual(good?.0, 200)
    XCTAssertTrue(good?.1.contains("close this tab") ?? false)
    XCTAssertFalse(good?.1.contains("GOOD-CODE") ?? true, "the page never echoes the code")
    let outcome = await waiter.value
    XCTAssertEqual(outcome, .code("GOOD-CODE"))
  }

  func testReplayIsRefusedAndTheListenerClosesAfterSuccess() async throws {
    let listener = try await OAuthCallbackListener(port: 0, expectedState: "st")
    let port = listener.port
    // Hold the outcome back until the replay was tried, so the listener is still open for it.
    let first = await get(port, "/callback?code=ONE&state=st")
    XCTAssertEqual(first?.0, 200)
    let replay = await get(port, "/callback?code=TWO&state=st")
    XCTAssertEqual(replay?.0, 400)
    let outcome = await listener.outcome(timeout: 5)
    XCTAssertEqual(outcome, .code("ONE"), "exactly the first code, once")
    let afterwards = await get(port, "/callback?code=THREE&state=st")
    XCTAssertNil(afterwards, "closed after success")
    XCTAssertEqual(try listeningAddresses(port: port), [])
  }

  func testAccessDeniedAndOtherErrorsAreOutcomes() async throws {
    let denied = try await OAuthCallbackListener(port: 0, expectedState: "st")
    _ = await get(denied.port, "/callback?error=access_denied&state=st")
    let deniedOutcome = await denied.outcome(timeout: 5)
    XCTAssertEqual(deniedOutcome, .denied)

    let failed = try await OAuthCallbackListener(port: 0, expectedState: "st")
    _ = await get(failed.port, "/callback?error=server_error&state=st")
    let failedOutcome = await failed.outcome(timeout: 5)
    XCTAssertEqual(failedOutcome, .failed(error: "server_error"))
  }

  func testClosesAfterTimeoutAndAfterCancel() async throws {
    let timed = try await OAuthCallbackListener(port: 0, expectedState: "st")
    let started = Date()
    let none = await timed.outcome(timeout: 0.3)
    XCTAssertNil(none)
    XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    let late = await get(timed.port, "/callback?code=LATE&state=st")
    XCTAssertNil(late, "closed after the timeout")

    let cancelled = try await OAuthCallbackListener(port: 0, expectedState: "st")
    let waiter = Task { await cancelled.outcome(timeout: 30) }
    try await Task.sleep(nanoseconds: 100_000_000)
    await cancelled.close()
    let result = await waiter.value
    XCTAssertNil(result)
    let afterCancel = await get(cancelled.port, "/callback?code=LATE&state=st")
    XCTAssertNil(afterCancel, "closed after cancel")
  }

  func testABusyPortIsReported() async throws {
    let first = try await OAuthCallbackListener(port: 0, expectedState: "a")
    defer { Task { await first.close() } }
    do {
      let second = try await OAuthCallbackListener(port: first.port, expectedState: "b")
      await second.close()
      XCTFail("a second listener on a busy port must fail")
    } catch {}
  }
}
