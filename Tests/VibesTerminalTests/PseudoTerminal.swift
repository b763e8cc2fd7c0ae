import Foundation
import Glibc

/// An 80x24 pseudo-terminal for the tests that re-run this test binary as the child owning a terminal. The
/// caller closes it (`close()`, usually in a `defer`) once the child has ended.
struct PseudoTerminal {
  let master: Int32
  let slave: Int32

  /// Opens the pair; throws ENXIO when the system has no pseudo-terminal to give.
  init() throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw POSIXError(.ENXIO) }
    self.master = master
    self.slave = slave
  }

  /// Starts this test binary on the terminal, running only `test`, with TERM=xterm-256color, the Swift
  /// backtracer off and `environment` applied (nil removes a variable). Stdin is the terminal; stdout and stderr
  /// too unless given.
  func start(
    test: String, environment extra: [String: String?], stdout: FileHandle? = nil, stderr: Pipe? = nil
  ) throws -> Process {
    let process = Process()
    process.executableURL = URL(
      fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    process.arguments = [test]
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm-256color"
    environment["SWIFT_BACKTRACE"] = "enable=no"
    for (key, value) in extra { environment[key] = value }
    process.environment = environment
    let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
    process.standardInput = terminal
    process.standardOutput = stdout ?? terminal
    if let stderr { process.standardError = stderr } else { process.standardError = terminal }
    try process.run()
    return process
  }

  /// Appends every byte the master has ready now to `output` (the caller has made the master non-blocking).
  func drain(into output: inout [UInt8]) {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(master, &buffer, buffer.count)
      guard count > 0 else { return }
      output += buffer[0..<count]
    }
  }

  func close() {
    Glibc.close(master)
    Glibc.close(slave)
  }
}
