import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One player child started with posix_spawn rather than Foundation's Process: with an empty signal mask and
/// default signal handlers (an effect runs on a pool thread that blocks SIGTERM and others, and Process passes
/// that mask on, so `terminate()` did nothing), stdin/stdout/stderr on /dev/null and every other descriptor
/// closed (the terminal, the database, sockets). A thread waits for it with waitpid and reports the exit once.
final class PlayerChild: @unchecked Sendable {
  // @unchecked: `exitStatus` is guarded by `lock`; the rest is immutable.
  let processIdentifier: pid_t
  private let lock = NSLock()
  private var exitStatus: Int32?

  /// Why the child ended: its exit code, or the signal that killed it.
  enum Exit: Equatable {
    case exited(Int32)
    case signalled(Int32)
  }

  private init(pid: pid_t) { processIdentifier = pid }

  /// Starts `executable` with `arguments` and exactly `environment`; `onExit` runs on the waiting thread.
  static func spawn(
    _ executable: String, arguments: [String], environment: [String: String],
    onExit: @escaping @Sendable (PlayerChild, Exit) -> Void
  ) -> PlayerChild? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    closeTheRest(&actions)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var emptyMask = sigset_t()
    sigemptyset(&emptyMask)
    posix_spawnattr_setsigmask(&attributes, &emptyMask)
    var defaults = sigset_t()
    sigfillset(&defaults)
    sigdelset(&defaults, SIGKILL)
    sigdelset(&defaults, SIGSTOP)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let cArguments = ([executable] + arguments).map { strdup($0) } + [nil]
    let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for argument in cArguments { free(argument) }
      for variable in cEnvironment { free(variable) }
    }
    var pid: pid_t = 0
    guard posix_spawn(&pid, executable, &actions, &attributes, cArguments, cEnvironment) == 0 else { return nil }
    let child = PlayerChild(pid: pid)
    let spawned = pid
    let waiter = Thread {
      let pid = spawned
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      child.lock.withLock { child.exitStatus = status }
      let signal = status & 0x7f
      onExit(child, signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal))
    }
    waiter.name = "vibes-player-wait"
    waiter.start()
    return child
  }

  private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

  /// Every descriptor from 3 up is closed in the child: glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+,
  /// looked up at run time: the Swift Glibc module does not export it), else each descriptor open now.
  private static func closeTheRest(_ actions: inout posix_spawn_file_actions_t) {
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
      let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
      if closeFrom(&actions, 3) == 0 { return }
    }
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for fd in open.compactMap(Int32.init) where fd >= 3 {
      if fcntl(fd, F_GETFD) >= 0 { posix_spawn_file_actions_addclose(&actions, fd) }
    }
  }

  var isRunning: Bool { lock.withLock { exitStatus == nil } }

  /// True when the child is dead even if the waiting thread has not reaped it yet (a zombie, or gone): a busy
  /// machine may run the watchdog before that thread, and a dead player must not be reported as a hung one.
  var hasDied: Bool {
    guard isRunning else { return true }
    guard let stat = try? String(contentsOfFile: "/proc/\(processIdentifier)/stat", encoding: .utf8) else {
      return true
    }
    // "pid (comm) S …": the state follows the last ')' (a command name may hold parentheses).
    guard let close = stat.lastIndex(of: ")") else { return false }
    return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
  }

  /// Sends `signal` while the child has not been reaped (so a reused process id is never signalled).
  func send(_ signal: Int32) {
    lock.withLock {
      if exitStatus == nil { _ = kill(processIdentifier, signal) }
    }
  }
}
