import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// The people you blocked, exhaustive: `B` at the People root opens the list and loads it, a failure offers `r`,
/// `u` asks before unblocking, `n` keeps the block, `y` unblocks (the person leaves the list), Esc closes the list
/// (cancelling a load), and an unblock in flight is waited for.
final class PeopleBlockedReducerTests: XCTestCase {
  static let now = Date(timeIntervalSince1970: 1_900_000_000)
  static let ada = PersonSummary(uid: "uid-ada", displayName: "Ada", username: "ada")
  static let bob = PersonSummary(uid: "uid-bob", displayName: "Bob", username: "bob")
  static let lists = PeopleLists(username: "me", following: [], followers: [], fetchedAt: now)

  func inPeople() -> Driver {
    Driver.inPeople(Self.lists)
  }

  func testBOpensTheListARefusedLoadOffersRetryAndEscClosesIt() {
    var driver = inPeople()
    XCTAssertTrue(driver.state.people.bindings(driver.state.context).map(\.command).contains(.showBlocked))
    let id = driver.state.context.nextRequestID
    driver.press(.character("B"), expecting: [.people(.loadBlocked(requestID: id))]) { state in
      var blocked = BlockedPeople()
      blocked.loading = id
      state.people.blocked = blocked
      state.context.nextRequestID = id + 1
    }
    XCTAssertEqual(driver.state.people.depth, 1)
    XCTAssertEqual(
      Set(driver.state.people.runningRequestIDs), Set([id, driver.state.people.suggesting].compactMap { $0 }),
      "quitting cancels the load (and the suggestions the lists asked for)")
    driver.send(.people(.blockedLoaded(requestID: id, .failure(.offline))), expecting: []) { state in
      state.people.blocked?.loading = nil
      state.people.blocked?.failure = .offline
    }
    XCTAssertTrue(driver.state.people.bindings(driver.state.context).map(\.command).contains(.retryBlocked))
    let retry = id + 1
    driver.press(.character("r"), expecting: [.people(.loadBlocked(requestID: retry))]) { state in
      state.people.blocked?.loading = retry
      state.people.blocked?.failure = nil
      state.context.nextRequestID = retry + 1
    }
    driver.press(.escape, expecting: [.cancel(requestID: retry)]) { $0.people.blocked = nil }
    XCTAssertEqual(driver.state.selectedTab, .people, "Esc closed the list, not the area")
  }

  func testUnblockIsAskedThenDoneAndThePersonLeavesTheList() {
    var driver = inPeople()
    let id = driver.state.context.nextRequestID
    driver.arrange { driver in
      driver.press(.character("B"))
      driver.send(.people(.blockedLoaded(requestID: id, .success([Self.ada, Self.bob]))))
    }
    driver.press(.down, expecting: []) { $0.people.blocked?.list.selected = 1 }
    driver.press(.character("u"), expecting: []) { $0.people.blocked?.confirming = Self.bob }
    XCTAssertEqual(
      driver.state.people.bindings(driver.state.context).map(\.command), [.confirmUnblock, .keepBlocked])
    driver.press(.character("n"), expecting: []) { $0.people.blocked?.confirming = nil }
    driver.press(.enter, expecting: []) { $0.people.blocked?.confirming = Self.bob }
    let unblock = driver.state.context.nextRequestID
    driver.press(.character("y"), expecting: [.people(.unblock(requestID: unblock, Self.bob))]) { state in
      state.people.blocked?.confirming = nil
      state.people.blocked?.unblocking = UnblockRequest(id: unblock, person: Self.bob)
      state.context.nextRequestID = unblock + 1
    }
    XCTAssertEqual(driver.state.people.bindings(driver.state.context).count, 0, "nothing else while it runs")
    driver.press(.escape, expecting: [])  // waits for the unblock
    driver.send(.people(.unblocked(requestID: unblock, Self.bob, nil)), expecting: []) { state in
      state.people.blocked?.unblocking = nil
      state.people.blocked?.people = [Self.ada]
      state.people.blocked?.list.selected = 0
      state.context.notice = .localized(
        LocalizedText(PeopleAccountsL10n.peopleUnblocked, ["name": "@bob"]), isWarning: false)
    }
  }

  func testAFailedUnblockKeepsThePersonAndSaysWhy() {
    var driver = inPeople()
    let id = driver.state.context.nextRequestID
    driver.arrange { driver in
      driver.press(.character("B"))
      driver.send(.people(.blockedLoaded(requestID: id, .success([Self.ada]))))
      driver.press(.character("u"))
      driver.press(.character("y"))
    }
    guard let unblock = driver.state.people.blocked?.unblocking?.id else { return XCTFail("not unblocking") }
    driver.send(.people(.unblocked(requestID: unblock, Self.ada, .offline)), expecting: []) { state in
      state.people.blocked?.unblocking = nil
      state.context.notice = .localized(
        LocalizedText(PeopleAccountsL10n.peopleFailedUnblock) { t in ["reason": t[PeopleFailure.offline.reason]] },
        isWarning: true)
    }
    XCTAssertEqual(driver.state.people.blocked?.people, [Self.ada], "still blocked")
    guard case .localized(let text, _)? = driver.state.context.notice else { return XCTFail("no notice") }
    XCTAssertTrue(text.resolved(.en).contains("Could not unblock"), text.resolved(.en))
  }
}
