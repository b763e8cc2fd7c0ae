import CCurses

/// The last line of defence for the terminal: a crash (a Swift runtime trap, `fatalError`, a bad pointer, a stack
/// overflow, `abort()`) on a screen that ncurses has in raw mode with the alternate screen, bracketed paste on and
/// the cursor hidden. The handler is C (`ccurses_crash_guard_*` in CCurses): a Swift closure may allocate, retain
/// or take runtime locks, none of which is async-signal-safe, and the crashing thread may hold those very locks.
/// It puts back the termios saved before ncurses started, writes the bytes of `SignalWatchdog.restoreSequence`, restores the
/// signal's default action and re-raises it, so the process still dies of the signal (core files stay off, see
/// `ProcessHardening`). It runs on a 64 KiB alternate signal stack, so a stack overflow is handled too.
///
/// Signals handled: SIGILL and SIGTRAP (what Swift traps raise on Linux x86_64 and arm64), SIGABRT, SIGSEGV,
/// SIGBUS, SIGFPE. The Swift runtime's backtracer, installed before, is not chained to: on a tty it writes to the
/// terminal and waits up to 30 s for a key.
enum FatalSignalHandler {
  /// Saves `fd`'s terminal modes as they are now and installs the handlers (once) and the calling thread's
  /// alternate signal stack. Call on the main thread before ncurses changes the terminal. False when `fd` is
  /// not a terminal.
  @discardableResult
  static func install(fd: Int32) -> Bool { ccurses_crash_guard_install(fd) == 0 }

  /// Arms the handler (a crash restores the terminal) or disarms it after a clean restore.
  static func setActive(_ active: Bool) { ccurses_crash_guard_set_active(active ? 1 : 0) }
}
