import Foundation
import XCTest

@testable import VibesCore

final class StreakTests: XCTestCase {
  private func date(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }
  private func zone(_ id: String) -> TimeZone { TimeZone(identifier: id)! }

  func testLocalDayFollowsTheUsersTimeZone() {
    // 23:30 UTC on 25 Nov is already 26 Nov in Berlin and still 25 Nov in New York.
    let instant = date("2026-11-25T23:30:00Z")
    XCTAssertEqual(LocalDay(instant, in: zone("UTC")), LocalDay(year: 2026, month: 11, day: 25))
    XCTAssertEqual(LocalDay(instant, in: zone("Europe/Berlin")), LocalDay(year: 2026, month: 11, day: 26))
    XCTAssertEqual(LocalDay(instant, in: zone("America/New_York")), LocalDay(year: 2026, month: 11, day: 25))
    XCTAssertEqual(LocalDay(instant, in: zone("Pacific/Kiritimati")), LocalDay(year: 2026, month: 11, day: 26))
    XCTAssertEqual(LocalDay(year: 1970, month: 1, day: 1).number, 0)
    XCTAssertEqual(LocalDay(year: 2000, month: 3, day: 1).number, 11_017)
  }

  func testDSTChangesNeitherSkipNorRepeatADay() {
    let berlin = zone("Europe/Berlin")
    // Spring forward: 29 Mar 2026 has 23 hours in Berlin. Shares at 23:30 local on 28 and 29 Mar, then 00:30 on 30.
    let s1 = date("2026-03-28T22:30:00Z")  // 23:30 CET
    let s2 = date("2026-03-29T21:30:00Z")  // 23:30 CEST
    let s3 = date("2026-03-29T22:30:00Z")  // 00:30 CEST on the 30th
    XCTAssertEqual(LocalDay(s2, in: berlin).number - LocalDay(s1, in: berlin).number, 1)
    XCTAssertEqual(LocalDay(s3, in: berlin).number - LocalDay(s2, in: berlin).number, 1)
    var record = StreakRecord()
    for share in [s1, s2, s3] { record = record.sharing(on: LocalDay(share, in: berlin)) }
    XCTAssertEqual(record.count, 3)
    // Fall back: 25 Oct 2026 has 25 hours; two shares 24 h apart that land on the same local day... and the next.
    let f1 = date("2026-10-24T22:10:00Z")  // 00:10 CEST on the 25th
    let f2 = date("2026-10-25T22:50:00Z")  // 23:50 CET on the 25th (24 h 40 min later, same local day)
    XCTAssertEqual(LocalDay(f1, in: berlin), LocalDay(f2, in: berlin))
    var fall = StreakRecord().sharing(on: LocalDay(f1, in: berlin))
    fall = fall.sharing(on: LocalDay(f2, in: berlin))
    XCTAssertEqual(fall.count, 1, "two shares on one local day count once, however many hours apart")
    // New York's spring forward (8 Mar 2026).
    let ny = zone("America/New_York")
    XCTAssertEqual(
      LocalDay(date("2026-03-09T03:59:00Z"), in: ny).number - LocalDay(date("2026-03-08T04:59:00Z"), in: ny).number,
      1)
  }

  func testAShareCountsOncePerDayAndConsecutiveDaysAddOne() {
    let monday = LocalDay(year: 2026, month: 11, day: 23)
    var record = StreakRecord()
    record = record.sharing(on: monday)
    record = record.sharing(on: monday)
    XCTAssertEqual(record.count, 1)
    record = record.sharing(on: monday.adding(1))
    XCTAssertEqual(record.count, 2)
    XCTAssertEqual(record.sharing(on: monday), record, "a share dated before the last one changes nothing")
    XCTAssertEqual(record.current(on: monday.adding(2)), 2)
  }

