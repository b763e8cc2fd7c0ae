import VibesCore
import VibesTestSupport
import XCTest

@testable import VibesUI

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let layoutOnly = Driver.Exhaustivity.nonExhaustive(
  because: "walks every catalogued screen state; checks layout (cuts, reachability, footer), not the steps")

/// Every screen in every state of `ScreenStateCatalog`, at 60×20, 80×24 and 120×40, in English and German:
/// no word is cut without an ellipsis (the Grid's write log, see `WordCutCheckTests`), whatever the screen
/// draws can be reached by scrolling (PgDn walks the whole content without skipping a row), the focused field
/// stays in view, and the footer fits the width.
final class LayoutReachabilityTests: XCTestCase {
  static let sizes = [
    ScreenSize(width: 60, height: 20), ScreenSize(width: 80, height: 24), ScreenSize(width: 120, height: 40),
  ]

  func testEveryScreenStateIsReachableByScrollingAndCutsNoWordAtEverySize() {
    var cutStates = 0
    for state in ScreenStateCatalog.all {
      for size in Self.sizes {
        for language in [Language.en, .de] {
          var driver = Driver.screen(layoutOnly, width: size.width, height: size.height)
          state.build(&driver)
          let name = "\(state.name) at \(size.width)×\(size.height) in \(language)"
          let drawn = Grid.$recordsWrites.withValue(true) { AppView.render(driver.state, Localizer(language)) }
          let cuts = drawn.wordCuts()
          if !cuts.isEmpty {
            cutStates += 1
            XCTFail("\(name): words cut without an ellipsis:\n  " + cuts.map(\.description).joined(separator: "\n  "))
          }
          check(&driver, name, language, first: drawn)
        }
      }
    }
    XCTAssertEqual(cutStates, 0)
  }

  func testTheCatalogueReachesDistinctScreens() {
    let states = ScreenStateCatalog.all
    XCTAssertEqual(Set(states.map(\.name)).count, states.count, "state names are unique")
    var screens: [String: [String]] = [:]
    for state in states {
      var driver = Driver.screen(layoutOnly)
      state.build(&driver)
      screens[AppView.render(driver.state, Localizer(.en)).text, default: []].append(state.name)
    }
    let alike = screens.values.filter { $0.count > 1 }.map { $0.joined(separator: " = ") }
    XCTAssertEqual(alike, [], "states that draw the same screen (one of them is not reached)")
  }

  func testAnAppStoreConnectFailureShowsWithoutScrollingOnTheSmallestTerminal() throws {
    for name in ["asc connect notAuthorized", "asc connect rateLimited"] {
      let state = try XCTUnwrap(ScreenStateCatalog.all.first { $0.name == name })
      var driver = Driver.screen(layoutOnly, width: 60, height: 20)
      state.build(&driver)
      let lines = driver.render(.de).lines
      XCTAssertTrue(lines.contains { $0.contains("Es wurde nichts") }, "\(name):\n" + lines.joined(separator: "\n"))
    }
  }

  func testPickerAndProfileFailuresAreWrappedNotClipped() {
    let states = ScreenStateCatalog.all.filter {
      $0.name.hasPrefix("explore picker") || $0.name.hasPrefix("profile stats")
    }
    XCTAssertGreaterThan(states.count, 20)
    for state in states {
      for size in Self.sizes {
        var driver = Driver.screen(layoutOnly, width: size.width, height: size.height)
        state.build(&driver)
        let grid = Grid.$recordsWrites.withValue(true) { AppView.render(driver.state, Localizer(.de)) }
        // The content's error texts (the status line's copy is a one-line summary by design).
        let clipped = (grid.writeLog?.copiedClipped ?? []).filter { $0.style == Theme.error && !$0.text.hasPrefix("✗") }
        XCTAssertEqual(clipped.map(\.text), [], "\(state.name) at \(size.width)×\(size.height)")
      }
    }
  }

  func testALongPlaylistNameLeavesTheHistoryRowsSaveState() throws {
    let state = try XCTUnwrap(ScreenStateCatalog.all.first { $0.name == "create history" })
    var driver = Driver.screen(layoutOnly, width: 60, height: 20)
    state.build(&driver)
    let text = driver.render(.en).text
    XCTAssertTrue(text.contains("· 4 songs · waiting for network"), text)
    XCTAssertTrue(text.contains("· 4 songs · saved"), text)
  }

