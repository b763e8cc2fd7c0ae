import Foundation
import VibesCore
import XCTest

/// The progress only the app counts (genres explored, For You saves): two devices' records merge to their union,
/// a save counted twice is one, the caps hold, and the achievements list shows "6/10 genres" from it.
final class AchievementProgressTests: XCTestCase {
  func testTwoDevicesRecordsMergeWithoutLosingACount() {
    let laptop = AchievementProgress(genres: ["Techno", "ambient"], forYouTracks: ["t1"])
    let desktop = AchievementProgress(genres: ["techno", "Hip-Hop"], forYouTracks: ["t1", "t2"])
    let merged = laptop.merging(desktop)
    XCTAssertEqual(merged.genres, ["techno", "ambient", "hip hop"])
    XCTAssertEqual(merged.forYouSaves, 2, "the same song saved on both devices counts once")
    XCTAssertEqual(merged, desktop.merging(laptop), "the order of the writes does not matter")
    XCTAssertTrue(merged.contains(laptop))
    XCTAssertFalse(laptop.contains(desktop))
    XCTAssertTrue(merged.contains(AchievementProgress(genres: ["TECHNO"])), "folded names are one genre")
  }

  func testTheCapsKeepTheSameEntriesOnEveryDevice() {
    let many = (0..<(AchievementProgress.maxGenres + 30)).map { "genre \(1000 + $0)" }
    let a = AchievementProgress(genres: many)
    let b = AchievementProgress(genres: many.reversed())
    XCTAssertEqual(a.genres.count, AchievementProgress.maxGenres)
    XCTAssertEqual(a, b)
    XCTAssertTrue(a.contains(AchievementProgress(genres: ["zzz new"])), "a full record needs no write")
  }

  func testGenresAndForYouSavesEarnTheirAchievementsAndShowProgress() {
    let six = AchievementProgress(genres: ["a1", "b2", "c3", "d4", "e5", "f6"], forYouTracks: [])
    var facts = AchievementFacts(shares: 3).adding(six)
    XCTAssertEqual(Achievement.tenGenres.progress(facts).count, 6)
    XCTAssertEqual(Achievement.tenGenres.progress(facts).target, 10)
    XCTAssertEqual(
      Localizer(.en).format(.gamifyProgressGenres, ["count": "6", "target": "10"]), "6/10 genres")
    XCTAssertFalse(Achievement.tenGenres.isEarned(by: facts))
    XCTAssertFalse(Achievement.firstForYouSave.isEarned(by: facts))
    facts = facts.adding(AchievementProgress(genres: ["g7", "h8", "i9", "j10"], forYouTracks: ["t"]))
    XCTAssertTrue(Achievement.tenGenres.isEarned(by: facts))
    XCTAssertTrue(Achievement.firstForYouSave.isEarned(by: facts))
    XCTAssertEqual(facts.shares, 3, "the other facts stay")

    var book = AchievementBook()
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    XCTAssertEqual(book.apply(facts, now: now), [.firstShare, .tenGenres, .firstForYouSave])
    XCTAssertEqual(book.apply(facts, now: now.addingTimeInterval(60)), [], "announced once")
  }
}
