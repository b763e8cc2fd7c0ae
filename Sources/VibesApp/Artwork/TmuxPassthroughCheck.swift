import Foundation
import VibesStorage

/// Whether the tmux vibes runs in passes pictures through to the terminal outside (`allow-passthrough on` or
/// `all`): asked once at start with `tmux show -gv allow-passthrough`, in the background, bounded in time, with
/// only the variables tmux needs to find its server (never a VIBES_* one, never a secret).
/// `VIBES_TMUX_PASSTHROUGH=1` or `=0` decides instead, without asking.
public enum TmuxPassthroughCheck {
  /// How long tmux may take to answer.
  public static let timeout: TimeInterval = 0.5
  /// What the child sees of the environment.
  static let allowedVariables: Set<String> = ["TMUX", "TMUX_TMPDIR", "PATH", "HOME", "USER", "LANG", "LC_ALL"]

  /// nil outside tmux; else the override, else tmux's answer (false when tmux is missing, slow or says off).
  public static func allowed(environment: [String: String]) -> Bool? {
    guard let tmux = environment["TMUX"], !tmux.isEmpty else { return nil }
    switch environment["VIBES_TMUX_PASSTHROUGH"] {
    case "1": return true
    case "0": return false
    default: break
    }
    guard let executable = findTmux(environment: environment) else { return false }
    guard
      let result = try? ChildProcess.run(
        executable, arguments: ["show", "-gv", "allow-passthrough"], environment: childEnvironment(environment),
        timeout: timeout),
      result.status == 0
    else { return false }
    return parse(result.output)
  }

  /// tmux's answer: "on" or "all" pass pictures through; "off", nothing or anything else does not.
  static func parse(_ output: Data) -> Bool {
    let value = String(decoding: output.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return value == "on" || value == "all"
  }

  /// The allowed variables only (never a `VIBES_*` one).
  static func childEnvironment(_ environment: [String: String]) -> ChildEnvironment {
    ChildEnvironment.allowing(allowedVariables, from: environment)
  }

  /// `tmux` on the environment's PATH (or the usual system folders when PATH is unset).
  static func findTmux(environment: [String: String]) -> String? {
    let path = environment["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/bin:/usr/bin:/bin"
    for folder in path.split(separator: ":") where folder.hasPrefix("/") {
      let candidate = "\(folder)/tmux"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}
