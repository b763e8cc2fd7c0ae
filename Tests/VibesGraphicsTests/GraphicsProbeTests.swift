import XCTest

@testable import VibesGraphics

/// The start-up probe's bytes and the reading of its answers: kitty's query only where it can reach a terminal
/// (inside tmux only through passthrough), the cell size, DA1 last; inside tmux DA1's sixel is tmux's, not the
/// terminal's.
final class GraphicsProbeTests: XCTestCase {
  static let kittyQuery = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"

  func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  func testTheQueryAsksKittyOnlyWhereItCanArrive() {
    XCTAssertEqual(
      text(GraphicsProbe.query(insideTmux: false, passthrough: false)), Self.kittyQuery + "\u{1B}[16t\u{1B}[c")
    XCTAssertEqual(
      text(GraphicsProbe.query(insideTmux: true, passthrough: true)),
      "\u{1B}Ptmux;\u{1B}\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\u{1B}\\\u{1B}\\" + "\u{1B}[16t\u{1B}[c")
    XCTAssertEqual(
      text(GraphicsProbe.query(insideTmux: true, passthrough: false)), "\u{1B}[16t\u{1B}[c",
      "tmux would drop the kitty query")
  }

  func testTheCellSizeIsReadFromTheWindowReport() {
    let reply = GraphicsProbe.parse(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;4c".utf8))
    XCTAssertEqual(reply, GraphicsProbe.Reply(kitty: true, sixel: true, cellWidth: 10, cellHeight: 20))
    let nonsense = GraphicsProbe.parse(Array("\u{1B}[6;0;99999t\u{1B}[?1;2c".utf8))
    XCTAssertEqual(nonsense, GraphicsProbe.Reply(kitty: false, sixel: false), "an impossible cell size is ignored")
  }

  func testInsideTmuxOnlyAKittyAnswerCounts() {
    let tmux = GraphicsCapabilities(graphics: .halfBlocks, trueColor: true, insideTmux: true)
    XCTAssertEqual(tmux.refined(by: GraphicsProbe.Reply(kitty: false, sixel: true)).graphics, .halfBlocks)
    XCTAssertEqual(tmux.refined(by: GraphicsProbe.Reply(kitty: true, sixel: false)).graphics, .kitty)
    let kittyThroughTmux = GraphicsCapabilities(graphics: .kitty, trueColor: true, insideTmux: true)
    XCTAssertEqual(
      kittyThroughTmux.refined(by: GraphicsProbe.Reply(kitty: false, sixel: false)).graphics, .kitty,
      "tmux's own DA1 without a kitty OK proves nothing about the terminal outside")
    let plain = GraphicsCapabilities(graphics: .halfBlocks, trueColor: true, insideTmux: false)
    XCTAssertEqual(plain.refined(by: GraphicsProbe.Reply(kitty: false, sixel: true)).graphics, .sixel)
  }
}