  func testAFormsNewMessageEndsInViewOnTheSmallestTerminal() {
    // Forms whose message is the last thing they draw.
    let prefixes = ["gemini ", "ticketmaster ", "tracker setup ", "asc connect ", "asc verifying"]
    let states = ScreenStateCatalog.all.filter { state in prefixes.contains { state.name.hasPrefix($0) } }
    XCTAssertGreaterThan(states.count, 50)
    for state in states {
      for language in [Language.en, .de] {
        var tall = Driver.screen(layoutOnly, width: 60, height: 80)
        state.build(&tall)
        let content = tall.render(language).lines.dropFirst(2).dropLast(2)
        guard let last = content.last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { continue }
        var small = Driver.screen(layoutOnly, width: 60, height: 20)
        state.build(&small)
        let shown = small.render(language).lines
        XCTAssertTrue(
          shown.contains(last),
          "\(state.name) in \(language): \"\(last)\" not in view:\n" + shown.joined(separator: "\n"))
      }
    }
  }

  func check(_ driver: inout Driver, _ name: String, _ language: Language, first drawn: Grid? = nil) {
    let t = Localizer(language)
    var grid = drawn ?? AppView.render(driver.state, t)
    guard let first = grid.viewport else { return XCTFail("\(name): no viewport") }
    driver.state.context.viewport = first
    let footer = grid.lines[grid.height - 1]
    XCTAssertLessThanOrEqual(DisplayWidth.of(footer), grid.width, "\(name): the footer fits")
    // Every key the footer lists keeps its label: a bare key is dropped into the help instead.
    let keys = Set(driver.state.keyHints.map { t.keyLabel($0.label) })
    for entry in footer.trimmingCharacters(in: .whitespaces).components(separatedBy: " · ") where keys.contains(entry) {
      XCTFail("\(name): the footer lists \(entry) without a label: \(footer)")
    }
    if let cursor = grid.cursor {
      XCTAssertTrue(
        (ScreenLayout.headerRows..<(grid.height - ScreenLayout.footerRows)).contains(cursor.row),
        "\(name): the focused field is in view")
    }
    guard first.isScrollable, !driver.state.isHelpVisible else { return }
    // A screen may open scrolled to its focus or a new message: first walk up to the top.
    var seen = IndexSet(integersIn: first.offset..<(first.offset + first.viewportHeight))
    var metrics = first
    for _ in 0..<50 where metrics.offset > 0 {
      driver.press(.pageUp)
      grid = AppView.render(driver.state, t)
      guard let next = grid.viewport else { return XCTFail("\(name): no viewport after PgUp") }
      XCTAssertLessThan(next.offset, metrics.offset, "\(name): PgUp moves up")
      driver.state.context.viewport = next
      metrics = next
      seen.insert(integersIn: next.offset..<(next.offset + next.viewportHeight))
    }
    XCTAssertEqual(metrics.offset, 0, "\(name): the top is reachable")
    // Then down a page at a time: every row of the content is shown on the way, none skipped.
    for _ in 0..<50 where metrics.offset < metrics.maxOffset {
      driver.press(.pageDown)
      grid = AppView.render(driver.state, t)
      guard let next = grid.viewport else { return XCTFail("\(name): no viewport after PgDn") }
      XCTAssertGreaterThan(next.offset, metrics.offset, "\(name): PgDn moves down")
      driver.state.context.viewport = next
      metrics = next
      seen.insert(integersIn: next.offset..<(next.offset + next.viewportHeight))
      XCTAssertTrue(grid.lines[grid.height - 1].contains("PgUp PgDn"), "\(name): the footer names the scroll keys")
    }
    XCTAssertEqual(metrics.offset, metrics.maxOffset, "\(name): the bottom is reachable")
    XCTAssertTrue(seen.contains(integersIn: 0..<metrics.contentHeight), "\(name): no row is skipped")
    driver.press(.pageUp)
    XCTAssertLessThan(AppView.render(driver.state, t).viewport?.offset ?? .max, metrics.offset, "\(name): PgUp")
  }
}
