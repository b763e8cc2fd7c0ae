import Foundation
import Logging
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// Issue 21 item 5: the data folder is a 1 MiB tmpfs, full when the access token expires. Spotify rotates the
/// refresh token on the refresh, so the old one is dead: before, the save failed, nothing was kept, and the next
/// use found only the dead token (invalid_grant: "needs to be connected again"). Now the new tokens stay in
/// memory, every use works, the status line says the disk is full (once), and the save goes through as soon as
/// there is room.
final class SpotifyTokenDiskFullTests: XCTestCase {
  var home: URL!
  var data: URL!
  var accounts: FakeSpotifyServer!
  var mounted = false

  override func setUp() async throws {
    guard geteuid() == 0 else { throw XCTSkip("mounting a small tmpfs needs root") }
    home = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-tokenfull-\(UUID().uuidString)")
    data = AppPaths(environment: ["HOME": home.path]).dataDirectory
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    let status = try DamagedStorageWordingTests.run(
      "/usr/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", data.path])
    guard status == 0 else { throw XCTSkip("mount is not permitted here") }
    mounted = true
    accounts = try await FakeSpotifyServer()
  }

  override func tearDown() async throws {
    await accounts?.stop()
    if mounted { _ = try? DamagedStorageWordingTests.run("/usr/bin/umount", ["-l", data.path]) }
    if let home { try? FileManager.default.removeItem(at: home) }
  }

  func testARefreshOnAFullDiskKeepsTheConnectionAndSaysTheDiskIsFull() async throws {
    let paths = AppPaths(environment: ["HOME": home.path])
    try paths.createDirectories()
    let database = try AppDatabase(path: paths.databaseFile.path)
    let vault = VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
    let pair = await accounts.issueTokens()
    try vault.write(pair.refresh, for: .spotifyRefreshToken)
    try vault.write(pair.access, for: .spotifyAccessToken)
    try database.saveSpotifyConnected(
      displayName: "Ada", userID: "ada", at: Date(), expiresAt: Date().addingTimeInterval(-60))
    let configuration = SpotifyConfiguration(
      clientID: FakeSpotifyServer.clientID, accountsURL: accounts.baseURL, apiURL: accounts.baseURL)
    let spotify = SpotifyDependencies(
      configuration: configuration, database: database, secrets: vault, configFilePath: "", isRemoteSession: false,
      hostName: "localhost", refreshLockFile: data.appendingPathComponent(SpotifyDependencies.refreshLockName).path)
    let unreachable = URL(string: "http://127.0.0.1:9")!
    let runner = EffectRunner(
      dependencies: AppDependencies(
        database: database, secrets: vault, secretStoreInfo: SecretStoreInfo(kind: .vault, location: "vault"),
        gemini: GeminiClient(baseURL: unreachable), ticketmaster: TicketmasterClient(baseURL: unreachable),
        browser: BrowserLauncher(environment: [:]), spotify: spotify,
        logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }))
    let vaultBefore = try Data(contentsOf: paths.vaultFile)
    let filler = Self.fill(data)

    final class Box: @unchecked Sendable {
      var actions: [AppAction] = []
    }
    let box = Box()
    await runner.run(.spotify(.refreshProfile)) { box.actions.append($0) }
    XCTAssertTrue(box.actions.contains(.spotify(.profileRefreshed(name: "Ada Lovelace"))), "\(box.actions)")
    guard case .storageProblemFound(let text)? = box.actions.last else { return XCTFail("\(box.actions)") }
    let en = text.resolved(.en)
    XCTAssertTrue(en.contains("the disk is full"), en)
    XCTAssertTrue(en.contains(data.path), en)
    XCTAssertFalse(text.resolved(.de).isEmpty)
    XCTAssertEqual(try Data(contentsOf: paths.vaultFile), vaultBefore, "nothing reached the full disk")
    let refreshes = await accounts.tokenRequestCount(grantType: "refresh_token")
    XCTAssertEqual(refreshes, 1)

    // Still connected; the warning is said once.
    let again = Box()
    await runner.run(.spotify(.refreshProfile)) { again.actions.append($0) }
    XCTAssertEqual(again.actions, [.spotify(.profileRefreshed(name: "Ada Lovelace"))])
    XCTAssertNotEqual(try vault.read(.spotifyRefreshToken), nil)

    // Room again: the next use saves the live tokens; a fresh start (a new provider) can refresh with them.
    try FileManager.default.removeItem(atPath: filler)
    await runner.run(.spotify(.refreshProfile)) { _ in }
    let saved = try XCTUnwrap(try vault.read(.spotifyRefreshToken))
    XCTAssertNotEqual(saved, pair.refresh, "the rotated refresh token was saved")
    let next = SpotifyDependencies(
      configuration: configuration, database: database, secrets: vault, configFilePath: "", isRemoteSession: false,
      hostName: "localhost")
    _ = try await XCTUnwrap(next.tokens).refreshNow()
    XCTAssertEqual(try database.spotifyConnection()?.needsReconnect, false)
  }

  /// Writes a filler file until the file system is full; returns its path.
  static func fill(_ folder: URL) -> String {
    DiskFiller.fill(folder) ?? folder.appendingPathComponent("filler").path
  }
}
