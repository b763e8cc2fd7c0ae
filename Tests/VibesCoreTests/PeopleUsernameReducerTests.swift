import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// "Choose your @username" in the People area, exhaustive: `n` (or Enter on an empty list) opens the one-field form,
/// the rule refuses an invalid name in words without asking Firebase, availability is asked after a pause in typing
/// (a stale check is cancelled), a taken name is said before saving and Enter does not claim it, a failed claim says
/// why and Enter tries again, Esc closes the form (not while the atomic claim runs), and a claim renames you.
final class PeopleUsernameReducerTests: XCTestCase {
  static let now = Date(timeIntervalSince1970: 1_900_000_000)
  static let ada = PersonSummary(uid: "uid-ada", displayName: "Ada", username: "ada")
  static let nameless = PeopleLists(username: nil, following: [], followers: [], fetchedAt: now)

  func inPeople(_ lists: PeopleLists = nameless) -> Driver {
    Driver.inPeople(lists)
  }

  func testChoosingAFreeNameAfterATakenOneThenAFailedClaimRetriedWithEnter() {
    var driver = inPeople()
    let binding = driver.state.people.bindings(driver.state.context).first { $0.command == .chooseUsername }
    XCTAssertEqual(binding?.label, "n", "the account line's key shows in the footer")
    driver.press(.character("n"), expecting: []) { $0.people.usernameForm = UsernameForm(current: nil) }
    XCTAssertTrue(driver.state.people.isEditingText, "letters go into the field")
    // Too short: the rule, no request.
    driver.type("ad", expecting: []) { $0.people.usernameForm?.field.replace(with: "ad") }
    XCTAssertEqual(driver.state.people.usernameForm?.problem, .tooShort)
    driver.press(.enter, expecting: [])  // an invalid name is not claimed
    let timer = driver.state.context.nextRequestID
    driver.type("a", expecting: [.people(.scheduleUsernameCheck(timerID: timer, seconds: 0.4))]) { state in
      state.people.usernameForm?.field.replace(with: "ada")
      state.people.usernameForm?.pendingTimerID = timer
      state.context.nextRequestID = timer + 1
    }
    let check = timer + 1
    driver.send(
      .people(.usernameCheckDue(timerID: timer)), expecting: [.people(.checkUsername(requestID: check, name: "ada"))]
    ) { state in
      state.people.usernameForm?.pendingTimerID = nil
      state.people.usernameForm?.check = .checking(requestID: check, name: "ada")
      state.context.nextRequestID = check + 1
    }
    driver.send(.people(.usernameChecked(requestID: check, name: "ada", .success(false))), expecting: []) {
      $0.people.usernameForm?.check = .taken("ada")
    }
    driver.press(.enter, expecting: [])  // a taken name is not claimed
    // Typing again drops "taken" and waits for the next pause.
    let timer2 = check + 1
    driver.type("X", expecting: [.people(.scheduleUsernameCheck(timerID: timer2, seconds: 0.4))]) { state in
      state.people.usernameForm?.field.replace(with: "adaX")
      state.people.usernameForm?.check = .idle
      state.people.usernameForm?.pendingTimerID = timer2
      state.context.nextRequestID = timer2 + 1
    }
    let check2 = timer2 + 1
    driver.send(
      .people(.usernameCheckDue(timerID: timer2)),
      expecting: [.people(.checkUsername(requestID: check2, name: "adax"))]
    ) { state in
      state.people.usernameForm?.pendingTimerID = nil
      state.people.usernameForm?.check = .checking(requestID: check2, name: "adax")
      state.context.nextRequestID = check2 + 1
    }
    driver.send(.people(.usernameChecked(requestID: check2, name: "adax", .success(true))), expecting: []) {
      $0.people.usernameForm?.check = .available("adax")
    }
    let claim = check2 + 1
    driver.press(.enter, expecting: [.people(.claimUsername(requestID: claim, name: "adax"))]) { state in
      state.people.usernameForm?.check = .idle
      state.people.usernameForm?.claiming = UsernameClaim(id: claim, name: "adax")
      state.context.nextRequestID = claim + 1
    }
    XCTAssertEqual(driver.state.people.bindings(driver.state.context), [], "nothing to press while it saves")
    driver.press(.escape, expecting: [])  // the atomic claim is awaited, not abandoned
    driver.type("z", expecting: [])  // nor edited
    driver.send(.people(.usernameClaimed(requestID: claim, .failure(.failed(.offline)))), expecting: []) { state in
      state.people.usernameForm?.claiming = nil
      state.people.usernameForm?.failure = .offline
    }
    XCTAssertEqual(driver.state.people.bindings(driver.state.context).map(\.command), [.claimUsername])
    let retry = claim + 1
    driver.press(.enter, expecting: [.people(.claimUsername(requestID: retry, name: "adax"))]) { state in
      state.people.usernameForm?.failure = nil
      state.people.usernameForm?.claiming = UsernameClaim(id: retry, name: "adax")
      state.context.nextRequestID = retry + 1
    }
    driver.send(.people(.usernameClaimed(requestID: claim, .success("adax"))), expecting: [])  // a stale answer
    driver.send(.people(.usernameClaimed(requestID: retry, .success("adax"))), expecting: []) { state in
      state.people.usernameForm = nil
      state.people.lists?.username = "adax"
      state.context.notice = .localized(
        LocalizedText(PeopleL10n.peopleUsernameClaimed, ["name": "adax"]), isWarning: false)
    }
    XCTAssertEqual(driver.state.people.depth, 0)
  }

