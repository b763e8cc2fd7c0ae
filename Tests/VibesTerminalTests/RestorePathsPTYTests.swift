import CCurses
import Foundation
import XCTest

@testable import VibesTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// Every path that restores the terminal without ncurses (the signal watchdog, the crash handler on any thread,
/// two threads crashing at once) writes the same bytes from the one restore state, once. Each case runs this test
/// binary again as a child on a pseudo-terminal (stdin/stdout) with stderr on a pipe, so the bytes the child
/// writes to the terminal after its UI is up are exactly what the restore path wrote.
final class RestorePathsPTYTests: XCTestCase {
  static let modeVariable = "VIBES_RESTORE_CHILD"
  static let logVariable = "VIBES_RESTORE_CHILD_LOG"

  /// The child: a terminal session with its input thread, then the crash (or busy wait) `VIBES_RESTORE_CHILD` asks
  /// for.
  @MainActor func testChild() async throws {
    let environment = ProcessInfo.processInfo.environment
    guard let mode = environment[Self.modeVariable] else {
      throw XCTSkip("runs only as the child process of the other RestorePathsPTYTests")
    }
    if let log = environment[Self.logVariable] { CrashLog.open(path: log) }
    let session = try TerminalSession(environment: environment)
    let events = session.events()
    _ = events
    usleep(300_000)  // the input thread runs
    switch mode {
    case "input-overflow", "input-trap":
      TestCrashTrigger.arm(environment: environment)
      kill(getpid(), SIGUSR2)
    case "main-fault":
      Self.crashHere()
    case "two-threads":
      Self.crashTwoThreadsAtOnce()
    default:
      break  // "watchdog": busy below, SIGTERM is forwarded but nobody acts on it
    }
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {}
    exit(7)
  }

  @inline(never) static func crashHere() {
    let address = UnsafeMutablePointer<Int>(bitPattern: 0x10)
    address?.pointee = 1
  }

  /// Two threads released together, each writing through a bad pointer: two SIGSEGVs within microseconds.
  static func crashTwoThreadsAtOnce() {
    // Never freed: the process dies of the faults.
    let barrier = UnsafeMutablePointer<pthread_barrier_t>.allocate(capacity: 1)
    pthread_barrier_init(barrier, nil, 3)
    for _ in 0..<2 {
      var thread = pthread_t()
      _ = pthread_create(
        &thread, nil,
        { raw in
          pthread_barrier_wait(raw!.assumingMemoryBound(to: pthread_barrier_t.self))
          RestorePathsPTYTests.crashHere()
          return nil
        }, barrier)
    }
    pthread_barrier_wait(barrier)
  }

  struct ChildRun {
    var terminalBytesAfterUI: [UInt8]
    var stderr: String
    var reason: Process.TerminationReason
    var status: Int32
    var modesRestored: Bool
  }

  /// Runs the child in `mode` on a fresh pty; `stop` is called once its UI is up (e.g. to send SIGTERM).
  func runChild(_ mode: String, extra: [String: String] = [:], stop: (Int32) -> Void = { _ in }) throws -> ChildRun {
    guard let pty = try? PseudoTerminal() else { throw XCTSkip("no pseudo-terminal available") }
    defer { pty.close() }
    let (master, slave) = (pty.master, pty.slave)
    var before = termios()
    XCTAssertEqual(tcgetattr(slave, &before), 0)
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)

    var environment: [String: String?] = [Self.modeVariable: mode]
    for (key, value) in extra { environment[key] = value }
    let errors = Pipe()
    let process = try pty.start(
      test: "VibesTerminalTests.RestorePathsPTYTests/testChild", environment: environment, stderr: errors)

