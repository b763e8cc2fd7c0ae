import Foundation
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

  /// The browser is the user's program: it gets the user's variables (here a proxy and one only its script knows)
  /// but none of vibes' own, where keys live.
  func testTheBrowserSeesTheUsersVariablesButNoVibesOne() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("browser-env-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appendingPathComponent("browser.sh")
    let out = folder.appendingPathComponent("env.txt")
    try "#!/bin/sh\nenv > \"$OUT_FILE.tmp\" && mv \"$OUT_FILE.tmp\" \"$OUT_FILE\"\n".write(
      to: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
    let launcher = BrowserLauncher(environment: [
      "BROWSER": script.path, "PATH": "/usr/bin:/bin", "OUT_FILE": out.path, "https_proxy": "http://proxy.test:3128",
      "VIBES_GEMINI_API_KEY": "AIza-secret-value", "VIBES_TEST_HOOKS": "1",
    ])
    XCTAssertTrue(launcher.open("https://x.test/"))
    let deadline = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: out.path), Date() < deadline { usleep(20_000) }
    let seen = try String(contentsOf: out, encoding: .utf8)
    XCTAssertTrue(seen.contains("https_proxy=http://proxy.test:3128"), seen)
    XCTAssertTrue(seen.contains("OUT_FILE="), seen)
    XCTAssertFalse(seen.contains("VIBES_"), seen)
    XCTAssertFalse(seen.contains("AIza-secret-value"), seen)
  }

  func testNoDisplayMeansNoXdgOpen() {
    XCTAssertEqual(BrowserLauncher(environment: [:]).commands(for: "https://x.test"), [])
    XCTAssertEqual(
      BrowserLauncher(environment: ["WAYLAND_DISPLAY": "wayland-0"]).commands(for: "https://x.test"),
      [["xdg-open", "https://x.test"]])
  }
}
