import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let firstStart = Driver.Exhaustivity.nonExhaustive(
  because: "follows the first-start sign-in across the tutorial, People and the Feed; the sign-in's own state changes "
    + "are PeopleSignInReducerTests' subject")

/// Sign-in offered at first start: the tutorial's sign-in card (Enter, or `d` for a code; → goes on without an
/// account) hides the tutorial and starts People's sign-in; a new account then chooses its @username and lands on
/// the Feed, a returning one lands on the Feed at once; a failure stays in People with a retry.
final class PeopleFirstStartReducerTests: XCTestCase {
  static let lists = PeopleLists(
    username: nil, following: [], followers: [], fetchedAt: Date(timeIntervalSince1970: 1_900_000_000))

  /// The tutorial on its sign-in card.
  func onSignInCard() -> Driver {
    var driver = Driver(firstStart)
    driver.send(.tutorial(.seenLoaded(false)))
    while driver.state.tutorial.card != .signIn { driver.press(.right) }
    return driver
  }

  func signInID(_ effects: [AppEffect]) -> (id: Int, device: Bool)? {
    for case .signIn(let id, let device)? in effects.map(\.peopleEffect) { return (id, device) }
    return nil
  }

  func testTheSignInCardOffersGoogleACodeAndNotNow() {
    var driver = onSignInCard()
    XCTAssertEqual(driver.state.keyHints.map(\.label), ["←", "Enter", "d", "→", "s"])
    driver.press(.right)
    XCTAssertEqual(driver.state.tutorial.card, .connectSpotify, "→ goes on without signing in")
    XCTAssertTrue(driver.state.tutorial.isVisible)
    XCTAssertNil(driver.state.people.signIn, "nothing started")
  }

  func testANewAccountChoosesItsUsernameThenLandsOnTheFeed() {
    var driver = onSignInCard()
    let effects = driver.press(.enter)
    XCTAssertTrue(effects.contains(.tutorial(.markSeen)), "\(effects)")
    XCTAssertFalse(driver.state.tutorial.isVisible)
    XCTAssertEqual(driver.state.selectedTab, .people)
    guard let (id, device) = signInID(effects) else { return XCTFail("no sign-in: \(effects)") }
    XCTAssertFalse(device, "Enter: the automatic way (the browser, or a code over ssh)")
    XCTAssertEqual(driver.state.people.signIn, PeopleSignIn(requestID: id, device: false, atStart: true))

    let after = driver.send(.people(.signedIn(requestID: id, .success(nil))))
    XCTAssertTrue(after.contains { if case .loadLists? = $0.peopleEffect { return true } else { return false } })
    XCTAssertNil(driver.state.people.signIn)
    XCTAssertEqual(driver.state.selectedTab, .people, "a new account stays for its @username")
    let form = try? XCTUnwrap(driver.state.people.usernameForm)
    XCTAssertEqual(form?.landsOnFeed, true)
    XCTAssertTrue(driver.state.people.isEditingText, "the name field has the keys")

    driver.type("newbie")
    guard let load = driver.state.people.loading else { return XCTFail("the lists load behind the form") }
    driver.send(.people(.listsLoaded(requestID: load, Self.lists, final: true)))
    let claim = driver.press(.enter)
    guard case .claimUsername(let claimID, "newbie")? = claim.compactMap(\.peopleEffect).last else {
      return XCTFail("\(claim)")
    }
    driver.send(.people(.usernameClaimed(requestID: claimID, .success("newbie"))))
    XCTAssertNil(driver.state.people.usernameForm)
    XCTAssertEqual(driver.state.people.lists?.username, "newbie")
    XCTAssertEqual(driver.state.selectedTab, .feed, "claimed: on to the Feed")
  }

  func testAReturningAccountLandsOnTheFeedAtOnce() {
    var driver = onSignInCard()
    let effects = driver.press(.character("d"))
    guard let (id, device) = signInID(effects) else { return XCTFail("no sign-in: \(effects)") }
    XCTAssertTrue(device, "d: a code on another device")
    driver.send(.people(.signedIn(requestID: id, .success("ada"))))
    XCTAssertEqual(driver.state.selectedTab, .feed)
    XCTAssertNil(driver.state.people.usernameForm, "a returning account keeps its @username: no step")
  }

