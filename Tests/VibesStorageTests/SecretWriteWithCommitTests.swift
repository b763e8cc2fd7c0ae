import Foundation
import VibesStorage
import XCTest

/// `SecretStore.write(_:for:then:)`: the secret and the non-secret half of a save stand or fall together.
final class SecretWriteWithCommitTests: XCTestCase {
  struct RowFailed: Error {}

  private var temp: TemporaryDirectory!
  private var store: VaultSecretStore!

  override func setUpWithError() throws {
    temp = try TemporaryDirectory("vibes-secret-commit")
    let paths = AppPaths(environment: ["HOME": temp.path])
    store = VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
  }

  override func tearDown() {
    temp.remove()
  }

  func testACommittedSaveKeepsTheNewSecretAndReturnsTheCommitsResult() throws {
    let result = try store.write("new-secret-value", for: .geminiAPIKey) { 42 }
    XCTAssertEqual(result, 42)
    XCTAssertEqual(try store.read(.geminiAPIKey), "new-secret-value")
  }

  func testAFailedCommitPutsThePreviousSecretBack() throws {
    try store.write("old-secret-value", for: .geminiAPIKey)
    XCTAssertThrowsError(try store.write("new-secret-value", for: .geminiAPIKey) { throw RowFailed() })
    XCTAssertEqual(try store.read(.geminiAPIKey), "old-secret-value")
  }

  func testAFailedCommitWithNoPreviousSecretLeavesNone() throws {
    XCTAssertThrowsError(try store.write("new-secret-value", for: .geminiAPIKey) { throw RowFailed() })
    XCTAssertNil(try store.read(.geminiAPIKey))
  }

  func testAnUnreadablePreviousSecretMeansNothingIsWrittenOrDeleted() throws {
    let unreadable = UnreadableStore()
    XCTAssertThrowsError(try unreadable.write("new-secret-value", for: .geminiAPIKey) { () })
    XCTAssertEqual(unreadable.calls, ["read"], "no write and no delete after a failed read")
  }
}

/// A store whose reads fail (a locked keyring); records what was attempted.
private final class UnreadableStore: SecretStore, @unchecked Sendable {
  var calls: [String] = []
  var kind: SecretStoreKind { .secretService }
  var locationDescription: String { "unreadable" }
  func read(_ key: SecretKey) throws -> String? {
    calls.append("read")
    throw SecretStoreError.locked
  }
  func write(_ value: String, for key: SecretKey) throws { calls.append("write") }
  func delete(_ key: SecretKey) throws { calls.append("delete") }
  func contains(_ key: SecretKey) throws -> Bool { false }
}
