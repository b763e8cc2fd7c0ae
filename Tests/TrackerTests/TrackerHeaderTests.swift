import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let headerOnly = Driver.Exhaustivity.nonExhaustive(
  because: "checks the header line after a failed start-up and the recovery, not each step")

/// The header leaves "not initialized" once the API takes events again after a failed start-up initialization.
final class TrackerHeaderTests: XCTestCase {
  let saved = TrackerConfiguration(
    apiKey: "trk_saved_key_123", brandID: "brand-s", userID: "tester", environment: .qc)

  func startupFailedOffline() -> (Driver, Int) {
    var driver = Driver.tracker(headerOnly, configuration: saved)
    guard case .initialize(let id, _, false)? = driver.effects.last?.trackerEffect else {
      XCTFail("no start-up initialization")
      return (driver, 0)
    }
    driver.send(
      .tracker(
        .initializationFinished(requestID: id, saved, .failure(.transport(TransportFailure(.connectionRefused))))))
    return (driver, id)
  }

  func testQueuedEventsGoingOutInitializeTheSDKAndTheHeaderSaysSo() {
    var (driver, _) = startupFailedOffline()
    XCTAssertTrue(driver.screen.contains("not initialized"), driver.screen)
    let effects = driver.send(
      .tracker(
        .eventsProcessed(TrackerSendReport(entries: [.sent(event: "e", status: 202)], remaining: 0, isOffline: false))))
    guard case .initialize(let id, let configuration, false)? = effects.first?.trackerEffect else {
      return XCTFail("delivered events did not re-initialize: \(effects)")
    }
    XCTAssertEqual(configuration, saved)
    driver.send(.tracker(.initializationFinished(requestID: id, saved, .success(Date(timeIntervalSince1970: 1e9)))))
    XCTAssertFalse(driver.screen.contains("not initialized"), driver.screen)
    XCTAssertNotNil(driver.state.tracker.initializedAt)
  }

  func testAnOfflineStartWithAQueueKeepsRetryingAndTheRetryInitializesFirst() {
    var driver = Driver.tracker(headerOnly, configuration: saved)
    guard case .initialize(let id, _, false)? = driver.effects.last?.trackerEffect else { return XCTFail() }
    driver.send(
      .tracker(.eventsProcessed(TrackerSendReport(entries: [.queued(event: "e")], remaining: 1, isOffline: true))))
    driver.state.tracker.isRetryScheduled = false
    let afterFailure = driver.send(
      .tracker(.initializationFinished(requestID: id, saved, .failure(.transport(TransportFailure(.timedOut))))))
    XCTAssertEqual(afterFailure.first?.trackerEffect, .scheduleRetry(seconds: TrackerState.retryDelay))
    let retry = driver.send(.tracker(.retryTimerFired))
    guard case .initialize(_, _, false)? = retry.first?.trackerEffect else { return XCTFail("\(retry)") }
  }

  func testAnInitializedSDKDoesNotInitializeAgainOnDelivery() {
    var driver = Driver.tracker(headerOnly, configuration: saved)
    guard case .initialize(let id, _, false)? = driver.effects.last?.trackerEffect else { return XCTFail() }
    driver.send(.tracker(.initializationFinished(requestID: id, saved, .success(Date()))))
    let effects = driver.send(
      .tracker(
        .eventsProcessed(TrackerSendReport(entries: [.sent(event: "e", status: 202)], remaining: 0, isOffline: false))))
    XCTAssertEqual(effects, [])
  }
}
