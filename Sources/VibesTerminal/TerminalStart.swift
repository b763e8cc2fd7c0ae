import CCurses
import VibesCore

/// Why the app refuses to start; the app prints one localized line and exits non-zero. No escape bytes are written.
public enum TerminalStartError: Error, Equatable, Sendable {
  /// stdin or stdout is not a terminal (piped, redirected to a file).
  case notATerminal
  /// TERM is not set (or empty).
  case termUnset
  /// TERM=dumb.
  case termDumb
  /// TERM names a terminal terminfo does not know (e.g. `xterm-kitty` without the ncurses-term package).
  case termUnknown(String)
  /// The terminal cannot move the cursor (no `cup` capability).
  case noCursorAddressing(String)
  /// ncurses could not start although the checks passed.
  case initFailed
}

/// What terminfo says about a TERM value.
enum TerminfoProbe: Equatable, Sendable {
  case unknown
  case noCursorAddressing
  case usable
}

extension TerminfoProbe {
  /// Asks terminfo (setupterm, then tigetstr("cup")); writes nothing to the terminal.
  static func lookUp(_ term: String) -> TerminfoProbe {
    switch ccurses_probe_terminal(term, 1) {
    case 1: .usable
    case 0: .noCursorAddressing
    default: .unknown
    }
  }
}

/// The start-up checks as a pure function, in the order the session runs them. Returns the TERM value to use.
enum TerminalPreflight {
  static func check(
    stdinIsTerminal: Bool, stdoutIsTerminal: Bool, term: String?, probe: (String) -> TerminfoProbe
  ) -> Result<String, TerminalStartError> {
    guard stdinIsTerminal, stdoutIsTerminal else { return .failure(.notATerminal) }
    guard let term, !term.isEmpty else { return .failure(.termUnset) }
    guard term != "dumb" else { return .failure(.termDumb) }
    switch probe(term) {
    case .unknown: return .failure(.termUnknown(term))
    case .noCursorAddressing: return .failure(.noCursorAddressing(term))
    case .usable: return .success(term)
    }
  }
}

/// What the running terminal can show.
public struct TerminalCapabilities: Sendable, Equatable {
  /// Colours are drawn (the terminal has them and NO_COLOR is unset or empty). Otherwise only attributes.
  public var colors: Bool
  /// OSC 8 hyperlinks are announced.
  public var hyperlinks: Bool

  public init(colors: Bool, hyperlinks: Bool) {
    self.colors = colors
    self.hyperlinks = hyperlinks
  }

  /// `NO_COLOR` (any non-empty value) turns colours off. Hyperlinks are announced except on terminals known to
  /// print unknown OSC sequences as text (the Linux console, vt100-likes, GNU screen outside tmux);
  /// `VIBES_HYPERLINKS=0` or `=1` overrides.
  static func detect(environment: [String: String], term: String, hasColors: Bool)
    -> TerminalCapabilities
  {
    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    let hyperlinks: Bool
    switch environment["VIBES_HYPERLINKS"] {
    case "0": hyperlinks = false
    case "1": hyperlinks = true
    default:
      let plainPrefixes = ["linux", "vt", "cons", "dumb", "ansi", "sun", "pcansi", "mach", "wsvt"]
      if plainPrefixes.contains(where: { term.hasPrefix($0) }) {
        hyperlinks = false
      } else if term.hasPrefix("screen") {
        hyperlinks = environment["TMUX"] != nil
      } else {
        hyperlinks = true
      }
    }
    return TerminalCapabilities(colors: hasColors && !noColor, hyperlinks: hyperlinks)
  }
}

/// What the input thread delivers.
public enum TerminalEvent: Sendable, Equatable {
  case input(InputEvent)
  /// SIGWINCH: call `TerminalSession.handleResize()` and render at the new `size`.
  case resize
  /// SIGTERM, SIGHUP, SIGINT or SIGQUIT (signal number). A hang-up of the terminal (stdin closed) arrives as SIGHUP.
  case signal(Int32)
  /// The terminal answered a question vibes asked (the graphics probe: kitty's reply, DA1, the cell size), never
  /// a key: hand it to `TerminalSession.graphicsReply`.
  case reply([UInt8])
}
