import VibesTestSupport
import XCTest

@testable import VibesUI

/// The keys under a link ("o open · c copy · …") are packed into lines between entries; a line that fits is drawn
/// as it is without being split and joined again on every frame.
final class LinkLineKeyLinesTests: XCTestCase {
  func testALineThatFitsComesBackAsItIs() {
    let keys = "o open in browser · c copy link · Esc back"
    XCTAssertEqual(LinkLine.keyLines(keys, width: 80), [keys])
    XCTAssertEqual(LinkLine.keyLines(keys, width: DisplayWidth.of(keys)), [keys])
  }

  func testALineOneColumnTooWideBreaksBetweenEntries() {
    let keys = "o open in browser · c copy link · Esc back"
    XCTAssertEqual(
      LinkLine.keyLines(keys, width: DisplayWidth.of(keys) - 1),
      ["o open in browser · c copy link", "Esc back"])
  }

  func testWideCharactersCountByTheirColumns() {
    // "音楽" is four columns wide, not two characters.
    let keys = "o 音楽 · c copy"
    XCTAssertEqual(LinkLine.keyLines(keys, width: 15), [keys])
    XCTAssertEqual(LinkLine.keyLines(keys, width: 14), ["o 音楽", "c copy"])
  }

  func testEveryWidthPacksLikeTheEntryByEntryRule() {
    var generator = SeededGenerator(seed: 26)
    let words = ["o", "open", "c", "copy link", "Esc", "zurück", "音楽", "r", "Aktualisieren", "?"]
    for _ in 0..<300 {
      let entries = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
        (0..<Int.random(in: 1...3, using: &generator)).map { _ in words.randomElement(using: &generator)! }
          .joined(separator: " ")
      }
      let keys = entries.joined(separator: " · ")
      let width = Int.random(in: 1...60, using: &generator)
      XCTAssertEqual(LinkLine.keyLines(keys, width: width), packed(entries, width: width), "\(keys) at \(width)")
    }
  }

  /// The rule written out without the shortcut: each entry joins the last line when it fits beside it.
  private func packed(_ entries: [String], width: Int) -> [String] {
    var lines: [String] = []
    for entry in entries {
      if let last = lines.last, DisplayWidth.of(last + " · " + entry) <= width {
        lines[lines.count - 1] = last + " · " + entry
      } else {
        lines.append(entry)
      }
    }
    return lines
  }
}
