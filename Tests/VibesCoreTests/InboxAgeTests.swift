import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// The Inbox tells the age of what it shows in the Feed's words, from the runner's answer and then the clock.
final class InboxAgeTests: XCTestCase {
  static let now = Date(timeIntervalSince1970: 1_900_000_000)
  static let thread = InboxThread(
    id: "a_me", otherId: "a", otherName: "@ada", lastMessageAt: now.addingTimeInterval(-60), isUnread: true)

  func testTheCopysAgeUsesTheFeedsWordsInBothLanguages() {
    let en = Localizer(.en)
    let de = Localizer(.de)
    let fetched = Self.now.addingTimeInterval(-300)
    XCTAssertEqual(
      en.inboxCacheAge(fetchedAt: Self.now, now: Self.now, isStale: false, failure: nil), "Updated just now")
    XCTAssertEqual(
      en.inboxCacheAge(fetchedAt: fetched, now: Self.now, isStale: false, failure: nil), "Updated 5 min ago")
    XCTAssertEqual(
      de.inboxCacheAge(fetchedAt: fetched, now: Self.now, isStale: false, failure: nil), "Vor 5 Min. aktualisiert")
    let old = Self.now.addingTimeInterval(-7200)
    XCTAssertEqual(
      en.inboxCacheAge(fetchedAt: old, now: Self.now, isStale: true, failure: .offline),
      "Offline · showing what was cached 2 h ago")
    XCTAssertEqual(
      de.inboxCacheAge(fetchedAt: old, now: Self.now, isStale: true, failure: .offline),
      "Offline · zeige den Stand von vor 2 Std.")
    XCTAssertEqual(
      en.inboxCacheAge(fetchedAt: old, now: Self.now, isStale: true, failure: .refused),
      "Showing what was cached 2 h ago", "Firebase answered: not offline")
    XCTAssertEqual(
      en.inboxCacheAge(fetchedAt: Self.now, now: nil, isStale: true, failure: .offline),
      "Offline · showing what was cached 1 min ago", "never younger than the Feed says")
  }

  func testAMessagesAgeIsTheFeedsAndAFutureDateIsNotAnAge() {
    let en = Localizer(.en)
    XCTAssertEqual(en.inboxAge(Self.now.addingTimeInterval(-3 * 86_400), now: Self.now), "3 d ago")
    XCTAssertEqual(Localizer(.de).inboxAge(Self.now.addingTimeInterval(-7200), now: Self.now), "vor 2 Std.")
    XCTAssertEqual(en.inboxAge(Self.now.addingTimeInterval(30), now: Self.now), "1 min ago", "a clock a bit ahead")
    XCTAssertNil(en.inboxAge(Self.now.addingTimeInterval(600), now: Self.now))
  }

  func testTheAnswersTimeAndThenTheClockMoveTheAge() throws {
    var driver = Driver(.nonExhaustive(because: "checks the Inbox's clock; the Feed's own tick effects are its own"))
    driver.send(.clockTicked(Self.now))
    XCTAssertNil(driver.state.inbox.now, "an inbox never shown keeps no time")
    let id = try XCTUnwrap(driver.press(.character("i")).compactMap(\.inboxEffect).compactMap(\.cancellationID).first)
    let cachedAt = Self.now.addingTimeInterval(-7200)
    driver.send(
      .inbox(
        .inboxLoaded(
          requestID: id,
          InboxLoad(
            snapshot: InboxSnapshot(items: [Self.thread], fetchedAt: cachedAt, isStale: true), failure: .offline,
            now: Self.now.addingTimeInterval(60)))))
    XCTAssertEqual(driver.state.inbox.now, Self.now.addingTimeInterval(60))
    XCTAssertEqual(driver.state.inbox.clock(cachedAt), Self.now.addingTimeInterval(60))
    driver.send(.clockTicked(Self.now.addingTimeInterval(3600)))
    XCTAssertEqual(driver.state.inbox.now, Self.now.addingTimeInterval(3600))
    driver.send(.clockTicked(Self.now))
    XCTAssertEqual(driver.state.inbox.now, Self.now.addingTimeInterval(3600), "time does not run back")
    XCTAssertEqual(
      driver.state.inbox.clock(Self.now.addingTimeInterval(7200)), Self.now.addingTimeInterval(7200),
      "a copy newer than the clock is just now")
  }
}
