import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

private let screenText = Driver.Exhaustivity.nonExhaustive(
  because: "checks the drawn screen text; the state changes are PeopleProfileEditReducerTests' subject")

/// "Edit your profile" as drawn at 60×20 in English and German: the fields with your name and bio, saving, and a
/// failed save with how to retry.
final class PeopleProfileEditScreenTests: XCTestCase {
  static let me = PersonSummary(uid: "uid-me", displayName: "Me", username: "me", bio: "Old bio")

  func form() -> Driver {
    var driver = Driver.screen(screenText, width: 60, height: 20)
    driver.press(.tabKey(.profile))
    driver.press(.character("p"))
    let lists = PeopleLists(
      username: "me", following: [], followers: [], fetchedAt: Date(timeIntervalSince1970: 0), me: Self.me)
    driver.send(.people(.listsLoaded(requestID: driver.state.people.loading ?? -1, lists, final: true)))
    return driver
  }

  func text(_ driver: Driver, _ language: Language) -> String { driver.render(language).lines.joined(separator: "\n") }

  func testTheFormShowsYourNameAndBioAndAFailedSaveSaysWhyAndHowToRetry() {
    var driver = form()
    XCTAssertTrue(driver.render(.en).lines.last?.contains("e edit") ?? false, text(driver, .en))
    driver.press(.character("e"))
    var english = text(driver, .en)
    for expected in ["Edit your profile", "Name", "Me", "Bio", "Old bio"] {
      XCTAssertTrue(english.contains(expected), "\(expected) missing:\n\(english)")
    }
    XCTAssertTrue(text(driver, .de).contains("Dein Profil bearbeiten"), text(driver, .de))
    driver.press(.tab)
    driver.type(" and tea")
    driver.press(.enter)
    XCTAssertTrue(text(driver, .en).contains("Saving your profile…"), text(driver, .en))
    guard case .saving(let id)? = driver.state.people.profileForm?.phase else { return XCTFail("not saving") }
    driver.send(.people(.profileSaved(requestID: id, displayName: nil, bio: "Old bio and tea", failure: .refused)))
    english = text(driver, .en)
    XCTAssertTrue(english.contains("Could not save your profile: Firebase refused it."), english)
    XCTAssertTrue(english.contains("Enter to try again."), english)
    XCTAssertTrue(text(driver, .de).contains("konnte nicht gespeichert werden"), text(driver, .de))
  }
}
