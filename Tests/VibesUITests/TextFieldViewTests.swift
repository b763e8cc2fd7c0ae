import VibesCore
import XCTest

@testable import VibesUI

/// The one text-field widget: a value longer than its field is scrolled sideways with "…" on the hidden side,
/// widths are terminal cells (CJK and emoji take two), the cursor column follows them, a secret is never drawn.
final class TextFieldViewTests: XCTestCase {
  func draw(_ field: TextField, width: Int = 12, placeholder: String? = nil) -> (line: String, cursor: Int, grid: Grid)
  {
    var grid = Grid(width: width, height: 1)
    let cursor = TextFieldView.draw(field, placeholder: placeholder, into: &grid, row: 0, column: 0, width: width)
    return (grid.lines[0], cursor, grid)
  }

  func draw(_ input: TextInput, width: Int = 12) -> (line: String, cursor: Int, grid: Grid) {
    draw(TextField(input), width: width)
  }

  func testHiddenTextIsMarkedOnTheSideItIsHidden() {
    var input = TextInput("Donaudampfschifffahrt")
    input.moveToEnd()
    XCTAssertEqual(draw(input).line, "…chifffahrt", "the start is hidden: an ellipsis on the left")
    XCTAssertEqual(draw(input).cursor, 11)
    input.moveToStart()
    XCTAssertEqual(draw(input).line, "Donaudampfs…", "the end is hidden: an ellipsis on the right")
    XCTAssertEqual(draw(input).cursor, 0)
    for _ in 0..<15 { input.moveRight() }
    XCTAssertEqual(draw(input).line, "…dampfschif…", "both ends hidden")
    XCTAssertEqual(draw(TextInput("Köln")).line, "Köln", "a value that fits is drawn as it is")
  }

  func testWideCharactersTakeTwoCellsAndTheCursorFollowsThem() {
    let cjk = draw(TextInput("東京タワー"))
    XCTAssertEqual(cjk.line, "東京タワー")
    XCTAssertEqual(cjk.cursor, 10, "five wide characters: the cursor after ten cells")
    var middle = TextInput("a東🎸b")
    middle.moveLeft()
    middle.moveLeft()
    let drawn = draw(middle)
    XCTAssertEqual(drawn.line, "a東🎸b")
    XCTAssertEqual(drawn.cursor, 3, "after a (1) and 東 (2): on the emoji")
    XCTAssertEqual(drawn.grid[0, 3].text, "🎸")
  }

  func testALongWideTextScrollsSoTheCursorEndStaysInView() {
    let input = TextInput(String(repeating: "東京", count: 10) + "🎸")
    let drawn = draw(input)
    XCTAssertEqual(drawn.cursor, 10, "right after the emoji: a wide character does not fit the one cell left")
    XCTAssertTrue(drawn.line.hasPrefix("…"), drawn.line)
    XCTAssertTrue(drawn.line.hasSuffix("🎸"), drawn.line)
    XCTAssertLessThanOrEqual(DisplayWidth.of(drawn.line), 12)
    var start = input
    start.moveToStart()
    let atStart = draw(start)
    XCTAssertEqual(atStart.cursor, 0)
    XCTAssertTrue(atStart.line.hasPrefix("東京"), atStart.line)
    XCTAssertTrue(atStart.line.hasSuffix("…"), atStart.line)
    XCTAssertLessThanOrEqual(DisplayWidth.of(atStart.line), 12)
  }

  func testASecretIsNeverDrawn() {
    var secret = TextField("AIzaSyD-secret-key-東京", masking: .secret)
    let drawn = draw(secret, width: 40)
    XCTAssertEqual(drawn.line, String(repeating: "•", count: secret.input.graphemeCount))
    XCTAssertEqual(drawn.cursor, secret.input.graphemeCount)
    for character in "AIzSyDsecrtk東京" { XCTAssertFalse(drawn.line.contains(character), "\(character) drawn") }
    secret.input.moveToStart()
    let narrow = draw(secret, width: 8)
    XCTAssertEqual(narrow.line, String(repeating: "•", count: 7), "capped at the field's width")
    XCTAssertEqual(narrow.cursor, 0)
  }

  func testAPastedAddressKeepsItsAddressAndDotsTheCode() {
    let field = TextField("http://x/cb?code=SECRET", masking: .query)
    let drawn = draw(field, width: 40)
    XCTAssertEqual(drawn.line, "http://x/cb?" + String(repeating: "•", count: 11))
    XCTAssertFalse(drawn.line.contains("SECRET"))
  }

  func testThePlaceholderShowsOnlyWhileEmpty() {
    XCTAssertEqual(draw(TextField(), width: 20, placeholder: "press / to search").line, "press / to search")
    XCTAssertEqual(draw(TextField(), width: 20, placeholder: "press / to search").cursor, 0)
    XCTAssertEqual(draw(TextField("a"), placeholder: "press / to search").line, "a")
  }
}
