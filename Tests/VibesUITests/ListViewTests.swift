import Foundation
import VibesCore
import VibesTestSupport
import XCTest

@testable import VibesUI

/// The one list widget: one focus marker in one style, the focus kept in view when the screen scrolls, rows cut by
/// display width, an empty list drawing nothing; and the lists of the app drawing through it.
final class ListViewTests: XCTestCase {
  static let screensOnly = Driver.Exhaustivity.nonExhaustive(
    because: "these tests check where the list widget draws its marker, not the state the keys change")
  /// How many cells hold the focus marker.
  func markers(_ grid: Grid) -> [GridPosition] {
    var found: [GridPosition] = []
    for row in 0..<grid.height {
      for column in 0..<grid.width where grid[row, column].text == ListView.marker {
        found.append(GridPosition(row: row, column: column))
      }
    }
    return found
  }

  func testTheFocusedRowAloneGetsTheMarkerAndTheFocusStyle() {
    var grid = Grid(width: 30, height: 6)
    let next = ListView.render(
      labels: ["Alpha", "Beta", "Gamma"], selected: 1, top: 1, markerColumn: 1, column: 3, width: 20,
      normal: Theme.hint,
      into: &grid)
    XCTAssertEqual(next, 4, "the row below the list")
    XCTAssertEqual(markers(grid), [GridPosition(row: 2, column: 1)])
    XCTAssertEqual(grid[2, 1].style, Theme.focusedBorder)
    XCTAssertEqual(grid[2, 3].style, Theme.selected, "the focused row's text takes the focus style")
    XCTAssertEqual(grid[1, 3].style, Theme.hint, "the others keep theirs")
    XCTAssertEqual(grid[1, 1].text, " ")
    XCTAssertEqual(Array(grid.lines[1...3]), ["   Alpha", " › Beta", "   Gamma"])
    XCTAssertEqual(grid.focusRow, 2, "the scroll view keeps this row in view")
  }

  func testNoRowIsMarkedWhileTheFocusIsElsewhere() {
    var grid = Grid(width: 30, height: 4)
    ListView.render(
      labels: ["Alpha", "Beta"], selected: nil, top: 0, markerColumn: 1, column: 3, width: 20, into: &grid)
    XCTAssertEqual(markers(grid), [])
    XCTAssertNil(grid.focusRow)
  }

  func testABarListPaintsTheFocusedRowWithTheMarkerInside() {
    var grid = Grid(width: 20, height: 3)
    ListView.render(count: 3, selected: 2, top: 0, markerColumn: 1, look: .bar, barWidth: 18, into: &grid) {
      grid, row in
      grid.write("row \(row.index)", row: row.row, column: 3, style: row.style())
    }
    XCTAssertEqual(markers(grid), [GridPosition(row: 2, column: 1)])
    XCTAssertEqual(grid[2, 1].style, Theme.selected)
    XCTAssertEqual(grid[2, 18].style, Theme.selected, "painted to the bar's end")
    XCTAssertEqual(grid[2, 19].style, .plain, "and no further")
    XCTAssertEqual(grid[1, 1].style, .plain)
  }

  func testAWindowedListDrawsOnlyItsWindow() {
    var grid = Grid(width: 20, height: 5)
    let labels = (0..<10).map { "item \($0)" }
    let next = ListView.render(
      labels: labels, selected: 6, first: 4, limit: 3, top: 1, markerColumn: 0, column: 2, width: 18, into: &grid)
    XCTAssertEqual(next, 4)
    XCTAssertEqual(Array(grid.lines[1...3]), ["  item 4", "  item 5", "› item 6"])
    XCTAssertEqual(grid.lines[4], "", "nothing below the window")
  }

  func testAnEmptyListDrawsNothing() {
    var grid = Grid(width: 20, height: 3)
    var drawn = 0
    let next = ListView.render(count: 0, selected: 0, top: 1, markerColumn: 1, into: &grid) { _, _ in drawn += 1 }
    XCTAssertEqual(next, 1)
    XCTAssertEqual(drawn, 0)
    XCTAssertEqual(grid.text.trimmingCharacters(in: .whitespacesAndNewlines), "")
    XCTAssertNil(grid.focusRow)
    // A window past the end, or a negative one, draws nothing either.
    XCTAssertEqual(
      ListView.render(
        labels: ["a"], selected: 0, first: 5, limit: -2, top: 0, markerColumn: 0, column: 2, width: 5,
        into: &grid), 0)
  }