  func testOneGraceDayPerWeekThenReset() {
    let monday = LocalDay(year: 2026, month: 11, day: 23)
    XCTAssertEqual(monday.week, monday.adding(6).week)
    XCTAssertEqual(monday.week + 1, monday.adding(7).week)
    var record = StreakRecord().sharing(on: monday).sharing(on: monday.adding(1))  // Mon, Tue
    XCTAssertEqual(record.current(on: monday.adding(3)), 2, "Wednesday missed: the grace day keeps it on Thursday")
    record = record.sharing(on: monday.adding(3))  // Thu (Wed bridged)
    XCTAssertEqual(record.count, 3)
    XCTAssertEqual(record.freezeWeek, monday.week)
    // Friday shared; Saturday missed too: the week's grace day is used, so on Sunday the streak is gone and a
    // share restarts it at 1.
    XCTAssertEqual(record.current(on: monday.adding(4)), 3)
    record = record.sharing(on: monday.adding(4))
    XCTAssertEqual(record.count, 4)
    XCTAssertEqual(record.current(on: monday.adding(5)), 4)
    XCTAssertEqual(record.current(on: monday.adding(6)), 0)
    XCTAssertFalse(record.isAtRisk(on: monday.adding(6)))
    record = record.sharing(on: monday.adding(6))
    XCTAssertEqual(record.count, 1)
    XCTAssertEqual(record.longest, 4)
    // Next week a new grace day is available.
    record = record.sharing(on: monday.adding(7))  // Mon
    record = record.sharing(on: monday.adding(9))  // Wed, Tue bridged
    XCTAssertEqual(record.count, 3)
    // Two missed days are never bridged.
    XCTAssertEqual(StreakRecord().sharing(on: monday).sharing(on: monday.adding(3)).count, 1)
  }

  func testTiers() {
    XCTAssertEqual(StreakTier(days: 0), StreakTier.none)
    XCTAssertEqual(StreakTier(days: 6), StreakTier.none)
    XCTAssertEqual(StreakTier(days: 7), .bronze)
    XCTAssertEqual(StreakTier(days: 29), .bronze)
    XCTAssertEqual(StreakTier(days: 30), .silver)
    XCTAssertEqual(StreakTier(days: 100), .gold)
    XCTAssertEqual(StreakTier(days: 364), .gold)
    XCTAssertEqual(StreakTier(days: 365), .legend)
    XCTAssertTrue(StreakTier.legend.isAnimated)
    XCTAssertFalse(StreakTier.gold.isAnimated)
    XCTAssertNotEqual(StreakTier.legend.glyph(frame: 0), StreakTier.legend.glyph(frame: 1))
    XCTAssertEqual(StreakTier.gold.glyph(frame: 0), StreakTier.gold.glyph(frame: 1))
    XCTAssertEqual(Localizer(.de)[StreakTier.legend.word!], "Legende")
    XCTAssertEqual(Localizer(.en)[StreakTier.bronze.word!], "bronze")
  }

  func testReminderOnlyLateInTheLocalDayWhenTodaysShareIsMissing() {
    let tokyo = zone("Asia/Tokyo")
    let yesterday = LocalDay(date("2026-11-24T12:00:00Z"), in: tokyo)
    let record = StreakRecord().sharing(on: yesterday.adding(-1)).sharing(on: yesterday)
    // 11:30 UTC is 20:30 in Tokyo: late, and no share yet on the 25th there.
    XCTAssertTrue(StreakReminder.isDue(record, now: date("2026-11-25T11:30:00Z"), timeZone: tokyo))
    // 10:30 UTC is 19:30 in Tokyo: not late yet.
    XCTAssertFalse(StreakReminder.isDue(record, now: date("2026-11-25T10:30:00Z"), timeZone: tokyo))
    // Shared today: no reminder.
    let shared = record.sharing(on: yesterday.adding(1))
    XCTAssertFalse(StreakReminder.isDue(shared, now: date("2026-11-25T11:30:00Z"), timeZone: tokyo))
    // No running streak: nothing to lose, no reminder.
    XCTAssertFalse(StreakReminder.isDue(StreakRecord(), now: date("2026-11-25T11:30:00Z"), timeZone: tokyo))
  }

