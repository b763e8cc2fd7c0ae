import Foundation
import VibesCore
import VibesUI
import XCTest

@testable import VibesTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a real `TerminalSession` on a pseudo-terminal. The child process is this test binary itself, started with
/// a filter that runs only `testPTYChild` and an environment variable naming the scenario; the parent plays the
/// terminal: it reads what the session writes and sends keys, pastes, a resize and signals.
final class TerminalSessionPTYTests: XCTestCase {
  static let scenarioVariable = "VIBES_TERMINAL_PTY_CHILD"

  // MARK: - The child

  @MainActor func testPTYChild() async throws {
    guard let scenario = ProcessInfo.processInfo.environment[Self.scenarioVariable] else {
      throw XCTSkip("runs only as the child process of the other PTY tests")
    }
    let session: TerminalSession
    do {
      session = try TerminalSession(environment: ProcessInfo.processInfo.environment)
    } catch {
      let line = "START-ERROR \(error)\n"
      _ = write(2, line, line.utf8.count)
      exit(3)
    }
    // Markers hold no spaces and each state lands on a row that was blank, so ncurses writes it whole.
    var state = "READY"
    var stateRow = 0
    var highlighted = 0
    var generation = 0
    func show() {
      let (width, height) = session.size
      var grid = Grid(width: width, height: height)
      func put(_ row: Int, _ text: String, _ style: CellStyle = .plain) {
        for (column, character) in text.enumerated() where grid.contains(row: row, column: column) {
          grid[row, column] = Cell(String(character), style: style)
        }
      }
      put(0, "SIZE:\(width)x\(height)|COLORS:\(session.capabilities.colors)")
      for item in 0..<5 {
        let style =
          item == highlighted
          ? CellStyle(foreground: .black, background: .cyan, attributes: .reverse) : .plain
        put(
          2 + item,
          (item == highlighted ? "> " : "  ") + "item \(item)" + (generation > 0 ? " g\(generation)" : "")
            + String(repeating: " ", count: 20),
          style)
      }
      put(8, "https://example.com/vibes", CellStyle(foreground: .blue, attributes: .underline))
      grid.links = [
        Hyperlink(
          position: GridPosition(row: 8, column: 0), width: 25, url: "https://example.com/vibes")
      ]
      put(10 + stateRow % 8, "STATE:\(state)")
      session.present(grid)
    }
    show()
    // "handed": the events come through `deliverEvents(to:)` (the input thread queues each on the main queue, as
    // the app takes them), passed on here into a stream so the same loop reads them.
    let events: AsyncStream<TerminalEvent>
    if scenario == "handed" {
      let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
      session.deliverEvents { event in continuation.yield(event) }
      events = stream
    } else {
      events = session.events()
    }
    for await event in events {
      if event != .input(.key(.down)) { stateRow += 1 }
      switch event {
      case .input(.key(.down)):
        highlighted += 1
      case .input(.key(.escape)):
        state = "ESC"
      case .input(.paste(let text)):
        state = "PASTE[" + text.replacingOccurrences(of: "\n", with: "|") + "]"
      case .input(.key(.character("w"))) where scenario == "writes":
        // One frame in which every item row changes (ncurses moves the cursor between them): how many write(2)
        // calls the present took, from the kernel's count for this process.
        let before = Self.writeCalls()
        generation += 1
        state = "DRAWN"
        show()
        state = "WRITES:\(Self.writeCalls() - before)"
      case .input(.key(.character("n"))) where scenario == "notify":
        // A notification's bytes handed over between frames: written once, after the next frame.
        session.sendAfterFrame(Array("\u{1B}]9;PTY-NOTE\u{07}".utf8))
        state = "NOTED"
      case .input(.key(.character("x"))) where scenario == "crash":
        fatalError("deliberate crash in the PTY child")
      case .input(.key(let key)):
        state = "KEY[\(key)]"
      case .resize:
        session.handleResize()
        state = "RESIZED"
      case .signal(let number):
        session.restore()
        print("CHILD-END signal \(number)")
        exit(0)
      case .reply:
        state = "REPLY"
      }
      show()
    }
    session.restore()
    exit(0)
  }

