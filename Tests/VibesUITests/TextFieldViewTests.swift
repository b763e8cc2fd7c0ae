import VibesCore
import XCTest

@testable import VibesUI

/// A value longer than its field is scrolled sideways; the hidden part is marked with "…" on its side.
final class TextFieldViewTests: XCTestCase {
  func draw(_ input: TextInput, width: Int = 12) -> (line: String, cursor: Int) {
    var grid = Grid(width: width, height: 1)
    let cursor = TextFieldView.draw(input, into: &grid, row: 0, column: 0, width: width)
    return (grid.lines[0], cursor)
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
}
