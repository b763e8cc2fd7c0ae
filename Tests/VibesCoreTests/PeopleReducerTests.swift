import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// The People area's reducer, exhaustive: every step states the whole state change and every effect. Opening from
/// Profile, the lists (the SQLite copy, then Firebase; offline), find as you type with its timer, a person's screen,
/// follow, unfollow and block with their questions, failures with `r`, and Esc back to Profile.
final class PeopleReducerTests: XCTestCase {
  static let now = Date(timeIntervalSince1970: 1_900_000_000)
  static let ada = PersonSummary(uid: "uid-ada", displayName: "Ada", username: "ada", bio: "Synths")
  static let bob = PersonSummary(uid: "uid-bob", displayName: "Bob", username: "bob")
  static let cy = PersonSummary(uid: "uid-cy", displayName: "Cy", username: "cyrus")
  static let lists = PeopleLists(username: "me", following: [ada], followers: [bob, ada], fetchedAt: now)

  /// On Profile (arriving there is Profile's subject).
  func onProfile() -> Driver {
    var driver = Driver()
    driver.arrange { $0.press(.tabKey(.profile)) }
    return driver
  }

  /// In People with `lists` loaded.
  func inPeople(_ lists: PeopleLists = lists) -> Driver {
    Driver.inPeople(lists)
  }

  func testProfilesPKeyOpensPeopleAndLoadsTheListsAndEscGoesBack() {
    var driver = onProfile()
    XCTAssertEqual(driver.state.tabs.tabBarIDs.contains(.people), false, "an area has no tab-bar place")
    let id = driver.state.context.nextRequestID
    driver.press(.character("p"), expecting: [.people(.loadLists(requestID: id))]) { state in
      state.selectedTab = .people
      state.people.loading = id
      state.context.nextRequestID = id + 1
      state.returnPoint = ReturnPoint(origin: .profile, destination: .people, openedDepth: 0)
    }
    // The final lists ask for suggestions (PeopleSuggestReducerTests).
    driver.send(
      .people(.listsLoaded(requestID: id, Self.lists, final: true)),
      expecting: [.people(.loadSuggestions(requestID: id + 1, following: Self.lists.following, force: false))]
    ) { state in
      state.people.loading = nil
      state.people.lists = Self.lists
      state.people.suggesting = id + 1
      state.context.nextRequestID = id + 2
    }
    XCTAssertEqual(driver.state.people.rows.map(\.section), [.following, .followers, .followers])
    driver.press(.escape, expecting: [.feature(ProfileState.self, .loadInfo)]) { state in
      state.selectedTab = .profile
      state.returnPoint = nil
    }
  }

  func testQAtTheRootGoesBackToProfileNotOut() {
    var driver = inPeople()
    driver.press(.character("q"), expecting: [.feature(ProfileState.self, .loadInfo)]) { state in
      state.selectedTab = .profile
      state.returnPoint = nil
    }
    XCTAssertFalse(driver.state.isQuitting)
  }

  func testTheCachedCopyShowsFirstThenFirebasesAnswerAndOfflineKeepsTheCopyWithRetry() {
    var driver = onProfile()
    driver.arrange { $0.press(.character("p")) }
    let id = driver.state.people.loading ?? 0
    var cached = Self.lists
    cached.isCached = true
    driver.send(.people(.listsLoaded(requestID: id, cached, final: false)), expecting: []) { state in
      state.people.lists = cached
    }
    XCTAssertEqual(driver.state.people.loading, id, "still asking Firebase")
    driver.send(.people(.listsFailed(requestID: id, .offline)), expecting: []) { state in
      state.people.loading = nil
      state.people.failure = .offline
    }
    let retry = driver.state.people.bindings(driver.state.context).first { $0.command == .retry }
    XCTAssertEqual(retry?.inFooter, true, "r shows in the footer while the copy shows")
    let next = driver.state.context.nextRequestID
    driver.press(.character("r"), expecting: [.people(.loadLists(requestID: next))]) { state in
      state.people.loading = next
      state.people.forceSuggestions = true
      state.context.nextRequestID = next + 1
    }
    driver.send(
      .people(.listsLoaded(requestID: next, Self.lists, final: true)),
      expecting: [.people(.loadSuggestions(requestID: next + 1, following: Self.lists.following, force: true))]
    ) { state in
      state.people.loading = nil
      state.people.failure = nil
      state.people.lists = Self.lists
      state.people.forceSuggestions = false
      state.people.suggesting = next + 1
      state.context.nextRequestID = next + 2
    }
    // A late answer of an older request changes nothing.
    driver.send(.people(.listsFailed(requestID: id, .offline)), expecting: [])
  }

