import Foundation
import XCTest

/// vibes inside a real tmux, with a client attached on a pty that records what the terminal outside receives: when
/// tmux allows passthrough, vibes finds out by itself (it asks tmux at start) and its kitty query reaches the
/// terminal outside whole; when tmux does not, vibes sends no kitty sequence at all.
final class ArtworkTmuxEndToEndTests: XCTestCase {
  static let kittyQuery = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"

  override func setUpWithError() throws {
    for tool in ["/usr/bin/tmux", "/usr/bin/script"] where !FileManager.default.isExecutableFile(atPath: tool) {
      if ProcessInfo.processInfo.environment["VIBES_REQUIRE_TMUX"] == "1" {
        XCTFail("\(tool) is required (make test installs it)")
      }
      throw XCTSkip("\(tool) is missing")
    }
  }

  /// What the attached client's terminal received while vibes started in the pane.
  func outside(passthrough: Bool) throws -> (bytes: String, screen: String) {
    let harness = try VibesHarness()
    defer { harness.cleanUp() }
    let tmux = try Tmux(command: ["sleep", "600"], environment: ["PATH": "/usr/bin:/bin"])
    defer { tmux.kill() }
    try tmux.run(["set", "-g", "allow-passthrough", passthrough ? "on" : "off"])
    let socket = try tmux.run(["display", "-p", "#{socket_path}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    let log = harness.home.appendingPathComponent("client.log")
    let clientEnded = DispatchSemaphore(value: 0)
    let attach = "tmux -L \(tmux.socket) attach -t \(tmux.target)"
    DispatchQueue.global().async {
      _ = try? Spawn.run(
        ["/usr/bin/script", "-q", "-f", "-c", attach, log.path],
        environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "HOME": harness.home.path])
      clientEnded.signal()
    }
    Thread.sleep(forTimeInterval: 1)
    // vibes as a pane of this server sees it: TMUX names the server, the terminal outside is a kitty.
    let environment = harness.environment([
      "TMUX": "\(socket),1,0", "KITTY_WINDOW_ID": "1", "COLORTERM": "truecolor",
    ])
    let program =
      (["env", "-i"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + [
        VibesHarness.binary.path
      ]).map(Tmux.quote).joined(separator: " ")
    try tmux.run(["respawn-pane", "-k", "-t", tmux.target, program])
    let screen = tmux.waitFor("Feed")
    // The probe goes out after the first frame and tmux's answer takes a moment: give both time.
    Thread.sleep(forTimeInterval: 2)
    tmux.kill()
    _ = clientEnded.wait(timeout: .now() + 5)
    let bytes = (try? Data(contentsOf: log)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    return (bytes, screen)
  }

  func testTheKittyQueryReachesTheTerminalOutsideOnlyWhenTmuxAllowsIt() throws {
    let allowed = try outside(passthrough: true)
    XCTAssertTrue(
      allowed.bytes.contains("Feed"), "the client saw the pane: \(allowed.bytes.suffix(400).debugDescription)")
    XCTAssertTrue(allowed.bytes.contains(Self.kittyQuery), "passed through whole")
    let refused = try outside(passthrough: false)
    XCTAssertTrue(refused.bytes.contains("Feed"), "the client saw the pane")
    XCTAssertFalse(refused.bytes.contains("\u{1B}_G"), "no kitty sequence where tmux would drop it")
  }
}
