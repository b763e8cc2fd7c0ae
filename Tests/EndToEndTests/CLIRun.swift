import Foundation

/// Runs the built `vibes` with a given standard input and a clean environment, keeping standard output and
/// standard error apart. No tmux here, so Foundation's Process is fine.
enum CLIRun {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
    var all: String { stdout + stderr }
  }

  static func run(
    _ arguments: [String], environment: [String: String], stdin: String? = nil, timeout: TimeInterval = 60,
    lateStdin: (() throws -> String)? = nil
  ) throws -> Result {
    let process = Process()
    process.executableURL = VibesHarness.binary
    process.arguments = arguments
    process.environment = environment
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cli-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("out")
    let errURL = scratch.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    process.standardOutput = out
    process.standardError = err
    let input = Pipe()
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    // Typed later, once the test has seen what to type (e.g. a redirected address).
    if let lateStdin { input.fileHandleForWriting.write(Data(try lateStdin().utf8)) }
    try input.fileHandleForWriting.close()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    try out.close()
    try err.close()
    return Result(
      status: process.terminationStatus,
      stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
  }
}
