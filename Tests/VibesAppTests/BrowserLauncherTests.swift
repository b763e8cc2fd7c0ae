import VibesApp
import XCTest

final class BrowserLauncherTests: XCTestCase {
  func testBrowserListWithPlaceholderThenXdgOpenWithADisplay() {
    let launcher = BrowserLauncher(environment: ["BROWSER": "firefox --new-tab %s:w3m", "DISPLAY": ":0"])
    XCTAssertEqual(
      launcher.commands(for: "https://x.test/a?b=1&c=2"),
      [
        ["firefox", "--new-tab", "https://x.test/a?b=1&c=2"], ["w3m", "https://x.test/a?b=1&c=2"],
        ["xdg-open", "https://x.test/a?b=1&c=2"],
      ])
  }

  func testNoDisplayMeansNoXdgOpen() {
    XCTAssertEqual(BrowserLauncher(environment: [:]).commands(for: "https://x.test"), [])
    XCTAssertEqual(
      BrowserLauncher(environment: ["WAYLAND_DISPLAY": "wayland-0"]).commands(for: "https://x.test"),
      [["xdg-open", "https://x.test"]])
  }
}
