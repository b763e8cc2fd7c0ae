import Foundation
import XCTest

@testable import VibesCore

final class AchievementTests: XCTestCase {
  func testRulesOverFacts() {
    XCTAssertEqual(AchievementBook().unlockedAfter(AchievementFacts()), [])
    XCTAssertEqual(AchievementBook().unlockedAfter(AchievementFacts(shares: 1)), [.firstShare])
    XCTAssertEqual(AchievementBook().unlockedAfter(AchievementFacts(shares: 10)), [.firstShare, .tenShares])
    XCTAssertEqual(AchievementBook().unlockedAfter(AchievementFacts(following: 9)), [])
    XCTAssertEqual(AchievementBook().unlockedAfter(AchievementFacts(following: 10)), [.tenFollows])
    XCTAssertEqual(AchievementBook().unlockedAfter(AchievementFacts(blends: 1)), [.firstBlend])
    XCTAssertEqual(AchievementBook().unlockedAfter(AchievementFacts(longestStreak: 7)), [.streak7])
    XCTAssertEqual(AchievementBook().unlockedAfter(AchievementFacts(longestStreak: 30)), [.streak7, .streak30])
    XCTAssertEqual(AchievementBook().unlockedAfter(AchievementFacts(playlistsCreated: 1)), [.firstPlaylist])
    XCTAssertEqual(AchievementBook().unlockedAfter(AchievementFacts(forYouSaves: 1)), [.firstForYouSave])
  }

  func testGenresAreCountedOnceAcrossSpellings() {
    let nine = ["Hip Hop", "hip-hop", " HIP HOP", "Rock", "Jazz", "Pop", "Soul", "Funk", "Techno", "House", "Indie"]
    XCTAssertEqual(AchievementFacts(genresExplored: Set(nine)).genresExplored.count, 9)
    XCTAssertEqual(AchievementBook().unlockedAfter(AchievementFacts(genresExplored: Set(nine))), [])
    let ten = Set(nine + ["Électro"])
    XCTAssertEqual(AchievementBook().unlockedAfter(AchievementFacts(genresExplored: ten)), [.tenGenres])
  }

  func testUnlockedOnceWithItsFirstDate() {
    let day1 = Date(timeIntervalSince1970: 1_700_000_000)
    let day2 = day1.addingTimeInterval(86_400)
    var book = AchievementBook()
    XCTAssertEqual(book.apply(AchievementFacts(shares: 1, following: 10), now: day1), [.firstShare, .tenFollows])
    // Unfollowing and following again does not announce it a second time or move its date.
    XCTAssertEqual(book.apply(AchievementFacts(shares: 1, following: 3), now: day2), [])
    XCTAssertEqual(book.apply(AchievementFacts(shares: 2, following: 10), now: day2), [])
    XCTAssertEqual(book.unlocked[.tenFollows], day1)
    XCTAssertEqual(book.apply(AchievementFacts(shares: 2, blends: 1), now: day2), [.firstBlend])
    XCTAssertEqual(book.list.map(\.achievement), [.firstShare, .tenFollows, .firstBlend])
    XCTAssertEqual(book.list.map(\.date), [day1, day1, day2])
  }

  func testStoredFormRoundTripsAndIgnoresUnknownIDs() {
    var book = AchievementBook()
    book.apply(AchievementFacts(shares: 1), now: Date(timeIntervalSince1970: 1_000))
    let restored = AchievementBook(storedIDs: book.storedIDs + ["from_the_future"], dates: book.storedDates)
    XCTAssertEqual(restored, book)
    XCTAssertEqual(book.storedIDs, ["first_share"])
  }

  func testEveryAchievementHasATitleInBothLanguages() {
    for achievement in Achievement.allCases {
      XCTAssertFalse(Localizer(.en)[achievement.title].isEmpty)
      XCTAssertNotEqual(Localizer(.de)[achievement.title], Localizer(.en)[achievement.title], "\(achievement)")
    }
  }
}

extension AchievementBook {
  fileprivate func unlockedAfter(_ facts: AchievementFacts) -> [Achievement] {
    var copy = self
    return copy.apply(facts, now: Date(timeIntervalSince1970: 0))
  }
}