  func testTheStoredFormRoundTripsAndTwoDevicesAgree() {
    let day = LocalDay(year: 2026, month: 11, day: 25)
    let record = StreakRecord().sharing(on: day.adding(-3)).sharing(on: day.adding(-1)).sharing(on: day)
    let stored = record.storedFields
    XCTAssertEqual(stored["streak"], 3)
    XCTAssertEqual(stored["streakDay"], day.number)
    XCTAssertEqual(StreakRecord(storedFields: stored), record)
    // Two devices apply the same share on the same day to the same stored record: one result.
    let a = StreakRecord(storedFields: stored).sharing(on: day.adding(1))
    let b = StreakRecord(storedFields: stored).sharing(on: day.adding(1))
    XCTAssertEqual(a, b)
    // Device B writes after A (it re-reads A's record first): still +1 only once.
    XCTAssertEqual(StreakRecord(storedFields: a.storedFields).sharing(on: day.adding(1)), a)
    // Every step is +1 or a reset to 1, what the rules allow.
    var r = StreakRecord()
    for offset in [0, 1, 1, 3, 4, 8, 9, 10, 12, 13, 20] {
      let next = r.sharing(on: day.adding(offset))
      XCTAssertTrue(next == r || next.count == r.count + 1 || next.count == 1, "\(r) → \(next)")
      r = next
    }
  }

  /// Another device (or a hostile client) may store any integer: Int.max used to trap on the next share's `+ 1`,
  /// and Int.min on the day difference.
  func testAbsurdStoredValuesNeverTrap() {
    let day = LocalDay(year: 2026, month: 11, day: 25)
    for extreme in [Int.max, Int.min, -1, StreakRecord.maxStoredValue + 1] {
      let stored = StreakRecord(
        storedFields: ["streak": extreme, "streakDay": extreme, "streakFreezeWeek": extreme, "streakLongest": extreme])
      XCTAssertNil(stored.lastDay, "\(extreme) is no day")
      XCTAssertTrue((0...StreakRecord.maxStoredValue).contains(stored.count))
      let next = stored.sharing(on: day)
      XCTAssertEqual(next.lastDay, day)
      XCTAssertFalse(StreakRecord.isAllowedStep(from: stored, to: next.sharing(on: day.adding(5)), utcDay: day))
    }
    let huge = StreakRecord(storedFields: ["streak": Int.max, "streakDay": day.number - 1, "streakLongest": Int.max])
    XCTAssertEqual(huge.sharing(on: day).count, StreakRecord.maxStoredValue + 1)
  }
}

extension StreakTests {
  /// The rule `firestore.rules` states (`validStreak`), mirrored by `StreakRecord.isAllowedStep`: every real step
  /// passes it, and a jump, a replayed day or a second grace day in one week does not.
  func testEveryRealStepIsWhatTheRulesAllowAndForgeriesAreNot() {
    let start = LocalDay(year: 2026, month: 11, day: 2)
    var record = StreakRecord()
    for offset in [0, 1, 2, 4, 5, 6, 8, 9, 12, 13, 14, 16] {
      let day = start.adding(offset)
      let next = record.sharing(on: day)
      XCTAssertTrue(StreakRecord.isAllowedStep(from: record, to: next, utcDay: day), "\(record) → \(next)")
      record = next
    }
    let day = record.lastDay!
    var jump = record.sharing(on: day.adding(1))
    jump.count += 5
    jump.longest = max(jump.longest, jump.count)
    XCTAssertFalse(StreakRecord.isAllowedStep(from: record, to: jump, utcDay: day.adding(1)), "+6 in one day")
    var sameDay = record
    sameDay.count += 1
    sameDay.longest = max(sameDay.longest, sameDay.count)
    XCTAssertFalse(StreakRecord.isAllowedStep(from: record, to: sameDay, utcDay: day), "+1 twice on one day")
    let future = record.sharing(on: day.adding(5))
    XCTAssertFalse(StreakRecord.isAllowedStep(from: record, to: future, utcDay: day), "a day far from the server's")
    // A second grace day in the same week.
    let monday = LocalDay(year: 2026, month: 11, day: 23)
    let bridged = StreakRecord().sharing(on: monday).sharing(on: monday.adding(2))  // Tue bridged
    var second = bridged
    second.count += 1
    second.lastDay = monday.adding(4)  // Thu bridged too: not allowed
    second.longest = second.count
    XCTAssertFalse(StreakRecord.isAllowedStep(from: bridged, to: second, utcDay: monday.adding(4)))
  }
}
