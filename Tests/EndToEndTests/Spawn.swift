import Foundation
import VibesStorage

/// Runs a command the one way vibes starts children (`SpawnedChild`: posix_spawn, its own process group, exactly
/// the environment given, reaped) and waits for it. Foundation's Process is not used for tmux: on Linux it notices
/// a child's exit through a socket the child inherits, and the tmux server that `new-session` forks keeps that
/// socket open, so `waitUntilExit` never returns. Output goes to a file for the same reason (a pipe's write end
/// would stay open in the server). A command still running after `timeout` is killed with its group.
enum Spawn {
  struct Result {
    var status: Int32
    var output: String
  }

  static func run(_ argv: [String], environment: [String: String], timeout: TimeInterval = 600) throws -> Result {
    let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: outputFile) }
    let exit = try SpawnedChild.run(
      argv[0], arguments: Array(argv.dropFirst()), environment: .exactly(environment),
      stdout: .file(outputFile.path), timeout: timeout)
    let output = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
    return Result(status: exit.shellStatus, output: output)
  }
}
