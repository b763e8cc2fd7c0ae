import Foundation
import VibesCore
import VibesServices
import VibesTestSupport
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let rateLimitWording = Driver.Exhaustivity.nonExhaustive(
  because: "checks how a 429 is classified and worded on the form, not the steps that lead there")

/// Probe finding (issue 15, item 9): a 429 was shown as "refused… correct them"; it is its own failure with a wait.
final class TrackerRateLimitTests: XCTestCase {
  static let key = "trk_live_0123456789abcdef"
  var fake: FakeTrackerServer!

  override func setUp() async throws {
    fake = try await FakeTrackerServer(validKeys: [Self.key], validBrands: ["brand-1"])
  }

  override func tearDown() async throws { await fake?.stop() }

  func send() async -> TrackerClientError? {
    let client = TrackerClient(apiURL: fake.qcURL, transport: URLSessionTransport(timeout: 5))
    let event = TrackerWireEvent(
      brandID: "brand-1", userID: "", event: "signup", properties: [:], timestamp: Date())
    do {
      try await client.send(apiKey: Self.key, event: event)
      return nil
    } catch {
      return error
    }
  }

  func testA429WithRetryAfterIsRateLimitedWithTheWait() async {
    await fake.enqueue(.quota(retryDelaySeconds: 17))
    let failure = await send()
    XCTAssertEqual(failure, .rateLimited(retryAfterSeconds: 17))
    XCTAssertEqual(failure?.localizedDescription, "The tracking API is limiting requests; try again in 17 s.")
  }

  func testA429WithoutRetryAfterIsStillRateLimitedNotRejected() async {
    await fake.enqueue(.quota(retryDelaySeconds: nil))
    let failure = await send()
    XCTAssertEqual(failure, .rateLimited(retryAfterSeconds: nil))
  }
}

/// The form says the API is limiting requests and to retry, not "refused… correct them".
final class TrackerRateLimitScreenTests: XCTestCase {
  func testA429ShowsTheWaitAndARetryHintNotACorrection() {
    for (failure, message) in [
      (TrackerFailure.rateLimited(retryAfterSeconds: 12), "Try again in 12 s."),
      (.rateLimited(retryAfterSeconds: nil), "Try again in a moment."),
    ] {
      var driver = Driver.tracker(rateLimitWording)
      guard let id = driver.submit(key: "secret-key-xyz", brand: "brand-1") else { return XCTFail() }
      let configuration = TrackerConfiguration(apiKey: "secret-key-xyz", brandID: "brand-1", environment: .qc)
      driver.send(.tracker(.initializationFinished(requestID: id, configuration, .failure(failure))))
      let screen = driver.screen.replacingOccurrences(of: "\n  ", with: " ")
      XCTAssertTrue(screen.contains("limiting requests (HTTP 429)"), screen)
      XCTAssertTrue(screen.contains(message), screen)
      XCTAssertTrue(screen.contains("press Initialize again"), screen)
      XCTAssertFalse(screen.contains("refused"), screen)
      XCTAssertFalse(screen.contains("correct them"), screen)
      XCTAssertEqual(driver.form?.brandID.text, "brand-1")
    }
  }
}
