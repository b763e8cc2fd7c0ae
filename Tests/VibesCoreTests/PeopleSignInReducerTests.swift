import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// Signing in from the People area, exhaustive: the signed-out root offers `s` (and `d` for a code), the sign-in
/// runs as a cancellable effect whose prompt (device code and address) shows, a failure says what failed and `s`
/// retries the same way, Esc cancels, and a success loads the lists (your account line).
final class PeopleSignInReducerTests: XCTestCase {
  static let lists = PeopleLists(
    username: "me", following: [], followers: [], fetchedAt: Date(timeIntervalSince1970: 1_900_000_000))

  func signedOut() -> Driver {
    var driver = Driver()
    driver.arrange { driver in
      driver.press(.tabKey(.profile))
      driver.press(.character("p"))
      driver.send(.people(.listsFailed(requestID: driver.state.people.loading ?? 0, .notSignedIn)))
    }
    return driver
  }

  func testSignInWithACodeFailsThenSucceedsAndLoadsTheLists() {
    var driver = signedOut()
    XCTAssertEqual(
      driver.state.people.bindings(driver.state.context).map(\.command), [.signIn, .signInWithCode, .retry])
    let first = driver.state.context.nextRequestID
    driver.press(.character("d"), expecting: [.people(.signIn(requestID: first, device: true))]) { state in
      state.people.signIn = PeopleSignIn(requestID: first, device: true)
      state.context.nextRequestID = first + 1
    }
    XCTAssertEqual(driver.state.people.runningRequestIDs, [first], "quitting cancels it")
    let prompt = SignInPrompt.device(url: "https://www.google.com/device", code: "ABCD-EFGH")
    driver.send(.people(.signInPrompted(requestID: first, prompt)), expecting: []) {
      $0.people.signIn?.prompt = prompt
    }
    driver.send(.people(.signedIn(requestID: first, .failure(.codeExpired))), expecting: []) {
      $0.people.signIn = PeopleSignIn(requestID: nil, device: true, problem: .codeExpired)
    }
    XCTAssertEqual(driver.state.people.bindings(driver.state.context).map(\.command), [.signIn, .signInWithCode])
    let retry = first + 1
    driver.press(.character("s"), expecting: [.people(.signIn(requestID: retry, device: true))]) { state in
      state.people.signIn = PeopleSignIn(requestID: retry, device: true)
      state.context.nextRequestID = retry + 1
    }
    driver.send(.people(.signedIn(requestID: first, .success(nil))), expecting: [])  // a stale answer
    let load = retry + 1
    driver.send(.people(.signedIn(requestID: retry, .success("me"))), expecting: [.people(.loadLists(requestID: load))])
    {
      state in
      state.people.signIn = nil
      state.people.failure = nil
      state.people.loading = load
      state.context.nextRequestID = load + 1
      state.context.notice = .localized(LocalizedText(PeopleL10n.peopleSignedIn), isWarning: false)
    }
    driver.send(
      .people(.listsLoaded(requestID: load, Self.lists, final: true)),
      expecting: [.people(.loadSuggestions(requestID: load + 1, following: Self.lists.following, force: false))]
    ) { state in
      state.people.loading = nil
      state.people.lists = Self.lists
      state.people.suggesting = load + 1
      state.context.nextRequestID = load + 2
    }
  }

  func testEscCancelsTheBrowserSignInAndTheRootOffersItAgain() {
    var driver = signedOut()
    let id = driver.state.context.nextRequestID
    driver.press(.character("s"), expecting: [.people(.signIn(requestID: id, device: false))]) { state in
      state.people.signIn = PeopleSignIn(requestID: id, device: false)
      state.context.nextRequestID = id + 1
    }
    let prompt = SignInPrompt.browser(url: "https://accounts.example/o/oauth2/auth?x=1", opened: true)
    driver.send(.people(.signInPrompted(requestID: id, prompt)), expecting: []) { $0.people.signIn?.prompt = prompt }
    driver.press(.escape, expecting: [.cancel(requestID: id)]) { $0.people.signIn = nil }
    driver.send(.people(.signedIn(requestID: id, .success(nil))), expecting: [])  // too late: nothing happens
    XCTAssertEqual(driver.state.selectedTab, .people, "Esc closed the sign-in, not the area")
  }
}
