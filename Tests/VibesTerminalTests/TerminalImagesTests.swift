import VibesCore
import VibesGraphics
import VibesUI
import XCTest

@testable import VibesTerminal

/// What the presenter sends for a grid's pictures, as bytes: new pictures drawn, unchanged ones left alone (kitty)
/// or drawn again when ncurses rewrote their rows (cell-based protocols), removed ones deleted or repainted, a full
/// repaint starting from nothing, and nothing at all without a protocol or in a narrow terminal.
final class TerminalImagesTests: XCTestCase {
  static let red = ArtworkBitmap(width: 4, height: 4, pixels: Array(repeating: [255, 0, 0], count: 16).flatMap { $0 })!
  static let blue = ArtworkBitmap(
    width: 4, height: 4, pixels: Array(repeating: [0, 0, 255], count: 16).flatMap { $0 })!

  func grid(_ placements: [ImagePlacement], width: Int = 80) -> Grid {
    var grid = Grid(width: width, height: 24)
    grid.images = placements
    return grid
  }

  func placement(row: Int = 3, column: Int = 10, image: ArtworkBitmap? = red, key: String = "https://a/1.jpg")
    -> ImagePlacement
  {
    ImagePlacement(row: row, column: column, columns: 8, rows: 4, key: key, image: image)
  }

  func images(_ graphics: GraphicsProtocol, tmux: Bool = false) -> TerminalImages {
    TerminalImages(capabilities: GraphicsCapabilities(graphics: graphics, trueColor: true, insideTmux: tmux))
  }

  func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  func testHalfBlocksAreWrittenIntoTheBoxBetweenACursorSaveAndRestore() {
    var images = images(.halfBlocks)
    let plan = images.plan(grid([placement()]), repaintAll: true, changedRows: [], screenWidth: 80)
    XCTAssertEqual(plan.draw.count, 1)
    let output = text(images.bytes(plan))
    XCTAssertTrue(output.hasPrefix("\u{1B}7"), output.debugDescription)
    XCTAssertTrue(output.hasSuffix("\u{1B}8"), output.debugDescription)
    // A 4×4 picture in 8×4 cells of 1×2 pixels: 8×8 pixels, 8 columns, 4 rows, from row 3 (1-based 4), column 10.
    for row in 4...7 { XCTAssertTrue(output.contains("\u{1B}[\(row);11H\u{1B}[38;2;255;0;0;48;2;255;0;0m"), "\(row)") }
    XCTAssertEqual(output.components(separatedBy: "▀").count - 1, 32)
    XCTAssertFalse(output.contains("\u{1B}[8;11H"), "a row below the box was written")
  }

  func testAnUnchangedPictureIsNotSentAgainUnlessItsRowsWereRedrawn() {
    var images = images(.halfBlocks)
    _ = images.plan(grid([placement()]), repaintAll: true, changedRows: [], screenWidth: 80)
    XCTAssertEqual(images.plan(grid([placement()]), repaintAll: false, changedRows: [0, 20], screenWidth: 80).draw, [])
    // ncurses updated row 5: it may have re-sent blanks over the picture there.
    XCTAssertEqual(
      images.plan(grid([placement()]), repaintAll: false, changedRows: [5], screenWidth: 80).draw, [placement()])

    var kitty = self.images(.kitty)
    _ = kitty.plan(grid([placement()]), repaintAll: true, changedRows: [], screenWidth: 80)
    // kitty's pictures float over the text: a rewritten row does not erase them.
    XCTAssertEqual(kitty.plan(grid([placement()]), repaintAll: false, changedRows: [5], screenWidth: 80).draw, [])
  }

  func testAMovedOrRemovedPictureIsClearedAndTheNewPlaceDrawn() {
    var images = images(.halfBlocks)
    _ = images.plan(grid([placement()]), repaintAll: true, changedRows: [], screenWidth: 80)
    let moved = images.plan(grid([placement(row: 6)]), repaintAll: false, changedRows: [], screenWidth: 80)
    XCTAssertEqual(moved.repaintRows, [3..<7], "the old box's rows are repainted by ncurses")
    XCTAssertEqual(moved.draw, [placement(row: 6)])
    let gone = images.plan(grid([]), repaintAll: false, changedRows: [], screenWidth: 80)
    XCTAssertEqual(gone.repaintRows, [6..<10])
    XCTAssertEqual(gone.draw, [])
    XCTAssertEqual(images.bytes(gone), [], "ncurses repaints; nothing of ours is sent")

    var kitty = self.images(.kitty)
    _ = kitty.plan(grid([placement()]), repaintAll: true, changedRows: [], screenWidth: 80)
    let changed = kitty.plan(grid([placement(image: Self.blue)]), repaintAll: false, changedRows: [], screenWidth: 80)
    XCTAssertEqual(changed.delete, [TerminalImages.kittyID(placement())])
    XCTAssertEqual(changed.draw, [placement(image: Self.blue)])
    let output = text(kitty.bytes(changed))
    let deleted = output.range(of: "\u{1B}_Ga=d,d=I,i=\(TerminalImages.kittyID(placement())),q=2\u{1B}\\")
    let drawn = output.range(of: "\u{1B}_Ga=T,f=24,")
    XCTAssertNotNil(deleted, output.debugDescription)
    XCTAssertNotNil(drawn, output.debugDescription)
    if let deleted, let drawn { XCTAssertLessThan(deleted.lowerBound, drawn.lowerBound, "deleted before drawn") }
  }

