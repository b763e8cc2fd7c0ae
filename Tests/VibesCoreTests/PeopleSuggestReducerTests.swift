import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// Suggested people on People's find screen (FR-8.4), exhaustive: asked for after the lists, shown above Following
/// (and below what the field found), `f` follows the selected one, and a follow or a block removes them.
final class PeopleSuggestReducerTests: XCTestCase {
  static let now = Date(timeIntervalSince1970: 1_900_000_000)
  static let ada = PersonSummary(uid: "uid-ada", displayName: "Ada", username: "ada")
  static let noor = PersonSummary(uid: "uid-noor", displayName: "Noor", username: "noor")
  static let sam = PersonSummary(uid: "uid-sam", displayName: "Sam", username: "sam_r")
  static let lists = PeopleLists(username: "me", following: [ada], followers: [], fetchedAt: now)
  static let suggestions = PeopleSuggestions(
    items: [
      PersonSuggestion(person: sam, reason: SuggestionReason(tastePercent: 80)),
      PersonSuggestion(person: noor, reason: SuggestionReason(followedBy: ["@ada"], followedByCount: 1)),
    ], fetchedAt: now)

  /// In People with the lists loaded and the suggestions asked for (the id of that request).
  func inPeople() -> (Driver, Int) {
    var driver = Driver()
    driver.arrange { $0.press(.tabKey(.profile)) }
    driver.press(.character("p"), expecting: [.people(.loadLists(requestID: driver.state.context.nextRequestID))]) {
      state in
      state.selectedTab = .people
      state.people.loading = state.context.nextRequestID
      state.context.nextRequestID += 1
      state.returnPoint = ReturnPoint(origin: .profile, destination: .people, openedDepth: 0)
    }
    let load = driver.state.people.loading ?? -1
    let id = driver.state.context.nextRequestID
    driver.send(
      .people(.listsLoaded(requestID: load, Self.lists, final: true)),
      expecting: [.people(.loadSuggestions(requestID: id, following: [Self.ada], force: false))]
    ) { state in
      state.people.loading = nil
      state.people.lists = Self.lists
      state.people.suggesting = id
      state.context.nextRequestID = id + 1
    }
    return (driver, id)
  }

  func testTheListsAskForSuggestionsWhichShowAboveFollowing() {
    var (driver, id) = inPeople()
    XCTAssertEqual(driver.state.people.runningRequestIDs, [id], "quitting cancels the refresh")
    driver.send(.people(.suggestionsLoaded(requestID: id + 99, .success(Self.suggestions))), expecting: []) { _ in }
    driver.send(.people(.suggestionsLoaded(requestID: id, .success(Self.suggestions))), expecting: []) { state in
      state.people.suggesting = nil
      state.people.suggestions = Self.suggestions
    }
    XCTAssertEqual(driver.state.people.rows.map(\.section), [.suggested, .suggested, .following])
    XCTAssertEqual(driver.state.people.rows.map(\.person.uid), ["uid-sam", "uid-noor", "uid-ada"])
    XCTAssertEqual(driver.state.keyHints.map(\.label).contains("f"), true, "f follows the selected suggestion")
  }

  func testFFollowsTheSelectedSuggestionWhichThenLeavesTheSuggestions() {
    var (driver, id) = inPeople()
    driver.arrange { $0.send(.people(.suggestionsLoaded(requestID: id, .success(Self.suggestions)))) }
    driver.press(.down, expecting: []) { $0.people.list.selected = 1 }
    let follow = driver.state.context.nextRequestID
    driver.press(.character("f"), expecting: [.people(.perform(requestID: follow, .follow, Self.noor))]) { state in
      state.people.suggestFollow = follow
      state.context.nextRequestID = follow + 1
    }
    XCTAssertFalse(driver.state.keyHints.map(\.label).contains("f"), "no second follow while one runs")
    driver.send(.people(.changed(requestID: follow, Self.noor, .follow, .success(nil))), expecting: []) { state in
      state.people.suggestFollow = nil
      state.people.lists?.following = [Self.ada, Self.noor]
      state.context.notice = .localized(LocalizedText(PeopleL10n.peopleFollowed, ["name": "@noor"]), isWarning: false)
    }
    XCTAssertEqual(driver.state.people.rows.map(\.person.uid), ["uid-sam", "uid-ada", "uid-noor"])
    XCTAssertEqual(driver.state.people.rows.map(\.section), [.suggested, .following, .following])
  }

  func testAFailedFollowKeepsTheSuggestionAndSaysWhy() {
    var (driver, id) = inPeople()
    driver.arrange { $0.send(.people(.suggestionsLoaded(requestID: id, .success(Self.suggestions)))) }
    let follow = driver.state.context.nextRequestID
    driver.press(.character("f"), expecting: [.people(.perform(requestID: follow, .follow, Self.sam))]) { state in
      state.people.suggestFollow = follow
      state.context.nextRequestID = follow + 1
    }
    driver.send(.people(.changed(requestID: follow, Self.sam, .follow, .failure(.blocked))), expecting: []) { state in
      state.people.suggestFollow = nil
      state.context.notice = .localized(
        LocalizedText(PeopleL10n.peopleFailedFollow) { t in ["reason": t[PeopleFailure.blocked.reason]] },
        isWarning: true)
    }
    XCTAssertEqual(driver.state.people.visibleSuggestions.count, 2)
  }

  func testRAsksPastTheCopysAgeAndAFailureKeepsWhatShows() {
    var (driver, id) = inPeople()
    driver.arrange { $0.send(.people(.suggestionsLoaded(requestID: id, .success(Self.suggestions)))) }
    let reload = driver.state.context.nextRequestID
    driver.press(.character("r"), expecting: [.people(.loadLists(requestID: reload))]) { state in
      state.people.loading = reload
      state.people.forceSuggestions = true
      state.context.nextRequestID = reload + 1
    }
    let refresh = reload + 1
    driver.send(
      .people(.listsLoaded(requestID: reload, Self.lists, final: true)),
      expecting: [.people(.loadSuggestions(requestID: refresh, following: [Self.ada], force: true))]
    ) { state in
      state.people.loading = nil
      state.people.forceSuggestions = false
      state.people.suggesting = refresh
      state.context.nextRequestID = refresh + 1
    }
    driver.send(.people(.suggestionsLoaded(requestID: refresh, .failure(.offline))), expecting: []) { state in
      state.people.suggesting = nil
      state.people.suggestionFailure = .offline
    }
    XCTAssertEqual(driver.state.people.visibleSuggestions.count, 2, "what showed stays")
  }

  func testABlockedSuggestionLeavesAtOnce() {
    var (driver, id) = inPeople()
    driver.arrange { $0.send(.people(.suggestionsLoaded(requestID: id, .success(Self.suggestions)))) }
    driver.arrange { driver in
      driver.press(.enter)
      let load = driver.state.people.path.last?.request?.id ?? -1
      let profile = PersonProfile(person: Self.sam, followers: 1, following: 2, isFollowing: false, fetchedAt: Self.now)
      driver.send(.people(.profileLoaded(requestID: load, uid: Self.sam.uid, .success(profile))))
      driver.press(.character("b"))
      driver.press(.character("y"))
    }
    guard let block = driver.state.people.path.last?.request?.id else { return XCTFail("no block running") }
    driver.arrange { $0.send(.people(.changed(requestID: block, Self.sam, .block, .success(nil)))) }
    XCTAssertEqual(driver.state.people.suggestions?.items.map(\.person.uid), ["uid-noor"])
  }
}
