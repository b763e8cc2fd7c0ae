import Foundation
import VibesCore
import XCTest

@testable import VibesTerminal

final class KeyDecoderTests: XCTestCase {
  private let esc = "\u{1B}"

  /// Feeds everything at once, then flushes a pending escape (as the input thread does after the timeout).
  private func decode(_ input: String, flush: Bool = true) -> [InputEvent] {
    decode(Array(input.utf8), flush: flush)
  }

  private func decode(_ bytes: [UInt8], flush: Bool = true) -> [InputEvent] {
    var decoder = KeyDecoder()
    var events = decoder.feed(bytes)
    if flush { events += decoder.flushPendingEscape() }
    return events
  }

  /// Feeds the bytes in chunks cut at `cuts`, without any timeout in between.
  private func decode(_ bytes: [UInt8], cuts: [Int]) -> [InputEvent] {
    var decoder = KeyDecoder()
    var events: [InputEvent] = []
    var start = 0
    for cut in cuts + [bytes.count] {
      events += decoder.feed(bytes[start..<cut])
      start = cut
    }
    return events + decoder.flushPendingEscape()
  }

  private func keys(_ keys: Key...) -> [InputEvent] { keys.map { .key($0) } }

  private func characters(_ text: String) -> [InputEvent] { text.map { .key(.character($0)) } }

  // MARK: - Text

  func testPrintableASCII() {
    XCTAssertEqual(decode("aZ9 ~"), characters("aZ9 ~"))
  }

  func testUTF8Characters() {
    XCTAssertEqual(decode("é日👍"), characters("é日👍"))
  }

  func testCombiningSequenceIsOneCharacter() {
    XCTAssertEqual(decode("e\u{301}x"), [.key(.character("e\u{301}")), .key(.character("x"))])
  }

  func testEmojiZWJSequenceIsOneCharacter() {
    let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
    XCTAssertEqual(decode(family), [.key(.character(Character(family)))])
  }

  func testUTF8SplitAtEveryByteBoundary() {
    let bytes = Array("a日👍é\u{10FFFF}b".utf8)
    let expected = decode(bytes)
    XCTAssertEqual(expected, characters("a日👍é\u{10FFFF}b"))
    for cut in 1..<bytes.count {
      XCTAssertEqual(decode(bytes, cuts: [cut]), expected, "cut at \(cut)")
    }
    XCTAssertEqual(decode(bytes, cuts: Array(1..<bytes.count)), expected, "one byte at a time")
  }

