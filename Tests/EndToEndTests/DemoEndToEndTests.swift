import Foundation
import XCTest

/// `vibes demo --script Docs/demo-script.txt` in a real terminal: the main screens appear (a playlist is
/// generated, saved to the demo Spotify and shown on the Feed), the tab bar says DEMO, the user's own home and XDG
/// folders stay empty, the temporary home is gone afterwards, and the process never holds a TCP connection to
/// anything but 127.0.0.1 (Google and Firebase included: the demo account, its friends and the song Jonas sends
/// during the tour come from the demo's own loopback Firebase).
final class DemoEndToEndTests: EndToEndTestCase {
  static var sampleScript: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Docs/demo-script.txt")
  }

  func testTheSampleScriptTouresTheAppWithoutTouchingTheUsersFoldersOrTheNetwork() throws {
    // The user's world: a sentinel home and XDG folders that must stay empty, and a private TMPDIR so the
    // demo's own temporary home can be found and checked gone.
    let sentinel = harness.home.appendingPathComponent("user")
    let temporary = harness.home.appendingPathComponent("tmp")
    let xdg = [
      "XDG_CONFIG_HOME": "config", "XDG_DATA_HOME": "data", "XDG_STATE_HOME": "state", "XDG_CACHE_HOME": "cache",
    ]
    for folder in [sentinel, temporary] + xdg.values.map({ sentinel.appendingPathComponent($0) }) {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    var environment = ["HOME": sentinel.path, "TMPDIR": temporary.path, "VIBES_SKIP_TUTORIAL": ""]
    for (variable, name) in xdg { environment[variable] = sentinel.appendingPathComponent(name).path }
    // Anything that leaks past the demo's own settings would point here and fail loudly.
    environment["VIBES_GEMINI_API_URL"] = "https://generativelanguage.googleapis.com"
    environment["VIBES_FIRESTORE_URL"] = "https://firestore.googleapis.com"
    environment["VIBES_FIREBASE_TOKEN_URL"] = "https://securetoken.googleapis.com"
    // At 2x: the script's pauses and the friends' moments (counted from the script's first step) both half as long,
    // a minute instead of two. The tour's order does not change, and every screen below must still appear.
    let tmux = try startVibes(environment, arguments: ["demo", "--script", Self.sampleScript.path, "--speed", "2"])

    var remotes: [String] = []
    var sockets = 0
    var seen: [String] = []
    let wanted = [
      "Welcome to vibes", "connected as Demo Listener", "Gemini API Key saved", "8 upcoming events in Berlin",
      "vibes Companion", "SDK initialized", "Midnight City", "Name Neon Night Drive", "Saved to Spotify",
      "You created Neon Night Drive", "Top artists", "Signed in as @demo_listener", "Suggested for you",
      "followed by @aisha and @mika", "You now follow @sam_r", "Mika Tanaka", "Synths after midnight",
      "Portishead live in '98", "@jonas_w", "For your night-drive playlist",
    ]
    let deadline = Date().addingTimeInterval(120)
    var demoMarked = false
    while Date() < deadline, tmux.exitStatus == nil {
      let screen = tmux.capture()
      if screen.split(separator: "\n").first?.contains("DEMO") == true { demoMarked = true }
      for text in wanted where !seen.contains(text) && screen.contains(text) { seen.append(text) }
      for pid in ProcessTree.descendants(of: tmux.panePID) {
        let all = LoopbackConnections.remotes(of: pid)
        sockets += all.count
        remotes += LoopbackConnections.nonLoopbackRemotes(of: pid)
      }
      usleep(100_000)
    }
    XCTAssertEqual(tmux.exitStatus, "0", "the script ends with q:\n\(tmux.capture())")
    XCTAssertTrue(demoMarked, "the tab bar shows DEMO")
    XCTAssertEqual(Set(seen), Set(wanted), "screens seen: \(seen)")
    XCTAssertGreaterThan(sockets, 0, "the check saw the demo's own sockets (the fakes listen in-process)")
    XCTAssertEqual(remotes, [], "only loopback connections")
    for folder in [sentinel] + xdg.values.map({ sentinel.appendingPathComponent($0) }) {
      let contents = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? ["unreadable"]
      XCTAssertEqual(contents.filter { !xdg.values.contains($0) }, [], "\(folder.path) untouched")
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [], "the demo home is gone")
  }

  func testTheDemoShowsTheMarkAndQuitsCleanlyWithoutAScript() throws {
    let temporary = harness.home.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let tmux = try startVibes(["TMPDIR": temporary.path], arguments: ["demo"], width: 60, height: 20)
    let screen = tmux.waitFor("Welcome to vibes")
    XCTAssertTrue(screen.split(separator: "\n").first?.contains("DEMO") == true, screen)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path).count, 1, "one demo home")
    tmux.send("C-c")
    tmux.waitForExit()
    XCTAssertEqual(tmux.exitStatus, "0")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [], "deleted on exit")
  }

  func testASpeedOutsideItsRangeIsRefusedBeforeAnythingStarts() throws {
    let temporary = harness.home.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    for speed in ["0", "-2", "11", "nan", "fast"] {
      let result = try CLIRun.run(
        ["demo", "--speed", speed], environment: harness.environment(["TMPDIR": temporary.path]))
      XCTAssertEqual(result.status, 64, "\(speed): \(result.all)")
      XCTAssertTrue(result.stderr.contains("--speed"), "\(speed): \(result.all)")
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [], "no demo home made")
  }

  func testTheConnectionCheckTellsLoopbackFromTheRest() {
    for hex in [
      "0100007F", "0500007F", "00000000", "00000000000000000000000001000000", "0000000000000000FFFF00000100007F",
    ] {
      XCTAssertTrue(LoopbackConnections.isLoopbackOrUnset(hex: hex), hex)
    }
    for hex in ["08080808", "0A00000A", "0000000000000000FFFF000008080808", "B80D0120000000000000000001000000"] {
      XCTAssertFalse(LoopbackConnections.isLoopbackOrUnset(hex: hex), hex)
    }
  }
}