    var output: [UInt8] = []
    func drain() { pty.drain(into: &output) }
    // The UI is up once bracketed paste is switched on (the last thing TerminalSession.init writes).
    let pasteOn = Array("\u{1B}[?2004h".utf8)
    let startDeadline = Date().addingTimeInterval(20)
    var mark: Int?
    while Date() < startDeadline, process.isRunning || mark == nil {
      drain()
      if mark == nil, let end = output.endIndex(of: pasteOn) {
        mark = end
        stop(process.processIdentifier)
      }
      if !process.isRunning { break }
      usleep(10_000)
    }
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      XCTFail("\(mode): the child did not end")
    }
    process.waitUntilExit()
    drain()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    var after = termios()
    XCTAssertEqual(tcgetattr(slave, &after), 0)
    return ChildRun(
      terminalBytesAfterUI: mark.map { Array(output[$0...]) } ?? [], stderr: stderr,
      reason: process.terminationReason, status: process.terminationStatus,
      modesRestored: after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag
        && after.c_oflag == before.c_oflag)
  }

  func testTheWatchdogAndTheCrashHandlerWriteExactlyTheSameBytes() throws {
    let watchdog = try runChild("watchdog") { pid in
      usleep(400_000)
      kill(pid, SIGTERM)
    }
    XCTAssertEqual(watchdog.reason, .exit)
    XCTAssertEqual(watchdog.status, 128 + SIGTERM)
    let crash = try runChild("main-fault")
    XCTAssertEqual(crash.reason, .uncaughtSignal)
    XCTAssertEqual(crash.status, SIGSEGV)

    let expected = Array("\u{1B}[0m\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l".utf8)
    XCTAssertEqual(TerminalRestoreState.sequence, expected)
    XCTAssertEqual(SignalWatchdog.restoreSequence, expected)
    XCTAssertEqual(watchdog.terminalBytesAfterUI, expected, "the watchdog wrote the restore bytes, once")
    XCTAssertEqual(crash.terminalBytesAfterUI, watchdog.terminalBytesAfterUI, "both paths wrote the same bytes")
    XCTAssertTrue(watchdog.modesRestored, "the watchdog put the shell's modes back")
    XCTAssertTrue(crash.modesRestored, "the crash handler put the shell's modes back")
    XCTAssertFalse(watchdog.stderr.contains("crashed"), "SIGTERM is not a crash")
    XCTAssertTrue(crash.stderr.contains("vibes: crashed: SIGSEGV on thread main (tid "), crash.stderr)
  }

  /// The input thread overflows its stack: only its own alternate signal stack lets the handler run.
  func testAStackOverflowOnTheInputThreadRestoresTheTerminalAndLogsOneLine() throws {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-crash-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: log) }
    let run = try runChild(
      "input-overflow",
      extra: [
        Self.logVariable: log.path, "VIBES_TEST_HOOKS": "1", "VIBES_TEST_CRASH_ON_SIGNAL": "USR2",
        "VIBES_TEST_CRASH_KIND": "overflow", "VIBES_TEST_CRASH_THREAD": "input",
      ])
    XCTAssertEqual(run.reason, .uncaughtSignal)
    XCTAssertEqual(run.status, SIGSEGV, "died of the overflow")
    XCTAssertEqual(run.terminalBytesAfterUI, TerminalRestoreState.sequence)
    XCTAssertTrue(run.modesRestored)
    let stderrLines = run.stderr.split(separator: "\n").filter { $0.hasPrefix("vibes: crashed:") }
    XCTAssertEqual(stderrLines.count, 1, run.stderr)
    XCTAssertTrue(stderrLines.first?.contains("SIGSEGV on thread vibes-input (tid ") == true, run.stderr)
    let logText = try String(contentsOf: log, encoding: .utf8)
    let logLines = logText.split(separator: "\n")
    XCTAssertEqual(logLines.count, 1, logText)
    let pattern =
      #/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ critical vibes: crashed: SIGSEGV on thread vibes-input \(tid \d+\), process \d+$/#
    XCTAssertNotNil(logLines.first.flatMap { try? pattern.wholeMatch(in: String($0)) }, logText)
  }

  func testATrapOnTheInputThreadRestoresTheTerminal() throws {
    let run = try runChild(
      "input-trap",
      extra: ["VIBES_TEST_HOOKS": "1", "VIBES_TEST_CRASH_ON_SIGNAL": "USR2", "VIBES_TEST_CRASH_THREAD": "input"])
    XCTAssertEqual(run.reason, .uncaughtSignal)
    XCTAssertTrue([SIGILL, SIGTRAP].contains(run.status), "died of the trap, not \(run.status)")
    XCTAssertEqual(run.terminalBytesAfterUI, TerminalRestoreState.sequence)
    XCTAssertTrue(run.modesRestored)
    XCTAssertTrue(run.stderr.contains("on thread vibes-input"), run.stderr)
  }

  /// Two threads crash together: the terminal is restored once, one crash line is written, the process dies of
  /// the fault (the second thread waits instead of dying before the first has restored anything).
  func testTwoThreadsCrashingAtOnceRestoreOnce() throws {
    for attempt in 0..<3 {
      let run = try runChild("two-threads")
      XCTAssertEqual(run.reason, .uncaughtSignal, "attempt \(attempt)")
      XCTAssertEqual(run.status, SIGSEGV, "attempt \(attempt)")
      XCTAssertEqual(run.terminalBytesAfterUI, TerminalRestoreState.sequence, "attempt \(attempt): restored once")
      XCTAssertTrue(run.modesRestored, "attempt \(attempt)")
      let lines = run.stderr.split(separator: "\n").filter { $0.hasPrefix("vibes: crashed:") }
      XCTAssertEqual(lines.count, 1, "attempt \(attempt): \(run.stderr)")
    }
  }

  /// A thread vibes starts gets its own alternate signal stack; it is gone once removed.
  func testAThreadGetsItsOwnAlternateStack() {
    final class Box: @unchecked Sendable {
      var sizes: [Int] = []
    }
    let box = Box()
    let thread = Thread {
      let before = ThreadAltStack.currentSize
      let stack = ThreadAltStack()
      let during = ThreadAltStack.currentSize
      stack.remove()
      let removed = ThreadAltStack.currentSize
      ThreadAltStack.ensureForCurrentThread()
      let ensured = ThreadAltStack.currentSize
      ThreadAltStack.ensureForCurrentThread()
      box.sizes = [before, during, removed, ensured, ThreadAltStack.currentSize]
    }
    let done = expectation(description: "thread ran")
    let finisher = Thread {
      while box.sizes.isEmpty { usleep(1_000) }
      done.fulfill()
    }
    thread.start()
    finisher.start()
    wait(for: [done], timeout: 5)
    XCTAssertEqual(box.sizes, [0, 64 * 1024, 0, 64 * 1024, 64 * 1024])
  }

  /// The crash line names the signal, the thread, its id, the process and the UTC time, and nothing else.
  func testTheCrashLineHoldsOnlyTheFacts() {
    var buffer = [CChar](repeating: 0, count: 256)
    let count = ccurses_crash_line_for_test(SIGBUS, &buffer, buffer.count)
    let line = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let pattern =
      #/^vibes: crashed: SIGBUS on thread (\S+) \(tid (\d+)\), process (\d+) at (\d{4})-\d\d-\d\dT\d\d:\d\d:\d\dZ$/#
    let match = try? pattern.wholeMatch(in: line)
    XCTAssertNotNil(match, line)
    XCTAssertEqual(match.map { String($0.3) }, String(getpid()))
    let year = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date()).year!
    XCTAssertEqual(match.map { String($0.4) }, String(year))
  }
}

extension Array where Element == UInt8 {
  /// The index just past the last occurrence of `needle`, if any.
  fileprivate func endIndex(of needle: [UInt8]) -> Int? {
    guard needle.count <= count else { return nil }
    for start in stride(from: count - needle.count, through: 0, by: -1)
    where self[start..<start + needle.count].elementsEqual(needle) {
      return start + needle.count
    }
    return nil
  }
}
