import Foundation
import VibesApp
import VibesCore
import VibesTestSupport
import XCTest

@testable import VibesUI

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let userTraps = Driver.Exhaustivity.nonExhaustive(
  because: "checks where typed keys end up and what the footer says, across tabs")

/// Issue 20, the traps a new user falls into, each through the shared Driver: typing on Create, ↑/↓ in the
/// prompt, digits in fields vibes focused by itself, Esc across tabs, and footers that lie or lose labels.
final class NewUserTrapsTests: XCTestCase {
  static let allSecrets = SetupFacts(storedSecrets: [.gemini, .spotify])

  // MARK: Item 1: Create takes typed text

  func testTheDemosExamplePromptsTypedRightAfterSwitchingToCreateGoIntoTheFieldAndRunNoCommand() {
    for prompt in CreateState.examplePrompts(in: .en) + ["synthwave for a night drive", "quiet songs"] {
      for switchKey in [Key.tabKey(.create), .alt(Character(TabID.create.key))] {
        var driver = Driver(userTraps, facts: Self.allSecrets)
        driver.press(switchKey)
        let effects = driver.type(prompt)
        XCTAssertEqual(driver.state.create.prompt.text, prompt, "typed after \(switchKey)")
        XCTAssertEqual(effects, [], "no command ran for \(prompt)")
        XCTAssertFalse(driver.state.isQuitting, "q in \(prompt) is text")
        XCTAssertTrue(driver.state.create.path.isEmpty, "g did not open Grow")
        XCTAssertEqual(driver.state.create.length, CreateState.defaultLength, "h/l did not change the count")
        XCTAssertEqual(driver.state.selectedTab, .create, "digits are text")
      }
    }
  }

  func testAltNumberStillSwitchesTabsFromThePromptAndEscLeavesIt() {
    var driver = Driver(userTraps, facts: Self.allSecrets)
    driver.press(.tabKey(.create))
    driver.type("3 songs")
    XCTAssertEqual(driver.state.selectedTab, .create)
    driver.press(.alt("1"))
    XCTAssertEqual(driver.state.selectedTab, .feed)
    driver.press(.tabKey(.create))
    XCTAssertEqual(driver.state.create.prompt.text, "3 songs", "the typed prompt is kept")
    driver.press(.escape)
    XCTAssertFalse(driver.state.isEditingText)
    driver.press(.character("2"))
    XCTAssertEqual(driver.state.selectedTab, .explore)
  }

  func testQWithATypedPromptAsksBeforeQuittingAndNKeepsEverything() {
    var driver = Driver(userTraps, facts: Self.allSecrets)
    driver.press(.tabKey(.create))
    driver.type("quiet songs")
    driver.press(.escape)
    driver.press(.character("q"))
    XCTAssertFalse(driver.state.isQuitting, "q must not throw the prompt away without asking")
    XCTAssertTrue(driver.state.isConfirmingQuit)
    let screen = driver.render().text
    XCTAssertTrue(screen.contains("Quit vibes? The prompt you typed will be lost."), screen)
    XCTAssertTrue(screen.contains("y quit anyway"), screen)
    XCTAssertTrue(screen.contains("n stay"), screen)
    driver.press(.character("x"))
    XCTAssertTrue(driver.state.isConfirmingQuit, "other keys leave the question standing")
    driver.press(.character("n"))
    XCTAssertFalse(driver.state.isConfirmingQuit)
    XCTAssertFalse(driver.state.isQuitting)
    XCTAssertEqual(driver.state.create.prompt.text, "quiet songs")
    // From another tab too: the question covers every tab's unsaved work.
    driver.press(.character("1"))
    driver.press(.character("q"))
    XCTAssertTrue(driver.state.isConfirmingQuit)
    let quit = driver.press(.character("y"))
    XCTAssertTrue(driver.state.isQuitting)
    XCTAssertTrue(quit.contains(.quit))
  }

  func testQWithoutUnsavedWorkQuitsAtOnceAndAnUnsavedPreviewAsks() {
    var clean = Driver(userTraps, facts: Self.allSecrets)
    clean.press(.character("q"))
    XCTAssertTrue(clean.state.isQuitting)

    var driver = Driver(userTraps, facts: Self.allSecrets)
    driver.press(.tabKey(.create))
    driver.type("road trip")
    let id = driver.press(.enter).compactMap(\.createEffect).compactMap(\.cancellationID).first ?? -1
    let playlist = GeneratedPlaylist(
      id: 1, prompt: "road trip", name: "Road Trip", description: "", songs: [], createdAt: Date(), saveState: .notSaved
    )
    driver.send(.create(.generated(requestID: id, .success(playlist))))
    XCTAssertNotNil(driver.state.create.preview)
    driver.press(.character("1"))
    driver.press(.character("q"))
    XCTAssertFalse(driver.state.isQuitting)
    XCTAssertTrue(driver.render().text.contains("“Road Trip” is not saved to Spotify yet."), driver.render().text)
    driver.press(.escape)
    XCTAssertFalse(driver.state.isConfirmingQuit)
    XCTAssertFalse(driver.state.isQuitting)
  }

