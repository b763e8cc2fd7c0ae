import Foundation
import VibesStorage
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

  /// The environment tmux and `script` get: the runner's, as a shell would pass it on, with a known TERM and no
  /// outer tmux.
  private var environment: ChildEnvironment {
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm-256color"
    environment.removeValue(forKey: "TMUX")
    return .exactly(environment)
  }

  /// Runs `tool` to its end the one way vibes starts children (`SpawnedChild`: posix_spawn, not Foundation's
  /// Process, whose exit watch the tmux server that `new-session` forks would hold open; see
  /// EndToEndTests/Spawn.swift).
  private func run(_ tool: String, _ arguments: [String]) throws {
    try SpawnedChild.run(tool, arguments: arguments, environment: environment, timeout: 60)
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
    let client = try SpawnedChild.start(
      "/usr/bin/script", arguments: ["-q", "-f", "-c", "tmux -L \(socketName) attach -t s", log],
      environment: environment)
    defer {
      if client.isRunning {
        client.send(SIGKILL)
        client.wait()
      }
    }
    Thread.sleep(forTimeInterval: 1)
    try run(tmux, ["-L", socketName, "respawn-pane", "-k", "-t", "s", "cat '\(file)'; sleep 60"])
    Thread.sleep(forTimeInterval: 1.5)
    try run(tmux, ["-L", socketName, "kill-server"])
    // The client ends with the server; give `script` a moment to write its last bytes.
    client.wait(timeout: 3)
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
