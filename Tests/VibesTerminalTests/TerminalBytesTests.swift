import VibesCore
import VibesUI
import XCTest

@testable import VibesTerminal

final class TerminalBytesTests: XCTestCase {
  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  func testBase64Vectors() {
    let vectors = [
      ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
      ("fooba", "Zm9vYmE="),
      ("foobar", "Zm9vYmFy"),
    ]
    for (input, output) in vectors {
      XCTAssertEqual(TerminalBytes.base64(Array(input.utf8)), output, input)
    }
    XCTAssertEqual(TerminalBytes.base64([0xFF, 0xFE, 0xFD]), "//79")
  }

  func testClipboardSequence() {
    XCTAssertEqual(text(TerminalBytes.clipboard("hello")), "\u{1B}]52;c;aGVsbG8=\u{07}")
    XCTAssertEqual(text(TerminalBytes.clipboard("日")), "\u{1B}]52;c;5pel\u{07}")
  }

  func testBracketedPasteModes() {
    XCTAssertEqual(text(TerminalBytes.bracketedPasteOn), "\u{1B}[?2004h")
    XCTAssertEqual(text(TerminalBytes.bracketedPasteOff), "\u{1B}[?2004l")
  }

  func testCursorMoveIsOneBased() {
    XCTAssertEqual(text(TerminalBytes.moveCursor(row: 0, column: 0)), "\u{1B}[1;1H")
    XCTAssertEqual(text(TerminalBytes.moveCursor(row: 23, column: 79)), "\u{1B}[24;80H")
  }

  func testHyperlinkOpenAndClose() {
    XCTAssertEqual(
      text(TerminalBytes.hyperlinkOpen("https://example.com/a?b=c")),
      "\u{1B}]8;;https://example.com/a?b=c\u{1B}\\")
    XCTAssertEqual(text(TerminalBytes.hyperlinkClose), "\u{1B}]8;;\u{1B}\\")
  }

  func testURLCannotBreakOutOfTheSequence() {
    XCTAssertEqual(
      TerminalBytes.sanitizedURL("https://x.example/\u{1B}\\\u{07}a b"), "https://x.example/\\a%20b"
    )
    XCTAssertEqual(
      TerminalBytes.sanitizedURL("https://x.example/ü\u{9C}"), "https://x.example/%C3%BC")
  }

  func testSGR() {
    XCTAssertEqual(text(TerminalBytes.sgr(.plain, colors: true)), "\u{1B}[0m")
    let style = CellStyle(
      foreground: .red, background: .blue, attributes: [.bold, .dim, .underline, .reverse])
    XCTAssertEqual(text(TerminalBytes.sgr(style, colors: true)), "\u{1B}[0;1;2;4;7;31;44m")
    XCTAssertEqual(text(TerminalBytes.sgr(style, colors: false)), "\u{1B}[0;1;2;4;7m")
    XCTAssertEqual(
      text(TerminalBytes.sgr(CellStyle(foreground: .white), colors: true)), "\u{1B}[0;37m")
  }

  func testDisplayTextDropsControls() {
    XCTAssertEqual(TerminalBytes.displayText("a"), "a")
    XCTAssertEqual(TerminalBytes.displayText("a\u{1B}[2J"), "a[2J")
    XCTAssertEqual(TerminalBytes.displayText("\u{07}"), " ")
    XCTAssertEqual(TerminalBytes.displayText("\u{9B}"), " ")
    XCTAssertEqual(TerminalBytes.displayText(""), " ")
    XCTAssertEqual(TerminalBytes.displayText("e\u{301}"), "e\u{301}")
  }

  private func linkGrid() -> Grid {
    var grid = Grid(width: 8, height: 2)
    let underlined = CellStyle(foreground: .blue, attributes: .underline)
    for (column, character) in "go 日".enumerated() {
      grid[1, column] = Cell(String(character), style: column == 0 ? .plain : underlined)
    }
    grid[1, 4] = Cell("", style: underlined)
    grid[1, 5] = Cell("!", style: underlined)
    return grid
  }

  func testLinkAnnouncementRewritesTheTextInsideSaveAndRestore() {
    let grid = linkGrid()
    let link = Hyperlink(
      position: GridPosition(row: 1, column: 0), width: 6, url: "https://e.example")
    let bytes = text(TerminalBytes.overwrite(grid, span: link, url: link.url, colors: true))
    XCTAssertEqual(
      bytes,
      "\u{1B}7\u{1B}[2;1H\u{1B}]8;;https://e.example\u{1B}\\\u{1B}[0mg\u{1B}[0;4;34mo 日\u{1B}[2;6H!"
        + "\u{1B}]8;;\u{1B}\\\u{1B}8")
  }

  func testUnlinkRewritesPlainText() {
    let grid = linkGrid()
    let link = Hyperlink(
      position: GridPosition(row: 1, column: 1), width: 2, url: "https://e.example")
    XCTAssertEqual(
      text(TerminalBytes.overwrite(grid, span: link, url: nil, colors: false)),
      "\u{1B}7\u{1B}[2;2H\u{1B}[0;4mo \u{1B}8")
  }

  func testLinkStartingOnAContinuationSkipsIt() {
    let grid = linkGrid()
    let link = Hyperlink(position: GridPosition(row: 1, column: 4), width: 2, url: "u")
    XCTAssertEqual(
      text(TerminalBytes.overwrite(grid, span: link, url: nil, colors: false)),
      "\u{1B}7\u{1B}[2;6H\u{1B}[0;4m!\u{1B}8")
  }

  func testOverlayOfOneCell() {
    var grid = Grid(width: 4, height: 1)
    grid[0, 1] = Cell("\u{2764}\u{FE0F}", style: CellStyle(attributes: .bold))
    grid[0, 2] = Cell("")
    XCTAssertEqual(
      text(TerminalBytes.overwrite(grid, row: 0, column: 1, width: 2, url: nil, colors: true)),
      "\u{1B}7\u{1B}[1;2H\u{1B}[0;1m\u{2764}\u{FE0F}\u{1B}8")
  }

  func testLinkOutsideTheGridWritesNothing() {
    let grid = linkGrid()
    XCTAssertEqual(
      TerminalBytes.overwrite(
        grid, span: Hyperlink(position: GridPosition(row: 5, column: 0), width: 3, url: "u"),
        url: "u", colors: true),
      [])
    XCTAssertEqual(
      TerminalBytes.overwrite(
        grid, span: Hyperlink(position: GridPosition(row: 0, column: 9), width: 3, url: "u"),
        url: "u", colors: true),
      [])
  }
}
