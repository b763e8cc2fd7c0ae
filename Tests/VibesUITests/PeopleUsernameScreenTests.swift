import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

private let screenText = Driver.Exhaustivity.nonExhaustive(
  because: "checks the drawn screen text; the state changes are PeopleUsernameReducerTests' subject")

/// "Choose your @username" as drawn at 60×20 in English and German: the offer on the account line and in the
/// footer, the rule in words, taken before saving, free, saving, and a failed claim with how to retry.
final class PeopleUsernameScreenTests: XCTestCase {
  static let now = Date(timeIntervalSince1970: 1_900_000_000)

  func form() -> Driver {
    var driver = Driver.screen(screenText, width: 60, height: 20)
    driver.press(.tabKey(.profile))
    driver.press(.character("p"))
    let lists = PeopleLists(username: nil, following: [], followers: [], fetchedAt: Self.now)
    driver.send(.people(.listsLoaded(requestID: driver.state.people.loading ?? -1, lists, final: true)))
    return driver
  }

  func text(_ driver: Driver, _ language: Language) -> String { driver.render(language).lines.joined(separator: "\n") }

  func checked(_ driver: inout Driver, _ name: String, free: Bool) {
    driver.type(name)
    driver.send(.people(.usernameCheckDue(timerID: driver.state.people.usernameForm?.pendingTimerID ?? -1)))
    if case .checking(let id, let checking)? = driver.state.people.usernameForm?.check {
      driver.send(.people(.usernameChecked(requestID: id, name: checking, .success(free))))
    }
  }

  func testTheAccountLineOffersNAndTheFormSaysTheRule() {
    var driver = form()
    XCTAssertTrue(text(driver, .en).contains("no @username yet: press n"), text(driver, .en))
    XCTAssertTrue(driver.render(.en).lines.last?.contains("n choose") ?? false, text(driver, .en))
    XCTAssertTrue(text(driver, .de).contains("n wählt einen"), text(driver, .de))
    driver.press(.character("n"))
    driver.type("9lives")
    let english = text(driver, .en)
    for expected in ["Choose your @username", "3 to 20 characters", "It must start with a letter a–z."] {
      XCTAssertTrue(english.contains(expected), "\(expected) missing:\n\(english)")
    }
    let german = text(driver, .de)
    for expected in ["Wähle deinen @Nutzernamen", "Er muss mit einem Buchstaben a–z beginnen."] {
      XCTAssertTrue(german.contains(expected), "\(expected) missing:\n\(german)")
    }
  }

  func testTakenIsSaidBeforeSavingAndFreeSaysEnterClaims() {
    var driver = form()
    driver.press(.character("n"))
    checked(&driver, "ada", free: false)
    XCTAssertTrue(text(driver, .en).contains("@ada is taken."), text(driver, .en))
    XCTAssertTrue(text(driver, .de).contains("@ada ist vergeben."), text(driver, .de))
    driver.type("x")
    XCTAssertFalse(text(driver, .en).contains("taken"), "typing drops the old answer")
    driver.send(.people(.usernameCheckDue(timerID: driver.state.people.usernameForm?.pendingTimerID ?? -1)))
    XCTAssertTrue(text(driver, .en).contains("Checking @adax…"), text(driver, .en))
    if case .checking(let id, _)? = driver.state.people.usernameForm?.check {
      driver.send(.people(.usernameChecked(requestID: id, name: "adax", .success(true))))
    }
    XCTAssertTrue(text(driver, .en).contains("@adax is free: Enter claims it."), text(driver, .en))
    XCTAssertTrue(driver.render(.en).lines.last?.contains("Enter claim") ?? false, text(driver, .en))
  }

  func testAFailedClaimSaysWhatFailedAndHowToRetry() {
    var driver = form()
    driver.press(.character("n"))
    checked(&driver, "adax", free: true)
    driver.press(.enter)
    XCTAssertTrue(text(driver, .en).contains("Saving @adax…"), text(driver, .en))
    let id = driver.state.people.usernameForm?.claiming?.id ?? -1
    driver.send(.people(.usernameClaimed(requestID: id, .failure(.failed(.offline)))))
    let english = text(driver, .en)
    XCTAssertTrue(english.contains("Could not save @adax: no connection to Firebase."), english)
    XCTAssertTrue(english.contains("Enter to try again."), english)
    XCTAssertTrue(driver.render(.en).lines.last?.contains("Enter retry") ?? false, english)
    XCTAssertTrue(text(driver, .de).contains("@adax konnte nicht"), text(driver, .de))
  }
}
