import Foundation
import XCTest

@testable import VibesGraphics

#if canImport(Glibc)
  import Glibc
#endif

/// The encoders' bytes through a real tmux with an attached client on a pty (`script` records what the client
/// terminal receives): with `allow-passthrough on` the unwrapped kitty and sixel sequences arrive whole; with it
/// off (tmux's default) nothing of them does.
final class TmuxPassthroughTests: XCTestCase {
  private var directory: URL!
  private let socketName = "vibes-passthrough-\(getpid())"

  override func setUpWithError() throws {
    for tool in ["/usr/bin/tmux", "/usr/bin/script"] where !FileManager.default.isExecutableFile(atPath: tool) {
      if ProcessInfo.processInfo.environment["VIBES_REQUIRE_TMUX"] == "1" {
        XCTFail("\(tool) is required (make test installs it)")
      }
      throw XCTSkip("\(tool) is missing")
    }
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-pt-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDown() {
    _ = try? run("/usr/bin/tmux", ["-L", socketName, "kill-server"])
    if let directory { try? FileManager.default.removeItem(at: directory) }
  }

  /// posix_spawn, not Foundation's Process: the tmux server that `new-session` forks would keep the socket
  /// Process watches for the exit, and `waitUntilExit` would never return (see EndToEndTests/Spawn.swift).
  @discardableResult
  private func run(_ tool: String, _ arguments: [String], wait: Bool = true) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm-256color"
    environment.removeValue(forKey: "TMUX")
    let cArgs = ([tool] + arguments).map { strdup($0) } + [nil]
    let cEnv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for argument in cArgs { free(argument) }
      for variable in cEnv { free(variable) }
    }
    // Not this (pool) thread's blocked signals: a tmux server with SIGCHLD blocked never reaps its panes.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var emptyMask = sigset_t()
    sigemptyset(&emptyMask)
    posix_spawnattr_setsigmask(&attributes, &emptyMask)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGCHLD, SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGWINCH] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, tool, &actions, &attributes, cArgs, cEnv)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    if wait {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
    return pid
  }

  /// What an attached tmux client's terminal received while a pane printed `payload`.
  private func clientBytes(for payload: [UInt8], passthrough: Bool) throws -> [UInt8] {
    let file = directory.appendingPathComponent("payload-\(passthrough)").path
    let log = directory.appendingPathComponent("client-\(passthrough).log").path
    try Data(payload).write(to: URL(fileURLWithPath: file))
    let tmux = "/usr/bin/tmux"
    try run(
      tmux, ["-L", socketName, "-f", "/dev/null", "new-session", "-d", "-s", "s", "-x", "80", "-y", "24", "sleep 60"])
    try run(tmux, ["-L", socketName, "set", "-g", "allow-passthrough", passthrough ? "on" : "off"])
    let client = try run(
      "/usr/bin/script", ["-q", "-f", "-c", "tmux -L \(socketName) attach -t s", log], wait: false)
    defer {
      var status: Int32 = 0
      if waitpid(client, &status, WNOHANG) == 0 {
        kill(client, SIGKILL)
        waitpid(client, &status, 0)
      }
    }
    Thread.sleep(forTimeInterval: 1)
    try run(tmux, ["-L", socketName, "respawn-pane", "-k", "-t", "s", "cat '\(file)'; sleep 60"])
    Thread.sleep(forTimeInterval: 1.5)
    try run(tmux, ["-L", socketName, "kill-server"])
    // The client ends with the server; give `script` a moment to write its last bytes.
    var status: Int32 = 0
    let deadline = Date().addingTimeInterval(3)
    while waitpid(client, &status, WNOHANG) == 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    return [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: log))) ?? Data())
  }

  private func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty, haystack.count >= needle.count else { return false }
    return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle }
  }

  func testWrappedSequencesPassOnlyWhenTmuxAllowsIt() throws {
    let red = RGBImage(width: 2, height: 6, pixels: Array(repeating: [255, 0, 0], count: 12).flatMap { $0 })!
    let kitty = KittyGraphics.transmitAndShow(red, id: 77, columns: 1, rows: 1)
    let sixel = SixelEncoder.encode(red)
    let payload = TmuxPassthrough.wrap(kitty) + TmuxPassthrough.wrap(sixel) + Array("done\r\n".utf8)

    let allowed = try clientBytes(for: payload, passthrough: true)
    XCTAssertTrue(contains(allowed, Array("done".utf8)), "the client saw the pane")
    XCTAssertTrue(contains(allowed, kitty), "the kitty sequence arrives whole")
    XCTAssertTrue(contains(allowed, sixel), "the sixel sequence arrives whole")

    _ = try? run("/usr/bin/tmux", ["-L", socketName, "kill-server"])
    let refused = try clientBytes(for: payload, passthrough: false)
    XCTAssertTrue(contains(refused, Array("done".utf8)), "the client saw the pane")
    XCTAssertFalse(contains(refused, Array("\u{1B}_G".utf8)), "no kitty sequence without passthrough")
    XCTAssertFalse(contains(refused, Array("\u{1B}P0;1;0q".utf8)), "no sixel without passthrough")
  }
}
