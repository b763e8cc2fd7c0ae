import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// Issue 21 item 4 with a real second process: the running app (this test's provider over the app's vault and
/// database) holds its copy of the tokens; `vibes auth status spotify --check` (the built binary, same data
/// folder) refreshes and rotates the refresh token; the app's next refresh used its stale copy, got
/// `invalid_grant` and deleted the tokens, the fresh ones included. Access tokens live 30 s here, so every
/// use refreshes (the margin is 60 s).
final class SpotifyTokenSecondProcessTests: XCTestCase {
  var home: URL!
  var accounts: FakeSpotifyServer!

  override func setUp() async throws {
    home = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-second-\(UUID().uuidString)")
    accounts = try await FakeSpotifyServer(accessTokenLifetime: 30)
  }

  override func tearDown() async throws {
    await accounts?.stop()
    try? FileManager.default.removeItem(at: home)
  }

  static var binary: URL {
    if let override = ProcessInfo.processInfo.environment["VIBES_BIN"] { return URL(fileURLWithPath: override) }
    return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent("vibes")
  }

  func testAStatusCheckInAnotherProcessDoesNotDisconnectTheApp() async throws {
    guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
      throw XCTSkip("build the vibes product first (swift build)")
    }
    let environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "VIBES_SECRET_STORE": "vault"]
      .merging(accounts.environment) { $1 }
    let paths = AppPaths(environment: environment)
    try paths.createDirectories()
    let database = try AppDatabase(path: paths.databaseFile.path)
    let vault = VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
    let pair = await accounts.issueTokens()
    try vault.write(pair.refresh, for: .spotifyRefreshToken)
    try vault.write(pair.access, for: .spotifyAccessToken)
    try database.saveSpotifyConnected(
      displayName: "Ada", userID: "ada", at: Date(), expiresAt: Date().addingTimeInterval(30))
    let app = SpotifyDependencies.live(environment: environment, paths: paths, database: database, secrets: vault)
    let tokens = try XCTUnwrap(app.tokens)
    let mine = try await tokens.accessToken()  // the app refreshes and keeps its copy

    let check = Process()
    check.executableURL = Self.binary
    check.arguments = ["auth", "status", "spotify", "--check", "--plain"]
    check.environment = environment
    let output = Pipe()
    check.standardOutput = output
    check.standardError = output
    try check.run()
    check.waitUntilExit()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    XCTAssertEqual(check.terminationStatus, 0, text)
    XCTAssertTrue(text.contains("check: ok"), text)
    let rotated = try XCTUnwrap(try vault.read(.spotifyRefreshToken))
    XCTAssertNotEqual(try vault.read(.spotifyAccessToken), mine, "the other process refreshed")

    // The app's next use refreshes again: with the rotated token from the store, not its dead copy.
    let next = try await tokens.accessToken()
    XCTAssertNotEqual(next, mine)
    XCTAssertNotNil(try vault.read(.spotifyRefreshToken), "still connected")
    XCTAssertNotEqual(try vault.read(.spotifyRefreshToken), rotated, "and rotated once more")
    XCTAssertEqual(try database.spotifyConnection()?.needsReconnect, false)
  }
}
