import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

private let screenText = Driver.Exhaustivity.nonExhaustive(
  because: "checks the drawn screen text; the state changes are GamifyReducerTests' subject")

/// The Blend (mixing, the preview with its mix and match, saved and shared, what is missing) and the achievements
/// list, drawn at 60×20 and 80×24 in English and German; the 25 songs scroll into view at 60×20.
final class GamifyScreenTests: XCTestCase {
  static let ada = PersonSummary(uid: "uid-ada", displayName: "Ada", username: "ada")
  static let now = Date(timeIntervalSince1970: 1_900_000_000)

  static func result() -> BlendResult {
    let mine = TasteSummary(artists: [.init(name: "M83", weight: 1), .init(name: "Björk", weight: 0.5)], genres: [])
    let theirs = TasteSummary(artists: [.init(name: "M83", weight: 1), .init(name: "Basalt", weight: 1)], genres: [])
    let artists = ["M83", "Basalt", "Björk", "Nobody Listed"]
    let songs = (0..<25).map { (title: "Song \($0)", artist: artists[$0 % 4]) }
    let preview = BlendPreview(name: "Night Drive", songs: songs, mine: mine, theirs: theirs)
    return BlendResult(playlistID: 7, preview: preview, found: (0..<25).map { $0 != 3 }, firstTrack: nil)
  }

  func blend(width: Int, height: Int) -> Driver {
    var driver = Driver.screen(screenText, width: width, height: height)
    driver.send(.gamify(.openBlend(Self.ada)))
    driver.state.selectedTab = .gamify  // as People's `m` shows it (GamifyReducerTests)
    return driver
  }

  func text(_ driver: Driver, _ language: Language) -> String {
    driver.render(language).lines.joined(separator: "\n")
  }

  func testMixingThenThePreviewWithItsMixAndMatchScrollsAt60x20() {
    for (width, height) in [(60, 20), (80, 24)] {
      var driver = blend(width: width, height: height)
      XCTAssertTrue(text(driver, .en).contains("Mixing your music tastes…"), text(driver, .en))
      XCTAssertTrue(text(driver, .de).contains("Eure Musikgeschmäcker werden gemischt…"))
      let mix = driver.state.gamify.blend?.mixing ?? 0
      let result = Self.result()
      driver.send(.gamify(.blendMixed(requestID: mix, .success(result))))
      let english = text(driver, .en)
      let percent = result.preview.matchPercent
      for expected in [
        "Blend with @ada", "Night Drive", "\(percent) % taste match", "24 of 25 songs found on Spotify",
        "both", "theirs", "yours", "similar", "Song 0 — M83", "Song 3 — Nobody Listed (not on Spotify)",
      ] {
        XCTAssertTrue(english.contains(expected), "\(width)×\(height): \(expected) missing:\n\(english)")
      }
      XCTAssertTrue(english.contains("s Save"), english)
      let german = text(driver, .de)
      for expected in ["Blend mit @ada", "Geschmacksübereinstimmung", "24 von 25 Songs", "beide", "von dort"] {
        XCTAssertTrue(german.contains(expected), "\(width)×\(height): \(expected) missing:\n\(german)")
      }
      // The last song scrolls into view.
      XCTAssertFalse(width == 60 && english.contains("Song 24"), "the list is longer than 60×20")
      driver.press(.end)
      XCTAssertTrue(text(driver, .en).contains("Song 24 — M83"), text(driver, .en))
    }
  }

  func testSavedAndSharedSayWhereItWent() {
    var driver = blend(width: 60, height: 20)
    let mix = driver.state.gamify.blend?.mixing ?? 0
    driver.send(.gamify(.blendMixed(requestID: mix, .success(Self.result()))))
    driver.press(.character("s"))
    XCTAssertTrue(text(driver, .en).contains("Saving to Spotify…"))
    let save = driver.state.gamify.blend?.saving ?? 0
    driver.send(.gamify(.blendSaved(requestID: save, .failure(.offline))))
    XCTAssertTrue(text(driver, .en).contains("Not saved:"), text(driver, .en))
    driver.press(.character("s"))
    let again = driver.state.gamify.blend?.saving ?? 0
    driver.send(.gamify(.blendSaved(requestID: again, .success("https://open.spotify.com/playlist/PL1"))))
    let english = text(driver, .en).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    XCTAssertTrue(english.contains("Saved to Spotify: https://open.spotify.com/playlist/PL1"), english)
    XCTAssertFalse(english.contains("Not saved"), english)
  }