  /// The bug: the Feed the sign-in sent you to remembered People as where it was opened from, so Esc at the Feed's
  /// root went back to People (once). The finished sign-in hands on its own origin instead.
  func testEscOnTheFeedAfterSigningInAtStartStaysOnTheFeed() {
    var driver = onSignInCard()
    let started = driver.state.selectedTab
    guard let (id, _) = signInID(driver.press(.enter)) else { return XCTFail("no sign-in") }
    driver.send(.people(.signedIn(requestID: id, .success("ada"))))
    XCTAssertEqual(driver.state.selectedTab, .feed)
    driver.press(.escape)
    XCTAssertEqual(driver.state.selectedTab, .feed, "Esc at the Feed's root leads nowhere (started on \(started))")
    XCTAssertNil(driver.state.returnPoint)
  }

  func testEscOnTheFeedAfterChoosingAUsernameAtStartStaysOnTheFeed() {
    var driver = onSignInCard()
    guard let (id, _) = signInID(driver.press(.enter)) else { return XCTFail("no sign-in") }
    driver.send(.people(.signedIn(requestID: id, .success(nil))))
    driver.type("newbie")
    let claim = driver.press(.enter)
    guard case .claimUsername(let claimID, "newbie")? = claim.compactMap(\.peopleEffect).last else {
      return XCTFail("\(claim)")
    }
    driver.send(.people(.usernameClaimed(requestID: claimID, .success("newbie"))))
    XCTAssertEqual(driver.state.selectedTab, .feed)
    driver.press(.escape)
    XCTAssertEqual(driver.state.selectedTab, .feed, "not back to People's root")
  }

  /// The tutorial replayed from Profile: after the sign-in, Esc at the Feed goes back to Profile (where the user
  /// was), not to the finished sign-in in People.
  func testAfterAReplayedTutorialEscOnTheFeedGoesBackToWhereTheUserWas() {
    var driver = Driver(firstStart)
    driver.send(.tutorial(.seenLoaded(true)))
    driver.press(.tabKey(.profile))
    driver.send(.tutorial(.replay))
    while driver.state.tutorial.card != .signIn { driver.press(.right) }
    guard let (id, _) = signInID(driver.press(.enter)) else { return XCTFail("no sign-in") }
    XCTAssertEqual(driver.state.selectedTab, .people)
    driver.send(.people(.signedIn(requestID: id, .success("ada"))))
    XCTAssertEqual(driver.state.selectedTab, .feed)
    driver.press(.escape)
    XCTAssertEqual(driver.state.selectedTab, .profile)
  }

  func testAFailedSignInAtStartStaysInPeopleWithARetryThatStillLeadsOn() {
    var driver = onSignInCard()
    guard let (id, _) = signInID(driver.press(.enter)) else { return XCTFail("no sign-in") }
    driver.send(.people(.signedIn(requestID: id, .failure(.offline))))
    XCTAssertEqual(driver.state.selectedTab, .people)
    XCTAssertEqual(driver.state.people.signIn?.problem, .offline)
    guard let (retry, _) = signInID(driver.press(.character("s"))) else { return XCTFail("no retry") }
    XCTAssertEqual(driver.state.people.signIn?.atStart, true, "the retry still leads on")
    driver.send(.people(.signedIn(requestID: retry, .success("ada"))))
    XCTAssertEqual(driver.state.selectedTab, .feed)
  }

  func testSigningInFromPeopleItselfStaysInPeople() {
    var driver = Driver(firstStart)
    driver.send(.tutorial(.seenLoaded(true)))
    driver.press(.tabKey(.profile))
    driver.press(.character("p"))
    driver.send(.people(.listsFailed(requestID: driver.state.people.loading ?? 0, .notSignedIn)))
    guard let (id, _) = signInID(driver.press(.character("s"))) else { return XCTFail("no sign-in") }
    driver.send(.people(.signedIn(requestID: id, .success(nil))))
    XCTAssertEqual(driver.state.selectedTab, .people)
    XCTAssertNil(driver.state.people.usernameForm, "`n` offers the name there; nothing opens by itself")
  }
}
