import XCTest

@testable import VibesUI

/// A cell's grapheme is held as plain bytes (`CellText`): what goes in comes out, byte for byte, at every length.
final class CellTextTests: XCTestCase {
  func testEveryLengthComesBackByteForByte() {
    let samples = [
      "", " ", "a", "~", "é", "…", "─", "中", "❤\u{FE0F}", "🇩🇪", "👍🏽",
      "e\u{301}", "e" + String(repeating: "\u{301}", count: 7),  // 15 bytes: the longest held inline
      "e" + String(repeating: "\u{301}", count: 8),  // 17 bytes: interned
      "👨\u{200D}👩\u{200D}👧\u{200D}👦",  // 25 bytes: interned
    ]
    for sample in samples {
      XCTAssertEqual(Array(CellText(sample).string.utf8), Array(sample.utf8), sample)
      XCTAssertEqual(Cell(sample).text, sample)
    }
  }

  func testAScalarIsTheSameAsItsString() {
    for value: UInt32 in [0x20, 0x41, 0x7E, 0xA0, 0xE9, 0x2026, 0x2500, 0x4E2D, 0x1F600] {
      let scalar = Unicode.Scalar(value)!
      XCTAssertEqual(CellText(scalar), CellText(String(scalar)))
      XCTAssertEqual(CellText(scalar).string, String(scalar))
    }
  }

  func testEqualityIsByBytes() {
    XCTAssertEqual(CellText("ab"), CellText("ab"))
    XCTAssertNotEqual(CellText("a"), CellText("b"))
    XCTAssertNotEqual(CellText("a"), CellText("a "))
    // The same long grapheme interned twice is one entry: equal cells.
    let long = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
    XCTAssertEqual(CellText(long), CellText(String(long)))
    XCTAssertNotEqual(CellText(long), CellText("👨\u{200D}👩\u{200D}👧"))
    // Canonically equivalent but different bytes: a different cell (the terminal is sent bytes).
    XCTAssertNotEqual(CellText("é"), CellText("e\u{301}"))
  }

  func testContinuationAndPrintableASCII() {
    XCTAssertTrue(Cell("").isContinuation)
    XCTAssertFalse(Cell(" ").isContinuation)
    XCTAssertTrue(Cell(" ").isPrintableASCII)
    XCTAssertTrue(Cell("~").isPrintableASCII)
    for text in ["", "\u{7F}", "\t", "é", "ab", "中"] { XCTAssertFalse(Cell(text).isPrintableASCII, text) }
    var cell = Cell("x")
    cell.text = "中"
    XCTAssertEqual(cell, Cell("中"))
  }
}