  func testTheRuleIsSaidInWordsAndAClaimLostToSomeoneElseSaysTaken() {
    var driver = inPeople()
    driver.arrange { $0.press(.character("n")) }
    driver.type("1ab", expecting: []) { $0.people.usernameForm?.field.replace(with: "1ab") }
    XCTAssertEqual(driver.state.people.usernameForm?.problem, .mustStartWithLetter)
    XCTAssertEqual(driver.state.people.usernameForm?.problem?.text, .peopleUsernameStartLetter)
    driver.arrange { $0.press(.escape, .character("n")) }
    driver.type("a-b", expecting: []) { $0.people.usernameForm?.field.replace(with: "a-b") }
    XCTAssertEqual(driver.state.people.usernameForm?.problem, .invalidCharacter)
    driver.arrange { $0.press(.escape, .character("n")) }
    driver.arrange { $0.type("cyrus") }
    let claim = driver.state.context.nextRequestID
    let timer = claim - 1
    // Enter before the check: claimed at once (the claim itself is atomic), the pending check cancelled.
    driver.press(
      .enter, expecting: [.cancel(requestID: timer), .people(.claimUsername(requestID: claim, name: "cyrus"))]
    ) {
      state in
      state.people.usernameForm?.pendingTimerID = nil
      state.people.usernameForm?.claiming = UsernameClaim(id: claim, name: "cyrus")
      state.context.nextRequestID = claim + 1
    }
    driver.send(.people(.usernameClaimed(requestID: claim, .failure(.taken))), expecting: []) { state in
      state.people.usernameForm?.claiming = nil
      state.people.usernameForm?.check = .taken("cyrus")
    }
    driver.press(.enter, expecting: [])
  }

  func testEnterOnAnEmptyListOpensTheFormAndEscClosesItCancellingTheCheck() {
    var driver = inPeople()
    driver.press(.enter, expecting: []) { $0.people.usernameForm = UsernameForm(current: nil) }
    driver.arrange { $0.type("ada") }
    let timer = driver.state.context.nextRequestID - 1
    XCTAssertEqual(
      Set(driver.state.people.runningRequestIDs), Set([timer, driver.state.people.suggesting].compactMap { $0 }))
    driver.press(.escape, expecting: [.cancel(requestID: timer)]) { $0.people.usernameForm = nil }
    // Esc again leaves the area as before.
    XCTAssertEqual(driver.state.selectedTab, .people)
  }

  func testSomeoneWithANameIsOfferedARenameAndKeepingTheSameNameJustCloses() {
    var driver = inPeople(PeopleLists(username: "ada", following: [Self.ada], followers: [], fetchedAt: Self.now))
    let binding = driver.state.people.bindings(driver.state.context).first { $0.command == .chooseUsername }
    XCTAssertEqual(binding?.help, .key(PeopleL10n.peopleHelpChangeUsername))
    driver.press(.character("n"), expecting: []) { $0.people.usernameForm = UsernameForm(current: "ada") }
    XCTAssertEqual(driver.state.people.usernameForm?.field.text, "ada", "the form holds your name")
    driver.press(.enter, expecting: []) { $0.people.usernameForm = nil }  // nothing to claim
  }
}
