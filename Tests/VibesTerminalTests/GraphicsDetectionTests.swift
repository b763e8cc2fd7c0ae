import VibesGraphics
import XCTest

@testable import VibesTerminal

/// How the environment, what tmux said and the probe's answer make the protocol: `VIBES_TMUX_PASSTHROUGH` wins
/// over tmux, passthrough lets kitty through inside tmux, a kitty answer wins even without 24-bit colour, and the
/// probe is not sent where it would print.
final class GraphicsDetectionTests: XCTestCase {
  static let kittyInTmux = [
    "TERM": "tmux-256color", "TMUX": "/tmp/tmux-1000/default,1,0", "KITTY_WINDOW_ID": "1", "COLORTERM": "truecolor",
  ]

  func testInsideTmuxPassthroughDecidesAndTheVariableOverridesTmux() {
    var environment = Self.kittyInTmux
    XCTAssertEqual(TerminalImages.capabilities(environment: environment).graphics, .halfBlocks)
    XCTAssertEqual(TerminalImages.capabilities(environment: environment, tmuxPassthrough: false).graphics, .halfBlocks)
    XCTAssertEqual(TerminalImages.capabilities(environment: environment, tmuxPassthrough: true).graphics, .kitty)
    environment["VIBES_TMUX_PASSTHROUGH"] = "0"
    XCTAssertEqual(TerminalImages.capabilities(environment: environment, tmuxPassthrough: true).graphics, .halfBlocks)
    environment["VIBES_TMUX_PASSTHROUGH"] = "1"
    XCTAssertEqual(TerminalImages.capabilities(environment: environment, tmuxPassthrough: false).graphics, .kitty)
  }

  func testTheProbesAnswerCorrectsTheGuess() {
    let plain = ["TERM": "xterm-256color"]
    XCTAssertEqual(TerminalImages.capabilities(environment: plain).graphics, .none, "no 24-bit colour")
    let kitty = GraphicsProbe.Reply(kitty: true, sixel: false)
    XCTAssertEqual(TerminalImages.capabilities(environment: plain, reply: kitty).graphics, .kitty)
    let sixel = GraphicsProbe.Reply(kitty: false, sixel: true)
    XCTAssertEqual(TerminalImages.capabilities(environment: plain, reply: sixel).graphics, .sixel)
    var noColor = plain
    noColor["NO_COLOR"] = "1"
    XCTAssertEqual(TerminalImages.capabilities(environment: noColor, reply: kitty).graphics, .none)
  }

  func testTheProbeIsNotSentWhereItWouldPrint() {
    XCTAssertTrue(TerminalImages.mayProbe(environment: ["TERM": "xterm-256color"]))
    XCTAssertTrue(TerminalImages.mayProbe(environment: Self.kittyInTmux))
    XCTAssertTrue(TerminalImages.mayProbe(environment: ["TERM": "screen-256color", "TMUX": "/tmp/t,1,0"]))
    XCTAssertFalse(TerminalImages.mayProbe(environment: ["TERM": "screen"]))
    XCTAssertFalse(TerminalImages.mayProbe(environment: ["TERM": "linux"]))
    XCTAssertFalse(TerminalImages.mayProbe(environment: ["TERM": "vt100"]))
    XCTAssertFalse(TerminalImages.mayProbe(environment: ["TERM": "dumb"]))
    XCTAssertFalse(TerminalImages.mayProbe(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"]))
  }
}
