import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// Your streak and badges as the People lists bring them from `users/{uid}` on the Firebase fake, kept in the
/// offline copy; absurd stored values (another device's writes) are clamped or dropped.
extension PeopleRunnerTests {
  /// Adds `fields` to the stored `users/{uid}` (bypassing the rules, as another device's old write would be there).
  func store(_ fields: [String: FirestoreValue], on uid: String) async {
    let path = "users/\(uid)"
    let stored = await fake.documents()[path] ?? [:]
    await fake.put(path, stored.merging(fields) { $1 })
  }

  func testAStoredStreakAndAchievementsShowAndStayInTheOfflineCopy() async throws {
    let me = try await signInMe()
    let today = LocalDay(Self.now, in: .current)
    await store(
      [
        "streak": .integer(12), "streakDay": .integer(Int64(today.adding(-1).number)), "streakLongest": .integer(12),
        "achievements": .array([.string("first_share"), .string("streak_7"), .string("from_a_newer_version")]),
        "achievementDates": .map([
          "first_share": .double(1_890_000_000), "streak_7": .integer(1_895_000_000),
        ]),
      ], on: me.uid)
    let loaded = await run(.loadLists(requestID: 1))
    let online = try XCTUnwrap(lists(loaded))
    let standing = try XCTUnwrap(online.standing)
    XCTAssertEqual(standing.streak, StreakRecord(count: 12, lastDay: today.adding(-1), longest: 12))
    XCTAssertEqual(standing.days, 12)
    XCTAssertEqual(standing.tier, .bronze)
    XCTAssertEqual(
      standing.badges,
      [
        ProfileBadge(achievement: .firstShare, date: Date(timeIntervalSince1970: 1_890_000_000)),
        ProfileBadge(achievement: .streak7, date: Date(timeIntervalSince1970: 1_895_000_000)),
      ])
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .current
    XCTAssertEqual(standing.reminderDue, calendar.component(.hour, from: Self.now) >= 20, "no share today yet")

    // Offline after a reopen: the copy keeps the streak and badges.
    database = nil
    let offline = runner(
      environment: FakeFirebaseServer.environment(baseURL: URL(string: "http://127.0.0.1:1")!),
      database: try AppDatabase(path: databasePath))
    let actions = await run(.loadLists(requestID: 2), offline)
    guard case .listsLoaded(2, let cached, final: false)? = actions.first else { return XCTFail("\(actions)") }
    XCTAssertEqual(cached.standing, standing)
  }

  func testAbsurdStoredValuesAreClampedOrDropped() async throws {
    let me = try await signInMe()
    let today = LocalDay(Self.now, in: .current)
    await store(
      [
        "streak": .integer(Int64.max), "streakDay": .integer(Int64(today.number)), "streakLongest": .integer(-5),
        "achievements": .array([.string("first_share"), .integer(7)]),
        "achievementDates": .map(["first_share": .double(1e300)]),
      ], on: me.uid)
    let loaded = await run(.loadLists(requestID: 1))
    let standing = try XCTUnwrap(lists(loaded)?.standing)
    XCTAssertEqual(standing.days, StreakRecord.maxStoredValue)
    XCTAssertEqual(standing.tier, .legend)
    XCTAssertFalse(standing.reminderDue, "shared today")
    XCTAssertEqual(standing.badges, [ProfileBadge(achievement: .firstShare, date: nil)])

    // A streak day nowhere near a real day counts as none.
    await store(["streak": .integer(3), "streakDay": .integer(-40)], on: me.uid)
    let reloaded = await run(.loadLists(requestID: 3))
    let reset = try XCTUnwrap(lists(reloaded)?.standing)
    XCTAssertEqual(reset.days, 0)
  }
}
