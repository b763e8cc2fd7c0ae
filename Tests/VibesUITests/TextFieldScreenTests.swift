import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Every text input of the app is drawn by the one text field: wide characters (CJK, emoji) take two cells,
/// the cursor stands right after what was typed (or inside it), and a long text scrolls sideways with "…" marking
/// the hidden part — on Create's prompt and playlist name, Explore's search and the form engine's fields alike.
final class TextFieldScreenTests: XCTestCase {
  static let drawing = Driver.Exhaustivity.nonExhaustive(
    because: "these tests check how the one text field draws typed text and its cursor, not the state each key sets")
  static let wide = String(repeating: "東京タワー", count: 12)
  static let emoji = String(repeating: "🎸", count: 40)

  /// The grapheme drawn just left of the cursor (skipping a wide character's continuation cell).
  func leftOfCursor(_ grid: Grid, file: StaticString = #filePath, line: UInt = #line) -> String {
    guard let cursor = grid.cursor else {
      XCTFail("no cursor", file: file, line: line)
      return ""
    }
    var column = cursor.column - 1
    while column > 0, grid[cursor.row, column].isContinuation { column -= 1 }
    return column >= 0 ? grid[cursor.row, column].text : ""
  }

  /// The cursor stands on a cell where a grapheme starts (never on the right half of a wide one), inside the grid.
  func assertCursorOnACell(_ grid: Grid, file: StaticString = #filePath, line: UInt = #line) {
    guard let cursor = grid.cursor else { return XCTFail("no cursor", file: file, line: line) }
    XCTAssertLessThan(cursor.column, grid.width - 1, "the cursor stays inside the screen", file: file, line: line)
    XCTAssertFalse(
      grid[cursor.row, cursor.column].isContinuation, "cursor on a wide character's right half",
      file: file, line: line)
  }

  func create(width: Int = 80) -> Driver {
    var driver = Driver.screen(Self.drawing, facts: SetupFacts(storedSecrets: [.gemini, .spotify]), width: width)
    driver.press(.tabKey(.create))
    return driver
  }

  func exploreEditing(width: Int = 80) -> Driver {
    var driver = Driver.screen(Self.drawing, facts: SetupFacts(storedSecrets: [.spotify]), width: width)
    driver.press(.tabKey(.explore))
    driver.press(.character("/"))
    return driver
  }

  /// Types `text` + "x" into a field much narrower than it: the cursor stands right after the "x", on a cell of
  /// its own, and the hidden start is marked.
  func assertScrolledToTheEnd(
    _ make: (Int) -> Driver, typing text: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    for width in [60, 80] {
      var driver = make(width)
      driver.type(text + "x")
      let grid = driver.render()
      XCTAssertEqual(leftOfCursor(grid), "x", "at \(width) columns:\n\(grid.text)", file: file, line: line)
      assertCursorOnACell(grid, file: file, line: line)
      let row = grid.cursor?.row ?? 0
      XCTAssertTrue(
        grid.lines[row].contains("…"), "the hidden start is marked: \(grid.lines[row])", file: file, line: line)
      XCTAssertLessThanOrEqual(DisplayWidth.of(grid.lines[row]), width, file: file, line: line)
    }
  }

  func testCreatePromptScrollsAWideTextAndKeepsTheCursorAfterTheLastCharacter() {
    assertScrolledToTheEnd(create(width:), typing: Self.wide)
  }

  func testCreatePromptCursorInTheMiddleOfWideCharacters() {
    var driver = create()
    driver.type("東京タワー🎸夜")
    driver.press(.left)
    driver.press(.left)
    let grid = driver.render()
    XCTAssertEqual(leftOfCursor(grid), "ー", grid.text)
    assertCursorOnACell(grid)
    XCTAssertEqual(grid[grid.cursor!.row, grid.cursor!.column].text, "🎸", "the cursor stands on the emoji")
    driver.press(.home)
    let start = driver.render()
    XCTAssertEqual(start[start.cursor!.row, start.cursor!.column].text, "東", "Home: the cursor on the first")
  }

  func testExploreSearchScrollsEmojiAndKeepsTheCursorInTheField() {
    assertScrolledToTheEnd(exploreEditing(width:), typing: Self.emoji)
  }

  /// Create's preview with the playlist name being edited (emptied with Ctrl-U).
  func renaming(width: Int) -> Driver {
    var driver = create(width: width)
    driver.type("road trip")
    driver.press(.enter)
    guard case .generating(let request, _, _) = driver.state.create.phase else {
      XCTFail("not generating: \(driver.state.create.phase)")
      return driver
    }
    let track = TrackCandidate(
      id: "t1", uri: "spotify:track:t1", name: "Song", artists: ["Artist"], album: "Album", durationMs: 200_000)
    let song = ResolvedSong(song: SuggestedSong(title: "Song", artist: "Artist"), resolution: .found(track))
    let playlist = GeneratedPlaylist(
      id: 1, prompt: "road trip", name: "Road Trip", description: "Songs.", songs: [song],
      createdAt: Date(timeIntervalSince1970: 0), saveState: .notSaved)
    driver.send(.create(.generated(requestID: request, .success(playlist))))
    driver.press(.tab)
    driver.press(.ctrl("u"))
    return driver
  }

  func testTheNameOfAGeneratedPlaylistScrollsLikeEveryField() {
    assertScrolledToTheEnd(renaming(width:), typing: Self.wide)
  }

  func testCreatesPromptLengthAndNameAreFieldsOfTheOneFormEngine() {
    var driver = create()
    XCTAssertEqual(driver.state.create.form.focusedTextField?.id, .prompt, "arriving: the prompt takes the typing")
    driver.type("東京 nights")
    XCTAssertEqual(driver.state.create.form.text(.prompt), "東京 nights")
    driver.press(.tab)
    XCTAssertEqual(driver.state.create.focus, .length)
    XCTAssertFalse(driver.state.isEditingText, "the length is a choice, not text")
    for _ in 0..<40 { driver.press(.right) }
    XCTAssertEqual(driver.state.create.length, CreateState.lengthRange.upperBound, "the choice stops at the top")
    XCTAssertEqual(driver.state.create.form.field(.length)?.selectedOption, "\(CreateState.lengthRange.upperBound)")
    var preview = renaming(width: 80)
    preview.type("Night Drive")
    guard case .preview(let shown)? = preview.state.create.path.last else { return XCTFail("no preview") }
    XCTAssertEqual(shown.form.focusedTextField?.id, .name)
    XCTAssertEqual(shown.name.text, "Night Drive")
  }

  func testExploreSearchCursorInTheMiddleOfCJK() {
    var driver = exploreEditing()
    driver.type("東京タワー")
    driver.press(.left)
    driver.press(.left)
    driver.press(.left)
    let grid = driver.render()
    XCTAssertEqual(leftOfCursor(grid), "京", grid.text)
    assertCursorOnACell(grid)
    XCTAssertEqual(grid[grid.cursor!.row, grid.cursor!.column].text, "タ")
  }
}
