#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Last resort for SIGTERM/SIGHUP/SIGINT/SIGQUIT: the input thread forwards the signal to the main loop, and if
/// the main loop does not end the session (`restore()`) within `grace` — because the main thread is busy — the
/// input thread puts the terminal back itself (the termios saved before ncurses started, the modes reset) and
/// `_exit`s with 128 + signal. Only async-signal-safe calls after the decision, so a stuck main thread cannot
/// block it.
enum SignalWatchdog {
  /// How long the main loop has to act on a terminating signal.
  static let graceMilliseconds: Int32 = 1_000
  /// Signals that end the program (SIGWINCH only resizes).
  static let terminating: Set<Int32> = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]
  /// SGR reset, bracketed paste off, cursor shown, alternate screen left: what `restore()` would undo.
  static let restoreSequence: [UInt8] = Array("\u{1B}[0m\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l".utf8)

  /// Written once in `TerminalSession.init` before ncurses changes modes and before any input thread starts.
  nonisolated(unsafe) private static var saved = termios()
  nonisolated(unsafe) private static var savedFD: Int32 = -1

  /// Saves `fd`'s terminal modes as they are now (the shell's).
  static func saveTerminalModes(fd: Int32) {
    var modes = termios()
    guard tcgetattr(fd, &modes) == 0 else { return }
    saved = modes
    savedFD = fd
  }

  /// Restores the saved modes, writes `restoreSequence` and ends the process. Never returns.
  static func restoreTerminalAndExit(signal: Int32) -> Never {
    if savedFD >= 0 {
      var modes = saved
      _ = tcsetattr(savedFD, TCSANOW, &modes)
      restoreSequence.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
          let written = write(savedFD, bytes.baseAddress! + offset, bytes.count - offset)
          if written < 0 && errno == EINTR { continue }
          if written <= 0 { break }
          offset += written
        }
      }
    }
    _exit(128 + signal)
  }
}
