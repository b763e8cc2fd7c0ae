import Foundation
import VibesCore
import VibesGraphics
import VibesUI
import XCTest

@testable import VibesTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// Pictures from a real `TerminalSession` on a pseudo-terminal, as the bytes a terminal receives: half-blocks into
/// the reserved cells, kitty's transmit and delete, sixel, nothing with NO_COLOR; cleared when the screen changes,
/// drawn again after a resize, kitty's deleted when the session ends. The child is this test binary (see
/// `TerminalSessionPTYTests`).
final class TerminalImagesPTYTests: XCTestCase {
  static let child = "VibesTerminalTests.TerminalImagesPTYTests/testImagesPTYChild"
  static let red = ArtworkBitmap(width: 4, height: 4, pixels: Array(repeating: [255, 0, 0], count: 16).flatMap { $0 })!
  static let key = "https://i.example/cover.jpg"
  /// The environment of a terminal that says nothing about pictures but 24-bit colour.
  static let plain: [String: String?] = [
    "COLORTERM": "truecolor", "TMUX": nil, "KITTY_WINDOW_ID": nil, "TERM_PROGRAM": nil, "LC_TERMINAL": nil,
    "NO_COLOR": nil,
  ]

  // MARK: - The child

  @MainActor func testImagesPTYChild() async throws {
    guard ProcessInfo.processInfo.environment[TerminalSessionPTYTests.scenarioVariable] != nil else {
      throw XCTSkip("runs only as the child process of the other PTY tests")
    }
    let environment = ProcessInfo.processInfo.environment
    let session = try TerminalSession(environment: environment)
    if environment["VIBES_PTY_GRAPHICS"] == "sixel" {
      session.imageCapabilities = GraphicsCapabilities(graphics: .sixel, trueColor: true, insideTmux: false)
    }
    var state = "READY"
    var placementRow: Int? = 3
    var count = 0
    func show() {
      let (width, height) = session.size
      var grid = Grid(width: width, height: height)
      count += 1
      grid.write("STATE:\(state):\(count)", row: 0, column: 0)
      if let placementRow {
        grid.images = [
          ImagePlacement(row: placementRow, column: 10, columns: 8, rows: 4, key: Self.key, image: Self.red)
        ]
      }
      session.present(grid)
    }
    show()
    for await event in session.events() {
      switch event {
      case .input(.key(.character("n"))):
        state = "GONE"
        placementRow = nil
      case .input(.key(.character("b"))):
        state = "BACK"
        placementRow = 3
      case .input(.key(.character("m"))):
        state = "MOVED"
        placementRow = 12
      case .input(.key(.character("t"))):
        state = "TEXT"
      case .resize:
        session.handleResize()
        state = "RESIZED"
      case .signal:
        session.restore()
        print("CHILD-END")
        exit(0)
      default:
        break
      }
      show()
    }
    session.restore()
    exit(0)
  }

  // MARK: - The parent

  func start(_ environment: [String: String?]) throws -> PTYChild {
    let child = try PTYChild(scenario: "images", environment: environment, test: Self.child)
    try child.waitFor("STATE:READY")
    try child.waitForQuiet()
    return child
  }

  /// Sends `key` and returns what the terminal received for it once the child drew `state`.
  func press(_ key: String, _ state: String, _ child: PTYChild) throws -> String {
    let mark = child.output.count
    child.send(key)
    // ncurses sends only the changed end of the state line.
    try child.waitFor("\(state):", since: mark)
    try child.waitForQuiet(since: mark)
    return child.text(since: mark)
  }

  func end(_ child: PTYChild) throws -> String {
    let mark = child.output.count
    child.signal(SIGTERM)
    try child.waitFor("CHILD-END", since: mark)
    XCTAssertEqual(try child.waitForExit().code, 0)
    return child.text(since: mark)
  }

  static let redRow = "\u{1B}[38;2;255;0;0;48;2;255;0;0m▀▀▀▀▀▀▀▀\u{1B}[0m"

