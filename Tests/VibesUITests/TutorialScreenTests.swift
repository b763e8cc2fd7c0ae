import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let tutorialCards = Driver.Exhaustivity.nonExhaustive(because: "checks the drawn tutorial cards")

final class TutorialScreenTests: XCTestCase {
  private func screen(width: Int, height: Int, card: Int = 0) -> Driver {
    var screen = Driver.screen(tutorialCards, width: width, height: height)
    screen.send(.tutorial(.seenLoaded(false)))
    for _ in 0..<card { screen.press(.right) }
    return screen
  }

  func testFirstCardShowsTitleParagraphDotsAndFooterInEnglishAndGerman() {
    for (width, height) in [(80, 24), (60, 20)] {
      let english = screen(width: width, height: height).render(.en).text
      XCTAssertTrue(english.contains("Welcome to vibes"), english)
      XCTAssertTrue(english.contains("● ○ ○ ○ ○ ○ ○ ○  1/8"), english)
      XCTAssertTrue(english.contains("concerts in"), english)
      XCTAssertTrue(english.contains("→ next"), english)
      XCTAssertTrue(english.contains("s skip"), english)
      let german = screen(width: width, height: height).render(.de).text
      XCTAssertTrue(german.contains("Willkommen bei vibes"), german)
      XCTAssertTrue(german.contains("Konzerte in"), german)
      XCTAssertTrue(german.contains("überspringen"), german)
    }
  }

  func testEveryCardFitsAt60x20WithoutScrollingInBothLanguages() {
    for language in Language.allCases {
      for card in TutorialCard.allCases {
        let grid = screen(width: 60, height: 20, card: card.rawValue).render(language)
        let text = grid.text
        let title = Localizer(language)[card.title]
        XCTAssertTrue(text.contains(title), "\(card) \(language):\n\(text)")
        XCTAssertTrue(text.contains("\(card.rawValue + 1)/8"), text)
        XCTAssertEqual(grid.viewport?.isScrollable, false, "\(card) \(language) fits:\n\(text)")
        let lastWords = Localizer(language)[card.text].split(separator: " ").suffix(1).joined()
        XCTAssertTrue(text.contains(lastWords), "the paragraph is whole: \(lastWords)\n\(text)")
      }
    }
  }

  func testLastCardOffersConnectAndSkipForNow() {
    let english = screen(width: 80, height: 24, card: 7).render(.en).text
    XCTAssertTrue(english.contains("Enter  Connect Spotify"), english)
    XCTAssertTrue(english.contains("Skip for now"), english)
    XCTAssertTrue(english.contains("○ ○ ○ ○ ○ ○ ○ ●  8/8"), english)
    let german = screen(width: 60, height: 20, card: 7).render(.de).text
    XCTAssertTrue(german.contains("Spotify verbinden"), german)
    XCTAssertTrue(german.contains("Später"), german)
  }

  func testTheSignInCardOffersGoogleACodeAndNotNowAndTheShareCardNoLongerDeniesASocialSide() {
    let english = screen(width: 60, height: 20, card: 6).render(.en).text
    XCTAssertTrue(english.contains("Friends"), english)
    XCTAssertTrue(english.contains("follow friends and share songs"), english)
    XCTAssertTrue(english.contains("Enter  Sign in with Google"), english)
    XCTAssertTrue(english.contains("d      Sign in with a code"), english)
    XCTAssertTrue(english.contains("→      Not now"), english)
    XCTAssertTrue(english.contains("○ ○ ○ ○ ○ ○ ● ○  7/8"), english)
    let german = screen(width: 60, height: 20, card: 6).render(.de).text
    XCTAssertTrue(german.contains("Freunde"), german)
    XCTAssertTrue(german.contains("Mit Google anmelden"), german)
    XCTAssertTrue(german.contains("Nicht jetzt"), german)
    for language in Language.allCases {
      let share = screen(width: 80, height: 24, card: 1).render(language).text
      XCTAssertFalse(share.contains("no social network"), share)
      XCTAssertFalse(share.contains("kein soziales Netzwerk"), share)
    }
  }

  func testTheTabBelowIsNotDrawnWhileTheTutorialShows() {
    var shown = screen(width: 80, height: 24)
    let tutorial = shown.render()
    shown.press(.character("s"))
    let feed = shown.render()
    XCTAssertNil(feed.row(containing: "Welcome to vibes"))
    let feedContent = feed.lines[2..<(feed.height - 2)].map { $0.trimmingCharacters(in: .whitespaces) }
    let firstFeedLine = try? XCTUnwrap(feedContent.first { !$0.isEmpty })
    XCTAssertNotNil(firstFeedLine)
    XCTAssertNil(tutorial.row(containing: firstFeedLine ?? "-"), tutorial.text)
  }
}
