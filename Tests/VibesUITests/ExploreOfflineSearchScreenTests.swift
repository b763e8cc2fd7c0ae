import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let offlineScreen = Driver.Exhaustivity.nonExhaustive(
  because: "checks the drawn offline search screen in English and German")

/// The search screen when Spotify cannot be reached: the offline copy marked with its age and the retry key,
/// or what failed with the retry key, in English and German.
final class ExploreOfflineSearchScreenTests: XCTestCase {
  /// Explore with "aurora" searched; `answer` settles the request.
  func searched(_ answer: (Int) -> ExploreAction, width: Int = 80, height: Int = 24) -> Driver {
    var screen = Driver.screen(
      offlineScreen, facts: SetupFacts(storedSecrets: [.spotify]), width: width, height: height)
    screen.press(.tabKey(.explore))
    screen.press(.character("/"))
    for character in "aurora" { screen.press(.character(character)) }
    screen.send(.explore(.searchDue(timerID: screen.state.explore.pendingTimerID!)))
    guard case .loading(let id, _) = screen.state.explore.search else {
      XCTFail("not loading")
      return screen
    }
    screen.send(.explore(answer(id)))
    return screen
  }

  static let fetched = Date(timeIntervalSince1970: 1_700_000_000)

  func copy(_ id: Int) -> ExploreAction {
    .searchFromCache(requestID: id, query: "aurora", MusicFixtures.results(), fetchedAt: Self.fetched, reason: .offline)
  }

  func testTheOfflineCopyIsMarkedWithItsAgeAndTheRetryKey() {
    var screen = searched(copy)
    let first = screen.render()
    XCTAssertNotNil(first.row(containing: "No connection to Spotify. Showing the offline copy."), first.text)
    screen.press(.escape)  // out of the field: r is the key
    let grid = screen.render()
    let row = grid.row(containing: "offline copy from")!
    XCTAssertEqual(grid.style(of: "offline copy from", inRow: row)?.foreground, .yellow)
    XCTAssertTrue(grid.lines[row].contains("Press r to try again."), grid.lines[row])
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_GB")
    formatter.dateFormat = "d MMM HH:mm"
    XCTAssertTrue(grid.lines[row].contains(formatter.string(from: Self.fetched)), grid.lines[row])
    XCTAssertNotNil(grid.row(containing: "Tide"), "the copy's results are listed: \(grid.text)")
    XCTAssertGreaterThan(grid.row(containing: "Tracks")!, row, "the mark comes before the results")
    XCTAssertTrue(grid.lines[23].contains(" · r try · "), "r, with its label, in the footer: \(grid.lines[23])")
  }

  func testInTheFieldEnterIsTheRetryKeyAndGermanSaysItToo() {
    let screen = searched(copy)
    XCTAssertTrue(screen.render().text.contains("Press Enter to try again."), screen.render().text)
    let german = screen.render(.de)
    XCTAssertNotNil(german.row(containing: "Offline-Kopie vom"), german.text)
    XCTAssertNotNil(german.row(containing: "Enter drücken, um es erneut zu versuchen."), german.text)
  }

  func testAFailureWithoutACopySaysWhatFailedAndOffersRetry() {
    var screen = searched { .searchFinished(requestID: $0, query: "aurora", .failure(.offline)) }
    screen.press(.escape)
    let grid = screen.render()
    let failed = grid.row(containing: "No connection to Spotify.")!
    XCTAssertEqual(grid.style(of: "No connection", inRow: failed)?.foreground, .red)
    let hint = grid.row(containing: "Press r to try again.")!
    XCTAssertGreaterThan(hint, failed)
    XCTAssertNil(grid.row(containing: "offline copy from"))
    XCTAssertTrue(grid.lines[23].contains(" · r try · "), "r, with its label, in the footer: \(grid.lines[23])")
  }

  func testAFreshAnswerHasNoMarkAndNoRetryKey() {
    var screen = searched { .searchFinished(requestID: $0, query: "aurora", .success(MusicFixtures.results())) }
    screen.press(.escape)
    let grid = screen.render()
    XCTAssertNil(grid.row(containing: "offline copy from"), grid.text)
    XCTAssertNil(grid.row(containing: "try again"), grid.text)
    XCTAssertFalse(grid.lines[23].contains(" · r · "), grid.lines[23])
  }

  func testTheMarkFitsAt60Columns() {
    var screen = searched(copy, width: 60, height: 20)
    screen.press(.escape)
    let grid = screen.render()
    let row = grid.row(containing: "offline copy from")!
    XCTAssertLessThanOrEqual(DisplayWidth.of(grid.lines[row]), 60)
  }
}
