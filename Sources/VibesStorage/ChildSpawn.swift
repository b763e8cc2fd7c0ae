import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The environment a child process gets, always given whole: a child never inherits vibes' own.
public struct ChildEnvironment: Sendable, Equatable {
  public let variables: [String: String]

  /// The `allowed` names `source` holds, never a `VIBES_*` one (where keys and test hooks live).
  public static func allowing(_ allowed: Set<String>, from source: [String: String]) -> ChildEnvironment {
    ChildEnvironment(
      variables: source.filter { name, _ in allowed.contains(name) && !name.hasPrefix("VIBES_") })
  }

  /// All of `source` but vibes' own `VIBES_*` names (where keys and test hooks live): for a child that is the user's
  /// own program and needs what the user's session gives it (a `$BROWSER` wants its display, proxies, toolkit and
  /// sandbox variables, which no allow-list can name).
  public static func inheriting(_ source: [String: String]) -> ChildEnvironment {
    ChildEnvironment(variables: source.filter { name, _ in !name.hasPrefix("VIBES_") })
  }

  /// Exactly `variables`: for a harness that builds a child's whole environment itself (the tests' tmux and vibes).
  public static func exactly(_ variables: [String: String]) -> ChildEnvironment {
    ChildEnvironment(variables: variables)
  }
}

/// One child process, started the one way vibes starts children (the preview player, secret-tool, notify-send, the
/// browser; the end-to-end tests' tmux): posix_spawn, not Foundation's Process (which passes on the calling pool
/// thread's blocked signals, and on Linux notices an exit through a socket the child inherits). The child gets
/// exactly the environment given, stdin/stdout/stderr on /dev/null, a pipe or a file (never the terminal), no other
/// descriptor of ours, an empty signal mask with default handlers, and a process group of its own (the terminal's
/// Ctrl-C and job control never reach it). A thread reaps it the moment it ends, so no zombie is left; `wait`
/// is bounded, and `stop` ends the whole group.
public final class SpawnedChild: @unchecked Sendable {
  // @unchecked: `exit` is guarded by `condition`; the rest is immutable.

  /// Where one of the child's standard streams goes.
  public enum Stream: Sendable, Equatable {
    /// /dev/null.
    case null
    /// A pipe; the parent's end is `input`, `output` or `errorOutput`.
    case pipe
    /// A file, created or truncated, mode 0600 (stdout and stderr only).
    case file(String)
  }

  /// Why the child ended: its exit code, or the signal that killed it.
  public enum Exit: Sendable, Equatable {
    case exited(Int32)
    case signalled(Int32)

    /// As a shell reports it: the code, or 128 + the signal.
    public var shellStatus: Int32 {
      switch self {
      case .exited(let code): code
      case .signalled(let signal): 128 + signal
      }
    }
  }

  public enum Failure: Error, Equatable {
    case launchFailed(String)
    case timedOut
  }

  public let processIdentifier: pid_t
  /// The parent's ends of the pipes asked for (close-on-exec; the caller closes them).
  public let input: Int32?
  public let output: Int32?
  public let errorOutput: Int32?

  private let condition = NSCondition()
  private var exit: Exit?

  private init(pid: pid_t, input: Int32?, output: Int32?, errorOutput: Int32?) {
    processIdentifier = pid
    self.input = input
    self.output = output
    self.errorOutput = errorOutput
  }