  func testWhatIsMissingIsSaidWithTheSetupStep() {
    var driver = blend(width: 60, height: 20)
    let mix = driver.state.gamify.blend?.mixing ?? 0
    driver.send(.gamify(.blendMixed(requestID: mix, .failure(.noTasteSummary))))
    let none = text(driver, .en).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    XCTAssertTrue(none.contains("@ada has not shared a taste summary yet"), none)
    XCTAssertFalse(none.contains("Enter opens the setup step"), none)
    let german = text(driver, .de).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    XCTAssertTrue(german.contains("@ada hat noch keine Geschmacksübersicht geteilt"), german)

    driver.press(.character("r"))
    let again = driver.state.gamify.blend?.mixing ?? 0
    driver.send(.gamify(.blendMixed(requestID: again, .failure(.create(.geminiKeyMissing)))))
    let key = text(driver, .en).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    XCTAssertTrue(key.contains("Enter opens the setup step"), key)
    XCTAssertTrue(key.contains("Enter Set up"), key)
    XCTAssertTrue(key.contains("Gemini"), key)
  }

  func testARefusedCollaborationYourUnsharedSummaryAndGeminisQuotaAreSaid() {
    var driver = blend(width: 80, height: 24)
    var result = Self.result()
    result.mineShared = false
    driver.send(.gamify(.blendMixed(requestID: driver.state.gamify.blend?.mixing ?? 0, .success(result))))
    XCTAssertFalse(text(driver, .en).contains("Gemini:"), "far from the limit: no hint")
    driver.send(.gamify(.geminiUsageRead(GeminiUsage(requests: 17, exhausted: false, model: "gemini-flash-latest"))))
    driver.press(.character("s"))
    let save = driver.state.gamify.blend?.saving ?? 0
    driver.send(.gamify(.blendCollaborativeRefused(requestID: save)))
    driver.send(.gamify(.blendSaved(requestID: save, .success("https://open.spotify.com/playlist/PL1"))))
    let english = text(driver, .en).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for expected in [
      "Gemini: 17 of about 20 free requests used today", "Your taste summary is not shared",
      "Saved to Spotify: https://open.spotify.com/playlist/PL1", "only you can add songs to it",
    ] {
      XCTAssertTrue(english.contains(expected), "\(expected) missing:\n\(english)")
    }
    let german = text(driver, .de).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for expected in ["17 von etwa 20 freien Anfragen", "nicht geteilt", "nur du kannst Songs hinzufügen"] {
      XCTAssertTrue(german.contains(expected), "\(expected) missing:\n\(german)")
    }
  }

  func testGenresAndForYouSavesShowTheirProgress() {
    var driver = Driver.screen(screenText, width: 60, height: 20)
    driver.send(.gamify(.openAchievements))
    driver.state.selectedTab = .gamify
    let progress = AchievementProgress(genres: ["techno", "ambient", "dream pop", "folk", "jazz", "house"])
    let report = AchievementsReport(
      book: AchievementBook(), facts: AchievementFacts(shares: 4).adding(progress), measured: Set(Achievement.allCases))
    driver.send(.gamify(.achievementsLoaded(requestID: driver.state.gamify.loading ?? 0, .success(report))))
    driver.press(.end)
    let english = text(driver, .en)
    for expected in ["4/10 songs shared", "6/10 genres", "0/1 For You songs saved"] {
      XCTAssertTrue(english.contains(expected), "\(expected) missing:\n\(english)")
    }
  }

  func testTheAchievementsListShowsDatesProgressAndNotYet() {
    for (width, height) in [(60, 20), (80, 24)] {
      var driver = Driver.screen(screenText, width: width, height: height)
      driver.send(.gamify(.openAchievements))
      driver.state.selectedTab = .gamify  // as People's `a` shows it (GamifyReducerTests)
      XCTAssertTrue(text(driver, .en).contains("Loading your achievements…"))
      var book = AchievementBook()
      book.apply(AchievementFacts(shares: 1), now: Self.now)
      let report = AchievementsReport(
        book: book, facts: AchievementFacts(following: 3, longestStreak: 4), measured: [.tenFollows, .streak7])
      driver.send(.gamify(.achievementsLoaded(requestID: driver.state.gamify.loading ?? 0, .success(report))))
      let english = text(driver, .en)
      for expected in [
        "Achievements · 1 of 10 unlocked", "♪ First share · unlocked 17 Mar 2030", "Following 10 people · 3/10 follows",
        "7-day streak · 4/7 days in a row", "First Blend · not yet",
      ] {
        XCTAssertTrue(english.contains(expected), "\(width)×\(height): \(expected) missing:\n\(english)")
      }
      let german = text(driver, .de)
      for expected in ["Erfolge · 1 von 10 freigeschaltet", "freigeschaltet am 17", "3/10 gefolgt", "noch nicht"] {
        XCTAssertTrue(german.contains(expected), "\(width)×\(height): \(expected) missing:\n\(german)")
      }
      driver.press(.end)
      XCTAssertTrue(text(driver, .en).contains("First For You song saved"), text(driver, .en))
    }
  }
}