  /// write(2) calls this process has made so far (`syscw` in /proc/self/io, every thread counted).
  static func writeCalls() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/io", encoding: .utf8) else { return -1 }
    for line in text.split(separator: "\n") where line.hasPrefix("syscw:") {
      return Int(line.dropFirst("syscw:".count).trimmingCharacters(in: .whitespaces)) ?? -1
    }
    return -1
  }

  // MARK: - The parent

  /// A screen change reaches the terminal in one write(2), however many rows it touches: ncurses 6.4 used to flush
  /// at every cursor jump (one write per changed stretch), which the bench's `detail_back` saw as 6–13 writes.
  func testAFrameIsWrittenInOneWrite() throws {
    let child = try PTYChild(scenario: "writes")
    defer { child.kill() }
    try child.waitFor("STATE:READY")
    try child.waitForQuiet()
    let mark = child.output.count
    child.send("w")
    // The state row held "STATE:DRAWN" a frame earlier, so ncurses rewrites only "WRITES:<n>" over "DRAWN".
    try child.waitFor("WRITES:", since: mark)
    try child.waitForQuiet(since: mark)
    let text = child.text(since: mark)
    XCTAssertTrue(text.contains("g1"), "the rows changed: \(text.debugDescription)")
    let count = text.components(separatedBy: "WRITES:").last.map { $0.prefix { $0.isNumber } } ?? ""
    XCTAssertEqual(count, "1", "one frame, one write: \(text.debugDescription)")
    child.signal(SIGTERM)
    XCTAssertEqual(try child.waitForExit().code, 0)
  }

  /// Bytes handed to `sendAfterFrame` (a notification's OSC) reach the terminal once, after the frame drawn next.
  func testBytesSentAfterAFrameArriveOnceAfterIt() throws {
    let child = try PTYChild(scenario: "notify")
    defer { child.kill() }
    try child.waitFor("STATE:READY")
    try child.waitForQuiet()
    let note = "\u{1B}]9;PTY-NOTE\u{07}"
    XCTAssertFalse(child.text.contains(note))
    let mark = child.output.count
    child.send("n")
    try child.waitFor("STATE:NOTED", since: mark)
    try child.waitForQuiet(since: mark)
    let text = child.text(since: mark)
    XCTAssertEqual(text.components(separatedBy: note).count - 1, 1, "once: \(text.debugDescription)")
    let frame = try XCTUnwrap(text.range(of: "STATE:NOTED"))
    let osc = try XCTUnwrap(text.range(of: note))
    XCTAssertLessThan(frame.lowerBound, osc.lowerBound, "after the frame: \(text.debugDescription)")
    let next = child.output.count
    child.send("\u{1B}[B")
    try child.waitForQuiet(since: next)
    XCTAssertFalse(child.text(since: next).contains(note), "not again with the next frame")
    child.signal(SIGTERM)
    XCTAssertEqual(try child.waitForExit().code, 0)
  }

  func testSessionDrawsReadsAndRestores() throws { try drawsReadsAndRestores(scenario: "session") }

  /// The same keys, paste, resize and signal, each handed to the main actor by the input thread.
  func testEventsHandedToTheMainActorDrawReadAndRestore() throws { try drawsReadsAndRestores(scenario: "handed") }

  private func drawsReadsAndRestores(scenario: String) throws {
    let child = try PTYChild(scenario: scenario)
    defer { child.kill() }

    try child.waitFor("SIZE:80x24|COLORS:true")
    try child.waitFor("STATE:READY")
    try child.waitForQuiet()
    let start = child.text
    for expected in [
      "\u{1B}[?1049h", "\u{1B}[?2004h", "\u{1B}[?25l",
      "\u{1B}]8;;https://example.com/vibes\u{1B}\\",
    ] {
      XCTAssertTrue(start.contains(expected), "start-up output lacks \(expected.debugDescription)")
    }

    // A one-row highlight move sends only the two changed rows.
    var mark = child.output.count
    child.send("\u{1B}[B")
    try child.waitForQuiet(since: mark)
    let move = child.text(since: mark)
    XCTAssertGreaterThan(move.utf8.count, 0)
    XCTAssertLessThan(move.utf8.count, 200, move.debugDescription)
    XCTAssertTrue(move.contains(">"), move.debugDescription)
    XCTAssertFalse(move.contains("STATE") || move.contains("SIZE"), "an unchanged row was redrawn")
    XCTAssertFalse(move.contains("\u{1B}[2J"), "the screen was cleared")

    // A lone Esc arrives after the escape delay, not before and not much later.
    mark = child.output.count
    let sent = Date()
    child.send("\u{1B}")
    try child.waitFor("STATE:ESC", since: mark)
    let latency = Date().timeIntervalSince(sent)
    XCTAssertGreaterThanOrEqual(latency, 0.020)
    XCTAssertLessThan(latency, 1.0)

    // A modified cursor key.
    mark = child.output.count
    child.send("\u{1B}[1;5C")
    try child.waitFor("STATE:KEY[right]", since: mark)

    // Bracketed paste: one event, CR LF normalised, keys inside not interpreted.
    mark = child.output.count
    child.send("\u{1B}[200~one\r\ntwo\rq\u{1B}[201~")
    try child.waitFor("STATE:PASTE[one|two|q]", since: mark)

    // Resize: the session reads the new size and repaints.
    mark = child.output.count
    child.resize(columns: 100, rows: 30)
    try child.waitFor("SIZE:100x30", since: mark)
    try child.waitFor("STATE:RESIZED", since: mark)

    // SIGTERM is an event: the app restores the terminal and ends normally.
    mark = child.output.count
    child.signal(SIGTERM)
    try child.waitFor("CHILD-END signal 15", since: mark)
    let status = try child.waitForExit()
    XCTAssertEqual(status.reason, .exit)
    XCTAssertEqual(status.code, 0)
    let end = child.text(since: mark)
    for expected in ["\u{1B}[?2004l", "\u{1B}[?25h", "\u{1B}[?1049l"] {
      XCTAssertTrue(end.contains(expected), "restore output lacks \(expected.debugDescription)")
    }
    XCTAssertTrue(child.terminalIsCooked, "ICANON/ECHO not restored")
  }

  func testCrashRestoresTheTerminal() throws {
    let child = try PTYChild(scenario: "crash")
    defer { child.kill() }
    try child.waitFor("STATE:READY")
    try child.waitForQuiet()
    XCTAssertFalse(child.terminalIsCooked)
    let mark = child.output.count
    child.send("x")
    let status = try child.waitForExit()
    XCTAssertEqual(status.reason, .uncaughtSignal)
    XCTAssertTrue([SIGILL, SIGTRAP].contains(status.code), "signal \(status.code)")
    try child.waitFor("\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l", since: mark)
    XCTAssertTrue(child.terminalIsCooked, "ICANON/ECHO not restored after the crash")
  }

  func testNoColorDrawsWithoutColours() throws {
    let child = try PTYChild(scenario: "session", environment: ["NO_COLOR": "1"])
    defer { child.kill() }
    try child.waitFor("COLORS:false")
    try child.waitFor("STATE:READY")
    try child.waitForQuiet()
    XCTAssertFalse(child.text.contains("\u{1B}[46m"), "a background colour was drawn")
    XCTAssertTrue(
      child.text.contains("\u{1B}[7m") || child.text.contains(";7m"), "reverse video missing")
    child.signal(SIGTERM)
    XCTAssertEqual(try child.waitForExit().code, 0)
  }

  func testRefusalsWriteNoEscapes() throws {
    let cases: [([String: String?], String)] = [
      (["TERM": "dumb"], "termDumb"),
      (["TERM": nil], "termUnset"),
      (["TERM": "no-such-terminal-vibes"], "termUnknown(\"no-such-terminal-vibes\")"),
    ]
    for (environment, error) in cases {
      let child = try PTYChild(scenario: "session", environment: environment)
      defer { child.kill() }
      let status = try child.waitForExit()
      XCTAssertEqual(status.code, 3, error)
      try child.waitFor("START-ERROR \(error)")
      XCTAssertFalse(child.output.contains(0x1B), "escape bytes written for \(error)")
    }
  }

  func testStdoutRedirectedToAFileIsRefusedWithoutWriting() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "vibes-pty-\(getpid()).out")
    defer { try? FileManager.default.removeItem(at: file) }
    let child = try PTYChild(scenario: "session", stdoutFile: file)
    defer { child.kill() }
    let status = try child.waitForExit()
    XCTAssertEqual(status.code, 3)
    try child.waitFor("START-ERROR notATerminal")
    let written = try Data(contentsOf: file)
    XCTAssertFalse(written.contains(0x1B), "escape bytes written into the file")
  }
}

