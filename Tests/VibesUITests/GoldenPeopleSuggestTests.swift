import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// People's find screen with suggestions (FR-8.4) at 60×20 in English and German
/// (`people-suggested-<en|de>-60x20.txt`): the section above Following, each row the person and the reason in words,
/// a long reason cut at the row's end, and `f` in the footer on a suggested row.
extension GoldenScreenTests {
  static let suggestedLists = PeopleLists(
    username: "demo_listener",
    following: [
      PersonSummary(uid: "u-aisha", displayName: "Aisha Khan", username: "aisha"),
      PersonSummary(uid: "u-mika", displayName: "Mika Tanaka", username: "mika"),
    ], followers: [PersonSummary(uid: "u-mika", displayName: "Mika Tanaka", username: "mika")], fetchedAt: fetched)

  static let suggested = PeopleSuggestions(
    items: [
      PersonSuggestion(
        person: PersonSummary(uid: "u-sam", displayName: "Sam Rivera", username: "sam_r"),
        reason: SuggestionReason(tastePercent: 84)),
      PersonSuggestion(
        person: PersonSummary(uid: "u-noor", displayName: "Noor Haddad", username: "noor"),
        reason: SuggestionReason(followedBy: ["@aisha", "@mika"], followedByCount: 2)),
      PersonSuggestion(
        person: PersonSummary(uid: "u-lina", displayName: "Lina", username: "lina"),
        reason: SuggestionReason(followedBy: ["@aisha", "@mika"], followedByCount: 5, tastePercent: 41)),
    ], fetchedAt: fetched)

  func testPeopleSuggestions() {
    for language in [Language.en, .de] {
      assertGolden(
        "people-suggested-\(language.rawValue)-60x20", size: ScreenSize(width: 60, height: 20), language: language
      ) { driver in
        Self.openSuggestions(Self.suggested, &driver)
      }
    }
  }

  /// Your taste summary not shared (Profile's setting off): below the suggestions, that taste matches need it and
  /// where to switch it on (`people-suggested-taste-off-<en|de>-60x20.txt`).
  func testPeopleSuggestionsSayTasteMatchesNeedYourSummary() {
    var suggested = Self.suggested
    // Without your summary nobody is matched by taste: only the suggestions through people you follow.
    suggested.items = suggested.items.dropFirst().map { item in
      var item = item
      item.reason.tastePercent = nil
      return item
    }
    suggested.tasteShared = false
    for language in [Language.en, .de] {
      assertGolden(
        "people-suggested-taste-off-\(language.rawValue)-60x20", size: ScreenSize(width: 60, height: 20),
        language: language
      ) { driver in
        Self.openSuggestions(suggested, &driver)
      }
    }
  }

  /// Profile, `p` (People), its lists loaded, then `suggestions` answered.
  private static func openSuggestions(_ suggestions: PeopleSuggestions, _ driver: inout Driver) {
    driver.press(.tabKey(.profile))
    driver.press(.character("p"))
    driver.send(.people(.listsLoaded(requestID: driver.state.people.loading ?? -1, suggestedLists, final: true)))
    driver.send(.people(.suggestionsLoaded(requestID: driver.state.people.suggesting ?? -1, .success(suggestions))))
  }
}