  func testSignedOutSaysHowToSignInAndOffersSignInOrRetry() {
    var driver = onProfile()
    driver.arrange { $0.press(.character("p")) }
    let id = driver.state.people.loading ?? 0
    driver.send(.people(.listsFailed(requestID: id, .notSignedIn)), expecting: []) { state in
      state.people.loading = nil
      state.people.failure = .notSignedIn
    }
    XCTAssertEqual(
      driver.state.people.bindings(driver.state.context).map(\.command), [.signIn, .signInWithCode, .retry],
      "sign in here (PeopleSignInReducerTests), with a code, or retry")
    driver.type("x", expecting: [])  // no field to type into
  }

  func testFindSearchesAfterAPauseAndAStaleAnswerIsDropped() {
    var driver = inPeople()
    driver.press(.character("/"), expecting: []) { $0.people.isEditing = true }
    let timer = driver.state.context.nextRequestID
    driver.type("a", expecting: [.people(.scheduleFind(timerID: timer, seconds: 0.3))]) { state in
      state.people.find.replace(with: "a")
      state.people.pendingTimerID = timer
      state.context.nextRequestID = timer + 1
    }
    driver.type(
      "d",
      expecting: [
        .cancel(requestID: timer), .people(.scheduleFind(timerID: timer + 1, seconds: 0.3)),
      ]
    ) { state in
      state.people.find.replace(with: "ad")
      state.people.pendingTimerID = timer + 1
      state.context.nextRequestID = timer + 2
    }
    driver.send(.people(.findDue(timerID: timer)), expecting: [])  // the cancelled timer
    let search = timer + 2
    driver.send(.people(.findDue(timerID: timer + 1)), expecting: [.people(.find(requestID: search, query: "ad"))]) {
      state in
      state.people.pendingTimerID = nil
      state.people.search = .loading(requestID: search, query: "ad")
      state.context.nextRequestID = search + 1
    }
    driver.send(.people(.found(requestID: search, query: "ad", .success([Self.ada]))), expecting: []) { state in
      state.people.search = .loaded(query: "ad", [Self.ada])
    }
    XCTAssertEqual(driver.state.people.rows, [PeopleRow(section: .found, person: Self.ada)])
    driver.press(.down, expecting: []) { $0.people.isEditing = false }
    // A failed search says so and `r` asks again.
    driver.send(.people(.found(requestID: search, query: "ad", .failure(.offline))), expecting: [])  // not loading
  }

  func testEnterOpensAPersonFollowThenUnfollowWithAQuestion() {
    var driver = inPeople(PeopleLists(username: "me", following: [], followers: [Self.bob], fetchedAt: Self.now))
    let load = driver.state.context.nextRequestID
    var screen = PersonScreen(person: Self.bob)
    screen.request = PersonRequest(id: load, operation: .load)
    driver.press(.enter, expecting: [.people(.loadProfile(requestID: load, Self.bob))]) { state in
      state.people.path = [screen]
      state.context.nextRequestID = load + 1
    }
    let profile = PersonProfile(person: Self.bob, followers: 3, following: 1, isFollowing: false, fetchedAt: Self.now)
    driver.send(.people(.profileLoaded(requestID: load, uid: Self.bob.uid, .success(profile))), expecting: []) {
      state in
      state.people.path[0].request = nil
      state.people.path[0].profile = profile
    }
    let follow = load + 1
    driver.press(.character("f"), expecting: [.people(.perform(requestID: follow, .follow, Self.bob))]) { state in
      state.people.path[0].request = PersonRequest(id: follow, operation: .follow)
      state.context.nextRequestID = follow + 1
    }
    var followed = profile
    followed.isFollowing = true
    followed.followers = 4
    driver.send(.people(.changed(requestID: follow, Self.bob, .follow, .success(followed))), expecting: []) { state in
      state.people.path[0].request = nil
      state.people.path[0].profile = followed
      state.people.lists?.following = [Self.bob]
      state.context.notice = .localized(LocalizedText(PeopleL10n.peopleFollowed, ["name": "@bob"]), isWarning: false)
    }
    driver.press(.character("u"), expecting: []) { state in
      state.people.path[0].confirming = .unfollow
      state.context.notice = nil  // a key clears the status line
    }
    driver.press(.character("n"), expecting: []) { $0.people.path[0].confirming = nil }
    driver.press(.character("u"), expecting: []) { $0.people.path[0].confirming = .unfollow }
    let unfollow = follow + 1
    driver.press(.character("y"), expecting: [.people(.perform(requestID: unfollow, .unfollow, Self.bob))]) {
      state in
      state.people.path[0].confirming = nil
      state.people.path[0].request = PersonRequest(id: unfollow, operation: .unfollow)
      state.context.nextRequestID = unfollow + 1
    }
    driver.send(.people(.changed(requestID: unfollow, Self.bob, .unfollow, .success(profile))), expecting: []) {
      state in
      state.people.path[0].request = nil
      state.people.path[0].profile = profile
      state.people.lists?.following = []
      state.context.notice = .localized(
        LocalizedText(PeopleL10n.peopleUnfollowed, ["name": "@bob"]), isWarning: false)
    }
    driver.press(.escape, expecting: []) { state in
      state.people.path = []
      state.context.notice = nil
    }
  }

