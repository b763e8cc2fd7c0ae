import Foundation
import VibesStorage
import XCTest

/// In auto mode on a desktop, a vault that cannot be opened is kept as the store (so the app explains it and
/// offers the reset) instead of the keyring being used as if the vault's secrets had never existed.
final class DamagedStorageAutoModeTests: XCTestCase {
  private var fixture: KeyringFixture!
  private var temp: TemporaryDirectory!
  private var paths: AppPaths!

  override func setUpWithError() throws {
    fixture = try KeyringFixture()
    temp = try TemporaryDirectory("vibes-auto-damage")
    paths = AppPaths(environment: ["HOME": temp.path])
    try paths.createDirectories()
    try VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
      .write("saved-before-0123456789", for: .geminiAPIKey)
  }

  override func tearDown() {
    fixture?.shutDown()
    temp?.remove()
  }

  private func select() throws -> SecretStoreSelection {
    var environment = fixture.environment
    environment["VIBES_SECRET_STORE"] = "auto"
    return try SecretStoreFactory.make(environment: environment, paths: paths)
  }

  func testAHealthyEmptyVaultLeavesTheKeyringInUse() throws {
    try VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile).delete(.geminiAPIKey)
    XCTAssertEqual(try select().store.kind, .secretService, "the keyring is there and the vault holds nothing")
  }

  func testAGarbageVaultStaysInUseSoTheAppCanExplainIt() throws {
    let garbage = Data((0..<300).map { UInt8(truncatingIfNeeded: $0 * 7) })
    try garbage.write(to: paths.vaultFile)
    let selection = try select()
    XCTAssertEqual(selection.store.kind, .vault)
    XCTAssertEqual(selection.fallback, .vaultAlreadyInUse)
    XCTAssertThrowsError(try selection.store.read(.geminiAPIKey)) { error in
      guard case .vaultCorrupted? = error as? SecretStoreError else { return XCTFail("\(error)") }
    }
    XCTAssertEqual(try Data(contentsOf: paths.vaultFile), garbage, "nothing was written")
  }

  func testAVaultWithoutItsKeyStaysInUse() throws {
    try FileManager.default.removeItem(at: paths.vaultKeyFile)
    let selection = try select()
    XCTAssertEqual(selection.store.kind, .vault)
    XCTAssertThrowsError(try selection.store.read(.geminiAPIKey)) { error in
      guard case .vaultKeyMissing? = error as? SecretStoreError else { return XCTFail("\(error)") }
    }
  }

  func testAKeyOfTheWrongSizeKeepsTheVaultInUse() throws {
    try Data(repeating: 1, count: 16).write(to: paths.vaultKeyFile)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: paths.vaultKeyFile.path)
    let selection = try select()
    XCTAssertEqual(selection.store.kind, .vault)
    XCTAssertThrowsError(try selection.store.read(.geminiAPIKey)) { error in
      guard case .vaultKeyInvalid? = error as? SecretStoreError else { return XCTFail("\(error)") }
    }
  }
}