/// The test binary re-run on a pseudo-terminal (80x24) as the terminal-owning child.
final class PTYChild {
  let master: Int32
  let slave: Int32
  let process: Process
  private let terminal: PseudoTerminal
  private(set) var output: [UInt8] = []

  init(
    scenario: String, environment overrides: [String: String?] = [:], stdoutFile: URL? = nil,
    test: String = "VibesTerminalTests.TerminalSessionPTYTests/testPTYChild"
  ) throws {
    terminal = try PseudoTerminal()
    master = terminal.master
    slave = terminal.slave
    var environment: [String: String?] = ["NO_COLOR": nil, TerminalSessionPTYTests.scenarioVariable: scenario]
    for (key, value) in overrides { environment[key] = value }
    var stdout: FileHandle?
    if let stdoutFile {
      _ = FileManager.default.createFile(atPath: stdoutFile.path, contents: nil)
      stdout = try FileHandle(forWritingTo: stdoutFile)
    }
    process = try terminal.start(
      test: test, environment: environment, stdout: stdout)
  }

  deinit { terminal.close() }

  var text: String { String(decoding: output, as: UTF8.self) }
  func text(since mark: Int) -> String { String(decoding: output[mark...], as: UTF8.self) }

  func send(_ text: String) {
    var bytes = Array(text.utf8)
    _ = write(master, &bytes, bytes.count)
  }

