import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// Issue 15, item 8: q, Ctrl-C, SIGTERM, SIGHUP and a forced crash on three screens (Feed root, the App Store
/// Connect setup form with a private key pasted into its focused secret field, the Tracker form with a typed API
/// key). Afterwards the terminal is as a fresh one (stty, alternate screen left, bracketed paste off, cursor on)
/// and no secret is in the scrollback.
final class ExitPathEndToEndTests: EndToEndTestCase {
  let key = TestAppStoreConnectKey()
  static let trackerKey = "trk_live_SECRETSECRET0123456789"

  /// The termios of a fresh tmux pane, to compare with the pane vibes has left.
  /// Read once `sleep` runs: tmux sets the pane's modes (IUTF8 among them) in the child before it starts the
  /// shell, and a read before that sees the kernel's defaults (this made the comparison fail under load).
  func freshTermios() throws -> String {
    let reference = try Tmux(command: ["sleep", "30"], environment: [:])
    defer { reference.kill() }
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline,
      !ProcessTree.descendants(of: reference.panePID).contains(where: { ProcessTree.name(of: $0) == "sleep" })
    {
      usleep(20_000)
    }
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
        let (tmux, raw) = try startWatched("\(screen)-\(stop)")
        let secrets = open(screen, in: tmux)
        switch stop {
        case "q":
          if screen != .feed { tmux.send("Escape") }  // q is text while a field has the focus
          tmux.send("q")
        case "C-c": tmux.send("C-c")
        default:
          for pid in vibesProcesses(in: tmux) { kill(pid, stop == "TERM" ? SIGTERM : SIGHUP) }
        }
        tmux.waitForExit()
        try checkRestored(tmux, raw: raw, fresh: fresh, secrets: secrets, label: "\(screen) / \(stop)")
        tmux.kill()
      }
    }
  }

  /// A forced crash (the hidden test trigger: `fatalError` on the main thread when SIGUSR2 arrives) on each
  /// screen: the fatal-signal handler restores the terminal, and the process still dies of the trap's signal.
  /// The same trigger with `VIBES_TEST_CRASH_KIND=overflow` overflows the main thread's stack (SIGSEGV), which
  /// only a handler running on an alternate signal stack can survive long enough to restore anything; with
  /// `VIBES_TEST_CRASH_THREAD=input` the input thread overflows its own stack (it has its own alternate stack).
  /// Each crash leaves one line in the log and one on the pane after the screen is restored: the signal, the
  /// thread, the process id and the time.
  func testAForcedCrashOnEveryScreenRestoresTheTerminalAndLeavesNoSecret() throws {
    let fresh = try freshTermios()
    let cases =
      Screen.allCases.map { ($0, "trap", "main") } + [
        (Screen.appStoreConnectSetup, "overflow", "main"), (Screen.trackerForm, "overflow", "input"),
      ]
    let log = harness.stateDirectory.appendingPathComponent("vibes.log")
    for (index, (screen, kind, thread)) in cases.enumerated() {
      let hooks = [
        "VIBES_TEST_HOOKS": "1", "VIBES_TEST_CRASH_ON_SIGNAL": "USR2", "VIBES_TEST_CRASH_KIND": kind,
        "VIBES_TEST_CRASH_THREAD": thread,
      ]
      let (tmux, raw) = try startWatched("\(screen)-crash-\(kind)-\(thread)", environment: hooks)
      let secrets = open(screen, in: tmux)
      let pid = vibesProcesses(in: tmux)
      for pid in pid { kill(pid, SIGUSR2) }
      tmux.waitForExit()
      let label = "\(screen) / crash (\(kind) on \(thread))"
      let expected = kind == "trap" ? [SIGILL, SIGTRAP] : [SIGSEGV]
      let status = Int32(tmux.exitStatus ?? "") ?? -1
      XCTAssertTrue(
        expected.map { 128 + $0 }.contains(status), "\(label): died of signal \(status - 128), not \(expected)")
      try checkRestored(tmux, raw: raw, fresh: fresh, secrets: secrets, label: label)
      // The main queue (where the main actor and the trigger run) is drained by a libdispatch thread once the
      // async main parks the process's first thread, so "main" crashes on a thread named by libdispatch.
      let named = { (line: Substring) in
        thread == "input" ? line.contains(" on thread vibes-input (tid ") : !line.contains("vibes-input")
      }
      let names = expected.map { $0 == SIGSEGV ? "SIGSEGV" : $0 == SIGILL ? "SIGILL" : "SIGTRAP" }
      let process = pid.first.map { "process \($0)" } ?? "process"
      let logLines = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n")
        .filter { $0.contains(" critical vibes: crashed: ") }
      XCTAssertEqual(logLines.count, index + 1, "\(label): one crash line per crash in the log")
      XCTAssertTrue(
        logLines.last.map { line in
          names.contains { line.contains("crashed: \($0) on thread ") } && named(line) && line.hasSuffix(process)
        } == true, "\(label): the log's crash line names the signal, thread and process: \(logLines.last ?? "")")
      let pane = tmux.capture(history: true)
      let paneLine = pane.split(separator: "\n").first { $0.hasPrefix("vibes: crashed: ") }
      XCTAssertTrue(
        paneLine.map { line in names.contains { line.contains("crashed: \($0) on thread ") } && named(line) } == true,
        "\(label): the crash line is on the restored screen:\n\(pane)")
      tmux.kill()
    }
  }

  /// Starts vibes in a tmux pane whose raw output is copied to a file; returns the pane and the file.
  func startWatched(_ name: String, environment: [String: String] = [:]) throws -> (Tmux, URL) {
    let tmux = try startVibes(environment)
    let raw = harness.home.appendingPathComponent("raw-\(name)")
    _ = try tmux.run(["pipe-pane", "-t", tmux.target, "-o", "cat >> " + Tmux.quote(raw.path)])
    return (tmux, raw)
  }

  /// The one vibes process under the pane.
  func vibesProcesses(in tmux: Tmux, file: StaticString = #filePath, line: UInt = #line) -> [Int32] {
    let pids = ProcessTree.descendants(of: tmux.panePID).filter { ProcessTree.name(of: $0) == "vibes" }
    XCTAssertEqual(pids.count, 1, "one vibes under the pane", file: file, line: line)
    return pids
  }

  /// After vibes ended: alternate screen left, cursor on, `stty -g` as a fresh pane's, bracketed paste and the
  /// alternate screen switched off after they were last switched on, no secret in the scrollback.
  func checkRestored(_ tmux: Tmux, raw: URL, fresh: String, secrets: [String], label: String) throws {
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
  }
}