  func testHalfBlocksAreDrawnIntoTheBoxClearedWithTheScreenAndDrawnAgainAfterAResize() throws {
    let child = try start(Self.plain)
    defer { child.kill() }
    let start = child.text
    for row in 4...7 {
      XCTAssertTrue(
        start.contains("\u{1B}[\(row);11H" + Self.redRow), "row \(row) of the picture: \(start.debugDescription)")
    }
    XCTAssertTrue(start.contains("\u{1B}7\u{1B}[4;11H"), "the cursor is saved before the picture")
    XCTAssertTrue(start.hasSuffix("\u{1B}8") || start.contains("\u{1B}[0m\u{1B}8"), "and restored after it")

    // A frame that changes only other rows sends no picture again.
    let text = try press("t", "TEXT", child)
    XCTAssertFalse(text.contains("▀"), text.debugDescription)

    // The screen changes: the picture's rows are repainted blank by ncurses, no picture is sent.
    let gone = try press("n", "GONE", child)
    XCTAssertFalse(gone.contains("▀"), gone.debugDescription)
    XCTAssertTrue(
      gone.contains("\u{1B}[4;") || gone.contains("\u{1B}[4d"), "row 4 is rewritten: \(gone.debugDescription)")

    let back = try press("b", "BACK", child)
    XCTAssertTrue(back.contains("\u{1B}[4;11H" + Self.redRow), back.debugDescription)
    let moved = try press("m", "MOVED", child)
    XCTAssertTrue(moved.contains("\u{1B}[13;11H" + Self.redRow), moved.debugDescription)
    XCTAssertFalse(moved.contains("\u{1B}[4;11H\u{1B}[38;2"), "drawn at the old place too")

    let mark = child.output.count
    child.resize(columns: 100, rows: 30)
    try child.waitFor("RESIZED:", since: mark)
    try child.waitForQuiet(since: mark)
    XCTAssertTrue(child.text(since: mark).contains("\u{1B}[13;11H" + Self.redRow), "drawn again after the repaint")
    _ = try end(child)
  }

  func testKittyPicturesAreSentDeletedWithTheScreenAndAtTheEnd() throws {
    var environment = Self.plain
    environment["KITTY_WINDOW_ID"] = "1"
    let child = try start(environment)
    defer { child.kill() }
    let id = TerminalImages.kittyID(
      ImagePlacement(row: 3, column: 10, columns: 8, rows: 4, key: Self.key, image: Self.red))
    XCTAssertTrue(child.text.contains("\u{1B}[4;"), child.text.debugDescription)
    XCTAssertTrue(child.text.contains("\u{1B}_Ga=T,f=24,s="), child.text.debugDescription)
    XCTAssertTrue(child.text.contains(",i=\(id),p=1,"), child.text.debugDescription)
    XCTAssertFalse(child.text.contains("▀"))

    let text = try press("t", "TEXT", child)
    XCTAssertFalse(text.contains("\u{1B}_G"), "kitty pictures float over text: not sent again")
    let gone = try press("n", "GONE", child)
    XCTAssertTrue(gone.contains("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\"), gone.debugDescription)
    XCTAssertTrue(try end(child).contains("\u{1B}_Ga=d,d=A,q=2\u{1B}\\"), "kitty pictures outlive the process")
  }

  func testSixelIsSentAtTheBoxAndNotAgainOnceTheScreenChanged() throws {
    var environment = Self.plain
    environment["VIBES_PTY_GRAPHICS"] = "sixel"
    let child = try start(environment)
    defer { child.kill() }
    let output = child.text
    XCTAssertTrue(output.contains("\u{1B}7\u{1B}[4;"), output.debugDescription)
    XCTAssertTrue(output.contains("\u{1B}P0;1;0q\"1;1;"), output.debugDescription)
    XCTAssertTrue(output.contains("#"), "a palette")
    XCTAssertFalse(output.contains("▀"))
    let gone = try press("n", "GONE", child)
    XCTAssertFalse(gone.contains("\u{1B}P0;1;0q"), gone.debugDescription)
    _ = try end(child)
  }

  func testNoColorDrawsNoPicture() throws {
    var environment = Self.plain
    environment["NO_COLOR"] = "1"
    let child = try start(environment)
    defer { child.kill() }
    XCTAssertFalse(child.text.contains("▀"))
    XCTAssertFalse(child.text.contains("\u{1B}_G"))
    XCTAssertFalse(child.text.contains("\u{1B}7\u{1B}["))
    _ = try end(child)
  }
}
