import Foundation
import VibesCore
import XCTest

/// The social polling budget: pure, driven by a simulated clock.
final class SocialPollingTests: XCTestCase {
  /// 2026-11-25 00:00:00 UTC.
  private let midnight = Date(timeIntervalSince1970: 1_795_564_800)
  private let policy = SocialPollingPolicy()

  func testStartAndRRefreshAtOnceButRIsNotHammered() {
    var state = SocialPollState()
    let now = midnight.addingTimeInterval(3_600)
    XCTAssertEqual(SocialPolling.decide(.start, state: state, policy: policy, now: now, readsPerRefresh: 5), .refresh)
    state = SocialPolling.record(state, trigger: .start, reads: 5, succeeded: true, policy: policy, now: now)
    XCTAssertEqual(
      SocialPolling.decide(.manual, state: state, policy: policy, now: now.addingTimeInterval(3), readsPerRefresh: 5),
      .refresh, "a start-up refresh never makes r wait")
    state = SocialPolling.askedManually(state, now: now.addingTimeInterval(3))
    XCTAssertEqual(
      SocialPolling.decide(.manual, state: state, policy: policy, now: now.addingTimeInterval(3.5), readsPerRefresh: 5),
      .wait(until: now.addingTimeInterval(4)), "key repeat on r does not hammer")
    XCTAssertEqual(
      SocialPolling.decide(.manual, state: state, policy: policy, now: now.addingTimeInterval(4), readsPerRefresh: 5),
      .refresh)
    XCTAssertEqual(
      SocialPolling.decide(.timer, state: state, policy: policy, now: now.addingTimeInterval(60), readsPerRefresh: 5),
      .wait(until: now.addingTimeInterval(120)))
    // Ten reads a refresh every 120 s would overrun the day's 5,000: the interval stretches to fit the budget.
    let stretched = SocialPolling.interval(state, policy: policy, now: now, readsPerRefresh: 10)
    XCTAssertEqual(stretched, 23 * 3_600 / ((5_000 - 5) / 10), accuracy: 1)
  }

  func testIdleAndErrorsBackOffAndAKeyPressEndsTheIdleBackoff() {
    var state = SocialPolling.input(SocialPollState(), now: midnight)
    var now = midnight.addingTimeInterval(3_600)  // an hour without a key press: idle
    var intervals: [TimeInterval] = []
    for _ in 0..<6 {
      state = SocialPolling.record(state, trigger: .timer, reads: 5, succeeded: true, policy: policy, now: now)
      let wait = SocialPolling.interval(state, policy: policy, now: now, readsPerRefresh: 5)
      intervals.append(wait)
      now = now.addingTimeInterval(wait)
    }
    XCTAssertEqual(intervals, [240, 480, 960, 1_800, 1_800, 1_800])
    state = SocialPolling.input(state, now: now)
    XCTAssertEqual(SocialPolling.interval(state, policy: policy, now: now, readsPerRefresh: 5), 120)

    var failing = SocialPolling.input(SocialPollState(), now: now)
    for _ in 0..<3 {
      failing = SocialPolling.record(failing, trigger: .manual, reads: 1, succeeded: false, policy: policy, now: now)
    }
    XCTAssertEqual(SocialPolling.interval(failing, policy: policy, now: now, readsPerRefresh: 5), 960)
    failing = SocialPolling.record(failing, trigger: .timer, reads: 5, succeeded: true, policy: policy, now: now)
    XCTAssertEqual(SocialPolling.interval(failing, policy: policy, now: now, readsPerRefresh: 5), 120)
  }

  /// A whole day with vibes open and the user pressing keys every minute and `r` every 5 minutes, following 500
  /// people, every query returning a full page: the reads stay within 5,000 (a tenth of the free tier).
  func testOneOpenTerminalStaysFarBelowTheFreeTierForAWholeDay() {
    let readsPerRefresh = SocialPollingPolicy.worstCaseReads(following: 500, pageSize: 20)
    XCTAssertEqual(readsPerRefresh, (2 + 17 + 3) * 20)
    var state = SocialPollState()
    var refreshes = 0
    var second: TimeInterval = 0
    while second < 86_400 {
      let now = midnight.addingTimeInterval(second)
      if Int(second) % 60 == 0 { state = SocialPolling.input(state, now: now) }
      let trigger: SocialPollTrigger = second == 0 ? .start : (Int(second) % 300 == 0 ? .manual : .timer)
      if SocialPolling.decide(trigger, state: state, policy: policy, now: now, readsPerRefresh: readsPerRefresh)
        == .refresh
      {
        state = SocialPolling.record(
          state, trigger: trigger, reads: readsPerRefresh, succeeded: true, policy: policy, now: now)
        refreshes += 1
      }
      second += 10
    }
    XCTAssertLessThanOrEqual(state.readsToday, policy.dailyReadBudget)
    XCTAssertLessThan(state.readsToday, 50_000 / 10 + 1)
    XCTAssertGreaterThanOrEqual(refreshes, policy.dailyReadBudget / readsPerRefresh, "the budget is used, not wasted")

    // Quiet refreshes (only what is new: one read per query) at the base interval fit easily.
    let quiet = SocialPollingPolicy.quietReads(following: 500)
    XCTAssertLessThanOrEqual(86_400 / Int(policy.baseInterval) * quiet, 50_000 / 2)
  }

  func testASpentBudgetWaitsForTheNextUTCDayAndANewDayStartsAfresh() {
    var state = SocialPollState()
    let evening = midnight.addingTimeInterval(20 * 3_600)
    state = SocialPolling.record(state, trigger: .start, reads: 4_995, succeeded: true, policy: policy, now: evening)
    let next = midnight.addingTimeInterval(86_400)
    XCTAssertEqual(
      SocialPolling.decide(
        .manual, state: state, policy: policy, now: evening.addingTimeInterval(60), readsPerRefresh: 10),
      .overBudget(until: next))
    XCTAssertEqual(
      SocialPolling.decide(.manual, state: state, policy: policy, now: next.addingTimeInterval(1), readsPerRefresh: 10),
      .refresh)
    XCTAssertEqual(SocialPolling.rolled(state, now: next).readsToday, 0)
  }
}
