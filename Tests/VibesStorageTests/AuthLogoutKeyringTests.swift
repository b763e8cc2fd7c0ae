import Foundation
import VibesStorage
import XCTest

/// `vibes auth status` and `vibes auth logout` (the built binary) against a real gnome-keyring-daemon on a
/// private bus (KeyringFixture): the status names the Secret Service, and logout removes a secret from the
/// Secret Service and from a vault alike.
final class AuthLogoutKeyringTests: XCTestCase {
  private var fixture: KeyringFixture!

  override func setUpWithError() throws {
    fixture = try KeyringFixture()
  }

  override func tearDown() {
    fixture?.shutDown()
    fixture = nil
  }

  var binary: URL {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent("vibes")
  }

  func vibes(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = fixture.environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  func testLogoutRemovesFromTheSecretServiceAndTheVault() throws {
    guard FileManager.default.isExecutableFile(atPath: binary.path) else { throw XCTSkip("vibes is not built") }
    let secret = "ss-gemini-\(UUID().uuidString)"
    let keyring = SecretServiceStore(environment: fixture.environment)
    try keyring.write(secret, for: .geminiAPIKey)
    try keyring.write("ss-tracker-\(UUID().uuidString)", for: .trackerAPIKey)

    let status = try vibes(["auth", "status", "gemini", "--json"])
    XCTAssertEqual(status.status, 0, status.output)
    XCTAssertTrue(status.output.contains("\"store\" : \"secret-service\""), status.output)
    XCTAssertFalse(status.output.contains(secret))

    // A stale copy in a vault (say, saved over ssh earlier) goes too.
    let paths = AppPaths(environment: fixture.environment)
    let vault = VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
    try vault.write("vault-gemini", for: .geminiAPIKey)

    let logout = try vibes(["auth", "logout", "gemini", "--yes"])
    XCTAssertEqual(logout.status, 0, logout.output)
    XCTAssertEqual(logout.output, "Signed out of Gemini.\n")
    XCTAssertNil(try keyring.read(.geminiAPIKey))
    XCTAssertNil(try vault.read(.geminiAPIKey))
    XCTAssertNotNil(try keyring.read(.trackerAPIKey), "other services stay")
  }
}
