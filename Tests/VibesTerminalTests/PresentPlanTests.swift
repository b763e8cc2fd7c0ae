import VibesCore
import VibesUI
import XCTest

@testable import VibesTerminal

final class PresentPlanTests: XCTestCase {
  private func grid(_ lines: [String], width: Int = 6) -> Grid {
    var grid = Grid(width: width, height: lines.count)
    for (row, line) in lines.enumerated() {
      for (column, character) in line.enumerated() where column < width {
        grid[row, column] = Cell(String(character))
      }
    }
    return grid
  }

  private func positions(_ pairs: [(Int, Int)]) -> [GridPosition] {
    pairs.map { GridPosition(row: $0.0, column: $0.1) }
  }

  func testFirstPresentDrawsEveryCell() {
    let next = grid(["ab", "cd"], width: 2)
    let plan = PresentPlan.make(previous: nil, announced: [], next: next)
    XCTAssertTrue(plan.repaintAll)
    XCTAssertEqual(plan.cells, positions([(0, 0), (0, 1), (1, 0), (1, 1)]))
  }

  func testIdenticalGridTouchesNothing() {
    let next = grid(["abc", "def"])
    let plan = PresentPlan.make(previous: next, announced: [], next: next)
    XCTAssertFalse(plan.repaintAll)
    XCTAssertEqual(plan.cells, [])
    XCTAssertEqual(plan.link, [])
    XCTAssertEqual(plan.unlink, [])
  }

  func testHighlightMoveTouchesOnlyChangedCells() {
    var before = grid(["> one", "  two", "  six"])
    var after = grid(["  one", "> two", "  six"])
    for column in 0..<6 {
      before[0, column].style = CellStyle(attributes: .reverse)
      after[1, column].style = CellStyle(attributes: .reverse)
    }
    let plan = PresentPlan.make(previous: before, announced: [], next: after)
    XCTAssertFalse(plan.repaintAll)
    XCTAssertEqual(
      plan.cells, (0..<2).flatMap { row in (0..<6).map { GridPosition(row: row, column: $0) } })
  }

  func testSingleCharacterChange() {
    let plan = PresentPlan.make(previous: grid(["abc"]), announced: [], next: grid(["abd"]))
    XCTAssertEqual(plan.cells, positions([(0, 2)]))
  }

  func testStyleOnlyChangeIsDrawn() {
    let before = grid(["abc"])
    var after = before
    after[0, 1].style = CellStyle(foreground: .red)
    XCTAssertEqual(
      PresentPlan.make(previous: before, announced: [], next: after).cells, positions([(0, 1)]))
  }

  func testSizeChangeRepaintsEverything() {
    let plan = PresentPlan.make(
      previous: grid(["ab"], width: 2), announced: [], next: grid(["ab", "cd"], width: 2))
    XCTAssertTrue(plan.repaintAll)
    XCTAssertEqual(plan.cells.count, 4)
  }

  func testContinuationCellsAreNeverDrawn() {
    var next = grid(["a  b"], width: 4)
    next[0, 1] = Cell("日")
    next[0, 2] = Cell("")
    let plan = PresentPlan.make(previous: nil, announced: [], next: next)
    XCTAssertEqual(plan.cells, positions([(0, 0), (0, 1), (0, 3)]))
  }

  func testWideCharacterReplacedByTwoNarrowOnes() {
    var before = grid(["a  b"], width: 4)
    before[0, 1] = Cell("日")
    before[0, 2] = Cell("")
    let after = grid(["axyb"], width: 4)
    XCTAssertEqual(
      PresentPlan.make(previous: before, announced: [], next: after).cells,
      positions([(0, 1), (0, 2)]))
    XCTAssertEqual(
      PresentPlan.make(previous: after, announced: [], next: before).cells, positions([(0, 1)]))
  }

  func testChangedContinuationRedrawsItsLead() {
    var before = grid(["ab c"], width: 4)
    before[0, 1] = Cell("日")
    before[0, 2] = Cell("", style: CellStyle(foreground: .red))
    var after = before
    after[0, 2] = Cell("")
    XCTAssertEqual(
      PresentPlan.make(previous: before, announced: [], next: after).cells, positions([(0, 1)]))
  }

  // MARK: - Links

  private let link = Hyperlink(
    position: GridPosition(row: 1, column: 0), width: 4, url: "https://a.example")

  func testNewLinkIsAnnounced() {
    var after = grid(["abc", "link"])
    after.links = [link]
    let plan = PresentPlan.make(previous: grid(["abc", "link"]), announced: [], next: after)
    XCTAssertEqual(plan.cells, [])
    XCTAssertEqual(plan.link, [link])
    XCTAssertEqual(plan.unlink, [])
  }

