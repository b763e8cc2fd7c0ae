import VibesCore
import XCTest

final class TutorialTests: XCTestCase {
  private func started() -> (AppState, [AppEffect]) {
    var state = AppState()
    let effects = AppReducer.reduce(&state, .started)
    return (state, effects)
  }

  func testStartAsksStorageAndShowsNothingUntilItAnswers() {
    let (state, effects) = started()
    XCTAssertTrue(effects.contains(.tutorial(.loadSeen)))
    XCTAssertFalse(state.tutorial.isVisible)
  }

  func testFirstLaunchShowsTheFirstCardAndSeenLaunchDoesNot() {
    var (state, _) = started()
    _ = AppReducer.reduce(&state, .tutorial(.seenLoaded(false)))
    XCTAssertEqual(state.tutorial, TutorialState(isVisible: true, card: .welcome))
    var seen = started().0
    _ = AppReducer.reduce(&seen, .tutorial(.seenLoaded(true)))
    XCTAssertFalse(seen.tutorial.isVisible)
  }

  func testArrowsWalkTheEightCardsAndStopAtTheEnds() {
    var state = AppState()
    _ = AppReducer.reduce(&state, .tutorial(.seenLoaded(false)))
    _ = AppReducer.reduce(&state, .input(.key(.left)))
    XCTAssertEqual(state.tutorial.card, .welcome)
    var visited: [TutorialCard] = [state.tutorial.card]
    for _ in 0..<8 {
      XCTAssertEqual(AppReducer.reduce(&state, .input(.key(.right))), [])
      if visited.last != state.tutorial.card { visited.append(state.tutorial.card) }
    }
    XCTAssertEqual(visited, TutorialCard.allCases)
    XCTAssertEqual(state.tutorial.card, .connectSpotify, "→ on the last card does nothing")
    _ = AppReducer.reduce(&state, .input(.key(.left)))
    XCTAssertEqual(state.tutorial.card, .signIn)
  }

  func testSkipHidesAndRemembersOnEveryCardBeforeTheLast() {
    for index in 0..<7 {
      var state = AppState()
      _ = AppReducer.reduce(&state, .tutorial(.seenLoaded(false)))
      for _ in 0..<index { _ = AppReducer.reduce(&state, .input(.key(.right))) }
      XCTAssertEqual(state.tutorial.card.rawValue, index)
      let effects = AppReducer.reduce(&state, .input(.key(.character("s"))))
      XCTAssertEqual(effects, [.tutorial(.markSeen)])
      XCTAssertFalse(state.tutorial.isVisible)
      XCTAssertEqual(state.selectedTab, .feed)
      XCTAssertEqual(state.feed.path, [], "the skip key never reaches the tab below")
    }
  }

  func testTutorialTakesTheKeysTheTabsWouldUse() {
    var state = AppState()
    _ = AppReducer.reduce(&state, .tutorial(.seenLoaded(false)))
    XCTAssertEqual(AppReducer.reduce(&state, .input(.key(.character("q")))), [])
    XCTAssertFalse(state.isQuitting)
    _ = AppReducer.reduce(&state, .input(.key(.character("2"))))
    XCTAssertEqual(state.selectedTab, .feed)
    XCTAssertTrue(state.tutorial.isVisible)
    XCTAssertTrue(AppReducer.reduce(&state, .input(.key(.ctrl("c")))).contains(.quit), "Ctrl-C still quits")
  }

  func testLastCardConnectsSpotifyOrSkipsForNow() {
    var state = AppState()
    _ = AppReducer.reduce(&state, .tutorial(.seenLoaded(false)))
    for _ in 0..<7 { _ = AppReducer.reduce(&state, .input(.key(.right))) }
    XCTAssertEqual(state.tutorial.card, .connectSpotify)
    let effects = AppReducer.reduce(&state, .input(.key(.enter)))
    XCTAssertTrue(effects.contains(.tutorial(.markSeen)))
    XCTAssertFalse(state.tutorial.isVisible)
    XCTAssertNil(state.context.navigationRequest, "the root acted on the request")
    guard case .spotify = state.feed.path.last else {
      return XCTFail("Connect Spotify opens the Spotify step, got \(state.feed.path)")
    }

    var later = AppState()
    _ = AppReducer.reduce(&later, .tutorial(.seenLoaded(false)))
    for _ in 0..<7 { _ = AppReducer.reduce(&later, .input(.key(.right))) }
    XCTAssertEqual(AppReducer.reduce(&later, .input(.key(.character("s")))), [.tutorial(.markSeen)])
    XCTAssertFalse(later.tutorial.isVisible)
    XCTAssertEqual(later.feed.path, [])
  }

  func testReplayRequestShowsTheFirstCardAgain() {
    var state = AppState()
    _ = AppReducer.reduce(&state, .tutorial(.seenLoaded(true)))
    state.context.navigationRequest = .replayTutorial
    _ = AppReducer.reduce(&state, .resized(ScreenSize(width: 80, height: 24)))
    XCTAssertEqual(state.tutorial, TutorialState(isVisible: true, card: .welcome))
    _ = AppReducer.reduce(&state, .tutorial(.replay))
    XCTAssertTrue(state.tutorial.isVisible)
  }

  func testFooterHintsComeFromTheTutorialBindings() {
    var state = AppState()
    _ = AppReducer.reduce(&state, .tutorial(.seenLoaded(false)))
    XCTAssertEqual(state.keyHints.map(\.label), ["→", "s"])
    for _ in 0..<7 { _ = AppReducer.reduce(&state, .input(.key(.right))) }
    XCTAssertEqual(state.keyHints.map(\.label), ["←", "Enter", "s"])
  }

  func testEveryCardHasTextInBothLanguages() {
    for card in TutorialCard.allCases {
      XCTAssertFalse(Localizer(.en)[card.title].isEmpty)
      XCTAssertFalse(Localizer(.de)[card.title].isEmpty)
      XCTAssertNotEqual(Localizer(.en)[card.text], Localizer(.de)[card.text], "\(card) is translated")
    }
  }
}
