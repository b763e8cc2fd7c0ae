import Foundation
import VibesCore
import XCTest

/// Suggested people (FR-8.4), ranked and merged without any I/O: mutual follows and taste match, never you, never
/// someone you follow, never anyone blocked either way, and the reason in words in both languages.
final class PeopleSuggestionRankingTests: XCTestCase {
  static func person(_ uid: String, _ name: String) -> PersonSummary {
    PersonSummary(uid: uid, displayName: name, username: name.lowercased())
  }

  static let ada = person("u-ada", "Ada")
  static let bob = person("u-bob", "Bob")
  static let cy = person("u-cy", "Cy")
  static let dee = person("u-dee", "Dee")
  static let eve = person("u-eve", "Eve")
  static let fay = person("u-fay", "Fay")
  static let gus = person("u-gus", "Gus")

  /// You ("u-me") follow Ada, Bob and Cy.
  func evidence(
    followedBy: [String: Set<String>], taste: [String: Int] = [:], blocked: Set<String> = [],
    people extra: [PersonSummary] = [dee, eve, fay, gus]
  ) -> SuggestionEvidence {
    var people: [String: PersonSummary] = [:]
    for person in [Self.ada, Self.bob, Self.cy] + extra { people[person.uid] = person }
    return SuggestionEvidence(
      me: "u-me", following: ["u-ada", "u-bob", "u-cy"], blocked: blocked, followedBy: followedBy,
      tastePercent: taste, people: people)
  }

  func testMoreMutualFollowsRankFirstAndTheReasonNamesThem() {
    let ranked = PeopleSuggestionRanking.rank(
      evidence(followedBy: ["u-dee": ["u-ada"], "u-eve": ["u-ada", "u-bob", "u-cy"], "u-fay": ["u-cy", "u-bob"]]))
    XCTAssertEqual(ranked.map(\.person.uid), ["u-eve", "u-fay", "u-dee"])
    XCTAssertEqual(ranked[0].reason, SuggestionReason(followedBy: ["@ada", "@bob"], followedByCount: 3))
    let en = Localizer(.en)
    let de = Localizer(.de)
    XCTAssertEqual(ranked[0].reason.text(en), "followed by @ada and 2 others")
    XCTAssertEqual(ranked[1].reason.text(en), "followed by @bob and @cy")
    XCTAssertEqual(ranked[2].reason.text(en), "followed by @ada")
    XCTAssertEqual(ranked[0].reason.text(de), "gefolgt von @ada und 2 weiteren")
    XCTAssertEqual(ranked[1].reason.text(de), "gefolgt von @bob und @cy")
  }

  func testTasteMatchMergesWithMutualFollowsAndCountsAloneFromTheThreshold() {
    let ranked = PeopleSuggestionRanking.rank(
      evidence(
        followedBy: ["u-dee": ["u-ada"], "u-eve": ["u-ada", "u-bob"]],
        taste: ["u-dee": 80, "u-fay": 90, "u-gus": PeopleSuggestionRanking.minTastePercent - 1]))
    // Dee: 1 + 80/25 = 4.2; Fay: 90/25 = 3.6; Eve: 2; Gus below the threshold and followed by nobody: left out.
    XCTAssertEqual(ranked.map(\.person.uid), ["u-dee", "u-fay", "u-eve"])
    XCTAssertEqual(ranked[0].reason.text(Localizer(.en)), "followed by @ada · 80 % taste match")
    XCTAssertEqual(ranked[1].reason.text(Localizer(.en)), "90 % taste match")
    XCTAssertEqual(ranked[1].reason.text(Localizer(.de)), "90 % Geschmacksübereinstimmung")
  }

  func testNeverYouNeverSomeoneYouFollowNeverBlockedNeverWithoutAProfile() {
    var input = evidence(
      followedBy: [
        "u-me": ["u-ada"], "u-bob": ["u-ada"], "u-dee": ["u-ada"], "u-eve": ["u-ada", "u-bob"],
        "u-nobody": ["u-ada"],
      ], taste: ["u-fay": 95, "u-cy": 99], blocked: ["u-dee", "u-fay"])
    input.people["u-me"] = Self.person("u-me", "Me")
    let ranked = PeopleSuggestionRanking.rank(input)
    XCTAssertEqual(ranked.map(\.person.uid), ["u-eve"], "\(ranked)")
  }

  func testABlockedPersonYouStillFollowIsNotCountedAsAMutualFollow() {
    let ranked = PeopleSuggestionRanking.rank(
      evidence(followedBy: ["u-eve": ["u-ada", "u-bob"]], blocked: ["u-bob"]))
    XCTAssertEqual(ranked.first?.reason, SuggestionReason(followedBy: ["@ada"], followedByCount: 1))
  }

  func testTiesGoByNameAndTheLimitHolds() {
    let followedBy: [String: Set<String>] = ["u-gus": ["u-ada"], "u-dee": ["u-ada"], "u-fay": ["u-ada"]]
    XCTAssertEqual(
      PeopleSuggestionRanking.rank(evidence(followedBy: followedBy)).map(\.person.uid), ["u-dee", "u-fay", "u-gus"])
    XCTAssertEqual(
      PeopleSuggestionRanking.rank(evidence(followedBy: followedBy), limit: 2).map(\.person.uid), ["u-dee", "u-fay"])
  }

  func testTasteKeysAreTheFoldedArtistNamesOnceEach() {
    let summary = TasteSummary(
      artists: [
        .init(name: "Beyoncé", weight: 1), .init(name: "M83", weight: 0.8), .init(name: "BEYONCE", weight: 0.5),
      ],
      genres: [.init(name: "pop", weight: 1)])
    XCTAssertEqual(PeopleSuggestionRanking.tasteKeys(summary), ["beyonce", "m83"])
  }
}
