import Foundation
import VibesStorage
import XCTest

/// Keyring items belong to one installation: a fresh database (after `rm -rf ~/.local/share/vibes`) does not see
/// an earlier installation's secrets, and an upgraded database keeps its own.
final class InstallationKeyringTests: XCTestCase {
  private var fixture: KeyringFixture!
  private var directory: TemporaryDirectory!

  override func setUpWithError() throws {
    fixture = try KeyringFixture()
    directory = try TemporaryDirectory("vibes-installation")
  }

  override func tearDown() {
    fixture?.shutDown()
    fixture = nil
  }

  func openStore(_ database: AppDatabase) throws -> SecretServiceStore {
    var environment = fixture.environment
    environment["VIBES_SECRET_STORE"] = "secret-service"
    let paths = AppPaths(environment: ["HOME": directory.url.path])
    let selection = try SecretStoreFactory.make(
      environment: environment, paths: paths, installation: try database.installation().id)
    return try XCTUnwrap(selection.store as? SecretServiceStore)
  }

  func testTheInstallationIDIsCreatedOnceAndKeptWithTheDatabase() throws {
    let path = directory.url.appendingPathComponent("one.sqlite").path
    let first = try AppDatabase(path: path).installation()
    XCTAssertTrue(first.isNew)
    let again = try AppDatabase(path: path).installation()
    XCTAssertEqual(again, InstallationIdentity(id: first.id, isNew: false))
    let other = try AppDatabase(path: directory.url.appendingPathComponent("two.sqlite").path).installation()
    XCTAssertNotEqual(other.id, first.id)
  }

  func testAFreshDatabaseDoesNotSeeAnEarlierInstallationsSecrets() throws {
    let dataDirectory = directory.url.appendingPathComponent("share/vibes")
    try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
    let path = dataDirectory.appendingPathComponent("vibes.sqlite").path
    let earlier = try openStore(try AppDatabase(path: path))
    try earlier.write("AIzaSyEarlierInstallation0123", for: .geminiAPIKey)
    XCTAssertTrue(try earlier.contains(.geminiAPIKey))

    try FileManager.default.removeItem(at: dataDirectory)  // rm -rf ~/.local/share/vibes
    try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
    let fresh = try openStore(try AppDatabase(path: path))
    XCTAssertFalse(
      try fresh.contains(.geminiAPIKey), "the fresh database says 'not configured', and so does the keyring")

    try fresh.write("AIzaSyFreshInstallation01234", for: .geminiAPIKey)
    XCTAssertEqual(try fresh.read(.geminiAPIKey), "AIzaSyFreshInstallation01234")
    XCTAssertEqual(try earlier.read(.geminiAPIKey), "AIzaSyEarlierInstallation0123", "neither touches the other")
  }

  func testItemsFromBeforeInstallationIDsMoveOntoTheInstallation() throws {
    let legacy = SecretServiceStore(environment: fixture.environment)
    try legacy.write("AIzaSyLegacyValue0123456789", for: .geminiAPIKey)
    let store = SecretServiceStore(environment: fixture.environment, installation: "install-1")
    XCTAssertNil(try store.read(.geminiAPIKey))
    XCTAssertEqual(try store.adoptItemsWithoutInstallation(SecretKey.knownKeys), [.geminiAPIKey])
    XCTAssertEqual(try store.read(.geminiAPIKey), "AIzaSyLegacyValue0123456789")
    XCTAssertNil(
      try SecretServiceStore(environment: fixture.environment, installation: "install-2").read(.geminiAPIKey))
    let listing = try KeyringFixture.runToEnd(
      which("secret-tool")!, ["search", "--all", "service", "vibes"], environment: fixture.environment)
    XCTAssertTrue(listing.contains("attribute.installation = install-1"), listing)
  }
}