  func testAFullRepaintDeletesEveryKittyPictureAndDrawsAgain() {
    var kitty = images(.kitty)
    _ = kitty.plan(grid([placement()]), repaintAll: true, changedRows: [], screenWidth: 80)
    let plan = kitty.plan(grid([placement()]), repaintAll: true, changedRows: [], screenWidth: 80)
    XCTAssertTrue(plan.deleteAll)
    XCTAssertEqual(plan.draw, [placement()])
    XCTAssertTrue(text(kitty.bytes(plan)).contains("\u{1B}_Ga=d,d=A,q=2\u{1B}\\"))
    XCTAssertEqual(text(kitty.farewell), "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
    XCTAssertEqual(images(.halfBlocks).farewell, [])
  }

  func testSixelAndITerm2AndTmuxPassthrough() {
    var sixel = images(.sixel)
    let output = text(sixel.bytes(sixel.plan(grid([placement()]), repaintAll: true, changedRows: [], screenWidth: 80)))
    XCTAssertTrue(output.contains("\u{1B}[4;"), output.debugDescription)
    XCTAssertTrue(output.contains("\u{1B}P0;1;0q"), output.debugDescription)

    var wrapped = images(.kitty, tmux: true)
    let tmux = text(
      wrapped.bytes(wrapped.plan(grid([placement()]), repaintAll: true, changedRows: [], screenWidth: 80)))
    XCTAssertTrue(tmux.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T"), tmux.debugDescription)

    var iterm = images(.iterm2)
    let withFile = ArtworkBitmap(width: 4, height: 4, pixels: Self.red.pixels, file: Array("JPEGDATA".utf8))!
    let file = text(
      iterm.bytes(iterm.plan(grid([placement(image: withFile)]), repaintAll: true, changedRows: [], screenWidth: 80)))
    XCTAssertTrue(file.contains("\u{1B}]1337;File=inline=1;size=8;width=8;height=4;"), file.debugDescription)
    XCTAssertTrue(file.contains("SlBFR0RBVEE="), "the file itself, base64")
  }

  func testNothingIsDrawnWithoutAProtocolInANarrowTerminalOrBeforeThePictureLoaded() {
    var none = images(.none)
    XCTAssertEqual(none.bytes(none.plan(grid([placement()]), repaintAll: true, changedRows: [], screenWidth: 80)), [])
    var narrow = images(.halfBlocks)
    XCTAssertEqual(
      narrow.bytes(narrow.plan(grid([placement()], width: 59), repaintAll: true, changedRows: [], screenWidth: 59)), [])
    var loading = images(.halfBlocks)
    XCTAssertEqual(
      loading.bytes(loading.plan(grid([placement(image: nil)]), repaintAll: true, changedRows: [], screenWidth: 80)), []
    )
  }

  func testTheProtocolComesFromTheEnvironment() {
    func graphics(_ environment: [String: String]) -> GraphicsProtocol {
      TerminalImages.capabilities(environment: environment).graphics
    }
    XCTAssertEqual(graphics(["TERM": "xterm-256color", "COLORTERM": "truecolor"]), .halfBlocks)
    XCTAssertEqual(graphics(["TERM": "xterm-256color"]), .none, "half-blocks need 24-bit colour")
    XCTAssertEqual(graphics(["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"]), .none)
    XCTAssertEqual(graphics(["TERM": "dumb", "COLORTERM": "truecolor"]), .none)
    XCTAssertEqual(graphics(["TERM": "xterm-kitty"]), .kitty)
    XCTAssertEqual(graphics(["TERM": "xterm-kitty", "TMUX": "/tmp/t,1,0"]), .none, "tmux without passthrough")
    XCTAssertEqual(
      graphics(["TERM": "xterm-kitty", "TMUX": "/tmp/t,1,0", "VIBES_TMUX_PASSTHROUGH": "1"]), .kitty)
  }
}
