import Foundation
import Logging
import VibesCore
import VibesServices
import VibesStorage
import XCTest

@testable import VibesApp

/// The sign-out path the CLI (and later the Profile tab) uses, on a real vault and a real SQLite file.
final class ServiceLogoutTests: XCTestCase {
  var home: URL!
  var paths: AppPaths!
  var vault: VaultSecretStore!
  var database: AppDatabase!

  override func setUpWithError() throws {
    home = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-logout-\(UUID().uuidString)")
    paths = AppPaths(environment: ["HOME": home.path])
    try paths.createDirectories()
    vault = VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
    database = try AppDatabase(path: paths.databaseFile.path)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: home)
  }

  func configureEverything() throws {
    try vault.write("refresh", for: .spotifyRefreshToken)
    try vault.write("access", for: .spotifyAccessToken)
    try database.saveSpotifyConnected(displayName: "Ada", userID: "ada", at: Date(), expiresAt: Date())
    try database.saveMusicCache("stats:short", payload: Data("{}".utf8), at: Date())
    try database.rememberSearch("ada's secret crush", at: Date(), keep: 20)
    try database.saveCachedSearch("aurora", type: "track", payload: Data("{}".utf8), at: Date())
    _ = try database.enqueueSpotifyAction(Data("{}".utf8), at: Date())
    let generated = try database.recordGeneratedPlaylist(
      prompt: "songs for my ex", name: "Ex", description: "", songs: [], at: Date())
    try database.queuePlaylistSave(generated, at: Date())
    try vault.write("gemini-key", for: .geminiAPIKey)
    try database.saveStepVerified(.gemini, city: nil, at: Date())
    try vault.write("tm-key", for: .ticketmasterAPIKey)
    try database.saveStepVerified(.ticketmaster, city: "Berlin", at: Date())
    try vault.write("{}", for: .appStoreConnectCredentials)
    try database.replaceAppStoreConnectApps(
      [AppStoreConnectApp(id: "1", name: "One", bundleID: "a.one", sku: "ONE")], syncedAt: Date())
    try AppStoreConnectWidgetSnapshot(appsCount: 1, lastSync: Date(), status: .synced, updatedAt: Date()).write(paths)
    try vault.write("trk", for: .trackerAPIKey)
    try database.saveTrackerSettings(brandID: "b", userID: "", environment: "qc", at: Date())
    _ = try database.enqueueTrackerEvent(event: "e", body: "{}", at: Date())
  }

  func testOneServiceLeavesTheOthersAlone() throws {
    try configureEverything()
    let logout = ServiceLogout(stores: [vault], database: database, paths: paths)
    try logout.logout(.ticketmaster)
    XCTAssertNil(try vault.read(.ticketmasterAPIKey))
    XCTAssertNil(try database.city(for: .ticketmaster))
    XCTAssertNil(try database.lastVerified(.ticketmaster))
    XCTAssertEqual(try vault.read(.geminiAPIKey), "gemini-key")
    XCTAssertNotNil(try database.lastVerified(.gemini))
  }

  func testSignOutAllClearsSecretsRowsAndTheWidgetSnapshot() throws {
    try configureEverything()
    let second = VaultSecretStore(
      vaultFile: home.appendingPathComponent("other.vault"), keyFile: home.appendingPathComponent("other.key"))
    try second.write("gemini-elsewhere", for: .geminiAPIKey)
    try ServiceLogout(stores: [vault, second], database: database, paths: paths).signOutAll()
    XCTAssertEqual(try vault.storedKeys(), [])
    XCTAssertEqual(try second.storedKeys(), [], "every store is cleaned, not only the one in use")
    XCTAssertNil(try database.spotifyConnection())
    XCTAssertEqual(try database.appStoreConnectApps(), [])
    XCTAssertNil(try database.trackerSettings())
    XCTAssertEqual(try database.trackerQueueCount(), 0)
    XCTAssertNil(AppStoreConnectWidgetSnapshot.read(paths))
    XCTAssertEqual(try database.generatedPlaylistCount(), 0, "the Create history goes with the sign-out")
    XCTAssertEqual(try database.feedCards(offset: 0, limit: 10), [])
  }

  /// Artwork fetched for this account's songs, playlists and friends (issue 25's disk cache) goes with the
  /// sign-out; the cache folder itself and anything else under $XDG_CACHE_HOME/vibes stay.
  func testSignOutAllEmptiesTheArtworkCache() throws {
    try configureEverything()
    let artwork = paths.artworkCacheDirectory
    try FileManager.default.createDirectory(at: artwork, withIntermediateDirectories: true)
    try Data([0xFF, 0xD8]).write(to: artwork.appendingPathComponent("cover"))
    let other = paths.cacheDirectory.appendingPathComponent("other")
    try Data("keep".utf8).write(to: other)
    try ServiceLogout(stores: [vault], database: database, paths: paths).signOutAll()
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: artwork.path), [])
    XCTAssertTrue(FileManager.default.fileExists(atPath: other.path))
  }

  /// Signing out of Google (alone or with everything) forgets the People and Inbox copies at once, not at the next visit.
  func testGoogleLogoutForgetsThePeopleAndInboxCopies() throws {
    try database.savePeopleCache(owner: "uid-ada", key: "lists", payload: Data("{}".utf8), at: Date())
    try database.saveInboxThreads(
      [InboxThread(id: "t1", otherId: "uid-bo", otherName: "Bo", lastMessageAt: Date(), isUnread: true)],
      owner: "uid-ada", at: Date())
    try ServiceLogout(stores: [vault], database: database, paths: paths).logout(.google)
    XCTAssertNil(try database.peopleCache(owner: "uid-ada", key: "lists"))
    XCTAssertNil(try database.inboxThreads(owner: "uid-ada"), "the Inbox copy goes too")
  }

  func testSpotifyLogoutLeavesNoListeningDataBehind() throws {
    try configureEverything()
    try ServiceLogout(stores: [vault], database: database, paths: paths).logout(.spotify)
    XCTAssertNil(try database.spotifyConnection())
    XCTAssertNil(try database.musicCache("stats:short"), "cached stats are the account's")
    XCTAssertEqual(try database.recentSearches(limit: 10), [])
    XCTAssertEqual(try database.cachedSearchCount(), 0)
    XCTAssertEqual(try database.queuedSpotifyActionCount(), 0)
    XCTAssertEqual(try database.queuedPlaylistSaves(), [], "no save waits for an account that is gone")
    XCTAssertEqual(try database.generatedPlaylistCount(), 1, "a Spotify logout alone keeps the Create history")
    XCTAssertEqual(try vault.read(.geminiAPIKey), "gemini-key")
  }

  func testForAppUsesTheAppsDatabaseAndStore() throws {
    try configureEverything()
    let dependencies = AppDependencies(
      database: database, secrets: vault, secretStoreInfo: SecretStoreInfo(kind: .vault, location: ""),
      gemini: GeminiClient(), ticketmaster: TicketmasterClient(), browser: BrowserLauncher(environment: [:]),
      logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    let environment = ["HOME": home.path, "VIBES_SECRET_STORE": "vault"]
    let logout = ServiceLogout.forApp(dependencies, environment: environment)
    XCTAssertEqual(logout.stores.count, 1, "forced vault: no Secret Service")
    try logout.logout(.spotify)
    XCTAssertNil(try vault.read(.spotifyRefreshToken))
    XCTAssertNil(try vault.read(.spotifyAccessToken))
    XCTAssertNil(try database.spotifyConnection())
    XCTAssertEqual(try vault.read(.trackerAPIKey), "trk")
  }

  func testLiveLogoutOnAnEmptyHomeCreatesNothing() throws {
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-empty-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: empty) }
    let logout = try ServiceLogout.live(environment: ["HOME": empty.path, "VIBES_SECRET_STORE": "vault"])
    try logout.signOutAll()
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: empty.path), [])
  }
}

