import Foundation
import XCTest

@testable import VibesApp

/// Effects that share a request id are all cancelled with it, and one finishing never drops another's handle.
final class RunningEffectsTests: XCTestCase {
  /// A task that runs until cancelled, then reports it.
  func waiter(_ cancelled: XCTestExpectation) -> Task<Void, Never> {
    Task {
      while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
      cancelled.fulfill()
    }
  }

  func testCancelStopsEveryEffectUnderTheId() async {
    var running = RunningEffects()
    let generation = expectation(description: "the generation is cancelled")
    let timer = expectation(description: "its timer is cancelled")
    running.add(waiter(generation), id: 7)
    running.add(waiter(timer), id: 7)
    XCTAssertEqual(running.count(7), 2, "the second does not replace the first")
    running.cancel(7)
    await fulfillment(of: [generation, timer], timeout: 2)
    XCTAssertEqual(running.count(7), 0)
  }

  func testOneFinishingKeepsTheOtherCancellable() async {
    var running = RunningEffects()
    let first = EffectToken.next()
    running.add(Task {}, id: 3, token: first)
    let second = expectation(description: "the one still running is cancelled")
    running.add(waiter(second), id: 3)
    running.finished(3, token: first)
    XCTAssertEqual(running.count(3), 1, "the finished one is forgotten, the running one kept")
    running.cancel(3)
    await fulfillment(of: [second], timeout: 2)
  }

  func testCancelAllAndOtherIdsAreIndependent() async {
    var running = RunningEffects()
    let a = expectation(description: "a")
    let b = expectation(description: "b")
    running.add(waiter(a), id: 1)
    running.add(waiter(b), id: 2)
    running.cancel(1)
    await fulfillment(of: [a], timeout: 2)
    XCTAssertEqual(running.count(2), 1, "cancelling 1 leaves 2 running")
    running.cancelAll()
    await fulfillment(of: [b], timeout: 2)
    XCTAssertEqual(running.count(2), 0)
  }
}
