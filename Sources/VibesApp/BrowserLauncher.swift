import Foundation
import VibesStorage

/// Opens a URL the way terminal users expect: each command of `$BROWSER` (a colon-separated list;
/// `%s` is replaced by the URL, otherwise the URL is appended), else `xdg-open` when a display is
/// there. The child is a `SpawnedChild`: /dev/null for stdin, stdout and stderr so it can never draw over the UI,
/// its own process group, the user's environment without vibes' own `VIBES_*` variables (a browser needs its
/// display, proxy, toolkit and sandbox variables, so it gets all but ours: an allow-list broke `$BROWSER` scripts),
/// reaped when it ends (a browser may run for hours: it is not waited for). The URL is one argv element, never parsed by a shell.
public struct BrowserLauncher: Sendable {
  public var environment: [String: String]

  public init(environment: [String: String]) {
    self.environment = environment
  }

  /// The commands that would be tried, in order (argv arrays).
  public func commands(for url: String) -> [[String]] {
    var result: [[String]] = []
    if let browser = environment["BROWSER"], !browser.isEmpty {
      for entry in browser.split(separator: ":") {
        var parts = entry.split(separator: " ").map(String.init)
        guard !parts.isEmpty else { continue }
        if parts.contains(where: { $0.contains("%s") }) {
          parts = parts.map { $0.replacingOccurrences(of: "%s", with: url) }
        } else {
          parts.append(url)
        }
        result.append(parts)
      }
    }
    let hasDisplay = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    if hasDisplay { result.append(["xdg-open", url]) }
    return result
  }

  /// True when a command could be started.
  public func open(_ url: String) -> Bool {
    for command in commands(for: url) {
      guard let executable = resolve(command[0]) else { continue }
      if (try? SpawnedChild.start(
        executable, arguments: Array(command.dropFirst()),
        environment: .inheriting(environment))) != nil
      {
        return true
      }
    }
    return false
  }

  func resolve(_ name: String) -> String? {
    if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
    let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}
