import VibesCore
import VibesGraphics
import VibesUI
import XCTest

@testable import VibesTerminal

/// What the presenter sends for a list's 2×1 thumbnails, as bytes: only the placements the frame has (the rows on
/// screen), and on a scroll by one row the old ones cleared (kitty: deleted by the id they were drawn with; sixel:
/// the rows handed back to ncurses) and the moved ones drawn again under their new ids.
final class ThumbnailImagesTests: XCTestCase {
  static let cover = ArtworkBitmap(
    width: 64, height: 64, pixels: Array(repeating: [30, 200, 90], count: 64 * 64).flatMap { $0 })!

  /// A list's frame: rows `top..<top + visible` of items `first...`, each with its thumbnail at column 4.
  func listGrid(first: Int, visible: Int = 5, top: Int = 3) -> Grid {
    var grid = Grid(width: 80, height: 24)
    grid.images = (0..<visible).map { offset in
      ImagePlacement(
        row: top + offset, column: 4, columns: 2, rows: 1, key: "https://i.scdn.co/image/item\(first + offset)",
        image: Self.cover)
    }
    return grid
  }

  func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  func count(_ needle: String, in haystack: String) -> Int { haystack.components(separatedBy: needle).count - 1 }

  func kitty() -> TerminalImages {
    TerminalImages(
      capabilities: GraphicsCapabilities(graphics: .kitty, trueColor: true, insideTmux: false),
      cellPixels: (10, 20))
  }

  func testKittySendsOnePictureForEachVisibleRowScaledToItsTwoCells() {
    var images = kitty()
    let grid = listGrid(first: 0)
    let output = text(images.bytes(images.plan(grid, repaintAll: true, changedRows: [], screenWidth: 80)))
    XCTAssertEqual(count("\u{1B}_Ga=T,", in: output), 5, output.debugDescription)
    for placement in grid.images {
      XCTAssertTrue(output.contains("i=\(TerminalImages.kittyID(placement)),"), "row \(placement.row)")
      XCTAssertTrue(output.contains("\u{1B}[\(placement.row + 1);5H"), "moved to row \(placement.row)")
    }
    XCTAssertTrue(output.contains(",c=2,"), output.debugDescription)
    // An unchanged frame sends nothing.
    XCTAssertEqual(images.bytes(images.plan(grid, repaintAll: false, changedRows: [3, 4], screenWidth: 80)), [])
  }

  func testAScrollByOneRowDeletesTheOldKittyPlacementsAndDrawsTheMovedOnesUnderTheirNewIDs() {
    var images = kitty()
    let before = listGrid(first: 0)
    _ = images.plan(before, repaintAll: true, changedRows: [], screenWidth: 80)
    // One row down: item0 leaves, items 1…4 move up a row, item5 arrives at the bottom.
    let after = listGrid(first: 1)
    let plan = images.plan(after, repaintAll: false, changedRows: Set(3..<8), screenWidth: 80)
    XCTAssertEqual(Set(plan.delete), Set(before.images.map(TerminalImages.kittyID)))
    XCTAssertEqual(plan.draw, after.images)
    let output = text(images.bytes(plan))
    for old in before.images {
      XCTAssertTrue(output.contains("\u{1B}_Ga=d,d=I,i=\(TerminalImages.kittyID(old)),q=2\u{1B}\\"))
    }
    // The same picture drawn at another row carries that row's id (so the next scroll deletes it by that id).
    for placement in after.images {
      XCTAssertTrue(output.contains("i=\(TerminalImages.kittyID(placement)),"), "row \(placement.row)")
    }
    // Scrolling back deletes those new ids in turn.
    let back = images.plan(before, repaintAll: false, changedRows: Set(3..<8), screenWidth: 80)
    XCTAssertEqual(Set(back.delete), Set(after.images.map(TerminalImages.kittyID)))
  }

  func testSixelThumbnailsLeaveTheirRowsToTheTextRepaintAndComeBackWhereTheyMoved() {
    var images = TerminalImages(
      capabilities: GraphicsCapabilities(graphics: .sixel, trueColor: true, insideTmux: false), cellPixels: (10, 20))
    let first = text(
      images.bytes(images.plan(listGrid(first: 0), repaintAll: true, changedRows: [], screenWidth: 80)))
    XCTAssertEqual(count("\u{1B}P0;1;0q", in: first), 5, first.debugDescription)
    let plan = images.plan(listGrid(first: 1), repaintAll: false, changedRows: Set(3..<8), screenWidth: 80)
    XCTAssertEqual(Set(plan.repaintRows), Set((3..<8).map { $0..<($0 + 1) }), "ncurses repaints the old rows")
    XCTAssertEqual(plan.draw.count, 5)
    XCTAssertEqual(count("\u{1B}P0;1;0q", in: text(images.bytes(plan))), 5)
  }
}
