import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// The running `vibes` has core dumps off: RLIMIT_CORE 0 (seen in /proc/PID/limits) and not dumpable
/// (its /proc/PID files then belong to root, the kernel's sign of PR_SET_DUMPABLE 0 for a non-root user).
final class ProcessHardeningEndToEndTests: EndToEndTestCase {
  func testTheRunningAppCannotDumpCore() throws {
    let tmux = try startVibes()
    tmux.waitFor("Setup · 0/3")
    let pids = ProcessTree.descendants(of: tmux.panePID).filter { ProcessTree.name(of: $0) == "vibes" }
    let pid = try XCTUnwrap(pids.first, "one vibes under the pane")
    let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
    let core = try XCTUnwrap(limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") })
    let values = core.split(separator: " ", omittingEmptySubsequences: true)
    XCTAssertEqual(Array(values.suffix(3)), ["0", "0", "bytes"], String(core))
    // The tmux pane's shell (started without the hardening) keeps its ordinary limit: the check can fail.
    let shellLimits = try String(contentsOfFile: "/proc/\(tmux.panePID)/limits", encoding: .utf8)
    let shellCore = shellLimits.split(separator: "\n").first { $0.hasPrefix("Max core file size") }
    if shellCore.map({ Array($0.split(separator: " ", omittingEmptySubsequences: true).suffix(3)) })
      != ["0", "0", "bytes"]
    {
      XCTAssertNotEqual(shellCore, core)
    }
  }
}
