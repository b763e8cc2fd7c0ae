import VibesApp
import VibesCore
import VibesTestSupport
import XCTest

@testable import VibesUI

/// The per-key shortcuts of rendering (issue 26) give exactly what the long way gives: text of simple scalars
/// measured and drawn without grapheme breaking, `usedRows` looking only at written rows, the chrome's fitting
/// remembered per input.
final class RenderFastPathTests: XCTestCase {
  static let simpleRanges: [Range<UInt32>] = [
    0x20..<0x7F, 0xA0..<0x300, 0x2010..<0x2028, 0x2030..<0x205F, 0x2190..<0x2C00,
  ]

  func testEverySimpleScalarIsAGraphemeOfItsOwnAndNoMark() {
    for range in Self.simpleRanges {
      for value in range {
        let scalar = Unicode.Scalar(value)!
        let category = scalar.properties.generalCategory
        XCTAssertFalse(
          category == .nonspacingMark || category == .enclosingMark || category == .spacingMark,
          "U+\(String(value, radix: 16)) is a mark")
        // Between two other simple scalars it stays a grapheme of its own.
        let text = "a" + String(scalar) + "─" + String(scalar) + "·"
        XCTAssertEqual(text.count, 5, "U+\(String(value, radix: 16)) joins a neighbour")
        XCTAssertEqual(text.unicodeScalars.count, 5)
      }
    }
  }

  func testASimpleScalarMeasuresAsTheGraphemeRuleSays() {
    for range in Self.simpleRanges {
      for value in range {
        let scalar = Unicode.Scalar(value)!
        let fast = DisplayWidth.simpleWidth(scalar)
        XCTAssertNotNil(fast, "U+\(String(value, radix: 16))")
        XCTAssertEqual(fast, DisplayWidth.of(Character(scalar)))
        if value < 0x2190 { XCTAssertEqual(fast, 1) }
      }
    }
    // The emoji-presentation symbols among them are wide, as the table says.
    XCTAssertEqual(DisplayWidth.simpleWidth(Unicode.Scalar(0x231A)!), 2)
    XCTAssertEqual(DisplayWidth.simpleWidth(Unicode.Scalar(0x2B50)!), 2)
    XCTAssertEqual(DisplayWidth.simpleWidth(Unicode.Scalar(0x2500)!), 1)
  }

