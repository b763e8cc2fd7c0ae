import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let wholeScreen = Driver.Exhaustivity.nonExhaustive(
  because: "a golden compares the whole drawn screen; the steps only reach it")

/// Whole-screen golden tests: the text of every row and a style map of every cell, compared with the
/// files in Goldens/. After an intended change, regenerate with `VIBES_UPDATE_GOLDENS=1` and review the diff.
final class GoldenScreenTests: XCTestCase {
  func testFeedRoot() { assertGolden("feed-80x24") { _ in } }
  func testFeedRootSmall() { assertGolden("feed-60x20", size: ScreenSize(width: 60, height: 20)) { _ in } }
  func testChecklistWithOneStepDone() {
    assertGolden("checklist-80x24", facts: SetupFacts(storedSecrets: [.gemini])) { $0.press(.enter) }
  }
  func testGeminiFormFailed() {
    assertGolden("gemini-invalid-80x24") { driver in
      driver.press(.enter, .down, .enter)
      driver.type("AIzaSyExampleKey1234567")
      driver.press(.ctrl("s"))
      driver.send(.validationFinished(requestID: 1, .failure(.invalidCredentials)))
    }
  }
  func testAppStoreConnectSetup() {
    assertGolden("asc-setup-80x24") { driver in
      driver.send(.appStoreConnect(.storedStateLoaded(AppStoreConnectStoredState(isConfigured: false))))
      driver.press(.tabKey(.appStoreConnect))
    }
  }
  func testTrackerDemo() {
    assertGolden("tracker-demo-80x24") { driver in
      let saved = TrackerConfiguration(apiKey: "key", brandID: "brand-1", userID: "user-1", environment: .qc)
      driver.send(.tracker(.configurationLoaded(saved, apiURLs: [.qc: "http://qc.test/api"])))
      driver.press(.tabKey(.tracker))
    }
  }
  func testHelpOverlayInGerman() {
    assertGolden("help-de-80x24", language: .de) { $0.press(.character("?")) }
  }

  // MARK: Support

  func assertGolden(
    _ name: String, size: ScreenSize = ScreenSize(width: 80, height: 24), facts: SetupFacts = SetupFacts(),
    language: Language = .en, file: StaticString = #filePath, line: UInt = #line, _ build: (inout Driver) -> Void
  ) {
    var driver = Driver(wholeScreen, facts: facts, size: size)
    driver.send(.feedWindowLoaded(total: 0, offset: 0, items: []))
    build(&driver)
    let grid = AppView.render(driver.state, Localizer(language))
    let actual = Self.describe(grid)
    let url = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
      .appendingPathComponent("Goldens/\(name).txt")
    if ProcessInfo.processInfo.environment["VIBES_UPDATE_GOLDENS"] == "1" {
      try? actual.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      return XCTFail("no golden \(name).txt: run with VIBES_UPDATE_GOLDENS=1", file: file, line: line)
    }
    if expected != actual {
      let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
      let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
      let firstDifference = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }
      XCTFail(
        "\(name) differs at line \(firstDifference?.offset ?? min(expectedLines.count, actualLines.count)):\n"
          + "expected: \(firstDifference.map { String($0.element.0) } ?? "")\n"
          + "actual:   \(firstDifference.map { String($0.element.1) } ?? "")\n\(actual)", file: file, line: line)
    }
  }

  /// The rows as text, a separator, then one style letter per cell (see `styleLetter`).
  static func describe(_ grid: Grid) -> String {
    var styles: [String] = []
    for row in 0..<grid.height {
      var line = ""
      for column in 0..<grid.width where !grid[row, column].isContinuation {
        line.append(styleLetter(grid[row, column].style))
      }
      while line.hasSuffix(".") { line.removeLast() }
      styles.append(line)
    }
    let cursor = grid.cursor.map { "cursor \($0.row),\($0.column)" } ?? "no cursor"
    let links = grid.links.map { "link \($0.position.row),\($0.position.column) \($0.url)" }
    return
      (grid.lines + ["---- styles (. plain, S selected, r red, g green, y yellow, c cyan, B bold, d dim, u underline)"]
      + styles + ["---- \(cursor)"] + links).joined(separator: "\n") + "\n"
  }

  static func styleLetter(_ style: CellStyle) -> Character {
    if style.attributes.contains(.reverse) { return "S" }
    switch style.foreground {
    case .red: return "r"
    case .green: return "g"
    case .yellow: return "y"
    case .cyan: return "c"
    case .default: break
    default: return "o"
    }
    if style.attributes.contains(.bold) { return "B" }
    if style.attributes.contains(.dim) { return "d" }
    if style.attributes.contains(.underline) { return "u" }
    return "."
  }
}
