import VibesCore
import VibesGraphics
import VibesUI
import XCTest

@testable import VibesTerminal

/// What the presenter sends for a list's 2×1 thumbnails, as bytes: only the placements the frame has (the rows on
/// screen); on a scroll by one row kitty moves the placements it has (a few bytes each), frees the picture that
/// left and sends only the one that came into view, and sixel hands the old rows back to ncurses and draws again.
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

  func testAScrollByOneRowMovesTheKittyPlacementsAndSendsOnlyTheNewPicture() {
    var images = kitty()
    let before = listGrid(first: 0)
    let first = images.bytes(images.plan(before, repaintAll: true, changedRows: [], screenWidth: 80))
    // One row down: item0 leaves, items 1…4 move up a row, item5 arrives at the bottom.
    let after = listGrid(first: 1)
    let plan = images.plan(after, repaintAll: false, changedRows: Set(3..<8), screenWidth: 80)
    XCTAssertEqual(plan.delete, [TerminalImages.kittyID(before.images[0])], "the picture gone is freed")
    XCTAssertEqual(plan.deletePlacements, [])
    XCTAssertEqual(plan.draw, after.images)
    let output = text(images.bytes(plan))
    XCTAssertTrue(output.contains("\u{1B}_Ga=d,d=I,i=\(TerminalImages.kittyID(before.images[0])),q=2\u{1B}\\"))
    // The moved ones are put again under the same id and number (kitty moves them): a few bytes, no pixels.
    for placement in after.images.dropLast() {
      let id = TerminalImages.kittyID(placement)
      XCTAssertTrue(
        output.contains("\u{1B}[\(placement.row + 1);5H\u{1B}_Ga=p,i=\(id),p=1,c=2,r=1,C=1,q=2\u{1B}\\"),
        output.debugDescription)
    }
    XCTAssertEqual(count("\u{1B}_Ga=T,", in: output), 1, "only the row that came into view sends its picture")
    XCTAssertTrue(output.contains("i=\(TerminalImages.kittyID(after.images[4])),p=1,"))
    XCTAssertLessThan(output.utf8.count * 3, first.count, "a scroll sends far less than the first screen did")
    // Scrolling back frees item5 and sends item0 again (its data was freed).
    let back = text(images.bytes(images.plan(before, repaintAll: false, changedRows: Set(3..<8), screenWidth: 80)))
    XCTAssertTrue(back.contains("\u{1B}_Ga=d,d=I,i=\(TerminalImages.kittyID(after.images[4])),q=2\u{1B}\\"))
    XCTAssertEqual(count("\u{1B}_Ga=T,", in: back), 1)
  }

  func testTheSameCoverOnTwoRowsIsSentOnceAndPlacedTwice() {
    var images = kitty()
    var grid = Grid(width: 80, height: 24)
    let cover = "https://i.scdn.co/image/album"
    grid.images = [3, 4].map {
      ImagePlacement(row: $0, column: 4, columns: 2, rows: 1, key: cover, image: Self.cover)
    }
    let output = text(images.bytes(images.plan(grid, repaintAll: true, changedRows: [], screenWidth: 80)))
    let id = TerminalImages.kittyID(grid.images[0])
    XCTAssertEqual(count("\u{1B}_Ga=T,", in: output), 1, output.debugDescription)
    XCTAssertTrue(output.contains("i=\(id),p=1,"))
    XCTAssertTrue(output.contains("\u{1B}_Ga=p,i=\(id),p=2,"), output.debugDescription)
    // One of the two rows leaves: only that placement is deleted, the picture stays for the other.
    grid.images.removeLast()
    let plan = images.plan(grid, repaintAll: false, changedRows: [4], screenWidth: 80)
    XCTAssertEqual(plan.delete, [])
    XCTAssertEqual(plan.deletePlacements, [TerminalImages.KittyPlacement(id: id, placement: 2)])
    XCTAssertEqual(text(images.bytes(plan)), "\u{1B}7\u{1B}_Ga=d,d=i,i=\(id),p=2,q=2\u{1B}\\\u{1B}8")
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
