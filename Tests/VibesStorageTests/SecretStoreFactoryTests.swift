import Foundation
import VibesStorage
import XCTest

/// The factory without any session bus (the keyring-backed cases are in SecretServiceKeyringTests).
final class SecretStoreFactoryTests: XCTestCase {
  private var temp: TemporaryDirectory!
  private var paths: AppPaths!

  override func setUpWithError() throws {
    temp = try TemporaryDirectory("vibes-factory")
    paths = AppPaths(environment: ["HOME": temp.path])
  }

  override func tearDown() {
    temp.remove()
  }

  /// No DBUS_SESSION_BUS_ADDRESS and no XDG_RUNTIME_DIR: there is no bus to find.
  private func noBus(_ mode: String?) -> [String: String] {
    var environment = minimalEnvironment(["HOME": temp.path])
    environment["VIBES_SECRET_STORE"] = mode
    return environment
  }

  func testVaultModeGivesTheVault() throws {
    let selection = try SecretStoreFactory.make(environment: noBus("vault"), paths: paths)
    XCTAssertEqual(selection.store.kind, .vault)
    XCTAssertNil(selection.fallbackReason, "an explicit choice is not a fallback")
    let vault = try XCTUnwrap(selection.store as? VaultSecretStore)
    XCTAssertEqual(vault.vaultFile, paths.vaultFile)
    XCTAssertEqual(vault.keyFile, paths.vaultKeyFile)
  }

  func testForcedSecretServiceWithoutBusThrows() {
    XCTAssertThrowsError(
      try SecretStoreFactory.make(environment: noBus("secret-service"), paths: paths)
    ) { error in
      guard case .unavailable(let reason) = error as? SecretStoreError else {
        return XCTFail("\(error)")
      }
      XCTAssertTrue(reason.contains("VIBES_SECRET_STORE=secret-service"), reason)
    }
  }

  func testAutoWithoutBusFallsBackToTheVaultAndSaysWhy() throws {
    for mode in [nil, "auto", ""] {
      let selection = try SecretStoreFactory.make(environment: noBus(mode), paths: paths)
      XCTAssertEqual(selection.store.kind, .vault, "\(mode ?? "unset")")
      XCTAssertEqual(selection.fallback, which("secret-tool") != nil ? .noSessionBus : .secretToolMissing)
      let reason = try XCTUnwrap(selection.fallbackReason)
      XCTAssertFalse(reason.isEmpty)
      if which("secret-tool") != nil {
        XCTAssertTrue(reason.contains("no session bus"), reason)
      }
    }
  }

  func testAutoKeepsAnExistingVaultSoSecretsDoNotSeemToVanish() throws {
    try paths.createDirectories()
    try VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
      .write("saved-over-ssh-0123456789", for: .geminiAPIKey)
    let selection = try SecretStoreFactory.make(environment: noBus("auto"), paths: paths)
    XCTAssertEqual(selection.store.kind, .vault)
    XCTAssertEqual(selection.fallback, .vaultAlreadyInUse)
    XCTAssertTrue(selection.fallbackReason?.contains("vault already holds secrets") ?? false, "\(selection)")
    XCTAssertEqual(try selection.store.read(.geminiAPIKey), "saved-over-ssh-0123456789")
  }

  func testUnknownModeIsAnError() {
    XCTAssertThrowsError(try SecretStoreFactory.make(environment: noBus("keychain"), paths: paths)) { error in
      guard case .invalidConfiguration(let message) = error as? SecretStoreError else {
        return XCTFail("\(error)")
      }
      XCTAssertTrue(message.contains("keychain"), message)
    }
  }

  func testModeParsing() throws {
    XCTAssertEqual(try SecretStoreMode(environment: [:]), .auto)
    XCTAssertEqual(try SecretStoreMode(environment: ["VIBES_SECRET_STORE": " Vault "]), .vault)
    XCTAssertEqual(
      try SecretStoreMode(environment: ["VIBES_SECRET_STORE": "secret-service"]), .secretService)
  }
}
