import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

private let screenText = Driver.Exhaustivity.nonExhaustive(
  because: "checks the drawn screen text; the state changes are PeopleStandingReducerTests' subject")

/// Your streak with its tier, the late-day reminder, how a day counts before the first one, and your badges with
/// their dates, in the People root's account block at 60×20 in English and German.
final class PeopleStandingScreenTests: XCTestCase {
  static let utc = TimeZone(identifier: "UTC")!
  /// 2030-03-17 21:00 UTC.
  static let evening = Date(timeIntervalSince1970: 1_899_925_200)
  static let today = LocalDay(evening, in: utc)

  func people(_ standing: ProfileStanding) -> Driver {
    var driver = Driver.screen(screenText, width: 60, height: 20)
    driver.press(.tabKey(.profile))
    driver.press(.character("p"))
    let lists = PeopleLists(
      username: "me", following: [], followers: [], fetchedAt: Self.evening, standing: standing)
    driver.send(.people(.listsLoaded(requestID: driver.state.people.loading ?? -1, lists, final: true)))
    return driver
  }

  func text(_ driver: Driver, _ language: Language) -> String { driver.render(language).lines.joined(separator: "\n") }

  func testAStreakShowsItsTierAndTheBadgesWithDates() {
    var book = AchievementBook()
    book.apply(AchievementFacts(shares: 1), now: Date(timeIntervalSince1970: 1_890_000_000))
    let standing = ProfileStanding(
      streak: StreakRecord(count: 12, lastDay: Self.today), achievements: book, now: Self.evening, timeZone: Self.utc)
    let driver = people(standing)
    let english = text(driver, .en)
    for expected in ["◆ 12-day streak · bronze", "Badges: First share (", "2029)"] {
      XCTAssertTrue(english.contains(expected), "\(expected) missing:\n\(english)")
    }
    XCTAssertFalse(english.contains("No song shared today"), "shared today:\n\(english)")
    let german = text(driver, .de)
    for expected in ["◆ 12 Tage in Folge · Bronze", "Abzeichen: Erster geteilter Song ("] {
      XCTAssertTrue(german.contains(expected), "\(expected) missing:\n\(german)")
    }
  }

  func testAMissingShareAfterEightPMSaysSo() {
    let standing = ProfileStanding(
      streak: StreakRecord(count: 30, lastDay: Self.today.adding(-1)), achievements: AchievementBook(),
      now: Self.evening, timeZone: Self.utc)
    let driver = people(standing)
    let english = text(driver, .en).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    XCTAssertTrue(english.contains("◆◆ 30-day streak · silver"), english)
    XCTAssertTrue(english.contains("No song shared today yet"), english)
    XCTAssertTrue(english.contains("keep your 30-day"), english)
    let german = text(driver, .de).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    XCTAssertTrue(german.contains("◆◆ 30 Tage in Folge · Silber"), german)
    XCTAssertTrue(german.contains("Heute noch kein Song geteilt"), german)
  }

  func testNoStreakYetSaysHowADayCounts() {
    let standing = ProfileStanding(
      streak: StreakRecord(), achievements: AchievementBook(), now: Self.evening, timeZone: Self.utc)
    let driver = people(standing)
    let english = text(driver, .en).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    XCTAssertTrue(english.contains("No streak yet: a day counts when you share a song."), english)
    XCTAssertFalse(english.contains("Badges"), english)
    let german = text(driver, .de).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    XCTAssertTrue(german.contains("ein Tag zählt, wenn du einen Song teilst."), german)
  }
}
