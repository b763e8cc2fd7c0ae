import Foundation
import VibesCore
import VibesGraphics
import VibesUI
import XCTest

@testable import VibesTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// The graphics probe on a real pseudo-terminal, the test playing the terminal: the query goes out after the first
/// frame; a kitty answer (with the cell size) makes kitty, a DA1 with attribute 4 makes sixel, no answer leaves the
/// environment's guess and an answer after the timeout changes nothing; no answer ever arrives as a key, and keys
/// keep working. The child is this test binary (see `TerminalSessionPTYTests`).
final class GraphicsProbePTYTests: XCTestCase {
  static let child = "VibesTerminalTests.GraphicsProbePTYTests/testProbePTYChild"
  static let plain: [String: String?] = [
    "COLORTERM": "truecolor", "TMUX": nil, "KITTY_WINDOW_ID": nil, "TERM_PROGRAM": nil, "LC_TERMINAL": nil,
    "NO_COLOR": nil, "VIBES_TMUX_PASSTHROUGH": nil,
  ]
  static let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[16t\u{1B}[c"
  static let kittyOK = "\u{1B}_Gi=31;OK\u{1B}\\"

  // MARK: - The child

  @MainActor func testProbePTYChild() async throws {
    guard ProcessInfo.processInfo.environment[TerminalSessionPTYTests.scenarioVariable] != nil else {
      throw XCTSkip("runs only as the child process of the other PTY tests")
    }
    let session = try TerminalSession(environment: ProcessInfo.processInfo.environment)
    var keys = ""
    var count = 0
    func show() {
      count += 1
      let (width, height) = session.size
      var grid = Grid(width: width, height: height)
      let cell = session.imageCellPixels.map { "\($0.width)x\($0.height)" } ?? "none"
      grid.write(
        "PROBE:\(session.imageCapabilities.graphics.rawValue):KEYS[\(keys)]:CELL[\(cell)]:\(count)", row: 0,
        column: 0)
      // The whole row each time, so the parent reads it whole.
      session.invalidate()
      session.present(grid)
    }
    show()
    session.startGraphicsProbe(tmuxPassthrough: nil)
    for await event in session.events() {
      switch event {
      case .reply(let bytes):
        session.graphicsReply(bytes)
      case .input(.key(.character(let character))):
        keys.append(character)
      case .input:
        keys.append("?")
      case .signal:
        session.restore()
        print("CHILD-END")
        exit(0)
      case .resize:
        session.handleResize()
      }
      show()
    }
    session.restore()
    exit(0)
  }

  // MARK: - The parent

  func start(_ environment: [String: String?]) throws -> PTYChild {
    let child = try PTYChild(scenario: "probe", environment: environment, test: Self.child)
    try child.waitFor("PROBE:")
    return child
  }

  func end(_ child: PTYChild) throws {
    let mark = child.output.count
    child.signal(SIGTERM)
    try child.waitFor("CHILD-END", since: mark)
    XCTAssertEqual(try child.waitForExit().code, 0)
  }

  func testAKittyAnswerMakesKittyAndTakesTheCellSizeWithoutAKey() throws {
    let child = try start(Self.plain)
    defer { child.kill() }
    try child.waitFor(Self.query)
    let text = child.text
    let frame = try XCTUnwrap(text.range(of: "PROBE:halfBlocks:KEYS[]:CELL[none]:1"), text.debugDescription)
    let query = try XCTUnwrap(text.range(of: Self.query))
    XCTAssertLessThan(frame.lowerBound, query.lowerBound, "the first frame is not held back by the probe")
    let mark = child.output.count
    // As a terminal answers: kitty's OK, the cell size, DA1; split across writes.
    child.send(Self.kittyOK + "\u{1B}[6;20;")
    Thread.sleep(forTimeInterval: 0.05)
    child.send("10t\u{1B}[?62;22c")
    try child.waitFor("PROBE:kitty:KEYS[]:CELL[10x20]", since: mark)
    child.send("x")
    try child.waitFor("PROBE:kitty:KEYS[x]:", since: mark)
    try end(child)
  }

  func testDA1WithAttributeFourMakesSixel() throws {
    let child = try start(Self.plain)
    defer { child.kill() }
    try child.waitFor(Self.query)
    let mark = child.output.count
    child.send("\u{1B}[?62;4;22c")
    try child.waitFor("PROBE:sixel:KEYS[]:", since: mark)
    try end(child)
  }

  func testNoAnswerKeepsTheEnvironmentsGuessAndALateAnswerChangesNothing() throws {
    var environment = Self.plain
    environment["KITTY_WINDOW_ID"] = "7"
    let child = try start(environment)
    defer { child.kill() }
    try child.waitFor(Self.query)
    XCTAssertTrue(child.text.contains("PROBE:kitty:"), "the environment's guess before any answer")
    Thread.sleep(forTimeInterval: 0.2 + Double(TerminalSession.probeTimeout.components.seconds) + 0.5)
    child.send("a")
    try child.waitFor("PROBE:kitty:KEYS[a]:", since: 0)
    // Too late: a terminal answering now (DA1 without sixel, no kitty OK) does not turn kitty off.
    let mark = child.output.count
    child.send("\u{1B}[?62;22cb")
    try child.waitFor("PROBE:kitty:KEYS[ab]:", since: mark)
    try end(child)
  }

  func testNoColorSendsNoProbe() throws {
    var environment = Self.plain
    environment["NO_COLOR"] = "1"
    let child = try start(environment)
    defer { child.kill() }
    try child.waitForQuiet()
    XCTAssertFalse(child.text.contains("\u{1B}[16t"), child.text.debugDescription)
    XCTAssertFalse(child.text.contains("\u{1B}_G"), child.text.debugDescription)
    XCTAssertTrue(child.text.contains("PROBE:none:"), child.text.debugDescription)
    try end(child)
  }
}