  func signal(_ number: Int32) { Glibc.kill(process.processIdentifier, number) }

  func resize(columns: UInt16, rows: UInt16) {
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    // The child has no controlling terminal, so the kernel does not signal it: do what it would.
    signal(SIGWINCH)
  }

  /// ICANON and ECHO set, as in a shell.
  var terminalIsCooked: Bool {
    var modes = termios()
    guard tcgetattr(slave, &modes) == 0 else { return false }
    let flags = tcflag_t(ICANON) | tcflag_t(ECHO)
    return modes.c_lflag & flags == flags
  }

  /// Reads what is available within `timeout`; returns false when nothing came.
  @discardableResult private func pump(timeout: TimeInterval) -> Bool {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, Int32(timeout * 1000)) > 0 else { return false }
    var buffer = [UInt8](repeating: 0, count: 65536)
    let count = read(master, &buffer, buffer.count)
    guard count > 0 else { return false }
    output += buffer[0..<count]
    return true
  }

  struct Timeout: Error, CustomStringConvertible {
    var description: String
  }

  func waitFor(_ needle: String, since mark: Int = 0, timeout: TimeInterval = 10) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !text(since: mark).contains(needle) {
      guard Date() < deadline else {
        throw Timeout(
          description: "no \(needle.debugDescription) in \(text(since: mark).debugDescription)")
      }
      pump(timeout: 0.05)
    }
  }

  /// Waits until output past `mark` has started and then stayed silent for `quiet` seconds.
  func waitForQuiet(since mark: Int = 0, _ quiet: TimeInterval = 0.3, timeout: TimeInterval = 10)
    throws
  {
    let deadline = Date().addingTimeInterval(timeout)
    while output.count <= mark {
      guard Date() < deadline else { throw Timeout(description: "no output") }
      pump(timeout: 0.05)
    }
    while pump(timeout: quiet) {
      guard Date() < deadline else { throw Timeout(description: "output never went quiet") }
    }
  }

  func waitForExit(timeout: TimeInterval = 10) throws -> (
    reason: Process.TerminationReason, code: Int32
  ) {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning {
      guard Date() < deadline else { throw Timeout(description: "child did not exit") }
      pump(timeout: 0.05)
    }
    while pump(timeout: 0.05) {}
    return (process.terminationReason, process.terminationStatus)
  }

  func kill() {
    if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
  }
}
