import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let tabBar = Driver.Exhaustivity.nonExhaustive(because: "checks only the tab bar mark")

final class DemoMarkTests: XCTestCase {
  func testTheTabBarSaysDemoOnlyInDemoModeAndKeepsEveryTab() {
    for (width, height) in [(80, 24), (60, 20)] {
      var screen = Driver.screen(tabBar, width: width, height: height)
      XCTAssertFalse(screen.render().lines[0].contains("DEMO"))
      screen.state.isDemo = true
      let grid = screen.render()
      let bar = grid.lines[0]
      XCTAssertTrue(bar.contains(" DEMO "), bar)
      XCTAssertTrue(bar.contains("1 Feed"), bar)
      let column = bar.distance(from: bar.startIndex, to: bar.range(of: "DEMO")!.lowerBound)
      XCTAssertEqual(grid[0, column].style.attributes.contains(.reverse), true, "the mark stands out")
    }
  }
}