  func testAFailedFollowSaysWhatFailedAndRRetriesIt() {
    var driver = inPeople()
    driver.arrange { driver in
      driver.press(.enter)
      let profile = PersonProfile(person: Self.ada, followers: 1, following: 0, isFollowing: false, fetchedAt: Self.now)
      driver.send(
        .people(.profileLoaded(requestID: driver.state.context.nextRequestID - 1, uid: "uid-ada", .success(profile))))
    }
    let follow = driver.state.context.nextRequestID
    driver.press(.character("f"), expecting: [.people(.perform(requestID: follow, .follow, Self.ada))]) { state in
      state.people.path[0].request = PersonRequest(id: follow, operation: .follow)
      state.context.nextRequestID = follow + 1
    }
    driver.send(.people(.changed(requestID: follow, Self.ada, .follow, .failure(.offline))), expecting: []) { state in
      state.people.path[0].request = nil
      state.people.path[0].failure = PersonFailure(operation: .follow, failure: .offline)
      state.context.notice = .localized(
        LocalizedText(PeopleL10n.peopleFailedFollow) { t in ["reason": t[.peopleReasonOffline]] }, isWarning: true)
    }
    driver.press(.character("r"), expecting: [.people(.perform(requestID: follow + 1, .follow, Self.ada))]) { state in
      state.context.notice = nil
      state.people.path[0].failure = nil
      state.people.path[0].request = PersonRequest(id: follow + 1, operation: .follow)
      state.context.nextRequestID = follow + 2
    }
  }

  func testBlockAsksThenHidesThePersonEverywhere() {
    var driver = inPeople()
    driver.arrange { driver in
      driver.press(.enter)
      let profile = PersonProfile(person: Self.ada, followers: 1, following: 0, isFollowing: true, fetchedAt: Self.now)
      driver.send(
        .people(.profileLoaded(requestID: driver.state.context.nextRequestID - 1, uid: "uid-ada", .success(profile))))
    }
    driver.press(.character("b"), expecting: []) { $0.people.path[0].confirming = .block }
    driver.press(.escape, expecting: []) { $0.people.path[0].confirming = nil }
    driver.press(.character("b"), expecting: []) { $0.people.path[0].confirming = .block }
    let block = driver.state.context.nextRequestID
    driver.press(.character("y"), expecting: [.people(.perform(requestID: block, .block, Self.ada))]) { state in
      state.people.path[0].confirming = nil
      state.people.path[0].request = PersonRequest(id: block, operation: .block)
      state.context.nextRequestID = block + 1
    }
    driver.send(.people(.changed(requestID: block, Self.ada, .block, .success(nil))), expecting: []) { state in
      state.people.path = []
      state.people.lists?.following = []
      state.people.lists?.followers = [Self.bob]
      state.context.notice = .localized(LocalizedText(PeopleL10n.peopleBlocked, ["name": "@ada"]), isWarning: false)
    }
    XCTAssertFalse(driver.state.people.rows.contains { $0.person.uid == Self.ada.uid })
  }

  func testAProfileThatTurnsOutBlockedClosesAndLeavesTheLists() {
    var driver = inPeople()
    let load = driver.state.context.nextRequestID
    driver.arrange { $0.press(.enter) }
    driver.send(.people(.profileLoaded(requestID: load, uid: "uid-ada", .failure(.blocked))), expecting: []) { state in
      state.people.path = []
      state.people.lists?.following = []
      state.people.lists?.followers = [Self.bob]
      state.context.notice = .localized(
        LocalizedText(PeopleL10n.peopleFailedProfile) { t in ["reason": t[.peopleReasonBlocked]] }, isWarning: true)
    }
  }

  func testEscOnAPersonWhileLoadingCancelsAndQuitCancelsTheLoad() {
    var driver = inPeople()
    let load = driver.state.context.nextRequestID
    driver.arrange { $0.press(.enter) }
    XCTAssertEqual(
      Set(driver.state.people.runningRequestIDs), Set([load, driver.state.people.suggesting].compactMap { $0 }))
    driver.press(.escape, expecting: [.cancel(requestID: load)]) { $0.people.path = [] }
  }
}
