import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// Issue 15, item 8: q, Ctrl-C, SIGTERM and SIGHUP on three screens (Feed root, the App Store Connect setup form
/// with a private key pasted into its focused secret field, the Tracker form with a typed API key). Afterwards the
/// terminal is as a fresh one (stty, alternate screen left, bracketed paste off, cursor on) and no secret is in
/// the scrollback.
final class ExitPathEndToEndTests: XCTestCase {
  var harness: VibesHarness!
  var sessions: [Tmux] = []
  let key = TestAppStoreConnectKey()
  static let trackerKey = "trk_live_SECRETSECRET0123456789"

  override func setUp() async throws {
    try requireTmux()
    harness = try VibesHarness()
  }

  override func tearDown() async throws {
    for session in sessions { session.kill() }
    harness?.cleanUp()
  }

  /// The termios of a fresh tmux pane, to compare with the pane vibes has left.
  func freshTermios() throws -> String {
    let reference = try Tmux(command: ["sleep", "30"], environment: [:])
    defer { reference.kill() }
    return try Spawn.run(["/bin/stty", "-g", "-F", reference.format("#{pane_tty}")], environment: [:]).output
  }

  enum Screen: CaseIterable { case feed, appStoreConnectSetup, trackerForm }

  /// Opens `screen`; returns the secrets typed there.
  func open(_ screen: Screen, in tmux: Tmux) -> [String] {
    tmux.waitFor("Setup · 0/3")
    switch screen {
    case .feed:
      return []
    case .appStoreConnectSetup:
      tmux.send(TabID.appStoreConnect.key)
      tmux.waitFor("Connect App Store Connect")
      tmux.send("Tab")
      tmux.type("57246542-96fe-1a63-e053-0824d011072a")
      tmux.send("Tab")
      tmux.type("2X9R4HXF34")
      tmux.send("Tab")
      tmux.paste(key.appleShapedPEM.split(separator: "\n").map { " \($0) " }.joined(separator: "\r\n"))
      tmux.waitFor("Private key loaded")
      return key.allBodyLines.map { String($0.prefix(16)) }
    case .trackerForm:
      tmux.send(TabID.tracker.key)
      tmux.waitFor("Tracking SDK · configuration")
      tmux.send("Tab")
      tmux.type(Self.trackerKey)
      return [Self.trackerKey, String(Self.trackerKey.suffix(12))]
    }
  }

  func testEveryExitPathOnEveryScreenRestoresTheTerminalAndLeavesNoSecret() throws {
    let fresh = try freshTermios()
    for screen in Screen.allCases {
      for stop in ["q", "C-c", "TERM", "HUP"] {
        let tmux = try harness.start()
        sessions.append(tmux)
        let raw = harness.home.appendingPathComponent("raw-\(screen)-\(stop)")
        _ = try tmux.run(["pipe-pane", "-t", tmux.target, "-o", "cat >> " + Tmux.quote(raw.path)])
        let secrets = open(screen, in: tmux)
        switch stop {
        case "q":
          if screen != .feed { tmux.send("Escape") }  // q is text while a field has the focus
          tmux.send("q")
        case "C-c": tmux.send("C-c")
        default:
          let pids = ProcessTree.descendants(of: tmux.panePID).filter { ProcessTree.name(of: $0) == "vibes" }
          XCTAssertEqual(pids.count, 1, "one vibes under the pane")
          for pid in pids { kill(pid, stop == "TERM" ? SIGTERM : SIGHUP) }
        }
        tmux.waitForExit()
        let label = "\(screen) / \(stop)"
        XCTAssertEqual(tmux.format("#{alternate_on}"), "0", "\(label): the alternate screen is left")
        XCTAssertEqual(tmux.format("#{cursor_flag}"), "1", "\(label): the cursor is visible")
        let termios = try Spawn.run(["/bin/stty", "-g", "-F", tmux.format("#{pane_tty}")], environment: [:]).output
        XCTAssertEqual(termios, fresh, "\(label): stty settings restored")
        _ = try tmux.run(["pipe-pane", "-t", tmux.target])
        let output = String(decoding: (try? Data(contentsOf: raw)) ?? Data(), as: UTF8.self)
        for (on, off, name) in [
          ("\u{1b}[?2004h", "\u{1b}[?2004l", "bracketed paste"), ("\u{1b}[?1049h", "\u{1b}[?1049l", "alternate screen"),
        ] {
          if let lastOn = output.range(of: on, options: .backwards) {
            XCTAssertNotNil(
              output.range(of: off, range: lastOn.upperBound..<output.endIndex), "\(label): \(name) left on")
          }
        }
        let scrollback = tmux.capture(history: true)
        for secret in secrets {
          XCTAssertFalse(scrollback.contains(secret), "\(label): a secret stayed in the scrollback")
        }
        tmux.kill()
      }
    }
  }
}
