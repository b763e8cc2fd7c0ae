import Foundation
import XCTest

/// Where the freshly built `vibes` is, and a private XDG home per test.
struct VibesHarness {
  /// The test bundle runs from the build's bin folder, where the executable also lives.
  static var binary: URL {
    if let override = ProcessInfo.processInfo.environment["VIBES_BIN"] { return URL(fileURLWithPath: override) }
    let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return me.deletingLastPathComponent().appendingPathComponent("vibes")
  }

  let home: URL

  init() throws {
    home = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
  }

  var dataDirectory: URL { home.appendingPathComponent(".local/share/vibes") }
  var stateDirectory: URL { home.appendingPathComponent(".local/state/vibes") }
  var configDirectory: URL { home.appendingPathComponent(".config/vibes") }
  var vaultFile: URL { dataDirectory.appendingPathComponent("secrets.vault") }
  var databaseFile: URL { dataDirectory.appendingPathComponent("vibes.sqlite") }

  /// A clean environment: only what vibes needs, nothing of the test runner's.
  func environment(_ extra: [String: String] = [:]) -> [String: String] {
    var environment = [
      "HOME": home.path,
      "PATH": "/usr/local/bin:/usr/bin:/bin",
      "TERM": "tmux-256color",
      "LANG": "C.UTF-8",
      "VIBES_SECRET_STORE": "vault",
      // Nothing listens here: a test that forgets a fake fails instead of reaching the internet.
      "VIBES_GEMINI_API_URL": "http://127.0.0.1:9",
      "VIBES_TICKETMASTER_API_URL": "http://127.0.0.1:9",
      // Tests start where a returning user does; the tutorial's own test clears this.
      "VIBES_SKIP_TUTORIAL": "1",
    ]
    environment.merge(extra) { $1 }
    return environment
  }

  /// `$BROWSER` as the user's browser (Fixtures/fake-browser.py): it follows the authorize address and writes the
  /// redirect it reached to `out`.
  static func fakeBrowser(writingTo out: URL) -> [String: String] {
    ["BROWSER": "/usr/bin/python3 \(SpotifyConnectEndToEndTests.browserScript.path)", "FAKE_BROWSER_OUT": out.path]
  }

  func start(_ extra: [String: String] = [:], arguments: [String] = [], width: Int = 80, height: Int = 24) throws
    -> Tmux
  {
    try Tmux(command: [Self.binary.path] + arguments, environment: environment(extra), width: width, height: height)
  }

  /// Every regular file under the home except `excluding`, with the secrets found in each.
  func filesContaining(_ secrets: [String], excluding: Set<URL> = []) -> [String: [String]] {
    var found: [String: [String]] = [:]
    let excluded = Set(excluding.map { $0.standardizedFileURL.path })
    guard let walker = FileManager.default.enumerator(at: home, includingPropertiesForKeys: [.isRegularFileKey])
    else { return found }
    for case let url as URL in walker {
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
        !excluded.contains(url.standardizedFileURL.path),
        let data = try? Data(contentsOf: url)
      else { continue }
      for secret in secrets where data.range(of: Data(secret.utf8)) != nil {
        found[url.path, default: []].append(secret)
      }
    }
    return found
  }

  func cleanUp() { try? FileManager.default.removeItem(at: home) }
}