  func testPartialUTF8WaitsWithoutPendingEscape() {
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed([0xE6, 0x97]), [])
    XCTAssertFalse(decoder.hasPendingEscape)
    XCTAssertEqual(decoder.flushPendingEscape(), [])
    XCTAssertEqual(decoder.feed([0xA5]), characters("日"))
  }

  func testInvalidUTF8BecomesReplacementCharacters() {
    let bytes: [UInt8] = [
      0x61, 0xFF, 0x62, 0xC0, 0xAF, 0x63,  // invalid lead, overlong
      0xED, 0xA0, 0x80, 0x64,  // surrogate
      0x80, 0xBF, 0x65,  // lone continuations
      0xF4, 0x90, 0x80, 0x80, 0x66,  // above U+10FFFF
      0xE6, 0x41,  // lead followed by ASCII
    ]
    let r = "\u{FFFD}"
    XCTAssertEqual(
      decode(bytes), characters("a\(r)b\(r)\(r)c\(r)\(r)\(r)d\(r)\(r)e\(r)\(r)\(r)\(r)f\(r)A"))
  }

  func testC1ControlsAreDropped() {
    XCTAssertEqual(decode("a\u{85}b\u{9B}c"), characters("abc"))
  }

  // MARK: - C0 controls

  func testControlBytes() {
    XCTAssertEqual(decode([0x09]), keys(.tab))
    XCTAssertEqual(decode([0x0D]), keys(.enter))
    XCTAssertEqual(decode([0x0A]), keys(.ctrl("j")))
    XCTAssertEqual(decode([0x7F]), keys(.backspace))
    XCTAssertEqual(decode([0x08]), keys(.backspace))
    XCTAssertEqual(decode([0x03]), keys(.ctrl("c")))
    XCTAssertEqual(decode([0x01]), keys(.ctrl("a")))
    XCTAssertEqual(decode([0x13]), keys(.ctrl("s")))
    XCTAssertEqual(decode([0x1A]), keys(.ctrl("z")))
    XCTAssertEqual(decode([0x00]), keys(.ctrl("@")))
    XCTAssertEqual(
      decode([0x1C, 0x1D, 0x1E, 0x1F]), keys(.ctrl("\\"), .ctrl("]"), .ctrl("^"), .ctrl("_")))
  }

  func testEveryCtrlLetter() {
    for byte in UInt8(0x01)...0x1A where ![0x08, 0x09, 0x0A, 0x0D].contains(byte) {
      let letter = Character(Unicode.Scalar(byte + 0x60))
      XCTAssertEqual(decode([byte]), keys(.ctrl(letter)), "byte \(byte)")
    }
  }

  func testControlsSplitTextRuns() {
    XCTAssertEqual(
      decode("ab\rc\td"),
      [
        .key(.character("a")), .key(.character("b")), .key(.enter), .key(.character("c")),
        .key(.tab),
        .key(.character("d")),
      ])
  }

  // MARK: - Escape and Alt

  func testLoneEscapeWaitsForTheTimeout() {
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed([0x1B]), [])
    XCTAssertTrue(decoder.hasPendingEscape)
    XCTAssertEqual(decoder.flushPendingEscape(), keys(.escape))
    XCTAssertFalse(decoder.hasPendingEscape)
    XCTAssertEqual(decoder.flushPendingEscape(), [])
  }

  func testFlushWithNothingPendingIsEmpty() {
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed(Array("abc".utf8)), characters("abc"))
    XCTAssertFalse(decoder.hasPendingEscape)
    XCTAssertEqual(decoder.flushPendingEscape(), [])
  }

  func testTextBeforeALoneEscapeIsDeliveredAtOnce() {
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed(Array("ab\u{1B}".utf8)), characters("ab"))
    XCTAssertTrue(decoder.hasPendingEscape)
    XCTAssertEqual(decoder.flushPendingEscape(), keys(.escape))
  }

  func testAltCharacter() {
    XCTAssertEqual(decode(esc + "a"), keys(.alt("a")))
    XCTAssertEqual(decode(esc + "A"), keys(.alt("A")))
    XCTAssertEqual(decode(esc + "é"), keys(.alt("é")))
    XCTAssertEqual(decode(esc + "1x"), keys(.alt("1"), .character("x")))
  }

  func testAltEnter() {
    XCTAssertEqual(decode(esc + "\r"), keys(.altEnter))
  }

  func testAltBackspaceIsBackspace() {
    XCTAssertEqual(decode([0x1B, 0x7F]), keys(.backspace))
  }

  func testDoubleEscape() {
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed([0x1B, 0x1B]), keys(.escape))
    XCTAssertTrue(decoder.hasPendingEscape)
    XCTAssertEqual(decoder.flushPendingEscape(), keys(.escape))
  }

  func testEscapeFollowedByControl() {
    XCTAssertEqual(decode([0x1B, 0x09]), keys(.escape, .tab))
    XCTAssertEqual(decode([0x1B, 0x03]), keys(.escape, .ctrl("c")))
  }

  func testEscapeFollowedByInvalidByte() {
    XCTAssertEqual(decode([0x1B, 0xFF, 0x61]), keys(.escape, .character("\u{FFFD}"), .character("a")))
  }

  func testEscapeWithPartialUTF8ThenTimeout() {
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed([0x1B, 0xC3]), [])
    XCTAssertTrue(decoder.hasPendingEscape)
    XCTAssertEqual(decoder.feed([0xA9]), keys(.alt("é")))
  }

  func testEscapeWithPartialUTF8AtTheTimeoutIsEscapeThenAReplacement() {
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed([0x1B, 0xE6, 0x97]), [])
    XCTAssertEqual(decoder.flushPendingEscape(), keys(.escape, .character("\u{FFFD}")))
    XCTAssertEqual(decoder.feed(Array("A".utf8)), characters("A"))
  }

  func testEscapeBracketThenTimeoutIsAltBracket() {
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed(Array("\u{1B}[".utf8)), [])
    XCTAssertTrue(decoder.hasPendingEscape)
    XCTAssertEqual(decoder.flushPendingEscape(), keys(.alt("[")))
    XCTAssertFalse(decoder.hasPendingEscape)
    XCTAssertEqual(decoder.feed(Array("A".utf8)), characters("A"))
  }

  func testEscapeOThenTimeoutIsAltO() {
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed(Array("\u{1B}O".utf8)), [])
    XCTAssertTrue(decoder.hasPendingEscape)
    XCTAssertEqual(decoder.flushPendingEscape(), keys(.alt("O")))
  }

  func testUnfinishedSequenceThenTimeoutIsDropped() {
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed(Array("\u{1B}[1;".utf8)), [])
    XCTAssertTrue(decoder.hasPendingEscape)
    XCTAssertEqual(decoder.flushPendingEscape(), [])
    XCTAssertEqual(decoder.feed(Array("5A".utf8)), characters("5A"))
  }

  func testEscapeBracketFollowedByEscape() {
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed(Array("\u{1B}[\u{1B}".utf8)), keys(.alt("[")))
    XCTAssertEqual(decoder.flushPendingEscape(), keys(.escape))
  }

  func testBrokenSequenceIsDroppedAndTheOddByteDecoded() {
    XCTAssertEqual(decode("\u{1B}[12\r"), keys(.enter))
  }

  // MARK: - Cursor and editing keys

  func testArrowsCSIAndSS3() {
    XCTAssertEqual(
      decode(esc + "[A" + esc + "[B" + esc + "[C" + esc + "[D"), keys(.up, .down, .right, .left))
    XCTAssertEqual(
      decode(esc + "OA" + esc + "OB" + esc + "OC" + esc + "OD"), keys(.up, .down, .right, .left))
  }

  func testArrowsWithModifiers() {
    XCTAssertEqual(
      decode(esc + "[1;5A" + esc + "[1;2B" + esc + "[1;3C" + esc + "[1;6D"),
      keys(.up, .down, .right, .left))
  }

  func testHomeAndEndInAllForms() {
    let homes = ["[H", "[1~", "[7~", "OH", "[1;5H"]
    let ends = ["[F", "[4~", "[8~", "OF", "[1;2F"]
    for sequence in homes { XCTAssertEqual(decode(esc + sequence), keys(.home), sequence) }
    for sequence in ends { XCTAssertEqual(decode(esc + sequence), keys(.end), sequence) }
  }

  func testPagingDeleteAndBackTab() {
    XCTAssertEqual(decode(esc + "[5~"), keys(.pageUp))
    XCTAssertEqual(decode(esc + "[6~"), keys(.pageDown))
    XCTAssertEqual(decode(esc + "[3~"), keys(.delete))
    XCTAssertEqual(decode(esc + "[3;5~"), keys(.delete))
    XCTAssertEqual(decode(esc + "[Z"), keys(.backTab))
  }

  func testInsertIsSwallowed() {
    XCTAssertEqual(decode(esc + "[2~x"), characters("x"))
  }

  func testFunctionKeys() {
    let forms: [(String, Int)] = [
      ("OP", 1), ("OQ", 2), ("OR", 3), ("OS", 4),
      ("[11~", 1), ("[12~", 2), ("[13~", 3), ("[14~", 4),
      ("[15~", 5), ("[17~", 6), ("[18~", 7), ("[19~", 8), ("[20~", 9), ("[21~", 10), ("[23~", 11),
      ("[24~", 12),
      ("[[A", 1), ("[[B", 2), ("[[C", 3), ("[[D", 4), ("[[E", 5),
      ("[1;2P", 1), ("[1;5S", 4), ("[15;5~", 5), ("[24;2~", 12),
    ]
    for (sequence, number) in forms {
      XCTAssertEqual(decode(esc + sequence), keys(.function(number)), sequence)
    }
  }

  func testKeypadApplicationMode() {
    XCTAssertEqual(decode(esc + "OM"), keys(.enter))
    XCTAssertEqual(decode(esc + "Op" + esc + "Oy" + esc + "Ok"), characters("09+"))
  }

  func testUnknownSequencesAreSwallowedWhole() {
    let unknown = [
      "[?1;2c",  // device attributes reply
      "[<0;10;5M",  // SGR mouse
      "[I", "[O",  // focus in/out
      "[99~", "[~",  // unknown tilde codes
      "[1$x",  // with an intermediate byte
      "[97;5u",  // kitty keyboard protocol
      "[12;40R",  // cursor position report
      "Oz", "O5a",  // unknown SS3
    ]
    for sequence in unknown {
      XCTAssertEqual(decode(esc + sequence + "z"), characters("z"), sequence)
    }
  }

  func testOverlongUnfinishedSequenceIsDropped() {
    var decoder = KeyDecoder()
    let garbage = "\u{1B}[" + String(repeating: "1;", count: 40)
    XCTAssertEqual(decoder.feed(Array(garbage.utf8)), [])
    XCTAssertFalse(decoder.hasPendingEscape)
    XCTAssertEqual(decoder.feed(Array("x".utf8)), characters("x"))
  }

  func testStrayPasteEndIsSwallowed() {
    XCTAssertEqual(decode(esc + "[201~a"), characters("a"))
  }

  func testAllSequencesSplitAtEveryByteBoundary() {
    let input =
      "a\u{1B}[A\u{1B}OB\u{1B}[1;5C\u{1B}[15~\u{1B}[[E\u{1B}x\u{1B}\r日\u{1B}[Z\u{1B}[?1;2c"
      + "\u{1B}[200~p\r\nq\u{1B}[201~\u{1B}[3~é\t"
    let bytes = Array(input.utf8)
    let expected: [InputEvent] =
      keys(.character("a"), .up, .down, .right, .function(5), .function(5), .alt("x"), .altEnter)
      + characters("日") + keys(.backTab) + [.paste("p\nq")] + keys(.delete, .character("é"), .tab)
    XCTAssertEqual(decode(bytes), expected)
    for cut in 1..<bytes.count {
      XCTAssertEqual(decode(bytes, cuts: [cut]), expected, "cut at \(cut)")
    }
    for first in stride(from: 1, to: bytes.count, by: 3) {
      for second in (first + 1)..<bytes.count {
        XCTAssertEqual(
          decode(bytes, cuts: [first, second]), expected, "cuts at \(first), \(second)")
      }
    }
    XCTAssertEqual(decode(bytes, cuts: Array(1..<bytes.count)), expected, "one byte at a time")
  }

  // MARK: - Bracketed paste

  private func pasted(_ body: String) -> String { "\u{1B}[200~" + body + "\u{1B}[201~" }

  func testPasteIsOneEventWithLineBreaksNormalised() {
    XCTAssertEqual(decode(pasted("one\r\ntwo\rthree\nfour")), [.paste("one\ntwo\nthree\nfour")])
  }

  func testEmptyPaste() {
    XCTAssertEqual(decode(pasted("")), [.paste("")])
  }

  func testPasteIsNotDecodedAsKeys() {
    XCTAssertEqual(decode(pasted("q\u{03}\t\u{7F}x")), [.paste("q\u{03}\t\u{7F}x")])
  }

  func testPasteKeepsEscapeBytes() {
    XCTAssertEqual(
      decode(pasted("\u{1B}[31mred\u{1B}[0m \u{1B}")), [.paste("\u{1B}[31mred\u{1B}[0m \u{1B}")])
  }

  func testKeysAroundAPaste() {
    XCTAssertEqual(
      decode("a" + pasted("b") + "c\u{1B}[A"),
      [.key(.character("a")), .paste("b"), .key(.character("c")), .key(.up)])
  }

  func testPasteEndLookalikesInsideThePaste() {
    let body =
      "x\u{1B}[201\u{1B}[20\u{1B}[201x\u{1B}[200~\u{1B}[2011~\u{1B}[201;~\u{1B}\u{1B}[\u{1B}[201"
    let bytes = Array(pasted(body).utf8)
    let expected: [InputEvent] = [.paste(body)]
    XCTAssertEqual(decode(bytes), expected)
    for cut in 1..<bytes.count {
      XCTAssertEqual(decode(bytes, cuts: [cut]), expected, "cut at \(cut)")
    }
    XCTAssertEqual(decode(bytes, cuts: Array(1..<bytes.count)), expected, "one byte at a time")
  }

  func testPasteSplitAtEveryBoundaryWithCRLFAcrossChunks() {
    let bytes = Array(pasted("a\r\nb\rc日\r\n").utf8)
    for cut in 1..<bytes.count {
      XCTAssertEqual(decode(bytes, cuts: [cut]), [.paste("a\nb\nc日\n")], "cut at \(cut)")
    }
  }

  func testPasteReplacesInvalidUTF8() {
    let bytes = Array("\u{1B}[200~a".utf8) + [0xFF, 0xC3] + Array("b\u{1B}[201~".utf8)
    XCTAssertEqual(decode(bytes), [.paste("a\u{FFFD}\u{FFFD}b")])
  }

  func testNoPendingEscapeWhilePasting() {
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed(Array("\u{1B}[200~abc\u{1B}".utf8)), [])
    XCTAssertTrue(decoder.isInPaste)
    XCTAssertFalse(decoder.hasPendingEscape)
    XCTAssertEqual(decoder.flushPendingEscape(), [])
    XCTAssertEqual(decoder.feed(Array("[201~".utf8)), [.paste("abc")])
    XCTAssertFalse(decoder.isInPaste)
  }

  func testOneMegabytePasteAcrossManyChunks() {
    var body: [UInt8] = []
    body.reserveCapacity(1_100_000)
    let line = Array("line with text, 日本語 and \u{1B}[1m escapes\r\n".utf8)
    while body.count < 1_000_000 { body += line }
    let bytes = Array("k\u{1B}[200~".utf8) + body + Array("\u{1B}[201~z".utf8)
    let expectedText = String(decoding: body, as: UTF8.self).replacingOccurrences(
      of: "\r\n", with: "\n")

    for chunkSize in [4096, 1000, 7] {
      var decoder = KeyDecoder()
      var events: [InputEvent] = []
      var start = 0
      while start < bytes.count {
        let end = min(bytes.count, start + chunkSize)
        events += decoder.feed(bytes[start..<end])
        if start > 16, end < bytes.count - 8 { XCTAssertFalse(decoder.hasPendingEscape) }
        start = end
      }
      XCTAssertEqual(events.count, 3, "chunk size \(chunkSize)")
      XCTAssertEqual(events.first, .key(.character("k")))
      XCTAssertEqual(events.last, .key(.character("z")))
      guard events.count == 3, case .paste(let text) = events[1] else {
        XCTFail("no paste for chunk size \(chunkSize)")
        continue
      }
      XCTAssertEqual(text.utf8.count, expectedText.utf8.count)
      XCTAssertTrue(text == expectedText, "chunk size \(chunkSize)")
    }
  }
}