  func testScalarsThatCombineOrAreInvisibleTakeTheGraphemePath() {
    for value: UInt32 in [0x09, 0x0A, 0x0D, 0x1B, 0x7F, 0x85, 0x0301, 0x200B, 0x200D, 0x202E, 0xFE0F, 0x1F600, 0xAC00] {
      XCTAssertNil(DisplayWidth.simpleWidth(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
    }
    XCTAssertNil(DisplayWidth.simpleWidth("Cafe\u{301}"))
    XCTAssertEqual(DisplayWidth.of("Cafe\u{301} ✓"), 6, "the mark adds no column")
    XCTAssertEqual(DisplayWidth.of("a☀\u{FE0F}b"), 4, "VS16 makes the sun wide")
    XCTAssertEqual(DisplayWidth.of("日本"), 4)
    XCTAssertEqual(DisplayWidth.of("Headline 7 · ♪ Concert ›"), 24)
  }

  func testDrawingSimpleTextMatchesDrawingItGraphemeByGrapheme() {
    let texts = [
      "Headline 100000: a feed item", "♪ Concert · Bench Band 0 · Hall", "╭──────╮", "Straße · Ünïcödé ›",
      "⌚ wide ⭐ stars", "a very long line that will be cut with an ellipsis at the end",
    ]
    for text in texts {
      for limit in [3, 8, 20, 60] {
        var fast = Grid(width: 70, height: 1)
        let usedFast = fast.write(text, row: 0, column: 1, style: Theme.hint, maxWidth: limit)
        // The same text with a combining mark appended takes the grapheme path; the mark draws nothing, so the
        // cells before it must be the same.
        var slow = Grid(width: 70, height: 1)
        let usedSlow = slow.write(text + "\u{301}", row: 0, column: 1, style: Theme.hint, maxWidth: limit)
        XCTAssertNil(DisplayWidth.simpleWidth(text + "\u{301}"))
        XCTAssertEqual(usedFast, usedSlow, "\(text) in \(limit)")
        // The last drawn grapheme of the slow text carries the mark; compare the ones before it and the cut.
        let lastSlow = (0..<70).last { !slow[0, $0].text.isEmpty && slow[0, $0] != .blank }
        for column in 0..<70 where column != lastSlow {
          XCTAssertEqual(fast[0, column], slow[0, column], "\(text) in \(limit), column \(column)")
        }
      }
    }
  }

  func testUsedRowsAndEqualityIgnoreWhereWritesReached() {
    var written = Grid(width: 10, height: 8)
    written.write(" ", row: 6, column: 0)  // a plain blank: the row stays unused
    let untouched = Grid(width: 10, height: 8)
    XCTAssertEqual(written, untouched)
    XCTAssertEqual(written.hashValue, untouched.hashValue)
    XCTAssertEqual(written.usedRows, 0)

    written.write("x", row: 2, column: 3)
    XCTAssertEqual(written.usedRows, 3)
    written.paint(Rect(row: 5, column: 0, width: 2, height: 1), style: Theme.selected)
    XCTAssertEqual(written.usedRows, 6, "a styled blank uses its row")
    XCTAssertNotEqual(written, untouched)
  }

  func testTheChromeFitsTheSameWhenRememberedAsWhenFitted() {
    let t = Localizer(.en)
    let hints = [
      KeyHint(label: "↑ ↓", help: .common(.helpMove)), KeyHint(label: "Enter", help: .common(.helpOpen)),
      KeyHint(label: "?", help: .common(.helpHelp)),
    ]
    let wide = Chrome.footer(hints, width: 78, t)
    XCTAssertEqual(Chrome.footer(hints, width: 78, t), wide)
    let narrow = Chrome.footer(hints, width: 20, t)
    XCTAssertNotEqual(narrow, wide, "another width is fitted anew, not taken from the memo")
    XCTAssertLessThanOrEqual(DisplayWidth.of(narrow), 20)
    XCTAssertNotEqual(Chrome.footer(hints, width: 78, Localizer(.de)), wide, "German is fitted in German")
  }

  /// The tab bar is remembered per tab list, language, selected tab, demo mark and width: each of them drawn anew.
  func testTheTabBarIsDrawnForItsLanguageSelectionAndWidth() {
    func bar(_ language: Language, _ selected: TabID, width: Int = 120, demo: Bool = false) -> Grid {
      var grid = Grid(width: width, height: 2)
      Chrome.renderTabBar(into: &grid, AppTabs.list, selected: selected, demo: demo, Localizer(language))
      return grid
    }
    let english = bar(.en, .feed)
    XCTAssertEqual(bar(.en, .feed), english)
    for language in [Language.en, .de] {
      let t = Localizer(language)
      let text = bar(language, .feed).text
      for title in [t[.tabFeed], t[.appName], t[.tabProfile]] {
        XCTAssertTrue(text.contains(title), "\(language): \(title) missing from \(text)")
      }
    }
    XCTAssertNotEqual(bar(.de, .feed), english)
    XCTAssertNotEqual(bar(.en, .explore), english, "another tab is selected")
    XCTAssertTrue(bar(.en, .feed, demo: true).text.contains("DEMO"))
    XCTAssertFalse(bar(.en, .feed, width: 60).text.contains(Localizer(.en)[.appName]), "a narrow bar drops the name")
  }
}

/// A Feed row replayed from the row memo is the row its card draws now: a changed card, focus, width or language
/// is laid out anew, and the replay (the "you listen to" mark placed after the cut headliner included) draws what
/// laying out draws.
final class FeedRowMemoTests: XCTestCase {
  func draw(_ card: FeedCard, selected: Bool = false, width: Int = 80, _ language: Language = .en) -> Grid {
    var grid = Grid(width: width, height: 1)
    FeedCardRow.render(card, selected: selected, row: 0, width: width, into: &grid, Localizer(language))
    return grid
  }

  /// What the row's writes draw when executed one by one, without the memo.
  func laidOut(_ card: FeedCard, selected: Bool = false, width: Int = 80, _ language: Language = .en) -> Grid {
    var grid = Grid(width: width, height: 1)
    var previous = (column: 0, used: 0)
    for write in FeedCardRow.layout(card, selected: selected, width: width, Localizer(language)) {
      let column = write.afterPrevious == nil ? write.column : previous.column + previous.used
      let maxWidth = write.afterPrevious.map { max(0, $0 - previous.used) } ?? write.maxWidth
      previous = (column, grid.write(write.text, row: 0, column: column, style: write.style, maxWidth: maxWidth))
    }
    return grid
  }

  func testAChangedCardFocusWidthOrLanguageIsDrawnAnew() {
    let first = FeedCard.concert(FeedFixtures.concert(1))
    XCTAssertEqual(draw(first), draw(first))
    XCTAssertTrue(draw(first).text.contains("Band 1"), draw(first).text)
    let renamed = FeedCard.concert(FeedFixtures.concert(1, name: "Quite Another Headliner"))
    XCTAssertTrue(draw(renamed).text.contains("Quite Another Headliner"), draw(renamed).text)
    XCTAssertNotEqual(draw(first), draw(renamed))
    XCTAssertNotEqual(draw(first, selected: true), draw(first), "the focused row takes the focus style")
    XCTAssertEqual(draw(first, selected: true), laidOut(first, selected: true))
    XCTAssertEqual(draw(first, width: 60), laidOut(first, width: 60))
    XCTAssertEqual(draw(first, .de), laidOut(first, .de))
  }

  func testTheListenMarkAfterACutHeadlinerIsPlacedAsLaidOut() {
    let long = String(repeating: "Headliner ", count: 8)
    let card = FeedCard.concert(FeedFixtures.concert(1, name: long, venue: "Max-Schmeling-Halle", matchedArtist: "Ann"))
    let writes = FeedCardRow.layout(card, selected: false, width: 60, Localizer(.en))
    XCTAssertTrue(writes.contains { $0.afterPrevious != nil }, "the narrow row puts the mark after the headliner")
    XCTAssertEqual(draw(card, width: 60), laidOut(card, width: 60))
    XCTAssertEqual(draw(card, width: 60), draw(card, width: 60), "replayed from the memo")
    XCTAssertTrue(draw(card, width: 60).text.contains("listen to"), draw(card, width: 60).text)
  }
}