  /// Starts `executable` (a path) with `arguments`; `onExit` runs on the reaping thread once the child has ended.
  public static func start(
    _ executable: String, arguments: [String], environment: ChildEnvironment, stdin: Stream = .null,
    stdout: Stream = .null, stderr: Stream = .null, onExit: (@Sendable (SpawnedChild, Exit) -> Void)? = nil
  ) throws(Failure) -> SpawnedChild {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Each pipe: (parent's end, child's end), both close-on-exec; the child's is dup2'ed onto its stream.
    var pipes: [(parent: Int32, child: Int32)?] = [nil, nil, nil]
    func closePipes() {
      for pair in pipes.compactMap({ $0 }) {
        close(pair.parent)
        close(pair.child)
      }
    }
    for (fd, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
      switch stream {
      case .null:
        posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
      case .file(let path):
        if fd == 0 {
          posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_RDONLY, 0)
        } else {
          posix_spawn_file_actions_addopen(&actions, fd, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
      case .pipe:
        var ends: [Int32] = [-1, -1]
        // Close-on-exec at once (a child started meanwhile elsewhere closes every descriptor from 3 up anyway).
        guard pipe(&ends) == 0, fcntl(ends[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(ends[1], F_SETFD, FD_CLOEXEC) == 0
        else {
          closePipes()
          throw .launchFailed("\(executable): pipe: \(String(cString: strerror(errno)))")
        }
        // ends[0] reads, ends[1] writes: the child reads its stdin, writes its outputs.
        pipes[Int(fd)] = fd == 0 ? (ends[1], ends[0]) : (ends[0], ends[1])
        posix_spawn_file_actions_adddup2(&actions, fd == 0 ? ends[0] : ends[1], fd)
      }
    }
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
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

    let cArguments = ([executable] + arguments).map { strdup($0) } + [nil]
    let cEnvironment = environment.variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for argument in cArguments { free(argument) }
      for variable in cEnvironment { free(variable) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable, &actions, &attributes, cArguments, cEnvironment)
    guard result == 0 else {
      closePipes()
      throw .launchFailed("\(executable): \(String(cString: strerror(result)))")
    }
    for pair in pipes.compactMap({ $0 }) { close(pair.child) }
    let child = SpawnedChild(pid: pid, input: pipes[0]?.parent, output: pipes[1]?.parent, errorOutput: pipes[2]?.parent)
    let spawned = pid
    let reaper = Thread {
      let pid = spawned
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      let signal = status & 0x7f
      let ended: Exit = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
      child.condition.lock()
      child.exit = ended
      child.condition.broadcast()
      child.condition.unlock()
      onExit?(child, ended)
    }
    reaper.name = "vibes-child-reaper"
    reaper.start()
    return child
  }

  /// Starts the child, waits for it at most `timeout`, and stops its group if it has not ended by then.
  @discardableResult
  public static func run(
    _ executable: String, arguments: [String], environment: ChildEnvironment, stdout: Stream = .null,
    stderr: Stream = .null, timeout: TimeInterval
  ) throws(Failure) -> Exit {
    let child = try start(executable, arguments: arguments, environment: environment, stdout: stdout, stderr: stderr)
    guard let ended = child.wait(timeout: timeout) else {
      child.stop()
      throw .timedOut
    }
    return ended
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

  /// How it ended, once reaped; nil while it runs.
  public var ended: Exit? {
    condition.lock()
    defer { condition.unlock() }
    return exit
  }

  public var isRunning: Bool { ended == nil }

  /// Waits until the child has ended and been reaped, at most `timeout` (nil: as long as it takes).
  @discardableResult
  public func wait(timeout: TimeInterval? = nil) -> Exit? {
    let deadline = timeout.map { Date().addingTimeInterval($0) }
    condition.lock()
    defer { condition.unlock() }
    while exit == nil {
      if let deadline {
        if !condition.wait(until: deadline) { break }
      } else {
        condition.wait()
      }
    }
    return exit
  }

  /// True when the child is dead even if the reaping thread has not reaped it yet (a zombie, or gone): a busy
  /// machine may run a watchdog before that thread, and a dead child must not be taken for a hung one.
  public var hasDied: Bool {
    guard isRunning else { return true }
    guard let stat = try? String(contentsOfFile: "/proc/\(processIdentifier)/stat", encoding: .utf8) else {
      return true
    }
    // "pid (comm) S …": the state follows the last ')' (a command name may hold parentheses).
    guard let close = stat.lastIndex(of: ")") else { return false }
    return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
  }

  /// Sends `signal` to the child while it has not been reaped (so a reused process id is never signalled).
  public func send(_ signal: Int32) {
    condition.lock()
    defer { condition.unlock() }
    if exit == nil { _ = kill(processIdentifier, signal) }
  }

  /// Sends `signal` to the child's whole process group while the child has not been reaped.
  public func sendToGroup(_ signal: Int32) {
    condition.lock()
    defer { condition.unlock() }
    if exit == nil { _ = kill(-processIdentifier, signal) }
  }

  /// Ends the child and its group: SIGTERM (after SIGCONT, for a stopped one), then SIGKILL after `grace`; returns
  /// once the child is reaped (at most `grace` + 2 s).
  @discardableResult
  public func stop(grace: TimeInterval = 0.5) -> Exit? {
    if let ended { return ended }
    sendToGroup(SIGCONT)
    sendToGroup(SIGTERM)
    if let ended = wait(timeout: grace) { return ended }
    sendToGroup(SIGKILL)
    return wait(timeout: 2)
  }
}
