import VibesCore
import XCTest

/// The legend tier's glyph as a pure function of the redraw counter: it moves only on redraws that happen for
/// another reason (never on a clock tick), and never under NO_COLOR or a dumb terminal.
final class RedrawAnimationTests: XCTestCase {
  func testOnlyRedrawsThatHappenAnywayMoveTheFrame() {
    var animation = RedrawAnimation(isAllowed: true)
    XCTAssertEqual(animation.frame, 0)
    animation.willRedraw(clockDriven: true)
    animation.willRedraw(clockDriven: true)
    XCTAssertEqual(animation.frame, 0, "clock ticks never move it (a tick draws only a changed frame)")
    animation.willRedraw(clockDriven: false)
    XCTAssertEqual(animation.frame, 1)
    animation.willRedraw(clockDriven: true)
    animation.willRedraw(clockDriven: false)
    XCTAssertEqual(animation.frame, 2)
  }

  func testTheLegendGlyphChangesWithTheFrameAndTheOthersDoNot() {
    var animation = RedrawAnimation(isAllowed: true)
    var legend: [String] = []
    var gold: Set<String> = []
    for _ in 0..<4 {
      legend.append(StreakTier.legend.glyph(frame: animation.frame))
      gold.insert(StreakTier.gold.glyph(frame: animation.frame))
      animation.willRedraw(clockDriven: false)
    }
    XCTAssertGreaterThan(Set(legend).count, 1, "\(legend)")
    for (a, b) in zip(legend, legend.dropFirst()) { XCTAssertNotEqual(a, b, "each redraw shows the next frame") }
    XCTAssertEqual(gold.count, 1)
    XCTAssertEqual(StreakTier.legend.glyph(frame: 4), legend[0], "the frames cycle")
  }

  func testNothingAnimatesUnderNoColorOrADumbTerminal() {
    XCTAssertTrue(RedrawAnimation.isAllowed(environment: ["TERM": "xterm-256color"]))
    XCTAssertTrue(RedrawAnimation.isAllowed(environment: ["TERM": "xterm", "NO_COLOR": ""]))
    XCTAssertFalse(RedrawAnimation.isAllowed(environment: ["TERM": "xterm", "NO_COLOR": "1"]))
    XCTAssertFalse(RedrawAnimation.isAllowed(environment: ["TERM": "dumb"]))
    XCTAssertFalse(RedrawAnimation.isAllowed(environment: [:]))
    var still = RedrawAnimation(isAllowed: RedrawAnimation.isAllowed(environment: ["TERM": "xterm", "NO_COLOR": "1"]))
    var glyphs: Set<String> = []
    for _ in 0..<5 {
      still.willRedraw(clockDriven: false)
      glyphs.insert(StreakTier.legend.glyph(frame: still.frame))
    }
    XCTAssertEqual(glyphs.count, 1, "the legend glyph stands still")
    XCTAssertEqual(still.frame, 0)
  }
}