  func testUnchangedLinkOnUntouchedRowIsNotAnnouncedAgain() {
    var before = grid(["abc", "link"])
    before.links = [link]
    var after = grid(["xyz", "link"])
    after.links = [link]
    let plan = PresentPlan.make(previous: before, announced: [link], next: after)
    XCTAssertEqual(plan.link, [])
  }

  func testLinkOnARedrawnRowIsAnnouncedAgain() {
    var before = grid(["abc", "link a"])
    before.links = [link]
    var after = grid(["abc", "link b"])
    after.links = [link]
    XCTAssertEqual(PresentPlan.make(previous: before, announced: [link], next: after).link, [link])
  }

  func testCursorMoveOnALinkRowAnnouncesAgain() {
    var before = grid(["abc", "link"])
    before.links = [link]
    var after = before
    after.cursor = GridPosition(row: 1, column: 5)
    XCTAssertEqual(PresentPlan.make(previous: before, announced: [link], next: after).link, [link])
  }

  func testRemovedLinkIsUnlinkedAndOthersAnnouncedAgain() {
    let other = Hyperlink(
      position: GridPosition(row: 0, column: 0), width: 3, url: "https://b.example")
    var before = grid(["abc", "link"])
    before.links = [link, other]
    var after = before
    after.links = [other]
    let plan = PresentPlan.make(previous: before, announced: [link, other], next: after)
    XCTAssertEqual(plan.unlink, [link])
    XCTAssertEqual(plan.link, [other])
  }

  func testRepaintAnnouncesAllLinksWithoutUnlinking() {
    var next = grid(["abc", "link"])
    next.links = [link]
    let plan = PresentPlan.make(previous: nil, announced: [link], next: next)
    XCTAssertEqual(plan.link, [link])
    XCTAssertEqual(plan.unlink, [])
  }

  // MARK: - Overlays

  private func emojiGrid(_ tail: String) -> Grid {
    var grid = grid(["ab    ", "cd    "])
    grid[1, 2] = Cell("\u{2764}\u{FE0F}")
    grid[1, 3] = Cell("")
    grid[1, 4] = Cell(tail)
    return grid
  }

  private let heartsNeedOverlay: (String, Int) -> Bool = { text, _ in text.unicodeScalars.count > 1
  }

  func testOverlaysOnRepaint() {
    let plan = PresentPlan.make(
      previous: nil, announced: [], next: emojiGrid("x"), needsOverlay: heartsNeedOverlay)
    XCTAssertEqual(plan.overlays, positions([(1, 2)]))
    XCTAssertTrue(plan.cells.contains(GridPosition(row: 1, column: 2)))
  }

  func testOverlayWrittenAgainOnlyWhenItsRowIsTouched() {
    let before = emojiGrid("x")
    var elsewhere = before
    elsewhere[0, 0] = Cell("z")
    XCTAssertEqual(
      PresentPlan.make(
        previous: before, announced: [], next: elsewhere, needsOverlay: heartsNeedOverlay
      ).overlays,
      [])
    XCTAssertEqual(
      PresentPlan.make(
        previous: before, announced: [], next: emojiGrid("y"), needsOverlay: heartsNeedOverlay
      )
      .overlays,
      positions([(1, 2)]))
  }

  func testOverlayPredicateGetsTheGridWidth() {
    var widths: [String: Int] = [:]
    _ = PresentPlan.make(previous: nil, announced: [], next: emojiGrid("é")) { text, width in
      widths[text] = width
      return false
    }
    XCTAssertEqual(widths["\u{2764}\u{FE0F}"], 2)
    XCTAssertEqual(widths["é"], 1)
    XCTAssertNil(widths[""])
    // Printable ASCII never needs an overlay (every terminal draws it as the grid does): it is not asked about.
    XCTAssertNil(widths["a"])
  }

  func testNcursesWidthDisagreementsNeedOverlays() {
    XCTAssertTrue(TerminalSession.setUpLocale())
    XCTAssertFalse(TerminalSession.needsOverlay("a", width: 1))
    XCTAssertFalse(TerminalSession.needsOverlay("日", width: 2))
    XCTAssertFalse(TerminalSession.needsOverlay("e\u{301}", width: 1))
    XCTAssertFalse(TerminalSession.needsOverlay("\u{1F44D}", width: 2))
    XCTAssertTrue(TerminalSession.needsOverlay("\u{2764}\u{FE0F}", width: 2))
    XCTAssertTrue(
      TerminalSession.needsOverlay("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", width: 2))
    XCTAssertTrue(TerminalSession.needsOverlay("\u{1F1E9}\u{1F1EA}", width: 2))
    XCTAssertTrue(TerminalSession.needsOverlay("日", width: 1))
    XCTAssertTrue(TerminalSession.needsOverlay("\u{1B}", width: 1))
  }
}
