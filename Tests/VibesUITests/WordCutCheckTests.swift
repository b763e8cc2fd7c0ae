import VibesCore
import XCTest

@testable import VibesUI

/// The "nothing cut mid-word without an ellipsis" check can fail: it reports a word another draw cut,
/// text that drew nothing, and lets clipped text (ending in "…") and overlays (drawn over a `clear`) pass.
final class WordCutCheckTests: XCTestCase {
  func recording(_ draw: (inout Grid) -> Void) -> Grid {
    Grid.$recordsWrites.withValue(true) {
      var grid = Grid(width: 30, height: 4)
      draw(&grid)
      return grid
    }
  }

  func testTheLogIsOffUnlessAsked() {
    var grid = Grid(width: 10, height: 1)
    grid.write("Donaudampfschiff", row: 0, column: 0)
    XCTAssertNil(grid.writeLog)
    XCTAssertEqual(grid.wordCuts(), [])
  }

  func testAWordOverwrittenByALaterTextIsReported() {
    let grid = recording { grid in
      grid.write("Konzertveranstaltung heute", row: 0, column: 0)
      grid.write("Status", row: 0, column: 10)
    }
    XCTAssertEqual(grid.lines[0], "KonzertverStatustung heute")
    let cuts = grid.wordCuts()
    XCTAssertEqual(cuts.count, 1, "\(cuts)")
    XCTAssertEqual(cuts.first?.reason, .overwritten(by: "Status"))
    XCTAssertEqual(cuts.first?.shown, "KonzertverStatustung")
  }

  func testAWordRunningIntoABorderDrawnLaterIsReported() {
    let grid = recording { grid in
      grid.write("Die Fantastischen Vier", row: 1, column: 1)
      grid.box(Rect(row: 0, column: 0, width: 12, height: 3), style: .plain)
    }
    let cuts = grid.wordCuts()
    XCTAssertEqual(cuts.map(\.reason), [.overwritten(by: "│")], "\(cuts)")
    XCTAssertEqual(cuts.first?.shown, "Fantas│ischen")
  }

  func testAWordWhollyHiddenByALaterTextIsReported() {
    let grid = recording { grid in
      grid.write("✓ Spotify", row: 0, column: 0)
      grid.write("verbunden als Grönemeyer", row: 0, column: 2)
    }
    XCTAssertEqual(grid.wordCuts().map(\.shown), ["verbund"], "\(grid.wordCuts())")
  }

  func testAWordStartingLeftOfTheGridIsReported() {
    let grid = recording { grid in
      grid.write("Rundfunk-Sinfonieorchester Berlin", row: 0, column: -5)
    }
    XCTAssertEqual(grid.wordCuts().map(\.reason), [.offTheEdge])
    XCTAssertEqual(grid.wordCuts().first?.shown, "unk-Sinfonieorchester")
  }

  func testTextThatDrawsNothingIsReported() {
    let grid = recording { grid in
      grid.write("Zürich", row: 0, column: 30)
      grid.write("Köln", row: 9, column: 0)
      grid.write("   ", row: 0, column: 40)
    }
    XCTAssertEqual(grid.wordCuts().map(\.reason), [.notDrawn, .notDrawn])
  }

  func testClippedTextAnOverlayAndWholeWordsPass() {
    let grid = recording { grid in
      grid.write("Rundfunk-Sinfonieorchester Berlin", row: 0, column: 0, maxWidth: 12)
      grid.write("Aurora Lines", row: 1, column: 0)
      grid.write("Lines", row: 1, column: 7, style: CellStyle(attributes: [.bold]))
      grid.write("Konzertveranstaltung", row: 3, column: 0)
      grid.clear(Rect(row: 3, column: 5, width: 6, height: 1))
      grid.write("Pop-up", row: 3, column: 5)
      grid.box(Rect(row: 2, column: 20, width: 5, height: 2), style: .plain)
    }
    XCTAssertEqual(grid.lines[0], "Rundfunk-Si…")
    XCTAssertEqual(grid.wordCuts(), [], "\(grid.wordCuts())")
  }

  func testAClippedWordWhoseEllipsisIsCoveredIsReported() {
    let grid = recording { grid in
      grid.write("Donaudampfschifffahrt", row: 0, column: 0, maxWidth: 8)
      grid.write("|", row: 0, column: 7)
    }
    XCTAssertEqual(grid.lines[0], "Donauda|")
    XCTAssertEqual(grid.wordCuts().count, 1)
  }

  func testCutsInAScrolledCanvasReachTheScreen() {
    let grid = Grid.$recordsWrites.withValue(true) {
      var screen = Grid(width: 20, height: 6)
      _ = ScrollView.render(into: &screen, Rect(row: 0, column: 0, width: 20, height: 6), scroll: ScrollPosition()) {
        canvas, area in
        for row in 0..<12 { canvas.write("Zeile \(row) Grönemeyer", row: row, column: 0) }
        canvas.write("X", row: 11, column: 3)
      }
      return screen
    }
    XCTAssertEqual(grid.wordCuts().map(\.shown), ["ZeiXe"])
  }
}

/// Wrapping breaks lines at spaces only: a word moves whole to the next line when it fits there, and only
/// a word longer than the width stands alone on a line (to be clipped with an ellipsis).
final class WordWrapTests: XCTestCase {
  func testBreaksFallAtSpacesAndWordsMoveWhole() {
    let texts = [
      "Die Fantastischen Vier feat. Herbert Grönemeyer und das Rundfunk-Sinfonieorchester Berlin",
      "Donaudampfschifffahrtsgesellschaftskapitänsmütze passt nicht in eine Zeile",
      "Konzertveranstaltungsbestätigung für das Elbphilharmonie-Sommerfestival",
      "short words only here and there", "",
    ]
    for text in texts {
      for width in [8, 12, 20, 31, 56] {
        let lines = WordWrap.lines(text, width: width)
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        XCTAssertEqual(lines.flatMap { $0.split(separator: " ").map(String.init) }, words, "no word split: \(text)")
        for (index, line) in lines.enumerated() {
          let lineWords = line.split(separator: " ")
          if DisplayWidth.of(line) > width {
            XCTAssertEqual(lineWords.count, 1, "only a too-long word overflows: \(line)")
          }
          guard index + 1 < lines.count, let next = lines[index + 1].split(separator: " ").first, !line.isEmpty
          else { continue }
          XCTAssertGreaterThan(
            DisplayWidth.of(line) + 1 + DisplayWidth.of(String(next)), width,
            "\"\(next)\" would have fitted after \"\(line)\" at \(width)")
        }
      }
    }
  }

  func testAtMostSomeLinesKeepsTheRestForTheEllipsis() {
    let text = "Lieder für eine lange Fahrt durch das Donaudampfschifffahrtsgesellschaftsgebiet"
    let lines = WordWrap.lines(text, width: 20, maxLines: 2)
    XCTAssertEqual(lines.count, 2)
    XCTAssertEqual(lines.joined(separator: " "), text, "nothing dropped silently")
    var grid = Grid(width: 20, height: 2)
    for (row, line) in lines.enumerated() { grid.write(line, row: row, column: 0, maxWidth: 20) }
    XCTAssertTrue(grid.lines[1].hasSuffix("…"), grid.lines[1])
    XCTAssertEqual(WordWrap.lines("kurz", width: 20, maxLines: 2), ["kurz"])
  }
}
