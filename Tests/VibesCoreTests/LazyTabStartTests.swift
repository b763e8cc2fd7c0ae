import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Tabs start lazily (issue 26): at launch only the tab shown first runs its `start` (and every tab its `launch`,
/// the work that runs whether or not it is shown); another tab starts when it is first selected, before its
/// `arrive`, and only once; signing out forgets which tabs started. Exhaustive where a Driver is used.
final class LazyTabStartTests: XCTestCase {
  /// The first loads of the tabs not shown first, which used to run at launch.
  let screenLoads: [AppEffect] = [
    .feature(ExploreState.self, .loadRecent), .create(.loadHistory), .appStoreConnect(.loadStoredState),
    .tracker(.loadConfiguration),
  ]

  func testOnlyTheTabShownFirstStartsAtLaunchWithEveryTabsBackgroundWork() {
    var state = AppState()
    let effects = AppReducer.reduce(&state, .started)
    XCTAssertEqual(state.selectedTab, .feed)
    for load in screenLoads { XCTAssertFalse(effects.contains(load), "\(load) waits for its tab") }
    XCTAssertTrue(effects.contains(.feature(FeedTab.self, .loadFeedStatus)), "the Feed shows first: it starts")
    // Gamify's reminder and taste summary are background work: they run at launch though Gamify never showed.
    XCTAssertTrue(effects.contains(.feature(GamifyFeature.self, .readStreak(requestID: nil))))
    XCTAssertTrue(effects.contains(.feature(GamifyFeature.self, .publishTaste)))
    XCTAssertEqual(effects.first, .describeSecretStore)
    XCTAssertEqual(effects.last, .tutorial(.loadSeen))
    XCTAssertEqual(state.tabsToStart, Set(state.tabs.ids).subtracting([.feed]))
  }

  func testATabStartsOnItsFirstVisitBeforeItArrivesAndOnlyOnce() {
    var driver = Driver()
    driver.arrange { $0.send(.started) }
    let waiting = driver.state.tabsToStart
    driver.press(.tabKey(.explore), expecting: [.feature(ExploreState.self, .loadRecent)]) {
      $0.selectedTab = .explore
      $0.tabsToStart = waiting.subtracting([.explore])
    }
    driver.press(.tabKey(.create), expecting: [.create(.loadHistory)]) {
      $0.selectedTab = .create
      $0.tabsToStart = waiting.subtracting([.explore, .create])
    }
    // The second visit: only the arrival.
    driver.press(.tabKey(.explore), expecting: []) { $0.selectedTab = .explore }
    driver.press(.tabKey(.create), expecting: []) { $0.selectedTab = .create }
  }

  func testWithoutALaunchNothingStarts() {
    // The tests' usual Driver never sends `.started`: switching tabs there runs no `start`, as before.
    var driver = Driver()
    driver.press(.tabKey(.explore), expecting: []) { $0.selectedTab = .explore }
  }

  func testANotYetLoadedTabShowsItsLoadingStateOnTheFirstVisit() {
    var state = AppState()
    _ = AppReducer.reduce(&state, .started)
    _ = AppReducer.reduce(&state, .factsLoaded(SetupFacts()))
    let tracker = AppReducer.reduce(&state, .input(.key(.tabKey(.tracker))))
    XCTAssertEqual(tracker, [.tracker(.loadConfiguration)])
    XCTAssertTrue(AppView.render(state, Localizer(.en)).text.contains("Reading the saved configuration"))
    XCTAssertTrue(AppView.render(state, Localizer(.de)).text.contains("Die gespeicherte Konfiguration wird gelesen"))
    let appStoreConnect = AppReducer.reduce(&state, .input(.key(.tabKey(.appStoreConnect))))
    XCTAssertEqual(appStoreConnect, [.appStoreConnect(.loadStoredState)])
    XCTAssertEqual(state.appStoreConnect.root, .loading)
  }

  func testSigningOutForgetsWhichTabsStarted() {
    var state = AppState()
    _ = AppReducer.reduce(&state, .started)
    _ = AppReducer.reduce(&state, .input(.key(.tabKey(.explore))))
    XCTAssertFalse(state.tabsToStart.contains(.explore))
    // Sign-out asks the root to start again from nothing.
    state.context.navigationRequest = .restart
    let restarted = AppReducer.reduce(&state, .linkHandled(opened: true))
    XCTAssertEqual(state.selectedTab, .feed)
    XCTAssertTrue(state.tabsToStart.contains(.explore))
    XCTAssertFalse(restarted.contains(.feature(ExploreState.self, .loadRecent)))
    // (The tutorial shows again over it and takes the keys; a request shows Explore all the same.)
    state.context.navigationRequest = .selectTab(.explore)
    XCTAssertEqual(
      AppReducer.reduce(&state, .linkHandled(opened: true)), [.feature(ExploreState.self, .loadRecent)],
      "Explore starts again on its first visit after signing out")
  }
}

/// People's saved lists are read ahead on Profile's first visit, so `p` draws them in People's first frame instead
/// of "Loading…" while the copy is read (the bench's `people_300`: "opens in one frame from cache").
final class PeoplePreloadTests: XCTestCase {
  static let ada = PersonSummary(uid: "uid-ada", displayName: "Ada", username: "ada")
  static let copy = PeopleLists(
    username: "me", following: [ada], followers: [], fetchedAt: Date(timeIntervalSince1970: 1_900_000_000))

  func testProfilesFirstVisitReadsPeoplesCopyAndPDrawsItInTheFirstFrame() {
    var state = AppState()
    _ = AppReducer.reduce(&state, .started)
    _ = AppReducer.reduce(&state, .factsLoaded(SetupFacts()))
    let first = AppReducer.reduce(&state, .input(.key(.tabKey(.profile))))
    XCTAssertEqual(first.filter { $0 == PeopleFeature.run(.preloadLists) }.count, 1, "\(first)")
    _ = AppReducer.reduce(&state, .input(.key(.tabKey(.feed))))
    let again = AppReducer.reduce(&state, .input(.key(.tabKey(.profile))))
    XCTAssertFalse(again.contains(PeopleFeature.run(.preloadLists)), "read ahead once, on the first visit")

    _ = AppReducer.reduce(&state, .people(.listsPreloaded(Self.copy)))
    _ = AppReducer.reduce(&state, .input(.key(.character("p"))))
    let screen = AppView.render(state, Localizer(.en)).text
    XCTAssertFalse(screen.contains("Loading"), screen)
    XCTAssertTrue(screen.contains("@ada"), screen)
  }

  func testACopyReadAheadNeverReplacesNewerLists() {
    var people = PeopleFeature()
    var context = AppContext(size: ScreenSize(width: 80, height: 24))
    var newer = Self.copy
    newer.username = "renamed"
    people.lists = newer
    XCTAssertEqual(people.reduce(.listsPreloaded(Self.copy), &context), [])
    XCTAssertEqual(people.lists?.username, "renamed")
  }
}
