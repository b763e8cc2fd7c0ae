import Foundation
import XCTest

@testable import VibesTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// SIGTERM while the main thread is stuck: the input thread's watchdog restores the terminal and exits.
final class SignalWatchdogPTYTests: XCTestCase {
  static let childVariable = "VIBES_WATCHDOG_CHILD"

  /// The child: opens a session, starts the input thread, then blocks the main thread and never reads events.
  @MainActor func testBusyChild() async throws {
    guard ProcessInfo.processInfo.environment[Self.childVariable] == "1" else {
      throw XCTSkip("runs only as the child process of testSigtermRestoresTheTerminalWhileTheMainThreadIsBusy")
    }
    let session = try TerminalSession(environment: ProcessInfo.processInfo.environment)
    let events = session.events()
    _ = events
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {}  // busy: SIGTERM is forwarded, but nobody acts on it
    exit(7)
  }

  func testSigtermRestoresTheTerminalWhileTheMainThreadIsBusy() throws {
    guard let pty = try? PseudoTerminal() else { throw XCTSkip("no pseudo-terminal available") }
    defer { pty.close() }
    let (master, slave) = (pty.master, pty.slave)
    var before = termios()
    XCTAssertEqual(tcgetattr(slave, &before), 0)
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)

    let process = try pty.start(
      test: "VibesTerminalTests.SignalWatchdogPTYTests/testBusyChild", environment: [Self.childVariable: "1"])

    var output: [UInt8] = []
    func drain() { pty.drain(into: &output) }
    let alternateOn = Array("\u{1B}[?1049h".utf8)
    let startDeadline = Date().addingTimeInterval(20)
    while Date() < startDeadline, !output.contains(alternateOn) {
      drain()
      usleep(20_000)
    }
    XCTAssertTrue(output.contains(alternateOn), "the child took the screen")
    var raw = termios()
    XCTAssertEqual(tcgetattr(slave, &raw), 0)
    XCTAssertEqual(raw.c_lflag & tcflag_t(ICANON), 0, "raw mode while running")
    usleep(200_000)  // the main thread is in its busy loop by now
    let mark = output.count

    let sent = Date()
    kill(process.processIdentifier, SIGTERM)
    let exitDeadline = Date().addingTimeInterval(6)
    while process.isRunning, Date() < exitDeadline {
      drain()
      usleep(20_000)
    }
    let waited = Date().timeIntervalSince(sent)
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      return XCTFail("the child ignored SIGTERM for \(waited) s while its main thread was busy")
    }
    drain()
    XCTAssertEqual(process.terminationReason, .exit)
    XCTAssertEqual(process.terminationStatus, 128 + SIGTERM)
    XCTAssertLessThan(waited, 4, "watchdog grace is about 1 s")
    XCTAssertTrue(Array(output[mark...]).contains(Array("\u{1B}[?1049l".utf8)), "alternate screen left")
    XCTAssertTrue(Array(output[mark...]).contains(Array("\u{1B}[?25h".utf8)), "cursor shown")
    var after = termios()
    XCTAssertEqual(tcgetattr(slave, &after), 0)
    XCTAssertEqual(after.c_lflag, before.c_lflag, "the shell's terminal modes are back")
  }
}

extension Array where Element == UInt8 {
  fileprivate func contains(_ needle: [UInt8]) -> Bool {
    guard needle.count <= count else { return false }
    for start in 0...(count - needle.count) where self[start..<start + needle.count].elementsEqual(needle) {
      return true
    }
    return false
  }
}