  // MARK: Item 2: ↑/↓ never replace typed text

  func testArrowsInAPromptWithTextOfTheUsersOwnKeepTheText() {
    var driver = Driver(userTraps, facts: Self.allSecrets)
    driver.press(.tabKey(.create))
    driver.type("my own words")
    driver.press(.up)
    driver.press(.down)
    driver.press(.down)
    XCTAssertEqual(driver.state.create.prompt.text, "my own words")
    XCTAssertFalse(driver.render().text.contains("↑ ↓ examples"), "the footer offers no examples then")
  }

  func testExamplesCycleInTheEmptyFieldAndLeadBackToIt() {
    var driver = Driver(userTraps, facts: Self.allSecrets)
    driver.press(.tabKey(.create))
    driver.press(.down)
    XCTAssertEqual(driver.state.create.prompt.text, CreateState.examplePrompts(in: .en)[0])
    driver.press(.down)
    XCTAssertEqual(driver.state.create.prompt.text, CreateState.examplePrompts(in: .en)[1])
    driver.press(.up, .up)
    XCTAssertEqual(driver.state.create.prompt.text, "", "past the first example: the empty field again")
    driver.press(.up)
    XCTAssertEqual(driver.state.create.prompt.text, CreateState.examplePrompts(in: .en).last)
    // Edited, an example is the user's own text: the arrows leave it alone.
    driver.type(" now")
    driver.press(.down)
    XCTAssertEqual(driver.state.create.prompt.text, CreateState.examplePrompts(in: .en).last! + " now")
  }

  // MARK: Item 3: no field focused behind the user's back

  func testAfterRemovingAppStoreConnectCredentialsADigitSwitchesTabs() {
    var driver = Driver(userTraps)
    driver.send(.appStoreConnect(.storedStateLoaded(AppStoreConnectStoredState(isConfigured: true))))
    driver.press(.tabKey(.appStoreConnect))
    driver.press(.character("s"), .enter, .character("y"))
    driver.send(.appStoreConnect(.credentialsRemoved))
    XCTAssertFalse(driver.state.isEditingText)
    driver.press(.character("6"))
    XCTAssertEqual(driver.state.selectedTab, .tracker)
    XCTAssertEqual(driver.state.appStoreConnect.setup.form.text(.field(.issuerID)), "")
  }

  func exploreSearch(_ driver: inout Driver, _ query: String, enter: Bool) {
    driver.press(.character("/"))
    driver.type(query)
    if enter { driver.press(.enter) }
    let id: Int
    if let timer = driver.state.explore.pendingTimerID {
      id = driver.send(.explore(.searchDue(timerID: timer))).compactMap(\.cancellationID).last ?? -1
    } else if case .loading(let running, _) = driver.state.explore.search {
      id = running
    } else {
      return XCTFail("no search runs for \(query)")
    }
    driver.send(.explore(.searchFinished(requestID: id, query: query, .success(MusicFixtures.results()))))
  }

  func testAfterASearchTheResultsHaveTheFocusAndADigitSwitchesTabs() {
    var driver = Driver(userTraps, facts: SetupFacts(storedSecrets: [.spotify]))
    driver.press(.tabKey(.explore))
    exploreSearch(&driver, "heroes", enter: true)
    driver.press(.character("4"))
    XCTAssertEqual(driver.state.explore.query.text, "heroes")
    XCTAssertEqual(driver.state.selectedTab, .profile)
  }

  func testAPasteWithTheResultsFocusedReplacesTheQuery() {
    var driver = Driver(userTraps, facts: SetupFacts(storedSecrets: [.spotify]))
    driver.press(.tabKey(.explore))
    exploreSearch(&driver, "heroes", enter: true)
    XCTAssertFalse(driver.state.explore.isEditing)
    driver.send(.input(.paste("bowie")))
    XCTAssertEqual(driver.state.explore.query.text, "bowie")
    // Into the focused field, a paste goes at the cursor.
    driver.type(" ")
    driver.send(.input(.paste("live")))
    XCTAssertEqual(driver.state.explore.query.text, "bowie live")
  }

  func testRecentSearchesKeepOnlySettledQueriesThatFoundSomething() {
    var driver = Driver(userTraps, facts: SetupFacts(storedSecrets: [.spotify]))
    driver.press(.tabKey(.explore))
    // A pause while typing searches `mi`: shown, not remembered.
    exploreSearch(&driver, "mi", enter: false)
    XCTAssertEqual(driver.state.explore.recentSearches, [])
    XCTAssertFalse(driver.effects.contains(.explore(.rememberSearch("mi"))))
    // Leaving the field for its results settles it.
    let settled = driver.press(.down)
    XCTAssertEqual(settled, [.explore(.rememberSearch("mi"))])
    XCTAssertEqual(driver.state.explore.recentSearches, ["mi"])
    // A submitted search is remembered; one that found nothing is not.
    driver.press(.escape)
    driver.press(.character("/"))
    driver.press(.ctrl("u"))
    driver.type("zzqx")
    driver.press(.enter)
    guard case .loading(let id, _) = driver.state.explore.search else { return XCTFail("no search") }
    let empty = driver.send(.explore(.searchFinished(requestID: id, query: "zzqx", .success(SearchResults()))))
    XCTAssertEqual(empty, [])
    XCTAssertEqual(driver.state.explore.recentSearches, ["mi"])
  }

