import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

private let screenText = Driver.Exhaustivity.nonExhaustive(
  because: "checks the drawn screen text; the state changes are PeopleReducerTests' subject")

/// The People area as drawn at 60×20 in English and German: the account line, the sign-in hint, the lists, the
/// offline copy with its age and `r`, a person's profile and its questions, and hostile text made harmless.
final class PeopleScreenTests: XCTestCase {
  static let now = Date(timeIntervalSince1970: 1_900_000_000)
  static let hostile = PersonSummary(
    uid: "uid-evil", displayName: "Eve\u{1B}]0;pwned\u{07}\u{202E}", username: "eve", bio: "Hi\u{1B}[2J there")
  static let ada = PersonSummary(uid: "uid-ada", displayName: "Ada", username: "ada")
  static let lists = PeopleLists(username: "me", following: [ada], followers: [hostile], fetchedAt: now)

  func people(_ language: Language = .en) -> Driver {
    var driver = Driver.screen(screenText, width: 60, height: 20)
    driver.press(.tabKey(.profile))
    driver.press(.character("p"))
    return driver
  }

  func text(_ driver: Driver, _ language: Language) -> String { driver.render(language).lines.joined(separator: "\n") }

  func testSignedOutSaysHowToSignInInBothLanguages() {
    var driver = people()
    driver.send(.people(.listsFailed(requestID: driver.state.people.loading ?? -1, .notSignedIn)))
    let english = text(driver, .en)
    XCTAssertTrue(english.contains("Not signed in."), english)
    XCTAssertTrue(english.contains("press s"), english)
    XCTAssertTrue(english.contains("vibes auth login"), english)
    let german = text(driver, .de)
    XCTAssertTrue(german.contains("Nicht angemeldet."), german)
    XCTAssertTrue(german.contains("s drücken"), german)
    XCTAssertTrue(german.contains("vibes auth login"), german)
  }

  func testListsShowTheAccountAndBothSectionsAndHostileNamesAreHarmless() {
    var driver = people()
    driver.send(.people(.listsLoaded(requestID: driver.state.people.loading ?? -1, Self.lists, final: true)))
    let english = text(driver, .en)
    for expected in ["Signed in as @me", "Following (1)", "Ada (@ada)", "Followers (1)", "Eve"] {
      XCTAssertTrue(english.contains(expected), "\(expected) missing:\n\(english)")
    }
    XCTAssertFalse(english.contains("\u{1B}"), "no escape reaches the screen")
    XCTAssertFalse(english.contains("pwned"), "an OSC title sequence is dropped whole")
    XCTAssertFalse(english.contains("\u{202E}"), "no bidi override")
    let german = text(driver, .de)
    for expected in ["Angemeldet als @me", "Du folgst (1)", "Folgen dir (1)"] {
      XCTAssertTrue(german.contains(expected), "\(expected) missing:\n\(german)")
    }
  }

  func testTheOfflineCopyShowsItsAgeTheFailureAndR() {
    var driver = people()
    let id = driver.state.people.loading ?? -1
    var cached = Self.lists
    cached.isCached = true
    driver.send(.people(.listsLoaded(requestID: id, cached, final: false)))
    driver.send(.people(.listsFailed(requestID: id, .offline)))
    let english = text(driver, .en)
    XCTAssertTrue(english.contains("Offline copy from"), english)
    XCTAssertTrue(english.contains("no connection to Firebase"), english)
    XCTAssertTrue(english.contains("Ada (@ada)"), "the cached list shows:\n\(english)")
    XCTAssertTrue(driver.render(.en).lines.last?.contains("r retry") ?? false, english)
    let german = text(driver, .de)
    XCTAssertTrue(german.contains("Offline-Kopie vom"), german)
    XCTAssertTrue(german.contains("Verbindung zu Firebase"), german)
  }

  func testAFailureWithoutACopySaysWhatFailedAndNotLoading() {
    var driver = people()
    XCTAssertTrue(text(driver, .en).contains("Loading…"))
    driver.send(.people(.listsFailed(requestID: driver.state.people.loading ?? -1, .offline)))
    let english = text(driver, .en)
    XCTAssertFalse(english.contains("Loading…"), english)
    XCTAssertTrue(english.contains("Could not load your people: no connection to Firebase."), english)
  }

  func testAPersonShowsCountsAndTheUnfollowQuestion() {
    var driver = people()
    driver.send(.people(.listsLoaded(requestID: driver.state.people.loading ?? -1, Self.lists, final: true)))
    driver.press(.down)
    driver.press(.enter)
    let id = driver.state.people.path.last?.request?.id ?? -1
    let profile = PersonProfile(
      person: Self.hostile, followers: 2, following: 5, isFollowing: true, fetchedAt: Self.now)
    driver.send(.people(.profileLoaded(requestID: id, uid: Self.hostile.uid, .success(profile))))
    var english = text(driver, .en)
    for expected in ["@eve", "2 followers · 5 following", "You follow them.", "Hi there"] {
      XCTAssertTrue(english.contains(expected), "\(expected) missing:\n\(english)")
    }
    XCTAssertFalse(english.contains("\u{1B}"))
    driver.press(.character("u"))
    english = text(driver, .en)
    XCTAssertTrue(english.contains("Unfollow @eve?"), english)
    XCTAssertTrue(text(driver, .de).contains("@eve entfolgen?"))
  }
}
