import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// Your streak and badges in the People root's account block, exhaustive: the offline copy's standing shows first,
/// Firebase's answer replaces it, a failure keeps the copy's; and the pure rules behind the block (the shown days,
/// the tier, the late-day reminder, implausible badge dates dropped).
final class PeopleStandingReducerTests: XCTestCase {
  static let utc = TimeZone(identifier: "UTC")!
  /// 2030-03-17 21:00 UTC, after the reminder hour.
  static let evening = Date(timeIntervalSince1970: 1_899_925_200)
  static let today = LocalDay(evening, in: utc)

  static func standing(_ count: Int, lastDay: LocalDay, now: Date = evening) -> ProfileStanding {
    var book = AchievementBook()
    book.apply(AchievementFacts(shares: 1), now: Date(timeIntervalSince1970: 1_890_000_000))
    book.apply(AchievementFacts(shares: 1, longestStreak: 7), now: Date(timeIntervalSince1970: 1_895_000_000))
    return ProfileStanding(
      streak: StreakRecord(count: count, lastDay: lastDay), achievements: book, now: now, timeZone: utc)
  }

  func testTheCopysStandingShowsThenFirebasesReplacesItAndAFailureKeepsIt() {
    var driver = Driver()
    driver.arrange { $0.press(.tabKey(.profile)) }
    let id = driver.state.context.nextRequestID
    driver.press(.character("p"), expecting: [.people(.loadLists(requestID: id))]) { state in
      state.selectedTab = .people
      state.people.loading = id
      state.context.nextRequestID = id + 1
      state.returnPoint = ReturnPoint(origin: .profile, destination: .people, openedDepth: 0)
    }
    var cached = PeopleLists(
      username: "me", following: [], followers: [], fetchedAt: Self.evening, isCached: true,
      standing: Self.standing(11, lastDay: Self.today.adding(-1)))
    driver.send(.people(.listsLoaded(requestID: id, cached, final: false)), expecting: []) { state in
      state.people.lists = cached
    }
    XCTAssertEqual(driver.state.people.lists?.standing?.days, 11)
    let fresh = PeopleLists(
      username: "me", following: [], followers: [], fetchedAt: Self.evening,
      standing: Self.standing(12, lastDay: Self.today))
    driver.send(
      .people(.listsLoaded(requestID: id, fresh, final: true)),
      expecting: [.people(.loadSuggestions(requestID: id + 1, following: [], force: false))]
    ) { state in
      state.people.lists = fresh
      state.people.loading = nil
      state.people.suggesting = id + 1
      state.context.nextRequestID = id + 2
    }
    XCTAssertEqual(driver.state.people.lists?.standing?.tier, .bronze)

    // `r` again, and Firebase is out of reach: the standing already shown stays.
    cached.standing = fresh.standing
    let retry = driver.state.context.nextRequestID
    driver.send(.people(.show), expecting: [.people(.loadLists(requestID: retry))]) { state in
      state.people.loading = retry
      state.context.nextRequestID = retry + 1
    }
    driver.send(.people(.listsFailed(requestID: retry, .offline)), expecting: []) { state in
      state.people.loading = nil
      state.people.failure = .offline
    }
    XCTAssertEqual(driver.state.people.lists?.standing, fresh.standing)
  }

  func testDaysTierAndTheReminderFollowTheStreakRules() {
    // Shared yesterday, none today, 21:00: alive, at risk, reminded.
    let atRisk = Self.standing(30, lastDay: Self.today.adding(-1))
    XCTAssertEqual(atRisk.days, 30)
    XCTAssertEqual(atRisk.tier, .silver)
    XCTAssertTrue(atRisk.reminderDue)
    // The same at 10:00: no reminder yet.
    let morning = Self.standing(30, lastDay: Self.today.adding(-1), now: Self.evening.addingTimeInterval(-11 * 3600))
    XCTAssertFalse(morning.reminderDue)
    // Shared today: no reminder.
    XCTAssertFalse(Self.standing(30, lastDay: Self.today).reminderDue)
    // Lapsed (three days ago, the grace day cannot bridge two): nothing shown, nothing to remind.
    let lapsed = Self.standing(30, lastDay: Self.today.adding(-3))
    XCTAssertEqual(lapsed.days, 0)
    XCTAssertEqual(lapsed.tier, StreakTier.none)
    XCTAssertFalse(lapsed.reminderDue)
    // A copy read the next evening is worked out again.
    var copy = Self.standing(30, lastDay: Self.today)
    copy.refresh(now: Self.evening.addingTimeInterval(86_400), timeZone: Self.utc)
    XCTAssertTrue(copy.reminderDue)
  }

  func testBadgesAreOldestFirstAndImplausibleDatesAreDropped() {
    let badges = Self.standing(1, lastDay: Self.today).badges
    XCTAssertEqual(badges.map(\.achievement), [.firstShare, .streak7])
    XCTAssertEqual(badges.first?.date, Date(timeIntervalSince1970: 1_890_000_000))
    let book = AchievementBook(
      storedIDs: ["first_share", "ten_follows", "from_the_future_version"],
      dates: ["first_share": 0, "ten_follows": 1e300])
    let standing = ProfileStanding(
      streak: StreakRecord(), achievements: book, now: Self.evening, timeZone: Self.utc)
    XCTAssertEqual(
      standing.badges,
      [ProfileBadge(achievement: .firstShare, date: nil), ProfileBadge(achievement: .tenFollows, date: nil)])
  }
}
