import Foundation
import VibesCore
import VibesTestSupport
import XCTest

@testable import VibesTerminal

/// Issue 15: invalid UTF-8 in typed bytes and bracketed pastes becomes U+FFFD, one per maximal invalid subsequence,
/// exactly as `String(decoding:as:)` does, wherever the reads are cut.
final class KeyDecoderReplacementTests: XCTestCase {
  private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  /// The scalars of every typed character, fed in chunks cut at `cuts`, then flushed.
  private func typedScalars(_ bytes: [UInt8], cuts: [Int] = []) -> [Unicode.Scalar] {
    var decoder = KeyDecoder()
    var events: [InputEvent] = []
    var start = 0
    for cut in cuts + [bytes.count] {
      events += decoder.feed(bytes[start..<cut])
      start = cut
    }
    events += decoder.flushPendingEscape()
    var scalars: [Unicode.Scalar] = []
    for event in events {
      guard case .key(.character(let character)) = event else {
        XCTFail("unexpected \(event)")
        continue
      }
      scalars += character.unicodeScalars
    }
    return scalars
  }

  private func pasted(_ body: [UInt8]) -> [InputEvent] {
    var decoder = KeyDecoder()
    return decoder.feed(Self.pasteStart + body + Self.pasteEnd)
  }

  /// What Foundation makes of the bytes, less the C1 controls the decoder drops from typed text.
  private func reference(_ bytes: [UInt8]) -> [Unicode.Scalar] {
    String(decoding: bytes, as: UTF8.self).unicodeScalars.filter { !(0x80...0x9F).contains($0.value) }
  }

  func testATruncatedSequenceIsOneReplacementNotOnePerByte() {
    // E6 97 is the start of 日 (E6 97 A5): a maximal subpart of two bytes, so one U+FFFD.
    XCTAssertEqual(typedScalars([0x78, 0xE6, 0x97, 0x41]), ["x", "\u{FFFD}", "A"])
    XCTAssertEqual(typedScalars([0xF0, 0x9F, 0x91, 0x41]), ["\u{FFFD}", "A"])
    XCTAssertEqual(typedScalars([0xF0, 0x9F, 0x91, 0x41]), reference([0xF0, 0x9F, 0x91, 0x41]))
  }

  func testAPartialSequenceCutByAnEscapeIsOneReplacement() {
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed([0x61, 0xE6, 0x97]), [.key(.character("a"))], "the partial scalar waits")
    XCTAssertEqual(decoder.feed([0x1B]), [.key(.character("\u{FFFD}"))], "ESC ends it: one U+FFFD")
    XCTAssertEqual(decoder.flushPendingEscape(), [.key(.escape)])
    var cut = KeyDecoder()
    XCTAssertEqual(cut.feed([0xE6, 0x97, 0x1B, 0x5B, 0x41]), [.key(.character("\u{FFFD}")), .key(.up)])
  }

  func testPastedInvalidBytesBecomeReplacementCharacters() {
    XCTAssertEqual(pasted([0x61, 0xFF, 0x62, 0xE6, 0x97, 0x0D, 0x0A, 0x63]), [.paste("a\u{FFFD}b\u{FFFD}\nc")])
    XCTAssertEqual(pasted([0x61, 0xED, 0xA0, 0x80]), [.paste("a\u{FFFD}\u{FFFD}\u{FFFD}")])
    XCTAssertEqual(pasted([0x61, 0xF0, 0x9F, 0x91]), [.paste("a\u{FFFD}")], "unfinished at the paste's end")
  }

  func testRandomBytesDecodeAsStringDecodingDoesWhereverTheyAreCut() {
    var generator = SeededGenerator(seed: 15)
    // Printable ASCII and every byte from 0x80 up: no C0 controls or ESC, which are keys of their own.
    let alphabet: [UInt8] = Array(0x20...0x7E) + Array(0x80...0xFF)
    let interesting: [UInt8] = [0xC2, 0xE0, 0xE6, 0xED, 0xF0, 0xF4, 0x80, 0x9F, 0xA0, 0xBF, 0x41]
    for round in 0..<2_000 {
      let count = Int.random(in: 0...24, using: &generator)
      let bytes = (0..<count).map { _ in
        Bool.random(using: &generator)
          ? interesting.randomElement(using: &generator)! : alphabet.randomElement(using: &generator)!
      }
      var cuts =
        count > 1
        ? (0..<Int.random(in: 0...3, using: &generator)).map { _ in Int.random(in: 1..<count, using: &generator) } : []
      cuts = Array(Set(cuts)).sorted()
      // A typed sequence still unfinished at the end waits for the next byte (it may be split across reads), so a
      // final ASCII key ends it, as the next keystroke would.
      let typed = bytes + [UInt8(ascii: "Z")]
      XCTAssertEqual(typedScalars(typed, cuts: cuts), reference(typed), "round \(round): \(bytes) cut at \(cuts)")
      let expectedPaste = String(decoding: bytes, as: UTF8.self)
      XCTAssertEqual(pasted(bytes), [.paste(expectedPaste)], "round \(round): \(bytes)")
    }
  }
}