  func testWideCharacterRowsAreCutWholeByDisplayWidth() {
    var grid = Grid(width: 16, height: 3)
    ListView.render(
      labels: ["東京都渋谷区神南", "🎧🎧🎧🎧🎧🎧", "abc"], selected: 0, top: 0, markerColumn: 1, column: 3, width: 8,
      into: &grid)
    // 8 columns: a fourth wide character (columns 7–8) would leave no room for the ellipsis and is not split in half,
    // so three and "…" (7 columns).
    XCTAssertEqual(grid.lines[0], " › 東京都…")
    XCTAssertEqual(grid.lines[1], "   🎧🎧🎧…")
    for row in 0..<2 {
      let used = (3..<grid.width).filter { !grid[row, $0].isContinuation && grid[row, $0].text != " " }
      let width = used.reduce(0) { $0 + DisplayWidth.of(grid[row, $1].text) }
      XCTAssertLessThanOrEqual(width, 8, "row \(row) stays in its columns")
      XCTAssertEqual(grid[row, 3 + 7].text, " ", "nothing drawn past the ellipsis, no half of a wide character")
    }
  }

  /// At 60×20 a list taller than the screen scrolls with its focus: the marked row is on screen after End, and
  /// the viewport metrics report the scroll so PgUp/PgDn move by what is shown.
  func testTheScrollViewKeepsTheFocusedRowInViewAt60x20() {
    var grid = Grid(width: 60, height: 20)
    let labels = (0..<50).map { "Song \($0)" }
    for selected in [0, 17, 49] {
      grid = Grid(width: 60, height: 20)
      let metrics = ScrollView.render(
        into: &grid, Rect(row: 2, column: 0, width: 60, height: 16), scroll: ScrollPosition()
      ) { canvas, area in
        canvas.write("Heading", row: area.row, column: 2)
        ListView.render(
          labels: labels, selected: selected, top: area.row + 1, markerColumn: 1, column: 3, width: 50, into: &canvas)
      }
      let marked = markers(grid)
      XCTAssertEqual(marked.count, 1, "selected \(selected)")
      XCTAssertEqual(marked.first.map { grid.lines[$0.row] }, " › Song \(selected)")
      XCTAssertTrue(marked.allSatisfy { (2..<18).contains($0.row) }, "inside the viewport")
      XCTAssertEqual(metrics.contentHeight, 51)
      XCTAssertEqual(metrics.viewportHeight, 16)
      XCTAssertEqual(metrics.offset, max(0, selected + 1 - 15), "scrolled just enough")
    }
  }

  /// The App Store Connect apps table scrolls itself: at 60×20, End shows the last app, marked, on screen.
  func testTheAppsTableKeepsItsFocusOnScreenAt60x20() {
    var screen = Driver.screen(Self.screensOnly, width: 60, height: 20)
    let apps = (1...40).map {
      AppStoreConnectApp(id: "\($0)", name: "App \($0)", bundleID: "com.x.\($0)", sku: "S\($0)")
    }
    screen.send(
      .appStoreConnect(
        .storedStateLoaded(
          AppStoreConnectStoredState(isConfigured: true, apps: apps, lastSync: Date(timeIntervalSince1970: 0)))))
    screen.press(.tabKey(.appStoreConnect))
    var grid = screen.render()
    XCTAssertEqual(markers(grid).map { grid.lines[$0.row].contains("App 1 ") }, [true], grid.text)
    screen.press(.end)
    grid = screen.render()
    XCTAssertEqual(markers(grid).count, 1, grid.text)
    XCTAssertTrue(markers(grid).allSatisfy { grid.lines[$0.row].contains("App 40") }, grid.text)
    screen.press(.pageUp)
    grid = screen.render()
    let page = AppStoreConnectState.visibleRows(screen.state.size)
    XCTAssertTrue(markers(grid).allSatisfy { grid.lines[$0.row].contains("App \(40 - page) ") }, grid.text)
  }

  /// Every list of the app marks its focused row through the widget: one marker on screen, in one style.
  func testOneMarkerInOneStyleAcrossLists() {
    var screen = Driver.screen(Self.screensOnly, facts: SetupFacts(storedSecrets: [.gemini]))
    screen.press(.enter)  // the checklist
    screen.press(.down)
    var grid = screen.render()
    XCTAssertEqual(markers(grid).count, 1, grid.text)
    XCTAssertEqual(markers(grid).first.map { grid[$0.row, $0.column].style }, Theme.selected, "a bar list")

    screen = Driver.screen(Self.screensOnly)
    let saved = TrackerConfiguration(apiKey: "key", brandID: "brand-1", userID: "user-1", environment: .qc)
    screen.send(.tracker(.configurationLoaded(saved, apiURLs: [.qc: "http://qc.test/api"])))
    screen.press(.tabKey(.tracker), .down)
    grid = screen.render()
    XCTAssertEqual(markers(grid).count, 1, grid.text)
    XCTAssertEqual(markers(grid).first.map { grid[$0.row, $0.column].style }, Theme.focusedBorder, "a marker list")
  }
}
