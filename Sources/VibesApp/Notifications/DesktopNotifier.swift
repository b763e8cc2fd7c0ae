import Foundation
import VibesCore
import VibesStorage

/// A desktop notification for a new song sent to you, where one is available: `notify-send` when it is installed
/// and a session bus exists, else the terminal's own notification sequence (OSC 9 for iTerm2, WezTerm, kitty,
/// ghostty, Windows Terminal; OSC 777 for urxvt, foot and VTE terminals), wrapped for tmux's passthrough (tmux drops it
/// unless `allow-passthrough` is on, which is tmux's rule to keep). Never a bell. The caller sends at most one per
/// poll. The notify-send child gets an allow-listed environment and only the title and the text as arguments.
public struct DesktopNotifier: Sendable {
  public enum Method: Sendable, Equatable {
    case notifySend(path: String)
    case osc9
    case osc777
    /// Nothing available: the status line alone says it.
    case none
  }

  /// What a notification may show (the names are other people's text).
  public static let maxTitle = 60
  public static let maxBody = 200

  /// Variables the notify-send child may see: enough to reach the session bus and pick a language.
  public static let allowedVariables: Set<String> = [
    "PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_MESSAGES",
    "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "DISPLAY", "WAYLAND_DISPLAY",
  ]

  public let environment: [String: String]
  /// Where terminal bytes go (`AppDependencies.terminal`, which the runtime's presenter sends after a frame); nil: no
  /// terminal to write to.
  public let writeTerminal: (@Sendable ([UInt8]) -> Void)?
  let isExecutable: @Sendable (String) -> Bool
  let fileExists: @Sendable (String) -> Bool

  public init(
    environment: [String: String], writeTerminal: (@Sendable ([UInt8]) -> Void)? = nil,
    isExecutable: @escaping @Sendable (String) -> Bool = PreviewPlayerSetup.isExecutableFile,
    fileExists: @escaping @Sendable (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
  ) {
    self.environment = environment
    self.writeTerminal = writeTerminal
    self.isExecutable = isExecutable
    self.fileExists = fileExists
  }

  /// How a notification would be shown here.
  public var method: Method {
    if let path = notifySendPath, hasSessionBus { return .notifySend(path: path) }
    return Self.terminalMethod(environment)
  }

  var notifySendPath: String? {
    let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for folder in path.split(separator: ":").map(String.init) where folder.hasPrefix("/") {
      let candidate = folder.hasSuffix("/") ? folder + "notify-send" : folder + "/notify-send"
      if isExecutable(candidate) { return candidate }
    }
    return nil
  }

  var hasSessionBus: Bool {
    if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return true }
    if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") { return fileExists(runtime + "/bus") }
    return false
  }

  /// The terminal's own sequence, by what the terminal says it is; none when it is not known to show one.
  public static func terminalMethod(_ environment: [String: String]) -> Method {
    let program = (environment["TERM_PROGRAM"] ?? "").lowercased()
    let term = (environment["TERM"] ?? "").lowercased()
    if ["iterm.app", "wezterm", "ghostty"].contains(program) || term.contains("kitty") || term.contains("ghostty")
      || environment["WT_SESSION"] != nil
    {
      return .osc9
    }
    if term.contains("rxvt") || term.hasPrefix("foot") || environment["VTE_VERSION"] != nil { return .osc777 }
    return .none
  }

  /// Text safe inside an OSC string: control characters (C0, DEL, C1: an ESC or BEL would end it) and bidi
  /// overrides removed, `;` replaced (OSC 777 separates its fields with it), capped.
  public static func clean(_ text: String, limit: Int) -> String {
    let sanitized = TerminalText.sanitize(text)
    let scalars = sanitized.unicodeScalars.filter { scalar in
      let value = scalar.value
      return value >= 0x20 && value != 0x7F && !(0x80...0x9F).contains(value)
    }
    let plain = String(String.UnicodeScalarView(scalars)).replacingOccurrences(of: ";", with: ",")
    return String(plain.prefix(limit))
  }

  /// The bytes of one notification: OSC 9 (`ESC ] 9 ; body BEL`) or OSC 777 (`ESC ] 777 ; notify ; title ; body
  /// BEL`); inside tmux wrapped as `ESC P tmux; … ESC \` with every ESC doubled.
  public static func oscBytes(_ notification: SongNotification, method: Method, tmux: Bool) -> [UInt8] {
    let title = clean(notification.title, limit: maxTitle)
    let body = clean(notification.body, limit: maxBody)
    let sequence: String
    switch method {
    case .osc9: sequence = "\u{1B}]9;\(title): \(body)\u{07}"
    case .osc777: sequence = "\u{1B}]777;notify;\(title);\(body)\u{07}"
    case .notifySend, .none: return []
    }
    guard tmux else { return Array(sequence.utf8) }
    let doubled = sequence.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}")
    return Array(("\u{1B}Ptmux;" + doubled + "\u{1B}\\").utf8)
  }

  /// How long notify-send may take.
  public static let notifySendTimeout: TimeInterval = 5

  /// The notify-send child's environment: the allowed variables only, never a VIBES_* one.
  public static func childEnvironment(from environment: [String: String]) -> [String: String] {
    ChildEnvironment.allowing(allowedVariables, from: environment).variables
  }

  /// The notify-send arguments: the app's name, the title and the text; nothing else.
  public static func notifySendArguments(_ notification: SongNotification) -> [String] {
    [
      "--app-name=vibes", "--", clean(notification.title, limit: maxTitle),
      clean(notification.body, limit: maxBody),
    ]
  }

  /// Shows `notification` the best way available; returns how (for the log and tests).
  @discardableResult
  public func notify(_ notification: SongNotification) -> Method {
    switch method {
    case .notifySend(let path):
      // A notification daemon that hangs is given up after `notifySendTimeout` (the child's group is killed).
      do {
        try SpawnedChild.run(
          path, arguments: Self.notifySendArguments(notification),
          environment: .allowing(Self.allowedVariables, from: environment), timeout: Self.notifySendTimeout)
        return .notifySend(path: path)
      } catch {
        return notifyInTerminal(notification)
      }
    case .osc9, .osc777, .none:
      return notifyInTerminal(notification)
    }
  }

  func notifyInTerminal(_ notification: SongNotification) -> Method {
    let method = Self.terminalMethod(environment)
    guard method != .none, let writeTerminal else { return .none }
    writeTerminal(Self.oscBytes(notification, method: method, tmux: environment["TMUX"] != nil))
    return method
  }
}
