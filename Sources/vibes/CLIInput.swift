import ArgumentParser
import Foundation
import VibesApp
import VibesCore

#if canImport(Glibc)
  import Glibc
#endif

extension AuthService: ExpressibleByArgument {}
extension TrackerEnvironment: ExpressibleByArgument {}

/// Terminal and standard-input helpers for the `auth` commands. Every line they print goes through
/// `TerminalText.sanitize` (line breaks kept), whatever it holds.
enum CLIInput {
  static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
  static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

  /// All of standard input (capped at 1 MiB), for a secret piped in with `--with-token`. A closed or
  /// unreadable standard input reads as empty (Foundation's `readData(ofLength:)` traps on EBADF).
  static func readAll() -> String {
    String(decoding: StandardInput.read(upTo: 1 << 20), as: UTF8.self)
  }

  /// One line from a terminal with echo off (the secret is never shown). A signal while echo is off puts
  /// the terminal back before the process dies of it, also when no interactive shell would.
  static func readHidden(prompt: String) -> String {
    FileHandle.standardError.write(Data(prompt.utf8))
    let quiet = HiddenPrompt.begin()
    var lines = StandardInput.lines(maxLineBytes: 64 * 1024)
    let line = lines.next() ?? ""
    if quiet { HiddenPrompt.end() }
    FileHandle.standardError.write(Data("\n".utf8))
    return line
  }

  /// The secret from standard input: piped with `--with-token`, or typed at a hidden prompt on a terminal.
  static func secret(withToken: Bool, what: String) throws -> String {
    if withToken { return readAll() }
    guard stdinIsTerminal else {
      fail("pass --with-token to read the \(what) from standard input")
      throw ExitCode(1)
    }
    return readHidden(prompt: "Paste the \(what) (it is not shown): ")
  }

  static func say(_ text: String) {
    FileHandle.standardError.write(Data((TerminalText.sanitize(text, keepNewlines: true) + "\n").utf8))
  }

  static func fail(_ text: String) {
    FileHandle.standardError.write(Data(("vibes: " + TerminalText.sanitize(text, keepNewlines: true) + "\n").utf8))
  }

  static func out(_ text: String) {
    FileHandle.standardOutput.write(Data((TerminalText.sanitize(text, keepNewlines: true) + "\n").utf8))
  }
}

/// Echo off for a hidden prompt, with the saved modes restored by SIGINT/SIGTERM/SIGHUP/SIGQUIT handlers
/// (not SIGTSTP: after a resume the prompt would read with echo on) (then the default action runs: the process dies of the signal as before).
enum HiddenPrompt {
  nonisolated(unsafe) static var saved = termios()
  nonisolated(unsafe) static var previous: [Int32: sigaction] = [:]
  static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  /// Turns echo off; false when standard input is not a terminal (nothing changed).
  static func begin() -> Bool {
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return false }
    for signal in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        var modes = HiddenPrompt.saved
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &modes)
        Glibc.signal(number, SIG_DFL)
        raise(number)
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      var old = sigaction()
      sigaction(signal, &action, &old)
      previous[signal] = old
    }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ECHO)
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
    return true
  }

  static func end() {
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
    for (signal, old) in previous {
      var old = old
      sigaction(signal, &old, nil)
    }
    previous = [:]
  }
}
