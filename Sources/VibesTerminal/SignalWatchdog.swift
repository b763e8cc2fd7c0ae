import CCurses

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Last resort for SIGTERM/SIGHUP/SIGINT/SIGQUIT: the input thread forwards the signal to the main loop, and if
/// the main loop does not end the session (`restore()`) within `grace` — because the main thread is busy — the
/// input thread puts the terminal back itself (from the restore state it shares with the crash handler) and
/// `_exit`s with 128 + signal. Only async-signal-safe calls after the decision, so a stuck main thread cannot
/// block it.
enum SignalWatchdog {
  /// How long the main loop has to act on a terminating signal.
  static let graceMilliseconds: Int32 = 1_000
  /// Signals that end the program (SIGWINCH only resizes).
  static let terminating: Set<Int32> = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]
  /// SGR reset, bracketed paste off, cursor shown, alternate screen left: what `restore()` would undo. The same
  /// bytes as the crash handler's (`TerminalRestoreState`, computed in one place).
  static var restoreSequence: [UInt8] { TerminalRestoreState.sequence }

  /// Restores the terminal from the shared restore state (the termios saved before ncurses started, the mode
  /// resets), unless the crash handler already did, and ends the process with 128 + signal. Never returns.
  static func restoreTerminalAndExit(signal: Int32) -> Never {
    ccurses_restore_terminal_and_exit(128 + signal)
  }
}
