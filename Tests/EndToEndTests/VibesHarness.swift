import Foundation
import VibesCore
import VibesStorage
import VibesTestSupport
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

  /// The home as after a finished Gemini and Spotify setup: the key and the tokens in the vault, and Spotify
  /// connected (as Ada Lovelace, the access token good for an hour) in the database.
  func seedFinishedSetup(geminiKey: String, spotifyAccessToken: String, spotifyRefreshToken: String) throws {
    let paths = AppPaths(environment: ["HOME": home.path])
    try paths.createDirectories()
    let vault = VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
    try vault.write(geminiKey, for: .geminiAPIKey)
    try vault.write(spotifyRefreshToken, for: .spotifyRefreshToken)
    try vault.write(spotifyAccessToken, for: .spotifyAccessToken)
    let database = try AppDatabase(path: paths.databaseFile.path)
    try database.saveSpotifyConnected(
      displayName: "Ada Lovelace", userID: "ada", at: Date(), expiresAt: Date().addingTimeInterval(3600))
  }

  func cleanUp() { try? FileManager.default.removeItem(at: home) }
}

/// Fails the run where tmux is required (`VIBES_REQUIRE_TMUX=1`, as `make test` sets), else skips the test.
func requireTmux() throws {
  if !Tmux.isAvailable {
    if ProcessInfo.processInfo.environment["VIBES_REQUIRE_TMUX"] == "1" {
      XCTFail("tmux is required for the end-to-end tests (make test installs it)")
    }
    throw XCTSkip("tmux not installed")
  }
}

/// A loopback fake a test starts and stops (every fake in VibesTestSupport has `stop()`).
protocol StoppableFake: Sendable {
  func stop() async
}

extension FakeAppStoreConnectServer: StoppableFake {}
extension FakeFirebaseServer: StoppableFake {}
extension FakeGeminiServer: StoppableFake {}
extension FakeSpotifyServer: StoppableFake {}
extension FakeSpotifyWebServer: StoppableFake {}
extension FakeTicketmasterServer: StoppableFake {}
extension FakeTrackerServer: StoppableFake {}

/// What every end-to-end test class sets up and takes down, so that a new one is a few lines: tmux (the test is
/// skipped without it, unless `needsTmux` is false), a private home (`harness`), vibes started in tmux
/// (`startVibes`, kept in `sessions`), fakes (`serve`) and a scratch folder outside the home (`scratch`).
///
/// After each test, in this order: every session is killed, every fake stopped (the last started first), every
/// `atEnd` step run (the last added first), and the homes and the scratch folder removed. A subclass that starts
/// fakes for every test does so in its own `setUp` after `super.setUp()`.
class EndToEndTestCase: XCTestCase {
  /// False for a class some of whose tests run without tmux (those that need it call `requireTmux()`).
  class var needsTmux: Bool { true }

  /// The test's home (more homes: `newHome()`).
  var harness: VibesHarness!
  /// Every tmux session `startVibes` started, in order; their captures stay readable until the test ends.
  private(set) var sessions: [Tmux] = []
  private var fakes: [any StoppableFake] = []
  private var endSteps: [() -> Void] = []
  private var homes: [VibesHarness] = []
  /// A folder outside the homes (so their secret scans never see it) for files the test's helpers write, such as
  /// the fake browser's redirect; removed after the test.
  private(set) var scratch: URL!

  override func setUp() async throws {
    try await super.setUp()
    if Self.needsTmux { try requireTmux() }
    harness = try newHome()
    scratch = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-e2e-scratch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  }

  override func tearDown() async throws {
    for session in sessions { session.kill() }
    for fake in fakes.reversed() { await fake.stop() }
    for step in endSteps.reversed() { step() }
    for home in homes { home.cleanUp() }
    if let scratch { try? FileManager.default.removeItem(at: scratch) }
    try await super.tearDown()
  }

  /// Another private home (for a second user), removed after the test.
  func newHome() throws -> VibesHarness {
    let home = try VibesHarness()
    homes.append(home)
    return home
  }

  /// `fake`, stopped after the test once its sessions are gone.
  @discardableResult
  func serve<Fake: StoppableFake>(_ fake: Fake) -> Fake {
    fakes.append(fake)
    return fake
  }

  /// Runs `step` after the test, once the sessions are killed and the fakes stopped, before the homes go.
  func atEnd(_ step: @escaping () -> Void) {
    endSteps.append(step)
  }

  /// vibes (with `arguments`) in a new tmux session, in `home` (the test's own by default) with `extra` added to
  /// its clean environment; the session is killed after the test.
  func startVibes(
    _ extra: [String: String] = [:], arguments: [String] = [], in home: VibesHarness? = nil, width: Int = 80,
    height: Int = 24
  ) throws -> Tmux {
    keep(try (home ?? harness).start(extra, arguments: arguments, width: width, height: height))
  }

  /// `tmux`, a session started another way, killed after the test like those of `startVibes`.
  @discardableResult
  func keep(_ tmux: Tmux) -> Tmux {
    sessions.append(tmux)
    return tmux
  }

  /// For a synchronous test (XCTest's cannot await): `work` run on a task and waited for, at most `timeout`; nil
  /// when it threw or had not finished by then.
  func awaited<T: Sendable>(timeout: TimeInterval = 10, _ work: @escaping @Sendable () async throws -> T) -> T? {
    let box = AwaitedValue<T>()
    let done = expectation(description: "awaited")
    Task {
      box.value = try? await work()
      done.fulfill()
    }
    wait(for: [done], timeout: timeout)
    return box.value
  }

  /// Unmounts `folder` (lazily) after the test, before its home is removed.
  func unmountAtEnd(_ folder: URL) {
    atEnd { _ = try? Spawn.run(["/usr/bin/umount", "-l", folder.path], environment: [:]) }
  }
}

/// What a task hands back to the synchronous test waiting for it (`EndToEndTestCase.awaited`).
private final class AwaitedValue<T>: @unchecked Sendable {
  // @unchecked: written once by the task before it fulfils the expectation the reader waits for.
  var value: T?
}
