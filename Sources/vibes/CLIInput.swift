import ArgumentParser
import Foundation
import VibesApp
import VibesCore

#if canImport(Glibc)
  import Glibc
#endif

extension AuthService: ExpressibleByArgument {}
extension TrackerEnvironment: ExpressibleByArgument {}

/// Terminal and standard-input helpers for the `auth` commands.
enum CLIInput {
  static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
  static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

  /// All of standard input (capped at 1 MiB), for a secret piped in with `--with-token`.
  static func readAll() -> String {
    let data = FileHandle.standardInput.readData(ofLength: 1 << 20)
    return String(decoding: data, as: UTF8.self)
  }

  /// One line from a terminal with echo off (the secret is never shown).
  static func readHidden(prompt: String) -> String {
    FileHandle.standardError.write(Data(prompt.utf8))
    var saved = termios()
    let haveTerminal = tcgetattr(STDIN_FILENO, &saved) == 0
    if haveTerminal {
      var quiet = saved
      quiet.c_lflag &= ~tcflag_t(ECHO)
      tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
    }
    let line = readLine(strippingNewline: true) ?? ""
    if haveTerminal { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
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
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }

  static func fail(_ text: String) {
    FileHandle.standardError.write(Data(("vibes: " + text + "\n").utf8))
  }

  static func out(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }
}
