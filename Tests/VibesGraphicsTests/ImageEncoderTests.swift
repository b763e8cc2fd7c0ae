import Foundation
import XCTest

@testable import VibesGraphics

/// The terminal image encoders checked byte for byte, tmux passthrough, and capability detection.
final class ImageEncoderTests: XCTestCase {
  private func image(_ width: Int, _ height: Int, _ colors: [RGB]) -> RGBImage {
    RGBImage(width: width, height: height, pixels: colors.flatMap { [$0.r, $0.g, $0.b] })!
  }
  private let red = RGB(255, 0, 0)
  private let green = RGB(0, 255, 0)
  private let blue = RGB(0, 0, 255)

  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  func testKittyOneChunkIsExact() {
    let bytes = KittyGraphics.transmitAndShow(image(2, 1, [red, green]), id: 7, columns: 1, rows: 1)
    XCTAssertEqual(text(bytes), "\u{1B}_Ga=T,f=24,s=2,v=1,i=7,p=1,c=1,r=1,C=1,q=2,m=0;/wAAAP8A\u{1B}\\")
  }

  func testKittyChunksAre4096Base64BytesWithMOnAllButTheLast() {
    // 40 × 40 RGB = 4,800 bytes = 6,400 base64 bytes: two chunks, 4,096 and 2,304.
    let picture = image(40, 40, Array(repeating: blue, count: 1_600))
    let output = text(KittyGraphics.transmitAndShow(picture, id: 3, placement: 2, columns: 10, rows: 5))
    let chunks = output.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
    guard chunks.count == 2 else { return XCTFail("\(chunks.count) chunks, not 2") }
    XCTAssertTrue(chunks[0].hasPrefix("\u{1B}_Ga=T,f=24,s=40,v=40,i=3,p=2,c=10,r=5,C=1,q=2,m=1;"), chunks[0])
    XCTAssertTrue(chunks[1].hasPrefix("\u{1B}_Gm=0,q=2;"), chunks[1])
    let payloads = chunks.map { String($0.split(separator: ";", maxSplits: 1)[1]) }
    XCTAssertEqual(payloads.map(\.count), [4_096, 2_304])
    XCTAssertEqual(Data(base64Encoded: payloads.joined()), Data(picture.pixels))
    XCTAssertEqual(text(KittyGraphics.delete(id: 3)), "\u{1B}_Ga=d,d=I,i=3,q=2\u{1B}\\")
    XCTAssertEqual(text(KittyGraphics.deleteAll), "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
  }

  func testSixelIsExact() {
    let bytes = SixelEncoder.encode(image(2, 1, [blue, red]))
    XCTAssertEqual(
      text(bytes), "\u{1B}P0;1;0q\"1;1;2;1#5;2;0;0;100#210;2;100;0;0#5@?$#210?@-\u{1B}\\")
    // Runs of more than three use !n; a second band starts after "-".
    let wide = SixelEncoder.encode(image(10, 7, Array(repeating: red, count: 70)))
    XCTAssertEqual(text(wide), "\u{1B}P0;1;0q\"1;1;10;7#210;2;100;0;0#210!10~-#210!10@-\u{1B}\\")
  }

  func testSixelPaletteHasAtMost256Colours() {
    var colors: [RGB] = []
    for r in stride(from: 0, to: 256, by: 16) {
      for g in stride(from: 0, to: 256, by: 16) { colors.append(RGB(UInt8(r), UInt8(g), UInt8((r + g) % 256))) }
    }
    let output = text(SixelEncoder.encode(image(16, 16, colors)))
    let definitions = output.components(separatedBy: ";2;").count - 1
    XCTAssertLessThanOrEqual(definitions, 256)
    XCTAssertGreaterThan(definitions, 20)
  }

  func testHalfBlocksTrueColourAnd256() {
    let picture = image(1, 2, [red, blue])
    XCTAssertEqual(
      HalfBlocks.lines(picture, trueColor: true).map(text), ["\u{1B}[38;2;255;0;0;48;2;0;0;255m▀\u{1B}[0m"])
    XCTAssertEqual(HalfBlocks.lines(picture, trueColor: false).map(text), ["\u{1B}[38;5;196;48;5;21m▀\u{1B}[0m"])
    // Equal neighbours share one SGR; an odd height repeats the last row.
    let row = image(2, 1, [green, green])
    XCTAssertEqual(HalfBlocks.lines(row, trueColor: false).map(text), ["\u{1B}[38;5;46;48;5;46m▀▀\u{1B}[0m"])
    XCTAssertEqual(HalfBlocks.xterm256(RGB(128, 128, 128)), 244)
  }

  func testITerm2SendsTheFileAsItIs() {
    let file = Data([0xFF, 0xD8, 0xFF, 0xE0])
    XCTAssertEqual(
      text(ITerm2Image.encode(file: file, columns: 20, rows: 10)),
      "\u{1B}]1337;File=inline=1;size=4;width=20;height=10;preserveAspectRatio=1:/9j/4A==\u{07}")
  }

  func testTmuxPassthroughDoublesEveryEscape() {
    let wrapped = TmuxPassthrough.wrap(KittyGraphics.delete(id: 1))
    XCTAssertEqual(text(wrapped), "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\u{1B}\\\u{1B}\\")
  }

  func testCapabilitiesFromTheEnvironment() {
    func guess(_ environment: [String: String], passthrough: Bool = false) -> GraphicsProtocol {
      GraphicsCapabilities.guess(environment: environment, tmuxPassthrough: passthrough).graphics
    }
    XCTAssertEqual(guess(["TERM": "xterm-kitty"]), .kitty)
    XCTAssertEqual(guess(["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"]), .iterm2)
    XCTAssertEqual(guess(["TERM": "tmux-256color", "TMUX": "/tmp/t,1,0", "LC_TERMINAL": "iTerm2"]), .halfBlocks)
    XCTAssertEqual(
      guess(["TERM": "tmux-256color", "TMUX": "/tmp/t,1,0", "LC_TERMINAL": "iTerm2"], passthrough: true), .iterm2)
    XCTAssertEqual(guess(["TERM": "foot"]), .sixel)
    XCTAssertEqual(guess(["TERM": "xterm-256color"]), .halfBlocks)
    XCTAssertEqual(guess(["TERM": "xterm-kitty", "NO_COLOR": "1"]), .none)
    XCTAssertEqual(guess(["TERM": "dumb"]), .none)
    XCTAssertEqual(guess([:]), .none)
    XCTAssertTrue(GraphicsCapabilities.guess(environment: ["TERM": "xterm", "COLORTERM": "truecolor"]).trueColor)
    XCTAssertFalse(GraphicsCapabilities.guess(environment: ["TERM": "xterm", "COLORTERM": "yes"]).trueColor)
  }

  func testProbeReplies() {
    let kitty = GraphicsProbe.parse(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c".utf8))
    XCTAssertEqual(kitty, GraphicsProbe.Reply(kitty: true, sixel: false))
    let konsole = GraphicsProbe.parse(Array("\u{1B}[?62;1;4c".utf8))
    XCTAssertEqual(konsole, GraphicsProbe.Reply(kitty: false, sixel: true))
    let tmux = GraphicsProbe.parse(Array("\u{1B}[?1;2c".utf8))
    XCTAssertEqual(tmux, GraphicsProbe.Reply(kitty: false, sixel: false))
    XCTAssertNil(GraphicsProbe.parse(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;".utf8)), "DA1 not complete yet")
    let base = GraphicsCapabilities.guess(environment: ["TERM": "xterm-256color"])
    XCTAssertEqual(base.refined(by: kitty!).graphics, .kitty)
    XCTAssertEqual(base.refined(by: konsole!).graphics, .sixel)
    XCTAssertEqual(base.refined(by: tmux!).graphics, .halfBlocks)
    let kittyGuess = GraphicsCapabilities.guess(environment: ["TERM": "xterm-kitty"])
    XCTAssertEqual(kittyGuess.refined(by: tmux!).graphics, .halfBlocks, "a kitty TERM that does not answer")
    XCTAssertEqual(
      String(decoding: GraphicsProbe.query, as: UTF8.self), "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c")
  }

  func testFitKeepsTheAspectRatio() {
    let square = CellFit.fit(width: 640, height: 640, columns: 40, rows: 20, cellWidth: 1, cellHeight: 2)
    XCTAssertEqual(square.pixelWidth, 40)
    XCTAssertEqual(square.pixelHeight, 40)
    XCTAssertEqual(square.columns, 40)
    XCTAssertEqual(square.rows, 20)
    let wide = CellFit.fit(width: 1200, height: 600, columns: 10, rows: 10, cellWidth: 10, cellHeight: 20)
    XCTAssertEqual(wide.pixelWidth, 100)
    XCTAssertEqual(wide.pixelHeight, 50)
    XCTAssertEqual(wide.rows, 3)
    let shrunk = image(4, 2, [red, red, blue, blue, red, red, blue, blue]).resized(width: 2, height: 1)
    XCTAssertEqual(shrunk.pixels, [255, 0, 0, 0, 0, 255])
  }
}
