import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a command with posix_spawn and waits with waitpid. Foundation's Process is not used for tmux:
/// on Linux it notices a child's exit through a socket the child inherits, and the tmux server that
/// `new-session` forks keeps that socket open, so `waitUntilExit` never returns.
enum Spawn {
  struct Result {
    var status: Int32
    var output: String
  }

  static func run(_ argv: [String], environment: [String: String]) throws -> Result {
    let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: outputFile) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

    let cArgs = argv.map { strdup($0) } + [nil]
    let cEnv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for argument in cArgs { free(argument) }
      for variable in cEnv { free(variable) }
    }
    // The child must not inherit this thread's signal mask: an async test runs on a pool thread
    // that blocks signals, and a tmux server with SIGCHLD blocked never reaps its panes.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var emptyMask = sigset_t()
    sigemptyset(&emptyMask)
    posix_spawnattr_setsigmask(&attributes, &emptyMask)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGCHLD, SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGWINCH] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, cArgs, cEnv)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let output = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
    let exitCode = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return Result(status: exitCode, output: output)
  }
}
