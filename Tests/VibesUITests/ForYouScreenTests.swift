import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let forYouScreen = Driver.Exhaustivity.nonExhaustive(
  because: "checks the drawn For You screen at 60x20 in English and German")

/// For You as drawn on a 60×20 terminal: the row on Explore's root, loading, each song with its reason, the copy's
/// age, what a missing key needs, when to try again after the quota, in English and German.
final class ForYouScreenTests: XCTestCase {
  static let fetched = Date(timeIntervalSince1970: 1_700_000_000)
  static let list = CachedForYou(
    entries: [
      ForYouEntry(
        title: "Midnight City", artist: "M83", reason: "Big like Aurora Lines.", trackID: MusicFixtures.id("a")),
      ForYouEntry(
        title: "Teardrop", artist: "Massive Attack", reason: "Dark like Basalt.", trackID: MusicFixtures.id("b")),
    ], fetchedAt: fetched)

  /// The screen's words as one line (a sentence wrapped over rows reads as one).
  func words(_ grid: Grid) -> String {
    grid.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
  }

  func opened() -> Driver {
    var screen = Driver.screen(forYouScreen, facts: SetupFacts(storedSecrets: [.spotify]), width: 60, height: 20)
    screen.press(.tabKey(.explore))
    screen.send(.explore(.recentLoaded([], queued: 0)))
    screen.press(.end)
    return screen
  }

  func answered(_ result: Result<CachedForYou, CreateFailure>) -> Driver {
    var screen = opened()
    screen.press(.enter)
    guard case .loading(let id)? = screen.state.explore.forYouScreen?.phase else {
      XCTFail("not loading")
      return screen
    }
    screen.send(.explore(.forYouFinished(requestID: id, result)))
    return screen
  }

  func testTheRootHasAForYouRowAndItOpensLoading() {
    var screen = opened()
    let root = screen.render()
    XCTAssertTrue(root.lines[root.row(containing: "For you") ?? 0].contains("›"), root.text)
    XCTAssertNotNil(screen.render(.de).row(containing: "Für dich"), screen.render(.de).text)
    screen.press(.enter)
    XCTAssertNotNil(screen.render().row(containing: "Asking Gemini about your listening…"), screen.render().text)
    XCTAssertNotNil(screen.render(.de).row(containing: "Gemini wird zu deinem Hörverhalten gefragt…"))
  }

  func testEachSongShowsItsReasonAndTheFooterNamesTheKeys() {
    let screen = answered(.success(Self.list))
    let grid = screen.render()
    let song = try! XCTUnwrap(grid.row(containing: "Midnight City · M83"), grid.text)
    XCTAssertTrue(grid.lines[song].contains("›"), "the first song has the focus")
    XCTAssertTrue(grid.lines[song + 1].contains("Big like Aurora Lines."), grid.text)
    XCTAssertTrue(grid.lines[song + 3].contains("Dark like Basalt."), grid.text)
    XCTAssertTrue(grid.lines[19].contains("x dismiss"), grid.lines[19])
    XCTAssertTrue(grid.lines[19].contains("r refresh"), grid.lines[19])
    let german = screen.render(.de)
    XCTAssertNotNil(german.row(containing: "Für dich"), german.text)
    XCTAssertTrue(german.lines[19].contains("x ausblenden"), german.lines[19])
  }

  func testTheCopyShowsItsAgeAndAFailedRefreshSaysWhenToTryAgain() {
    var copy = Self.list
    copy.isStale = true
    copy.staleReason = .quotaExhaustedForToday(resetsAt: Self.fetched.addingTimeInterval(3600))
    let grid = answered(.success(copy)).render()
    XCTAssertTrue(words(grid).contains("(saved copy); r asks Gemini again."), grid.text)
    XCTAssertTrue(words(grid).contains("today's free quota"), grid.text)
    XCTAssertTrue(words(grid).contains("It resets at midnight"), grid.text)
    XCTAssertNotNil(grid.row(containing: "Midnight City"), grid.text)
  }

  func testThePerMinuteLimitSaysWhenToTryAgain() {
    let screen = answered(.failure(.rateLimitedPerMinute(retryAfterSeconds: 30)))
    XCTAssertTrue(words(screen.render()).contains("Try again in 30 s."), screen.render().text)
    XCTAssertTrue(words(screen.render(.de)).contains("Versuch es in 30 s erneut."), screen.render(.de).text)
  }

  func testWithoutAKeyItSaysWhatItNeedsAndEnterIsTheSetupKey() {
    let screen = answered(.failure(.geminiKeyMissing))
    let grid = screen.render()
    XCTAssertTrue(words(grid).contains("Gemini API key"), grid.text)
    XCTAssertTrue(words(grid).contains("Spotify no longer gives"), grid.text)
    XCTAssertTrue(grid.lines[19].contains("Enter set up Gemini"), grid.lines[19])
    let german = screen.render(.de)
    XCTAssertTrue(words(german).contains("Gemini-API-Schlüssel"), german.text)
    XCTAssertTrue(german.lines[19].contains("Enter einrichten"), german.lines[19])
  }
}
