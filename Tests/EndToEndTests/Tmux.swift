import Foundation
import XCTest

/// Drives a program in a detached tmux session on a private socket: keys in (send-keys),
/// screen out (capture-pane). Every capture is kept so tests can scan them all for secrets.
final class Tmux: @unchecked Sendable {
  let socket = "vibes-e2e-\(UUID().uuidString.prefix(8))"
  let target = "e2e"
  private(set) var captures: [String] = []

  static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") }

  /// Starts `command` (argv, run through `env -i` so the environment is exactly `environment`) under a
  /// shell that prints its exit status when it ends. tmux's own pane status proved unreliable here (a
  /// dead pane's process sometimes stays unreaped), while the shell's `wait` never is.
  init(command: [String], environment: [String: String], width: Int = 80, height: Int = 24) throws {
    let envArgs = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let program = (["env", "-i"] + envArgs + command).map(Tmux.quote).joined(separator: " ")
    let shellCommand = "\(program); echo \"\(Tmux.exitMarker)$?]\"; sleep 600"
    try run(["-f", "/dev/null", "new-session", "-d", "-s", target, "-x", "\(width)", "-y", "\(height)", shellCommand])
  }

  static let exitMarker = "[program exited "

  static func quote(_ argument: String) -> String {
    "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  @discardableResult
  func run(_ arguments: [String]) throws -> String {
    let environment = ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "HOME": NSTemporaryDirectory()]
    return try Spawn.run(["/usr/bin/tmux", "-L", socket] + arguments, environment: environment).output
  }

  /// Keys in tmux's names ("Enter", "Escape", "C-s", "Down", "BTab") or literal text with `literal: true`.
  func send(_ keys: String..., literal: Bool = false) {
    _ = try? run(["send-keys", "-t", target] + (literal ? ["-l"] : []) + keys)
  }

  func type(_ text: String) { send(text, literal: true) }

  /// A bracketed paste, as a terminal delivers one when the app enabled bracketed paste mode.
  func paste(_ text: String) {
    let buffer = "b\(UUID().uuidString.prefix(6))"
    _ = try? run(["set-buffer", "-b", buffer, text])
    _ = try? run(["paste-buffer", "-p", "-d", "-b", buffer, "-t", target])
  }

  /// The visible screen; with `history`, the scrollback above it too (a dead pane's message can push
  /// the first lines of a short-lived program's output there).
  func capture(history: Bool = false) -> String {
    let text = (try? run(["capture-pane", "-p", "-t", target] + (history ? ["-S", "-"] : []))) ?? ""
    captures.append(text)
    return text
  }

  /// Waits until the screen contains `text`; fails the test with the last screen otherwise.
  @discardableResult
  func waitFor(
    _ text: String, timeout: TimeInterval = 10, history: Bool = false, file: StaticString = #filePath,
    line: UInt = #line
  ) -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = ""
    while Date() < deadline {
      screen = capture(history: history)
      if screen.contains(text) { return screen }
      usleep(50_000)
    }
    XCTFail("timed out waiting for \(text.debugDescription); screen:\n\(screen)", file: file, line: line)
    return screen
  }

  /// Waits until the screen no longer contains `text`.
  func waitForAbsence(_ text: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = ""
    while Date() < deadline {
      screen = capture()
      if !screen.contains(text) { return }
      usleep(50_000)
    }
    XCTFail("timed out waiting for \(text.debugDescription) to go; screen:\n\(screen)", file: file, line: line)
  }

  func format(_ expression: String) -> String {
    ((try? run(["display-message", "-p", "-t", target, expression])) ?? "")
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The program's exit status once it has ended, else nil.
  var exitStatus: String? {
    let screen = capture(history: true)
    guard let range = screen.range(of: Tmux.exitMarker) else { return nil }
    return String(screen[range.upperBound...].prefix { $0 != "]" })
  }

  func waitForExit(timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if exitStatus != nil { return }
      usleep(50_000)
    }
    XCTFail("the program did not exit; screen:\n\(capture())", file: file, line: line)
  }

  func resize(width: Int, height: Int) {
    _ = try? run(["resize-window", "-t", target, "-x", "\(width)", "-y", "\(height)"])
  }

  var panePID: Int32 { Int32(format("#{pane_pid}")) ?? 0 }

  func kill() { _ = try? run(["kill-server"]) }

  deinit { kill() }
}
