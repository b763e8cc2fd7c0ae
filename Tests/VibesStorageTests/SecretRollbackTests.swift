import Foundation
import VibesStorage
import XCTest

/// A rollback that cannot put the previous secret back must say so (`rollbackFailed`), not vanish.
final class SecretRollbackTests: XCTestCase {
  struct RowFailed: Error {}

  func testAnInjectedRollbackFailureIsReportedAndTheStoreStaysReadable() throws {
    let temp = try TemporaryDirectory("vibes-rollback")
    defer { temp.remove() }
    let vault = VaultSecretStore(vaultFile: temp.appending("v/secrets.vault"), keyFile: temp.appending("k/key"))
    try vault.write("old-secret-value", for: .geminiAPIKey)
    let flaky = FlakyStore(wrapping: vault, failingWritesAfter: 1)
    XCTAssertThrowsError(try flaky.write("new-secret-value", for: .geminiAPIKey) { throw RowFailed() }) { error in
      guard case .rollbackFailed(let key, let commitError, let rollbackError)? = error as? SecretStoreError else {
        return XCTFail("expected rollbackFailed, got \(error)")
      }
      XCTAssertEqual(key, SecretKey.geminiAPIKey.rawValue)
      XCTAssertTrue(commitError.contains("RowFailed"), commitError)
      XCTAssertTrue(rollbackError.contains("injected"), rollbackError)
      XCTAssertFalse("\(error)".contains("secret-value"), "no secret in the description")
    }
    // The store holds the new value, whole: the error said so.
    XCTAssertEqual(try vault.read(.geminiAPIKey), "new-secret-value")
  }

  func testAFailedDeleteDuringRollbackIsReported() throws {
    let temp = try TemporaryDirectory("vibes-rollback")
    defer { temp.remove() }
    let vault = VaultSecretStore(vaultFile: temp.appending("v/secrets.vault"), keyFile: temp.appending("k/key"))
    let flaky = FlakyStore(wrapping: vault, failingWritesAfter: 1, failDeletes: true)
    XCTAssertThrowsError(try flaky.write("new-secret-value", for: .spotifyRefreshToken) { throw RowFailed() }) {
      XCTAssertEqual(($0 as? SecretStoreError).map { if case .rollbackFailed = $0 { true } else { false } }, true)
    }
  }

  func testARollbackOnAFullDiskIsReportedAndTheVaultStaysWhole() throws {
    let disk = try SmallMount(kilobytes: 64)
    defer { disk.unmount() }
    let vaultFile = disk.url.appendingPathComponent("v/secrets.vault")
    let vault = VaultSecretStore(vaultFile: vaultFile, keyFile: disk.url.appendingPathComponent("k/key"))
    try vault.write("old-secret-value", for: .geminiAPIKey)
    var filler = ""
    XCTAssertThrowsError(
      try vault.write("new-secret-value", for: .geminiAPIKey) {
        filler = disk.fill()  // the row's half fails because the disk just filled up
        throw RowFailed()
      }
    ) { error in
      guard case .rollbackFailed(_, _, let rollbackError)? = error as? SecretStoreError else {
        return XCTFail("expected rollbackFailed, got \(error)")
      }
      XCTAssertTrue(rollbackError.contains("No space left"), rollbackError)
    }
    XCTAssertEqual(try vault.read(.geminiAPIKey), "new-secret-value", "old or new, never half: here new")
    let names = try FileManager.default.contentsOfDirectory(atPath: vaultFile.deletingLastPathComponent().path)
    XCTAssertEqual(names.filter { $0.contains(".tmp-") }, [], "a failed atomic write leaves no temp file")
    // Space back: the same save now succeeds.
    try FileManager.default.removeItem(atPath: filler)
    try vault.write("old-secret-value", for: .geminiAPIKey)
    XCTAssertEqual(try vault.read(.geminiAPIKey), "old-secret-value")
  }
}

/// Delegates to a real store; writes after the first `failingWritesAfter` fail (and deletes, if asked).
private final class FlakyStore: SecretStore, @unchecked Sendable {
  struct Injected: Error, CustomStringConvertible {
    var description: String { "injected failure" }
  }
  let inner: any SecretStore
  var writesLeft: Int
  let failDeletes: Bool

  init(wrapping inner: any SecretStore, failingWritesAfter writes: Int, failDeletes: Bool = false) {
    self.inner = inner
    self.writesLeft = writes
    self.failDeletes = failDeletes
  }

  var kind: SecretStoreKind { inner.kind }
  var locationDescription: String { "flaky" }
  func read(_ key: SecretKey) throws -> String? { try inner.read(key) }
  func write(_ value: String, for key: SecretKey) throws {
    guard writesLeft > 0 else { throw Injected() }
    writesLeft -= 1
    try inner.write(value, for: key)
  }
  func delete(_ key: SecretKey) throws {
    if failDeletes { throw Injected() }
    try inner.delete(key)
  }
  func contains(_ key: SecretKey) throws -> Bool { try inner.contains(key) }
}
