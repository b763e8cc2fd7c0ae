import Foundation
import VibesStorage
import XCTest

@testable import VibesApp

#if canImport(Glibc)
  import Glibc
#endif

/// Asking a real tmux server whether it passes pictures through (`allow-passthrough` on, off, all), the
/// `VIBES_TMUX_PASSTHROUGH` override, and what the tmux child may see of the environment.
final class TmuxPassthroughCheckTests: XCTestCase {
  private var directory: URL!
  private var socket: String { directory.appendingPathComponent("s").path }

  override func setUpWithError() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
      if ProcessInfo.processInfo.environment["VIBES_REQUIRE_TMUX"] == "1" {
        XCTFail("/usr/bin/tmux is required (make test installs it)")
      }
      throw XCTSkip("/usr/bin/tmux is missing")
    }
    // Short: a unix socket path has a 107-byte limit.
    directory = URL(fileURLWithPath: "/tmp/vibes-tpc-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDown() {
    if let directory {
      _ = try? run(["-S", socket, "kill-server"])
      try? FileManager.default.removeItem(at: directory)
    }
  }

  /// tmux started the one way vibes starts children (`SpawnedChild`: stdio on /dev/null, no blocked signal; Foundation's
  /// Process would wait for the server `new-session` forks, see EndToEndTests/Spawn.swift); its shell status.
  @discardableResult
  private func run(_ arguments: [String]) throws -> Int32 {
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm-256color"
    environment.removeValue(forKey: "TMUX")
    let child = try SpawnedChild.start("/usr/bin/tmux", arguments: arguments, environment: .exactly(environment))
    guard let exit = child.wait(timeout: 20) else {
      child.stop()
      throw POSIXError(.ETIMEDOUT)
    }
    return exit.shellStatus
  }

  /// A pane's environment inside this test's tmux server.
  private func inside(_ extra: [String: String] = [:]) -> [String: String] {
    var environment = [
      "TMUX": "\(socket),1,0", "TERM": "tmux-256color", "PATH": "/usr/bin:/bin", "HOME": directory.path,
    ]
    for (key, value) in extra { environment[key] = value }
    return environment
  }

  func testTmuxIsAskedWhetherItPassesPicturesThrough() throws {
    try run(["-S", socket, "-f", "/dev/null", "new-session", "-d", "-s", "s", "-x", "80", "-y", "24", "sleep 60"])
    try run(["-S", socket, "set", "-g", "allow-passthrough", "on"])
    XCTAssertEqual(TmuxPassthroughCheck.allowed(environment: inside()), true)
    try run(["-S", socket, "set", "-g", "allow-passthrough", "all"])
    XCTAssertEqual(TmuxPassthroughCheck.allowed(environment: inside()), true)
    try run(["-S", socket, "set", "-g", "allow-passthrough", "off"])
    XCTAssertEqual(TmuxPassthroughCheck.allowed(environment: inside()), false)
    // The variable decides without asking.
    XCTAssertEqual(TmuxPassthroughCheck.allowed(environment: inside(["VIBES_TMUX_PASSTHROUGH": "1"])), true)
    try run(["-S", socket, "set", "-g", "allow-passthrough", "on"])
    XCTAssertEqual(TmuxPassthroughCheck.allowed(environment: inside(["VIBES_TMUX_PASSTHROUGH": "0"])), false)
  }

  func testNoServerOrNoTmuxMeansNoPassthroughAndOutsideTmuxNothingIsAsked() throws {
    let started = ContinuousClock.now
    XCTAssertEqual(TmuxPassthroughCheck.allowed(environment: inside()), false, "no server at that socket")
    XCTAssertEqual(TmuxPassthroughCheck.allowed(environment: inside(["PATH": directory.path])), false, "no tmux")
    XCTAssertLessThan(ContinuousClock.now - started, .seconds(3), "bounded")
    XCTAssertNil(TmuxPassthroughCheck.allowed(environment: ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin"]))
  }

  func testTheTmuxChildSeesNoSecretAndNoVibesVariable() {
    let child = TmuxPassthroughCheck.childEnvironment(
      inside([
        "VIBES_TMUX_PASSTHROUGH": "", "VIBES_GEMINI_API_KEY": "sk-secret", "SPOTIFY_CLIENT_SECRET": "s3cret",
        "GITHUB_TOKEN": "ghp_x", "TMUX_TMPDIR": "/tmp",
      ]))
    XCTAssertEqual(Set(child.variables.keys), ["TMUX", "PATH", "HOME", "TMUX_TMPDIR"], "TERM is not needed either")
    XCTAssertFalse(child.variables.values.contains { $0.contains("secret") || $0.contains("ghp_") })
    XCTAssertTrue(TmuxPassthroughCheck.parse(Data("on\n".utf8)))
    XCTAssertFalse(TmuxPassthroughCheck.parse(Data("off\n".utf8)))
    XCTAssertFalse(TmuxPassthroughCheck.parse(Data("".utf8)))
  }
}
