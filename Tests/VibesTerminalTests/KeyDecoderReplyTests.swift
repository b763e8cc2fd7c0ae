import VibesCore
import XCTest

@testable import VibesTerminal

/// The terminal's answers to the graphics probe arrive on stdin between keys: kitty's APC reply, the cell size
/// report and DA1 are swallowed (never a key), however they are split across reads, and kept for the session.
final class KeyDecoderReplyTests: XCTestCase {
  static let kitty = "\u{1B}_Gi=31;OK\u{1B}\\"
  static let cell = "\u{1B}[6;20;10t"
  static let da1 = "\u{1B}[?62;4c"

  func keys(_ text: String) -> [InputEvent] { text.map { .key(.character($0)) } }

  func testRepliesBetweenKeysAreNoKeysAndAreKeptWhole() {
    var decoder = KeyDecoder()
    let events = decoder.feed(Array(("a" + Self.kitty + Self.cell + Self.da1 + "b").utf8))
    XCTAssertEqual(events, keys("ab"))
    XCTAssertEqual(decoder.takeReplies(), [Self.kitty, Self.cell, Self.da1].map { Array($0.utf8) })
    XCTAssertEqual(decoder.takeReplies(), [], "taken once")
  }

  func testRepliesSplitIntoSingleBytesAreStillNoKeys() {
    var decoder = KeyDecoder()
    var events: [InputEvent] = []
    for byte in Array(("x" + Self.kitty + Self.da1 + "y").utf8) {
      events += decoder.feed([byte])
    }
    XCTAssertEqual(events, keys("xy"))
    XCTAssertEqual(decoder.takeReplies(), [Self.kitty, Self.da1].map { Array($0.utf8) })
  }

  func testInsideTheReplyTheEscTimeoutDoesNotFire() {
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed(Array("\u{1B}_Gi=31;O".utf8)), [])
    XCTAssertFalse(decoder.hasPendingEscape, "a reply is not a lone Esc")
    XCTAssertEqual(decoder.flushPendingEscape(), [])
    XCTAssertEqual(decoder.feed(Array("K\u{1B}".utf8)), [])
    XCTAssertEqual(decoder.feed(Array("\\q".utf8)), keys("q"))
    XCTAssertEqual(decoder.takeReplies(), [Array(Self.kitty.utf8)])
  }

  func testAReplyCutAfterItsParametersWaitsLongerThanALoneEsc() {
    var decoder = KeyDecoder()
    _ = decoder.feed(Array("\u{1B}".utf8))
    XCTAssertFalse(decoder.pendingEscapeIsReply, "a lone Esc is the Esc key soon")
    _ = decoder.feed(Array("[".utf8))
    XCTAssertFalse(decoder.pendingEscapeIsReply, "ESC [ may still be Alt-[")
    _ = decoder.feed(Array("6;20;".utf8))
    XCTAssertTrue(decoder.pendingEscapeIsReply, "a sequence into its parameters is no key being typed")
    XCTAssertEqual(decoder.feed(Array("10t".utf8)), [])
    XCTAssertEqual(decoder.takeReplies(), [Array(Self.cell.utf8)])
  }

  func testAltUnderscoreIsStillAKey() {
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed(Array("\u{1B}_x".utf8)), [.key(.alt("_")), .key(.character("x"))])
    XCTAssertEqual(decoder.feed(Array("\u{1B}_".utf8)), [])
    XCTAssertEqual(decoder.flushPendingEscape(), [.key(.alt("_"))], "Alt-_ alone, after the Esc timeout")
    XCTAssertEqual(decoder.takeReplies(), [])
  }

  func testAReplyThatNeverEndsGivesTheKeysBack() {
    var decoder = KeyDecoder()
    let runaway = "\u{1B}_Gi=" + String(repeating: "a", count: KeyDecoder.maximumStringLength)
    XCTAssertEqual(decoder.feed(Array(runaway.utf8)), [])
    XCTAssertEqual(decoder.feed(Array("q".utf8)), keys("q"), "keys decode again after the cap")
    XCTAssertEqual(decoder.takeReplies(), [])
  }

  func testOtherPrivateRepliesAreSwallowedButNotKept() {
    var decoder = KeyDecoder()
    // A mouse report and a DECRQM answer: not asked for by the probe.
    XCTAssertEqual(decoder.feed(Array("\u{1B}[<0;3;4M\u{1B}[?2004;1$yz".utf8)), keys("z"))
    XCTAssertEqual(decoder.takeReplies(), [])
  }
}
