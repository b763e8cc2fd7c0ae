import CCurses

/// The last line of defence for the terminal: a crash (a Swift runtime trap, `fatalError`, a bad pointer, a stack
/// overflow, `abort()`) on a screen that ncurses has in raw mode with the alternate screen, bracketed paste on and
/// the cursor hidden. The handler is C (`ccurses_crash_guard_*` in CCurses): a Swift closure may allocate, retain
/// or take runtime locks, none of which is async-signal-safe, and the crashing thread may hold those very locks.
/// It shares one restore state with `SignalWatchdog` (`TerminalRestoreState`): it puts back the termios saved
/// before ncurses started and writes `TerminalRestoreState.sequence`; then it writes one crash line (signal,
/// thread, process id, UTC time; nothing else) to the log (`CrashLog`) and to the stderr vibes started with,
/// restores the signal's default action and re-raises it, so the process still dies of the signal (core files
/// stay off, see `ProcessHardening`). It runs on a 64 KiB alternate signal stack: `install` sets one up for the
/// thread running the main actor, `TerminalSession.present` for any other thread the main actor moves to, and
/// every thread vibes starts sets up its own (`ThreadAltStack`), so a stack overflow on any of them is handled too. When two threads crash at once, the first restores and the second waits for it.
///
/// Signals handled: SIGILL and SIGTRAP (what Swift traps raise on Linux x86_64 and arm64), SIGABRT, SIGSEGV,
/// SIGBUS, SIGFPE. The Swift runtime's backtracer, installed before, is not chained to: on a tty it writes to the
/// terminal and waits up to 30 s for a key.
enum FatalSignalHandler {
  /// Computes the shared restore state from `fd`'s terminal modes as they are now and installs the handlers (once)
  /// and the calling thread's alternate signal stack. Call on the main thread before ncurses changes the terminal
  /// and before stderr is redirected. False when `fd` is not a terminal.
  @discardableResult
  static func install(fd: Int32) -> Bool { ccurses_crash_guard_install(fd) == 0 }

  /// Arms the handler (a crash restores the terminal) or disarms it after a clean restore.
  static func setActive(_ active: Bool) { ccurses_crash_guard_set_active(active ? 1 : 0) }
}

/// The one precomputed restore state the crash handler and the signal watchdog share (saved termios, the bytes,
/// an atomic "restored" flag so only the first path restores).
enum TerminalRestoreState {
  /// SGR reset, bracketed paste off, cursor shown, alternate screen left: what every restore path writes.
  static let sequence: [UInt8] = {
    var length = 0
    guard let bytes = ccurses_restore_sequence(&length) else { return [] }
    return Array(UnsafeBufferPointer(start: bytes, count: length))
  }()

  /// Restores the terminal if no other path has yet (async-signal-safe). True when this call restored it.
  @discardableResult
  static func restore() -> Bool { ccurses_restore_terminal() == 1 }
}

/// Where a crash is reported once the UI is up: the file is opened now, and the crash handler only `write(2)`s to
/// it. The line holds the signal's name, the thread, the process id and the time; never memory or a secret.
public enum CrashLog {
  /// Opens `path` (append, created 0600) for the crash handler's line. False when it cannot be opened.
  @discardableResult
  public static func open(path: String) -> Bool { ccurses_crash_guard_set_log(path) == 0 }
}

/// A thread's own alternate signal stack, so the crash handler can run when that thread overflows its stack.
/// Install at the top of every thread vibes starts; remove before the thread ends.
struct ThreadAltStack {
  private let handle: UnsafeMutableRawPointer?

  /// Gives the calling thread an alternate signal stack (unless it already has one).
  init() { handle = ccurses_thread_alt_stack_install() }

  /// Disables and frees the stack made by `init` (call on the same thread).
  func remove() { ccurses_thread_alt_stack_remove(handle) }

  /// Gives the calling thread an alternate signal stack if it has none, and keeps it for the thread's life. For
  /// threads vibes does not start but runs on: the main actor runs on whichever libdispatch thread drains the
  /// main queue (after the async main parks the first thread), which need not be the one that installed the
  /// handler. One `sigaltstack` call when the thread already has one.
  static func ensureForCurrentThread() { _ = ccurses_thread_alt_stack_install() }

  /// The size of the calling thread's alternate signal stack, 0 when it has none.
  static var currentSize: Int { Int(ccurses_thread_alt_stack_size()) }
}