/// The status model and its two renderings: never a secret, stable wording, the versioned JSON.
final class AuthStatusModelTests: XCTestCase {
  var home: URL!
  var storage: CLIStorage!

  override func setUpWithError() throws {
    let made = try CLIStorage.vaultInTemporaryHome(named: "vibes-authstatus")
    home = made.home
    storage = made.storage
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: home)
  }

  func testEntriesCarryDetailsButNoSecret() throws {
    try storage.secrets.write("tm-SECRET-key", for: .ticketmasterAPIKey)
    try storage.database.saveStepVerified(.ticketmaster, city: "Berlin", at: Date(timeIntervalSince1970: 1_763_000_000))
    try storage.secrets.write("trk-SECRET", for: .trackerAPIKey)
    try storage.database.saveTrackerSettings(brandID: "brand-42", userID: "", environment: "production", at: Date())
    let entries = try AuthStatusModel(storage: storage).load([.ticketmaster, .tracker, .gemini])
    XCTAssertEqual(entries.map(\.service), [.ticketmaster, .tracker, .gemini])
    XCTAssertEqual(entries.map(\.configured), [true, true, false])
    XCTAssertEqual(entries[0].details, ["city": "Berlin"])
    XCTAssertEqual(entries[1].details, ["environment": "production", "brandID": "brand-42"])

    let text = AuthStatusOutput.text(entries, decorated: false)
    XCTAssertEqual(
      text,
      """
      Ticketmaster: configured
        stored in: encrypted vault \(storage.paths.vaultFile.path)
        city: Berlin
        last verified: 2025-11-13T02:13:20Z
      Tracker: configured
        stored in: encrypted vault \(storage.paths.vaultFile.path)
        brandID: brand-42
        environment: production
        last verified: \(entries[1].lastVerified!.formatted(.iso8601))
      Gemini: not configured
      """)
    XCTAssertTrue(AuthStatusOutput.text(entries, decorated: true).hasPrefix("✓ Ticketmaster: configured\n"))
    let json = AuthStatusOutput.json(entries)
    for output in [text, json] { XCTAssertFalse(output.contains("SECRET")) }
    let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    XCTAssertEqual(decoded?["version"] as? Int, 1)
    let services = decoded?["services"] as? [[String: Any]]
    XCTAssertEqual(services?.map { $0["service"] as? String }, ["ticketmaster", "tracker", "gemini"])
    XCTAssertEqual(services?[0]["lastVerified"] as? String, "2025-11-13T02:13:20Z")
    XCTAssertNil(services?[2]["lastVerified"], "absent, not null, when never verified")
  }

  func testUncheckedTrackerDoesNotFailButAFailedCheckDoes() async throws {
    try storage.secrets.write("trk", for: .trackerAPIKey)
    var entry = try AuthStatusModel(storage: storage).load([.tracker])[0]
    entry.check = await AuthStatusModel(storage: storage).check(entry)
    XCTAssertEqual(entry.check?.result, "not-checked")
    XCTAssertTrue(entry.isFine)
    entry.check = .init(result: "failed", message: "x")
    XCTAssertFalse(entry.isFine)
  }
}