  // MARK: Item 4: Esc returns where the user came from

  func testEscFromTheSpotifyStepOpenedInProfileReturnsToProfileConnections() throws {
    var driver = Driver(userTraps, facts: SetupFacts())
    driver.press(.tabKey(.profile))
    let before = driver.state.profile
    driver.press(.enter)  // Connections › Spotify, the first row without a connection
    XCTAssertEqual(driver.state.selectedTab, .feed)
    guard case .spotify? = driver.state.feed.path.last else { return XCTFail("\(driver.state.feed.path)") }
    driver.press(.escape)
    XCTAssertEqual(driver.state.selectedTab, .profile, "Esc goes back to the tab the step was opened from")
    XCTAssertEqual(driver.state.profile, before, "and to its screen")
  }

  func testEscFromAPlaylistOpenedInTheFeedReturnsToTheFeed() {
    var driver = Driver(userTraps, facts: SetupFacts(storedSecrets: [.spotify]))
    let card = FeedCard(
      .createdPlaylist(
        CreatedPlaylistCard(
          playlistID: "PL1", name: "Road Trip", url: "https://open.spotify.com/playlist/PL1", trackCount: 3,
          createdAt: Date(timeIntervalSince1970: 0))))
    driver.send(.feedWindowLoaded(total: 1, offset: 0, items: [card]))
    driver.press(.down, .enter)
    XCTAssertEqual(driver.state.selectedTab, .explore)
    XCTAssertEqual(driver.state.explore.path.count, 1)
    driver.press(.escape)
    XCTAssertEqual(driver.state.selectedTab, .feed)
    XCTAssertEqual(driver.state.feed.list.selectedItem, 0, "on the card it came from")
    // A tab chosen by hand forgets the way back.
    driver.press(.enter)
    driver.press(.character("2"))
    driver.press(.escape)
    XCTAssertEqual(driver.state.selectedTab, .explore)
  }

  // MARK: Item 7: footers that tell the truth

  func testTheGeminiFormFooterSaysWhatEnterDoes() {
    var driver = Driver.screen(userTraps, facts: SetupFacts())
    driver.press(.tabKey(.create), .enter)  // "needs a Gemini API key": Enter opens its step
    guard let form = driver.state.feed.topForm else { return XCTFail("no Gemini form") }
    XCTAssertEqual(form.step, .gemini)
    let footer = driver.render().lines.last ?? ""
    XCTAssertFalse(footer.contains("Enter next / previous field"), footer)
    let enter = driver.state.keyHints.first { $0.label == "Enter" }
    XCTAssertEqual(enter?.help, .common(.helpEnterSave), "Enter on the Gemini key field checks and saves")
  }

  func testTheFeedFooterMentionsRefresh() {
    let driver = Driver.screen(userTraps, facts: SetupFacts())
    XCTAssertTrue(driver.render().lines.last?.contains("r refresh") == true, driver.render().lines.last ?? "")
  }

  func testAt60ColumnsTheTabBarNamesEveryTab() {
    for language in [Language.en, .de] {
      for tab in AppTabs.list.ids {
        var driver = Driver.screen(userTraps, width: 60, height: 20)
        driver.press(.alt(Character(tab.key)))
        let bar = driver.render(language).lines[0]
        let t = Localizer(language)
        for (_, screen) in AppTabs.list.screens {
          let short = String(screen.shortTitle(t).prefix(3))
          XCTAssertTrue(bar.contains(short), "\(language) on \(tab): \(bar) lacks \(short)")
        }
      }
    }
  }

  func testAFooterThatDoesNotFitDropsWholeEntriesNeverLabels() {
    let t = Localizer(.de)
    let hints = [
      KeyHint(label: "↑ ↓", help: .common(.helpMove)), KeyHint(label: "Enter", help: .common(.helpOpenLink)),
      KeyHint(label: "Tab", help: .common(.helpNextField)), KeyHint(label: "x", help: .common(.helpCopyLink)),
      KeyHint(label: "s", help: .common(.helpSubmit)), KeyHint(label: "Esc", help: .common(.helpBack)),
      KeyHint(label: "?", help: .common(.helpHelp)),
    ]
    for width in [40, 58, 78] {
      let footer = Chrome.footer(hints, width: width, t)
      XCTAssertLessThanOrEqual(DisplayWidth.of(footer), width)
      for entry in footer.components(separatedBy: " · ") {
        XCTAssertFalse(hints.map { t.keyLabel($0.label) }.contains(entry), "bare key \(entry) in \(footer)")
      }
      XCTAssertTrue(footer.hasSuffix("? diese Hilfe"), footer)
    }
  }
}
