import VibesCore
import VibesTestSupport
import XCTest

@testable import VibesUI

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let contrast = Driver.Exhaustivity.nonExhaustive(
  because: "checks colours, bold and symbols of red and green states")

/// Red and green states readable on dark and light backgrounds: bold, no yellow or cyan on white, and the
/// symbol and word always there (so NO_COLOR, which drops only the colour, shows the same).
final class ThemeContrastTests: XCTestCase {
  func checklist() -> Grid {
    var screen = Driver.screen(contrast, facts: SetupFacts(storedSecrets: [.gemini]))
    screen.press(.enter)
    return screen.render()
  }

  func testStateSpansOnBothBackgrounds() throws {
    for background in ThemeBackground.allCases {
      let grid = Theme.adapted(checklist(), for: background)
      let gemini = try XCTUnwrap(grid.row(containing: "Gemini API Key"))
      let spotify = try XCTUnwrap(grid.row(containing: "Ticketmaster"), "not the selected row")
      let done = try XCTUnwrap(grid.style(of: "✓", inRow: gemini))
      let missing = try XCTUnwrap(grid.style(of: "✗", inRow: spotify))
      XCTAssertEqual(
        done, CellStyle(foreground: .green, attributes: [.bold]), "\(background): ✓ is bold green")
      XCTAssertEqual(
        grid.style(of: "not configured", inRow: spotify), CellStyle(foreground: .red, attributes: [.bold]),
        "\(background)")
      XCTAssertEqual(missing, CellStyle(foreground: .red, attributes: [.bold]), "\(background)")
      // Without colour the symbols and words still tell the states apart.
      XCTAssertTrue(grid.lines[gemini].contains("✓") && grid.lines[gemini].contains("configured"))
      XCTAssertTrue(grid.lines[spotify].contains("✗") && grid.lines[spotify].contains("not configured"))
    }
  }

  func testLightBackgroundHasNoYellowOrCyanAndDarkNoBlue() {
    var grid = Grid(width: 20, height: 1)
    grid.write("pending", row: 0, column: 0, style: Theme.pending)
    grid.write("link", row: 0, column: 8, style: Theme.link)
    grid.write("warn", row: 0, column: 13, style: Theme.warning)
    let light = Theme.adapted(grid, for: .light)
    let lightColors = Set(light.cells.map(\.style.foreground))
    XCTAssertFalse(lightColors.contains(.yellow), "yellow is unreadable on white")
    XCTAssertFalse(lightColors.contains(.cyan), "cyan is unreadable on white")
    XCTAssertEqual(light.style(of: "warn", inRow: 0), CellStyle(foreground: .magenta, attributes: [.bold]))
    XCTAssertEqual(light.style(of: "link", inRow: 0), CellStyle(foreground: .blue, attributes: [.underline]))
    let dark = Theme.adapted(grid, for: .dark)
    XCTAssertEqual(dark.style(of: "pending", inRow: 0), Theme.pending)
    XCTAssertEqual(dark.style(of: "link", inRow: 0), Theme.link)
  }

  func testRedOrGreenTextIsNeverThin() {
    for background in ThemeBackground.allCases {
      for color in [TerminalColor.red, .green] {
        XCTAssertTrue(
          Theme.adapted(CellStyle(foreground: color), for: background).attributes.contains(.bold), "\(color)")
      }
    }
  }

  func testBackgroundDetection() {
    XCTAssertEqual(ThemeBackground.detect(environment: [:]), .dark)
    XCTAssertEqual(ThemeBackground.detect(environment: ["COLORFGBG": "0;15"]), .light)
    XCTAssertEqual(ThemeBackground.detect(environment: ["COLORFGBG": "15;default;0"]), .dark)
    XCTAssertEqual(ThemeBackground.detect(environment: ["COLORFGBG": "0;7"]), .light)
    XCTAssertEqual(ThemeBackground.detect(environment: ["COLORFGBG": "0;15", "VIBES_THEME": "dark"]), .dark)
    XCTAssertEqual(ThemeBackground.detect(environment: ["VIBES_THEME": "LIGHT"]), .light)
  }
}
