import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// `r` on the Feed asks for friends' songs even right after a refresh: the core's clock moves only every 30 s, so
/// before this it still read the last refresh's time and `r` was taken for key mashing for up to half a minute (the
/// end-to-end sharing test saw a follower's `r` show nothing).
final class SocialManualRefreshTests: XCTestCase {
  let now = Date(timeIntervalSince1970: 1_900_000_000)

  func refreshed() throws -> Driver {
    var driver = Driver(
      .nonExhaustive(because: "checks whether r asks for friends' songs"), facts: SetupFacts())
    driver.send(.feed(.socialStatusLoaded(signedIn: true, fetchedAt: nil, now: now)))
    let id = try XCTUnwrap(driver.state.feed.social.requestID, "the start poll")
    driver.send(
      .feed(
        .socialRefreshed(
          requestID: id, trigger: .start, SocialRefreshReport(outcome: .updated, reads: 8, fetchedAt: now, now: now))))
    XCTAssertNil(driver.state.feed.social.requestID)
    return driver
  }

  func socialRefreshes(_ effects: [AppEffect]) -> [SocialPollTrigger] {
    effects.compactMap { effect -> SocialPollTrigger? in
      guard case .refreshSocial(_, let trigger, _)? = effect.effect(of: FeedTab.self) else { return nil }
      return trigger
    }
  }

  func testRRightAfterARefreshAsksForFriendsSongsOnceAndNotAgainWhileItRuns() throws {
    var driver = try refreshed()
    XCTAssertEqual(driver.state.feed.refresh.now, now, "the clock has not ticked since")
    XCTAssertEqual(socialRefreshes(driver.press(.character("r"))), [.manual])
    XCTAssertEqual(socialRefreshes(driver.press(.character("r"))), [], "one request in flight at a time")
  }
}
