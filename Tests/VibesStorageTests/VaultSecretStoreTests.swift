import Foundation
import VibesStorage
import XCTest

final class VaultSecretStoreTests: XCTestCase {
  private var temp: TemporaryDirectory!
  private var paths: AppPaths!
  private let secret = "s3cr3t-VALUE-\(UUID().uuidString)"

  override func setUpWithError() throws {
    temp = try TemporaryDirectory("vibes-vault")
    paths = AppPaths(environment: ["HOME": temp.path])
  }

  override func tearDown() {
    temp.remove()
  }

  private func makeStore() -> VaultSecretStore {
    VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
  }

  private func vaultBytes() throws -> Data { try Data(contentsOf: paths.vaultFile) }

  private func assertThrows(
    _ expression: @autoclosure () throws -> some Any, file: StaticString = #filePath,
    line: UInt = #line,
    _ check: (SecretStoreError) -> Bool
  ) {
    XCTAssertThrowsError(try expression(), file: file, line: line) { error in
      guard let error = error as? SecretStoreError else {
        return XCTFail("unexpected error type: \(error)", file: file, line: line)
      }
      XCTAssertTrue(check(error), "unexpected error: \(error)", file: file, line: line)
      XCTAssertFalse(
        "\(error)".contains(secret), "an error description leaks the secret", file: file, line: line
      )
    }
  }

  func testRoundTripAcrossInstances() throws {
    let store = makeStore()
    XCTAssertEqual(store.kind, .vault)
    XCTAssertTrue(store.locationDescription.contains(paths.vaultFile.path))
    XCTAssertNil(try store.read(.geminiAPIKey))
    XCTAssertFalse(try store.contains(.geminiAPIKey))

    try store.write(secret, for: .geminiAPIKey)
    try store.write("tm-key ✓ with spaces\nand a newline\n", for: .ticketmasterAPIKey)

    let reopened = makeStore()
    XCTAssertEqual(try reopened.read(.geminiAPIKey), secret)
    XCTAssertEqual(try reopened.read(.ticketmasterAPIKey), "tm-key ✓ with spaces\nand a newline\n")
    XCTAssertTrue(try reopened.contains(.geminiAPIKey))
    XCTAssertFalse(try reopened.contains(.spotifyRefreshToken))
    XCTAssertEqual(try reopened.storedKeys(), [.geminiAPIKey, .ticketmasterAPIKey])

    try reopened.write("overwritten", for: .geminiAPIKey)
    XCTAssertEqual(try makeStore().read(.geminiAPIKey), "overwritten")
  }

  func testFileAndFolderModes() throws {
    // The store creates missing folders itself, 0700.
    try makeStore().write(secret, for: .spotifyAccessToken)
    XCTAssertEqual(try posixMode(paths.vaultFile), 0o600)
    XCTAssertEqual(try posixMode(paths.vaultKeyFile), 0o600)
    XCTAssertEqual(try posixMode(paths.dataDirectory), 0o700)
    XCTAssertEqual(try posixMode(paths.configDirectory), 0o700)
    // No temp files are left behind by the atomic writes.
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: paths.dataDirectory.path)
      .filter { $0.contains(".tmp-") }
    XCTAssertEqual(leftovers, [])
  }

  func testLooserVaultModeIsTightenedOnWrite() throws {
    let store = makeStore()
    try store.write(secret, for: .geminiAPIKey)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o644], ofItemAtPath: paths.vaultFile.path)
    XCTAssertEqual(
      try store.read(.geminiAPIKey), secret, "ciphertext with a loose mode is still readable")
    try store.write("other", for: .geminiAPIKey)
    XCTAssertEqual(try posixMode(paths.vaultFile), 0o600)
  }

  func testKeyFileIsNotInTheVaultFolder() throws {
    try makeStore().write(secret, for: .geminiAPIKey)
    XCTAssertNotEqual(
      paths.vaultKeyFile.deletingLastPathComponent(), paths.vaultFile.deletingLastPathComponent())
    let vaultFolder = try FileManager.default.contentsOfDirectory(atPath: paths.dataDirectory.path)
    XCTAssertFalse(vaultFolder.contains(paths.vaultKeyFile.lastPathComponent))
    XCTAssertEqual(try Data(contentsOf: paths.vaultKeyFile).count, 32)
    XCTAssertNil(
      try vaultBytes().range(of: try Data(contentsOf: paths.vaultKeyFile)),
      "the key is not in the vault")
  }

  func testEveryWriteUsesAFreshNonce() throws {
    let store = makeStore()
    try store.write(secret, for: .geminiAPIKey)
    let first = try vaultBytes()
    try store.write("different", for: .geminiAPIKey)
    try store.write(secret, for: .geminiAPIKey)
    let third = try vaultBytes()
    XCTAssertEqual(first.count, third.count, "same map, same length")
    XCTAssertNotEqual(first, third, "same map sealed twice must differ")
    XCTAssertEqual(Array(first.prefix(9)), Array(third.prefix(9)), "same header")
    XCTAssertNotEqual(
      first.dropFirst(9).prefix(12), third.dropFirst(9).prefix(12), "different nonce")
  }

  func testFileNeverContainsPlaintext() throws {
    let store = makeStore()
    try store.write(secret, for: .geminiAPIKey)
    let bytes = try vaultBytes()
    XCTAssertTrue(bytes.starts(with: Data("VIBESVLT".utf8)), "versioned header")
    XCTAssertNil(bytes.range(of: Data(secret.utf8)), "value in clear")
    XCTAssertNil(bytes.range(of: Data("gemini.apiKey".utf8)), "name in clear")
    let base64 = Data(secret.utf8).base64EncodedData()
    XCTAssertNil(bytes.range(of: base64), "value merely encoded")
  }

  func testTamperingAnyByteIsAnError() throws {
    let store = makeStore()
    try store.write(secret, for: .geminiAPIKey)
    let original = try vaultBytes()
    for index in 0..<original.count {
      var tampered = original
      tampered[index] ^= 0x01
      try tampered.write(to: paths.vaultFile)
      assertThrows(try makeStore().read(.geminiAPIKey)) {
        if case .vaultCorrupted = $0 { return true }
        return false
      }
    }
    for length in [0, 5, 9, 20, original.count - 1] {
      try original.prefix(length).write(to: paths.vaultFile)
      assertThrows(try makeStore().read(.geminiAPIKey)) {
        if case .vaultCorrupted = $0 { return true }
        return false
      }
    }
    try original.write(to: paths.vaultFile)
    XCTAssertEqual(try makeStore().read(.geminiAPIKey), secret, "the untampered file still opens")
  }

  func testMissingKeyFileIsAnErrorAndLeavesTheVaultUntouched() throws {
    try makeStore().write(secret, for: .geminiAPIKey)
    let before = try vaultBytes()
    try FileManager.default.removeItem(at: paths.vaultKeyFile)

    let store = makeStore()
    let isKeyMissing: (SecretStoreError) -> Bool = {
      if case .vaultKeyMissing = $0 { return true }
      return false
    }
    assertThrows(try store.read(.geminiAPIKey), isKeyMissing)
    assertThrows(try store.contains(.geminiAPIKey), isKeyMissing)
    assertThrows(try store.write("new", for: .ticketmasterAPIKey), isKeyMissing)
    assertThrows(try store.delete(.geminiAPIKey), isKeyMissing)
    XCTAssertEqual(try vaultBytes(), before, "the vault is untouched")
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: paths.vaultKeyFile.path), "no new key was made up")
  }

  func testWrongKeyIsAnErrorAndLeavesTheVaultUntouched() throws {
    try makeStore().write(secret, for: .geminiAPIKey)
    let before = try vaultBytes()
    try Data((0..<32).map { _ in UInt8.random(in: 0...255) }).write(to: paths.vaultKeyFile)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o600], ofItemAtPath: paths.vaultKeyFile.path)

    let isCorrupted: (SecretStoreError) -> Bool = {
      if case .vaultCorrupted = $0 { return true }
      return false
    }
    assertThrows(try self.makeStore().read(.geminiAPIKey), isCorrupted)
    assertThrows(try self.makeStore().write("x", for: .geminiAPIKey), isCorrupted)
    XCTAssertEqual(try vaultBytes(), before)

    try Data([1, 2, 3]).write(to: paths.vaultKeyFile)
    assertThrows(try self.makeStore().read(.geminiAPIKey)) {
      if case .vaultKeyInvalid = $0 { return true }
      return false
    }
  }

  func testResetAllowsAFreshStart() throws {
    try makeStore().write(secret, for: .geminiAPIKey)
    try FileManager.default.removeItem(at: paths.vaultKeyFile)
    let store = makeStore()
    XCTAssertThrowsError(try store.read(.geminiAPIKey))

    try store.reset()
    XCTAssertFalse(FileManager.default.fileExists(atPath: paths.vaultFile.path))
    XCTAssertNil(try store.read(.geminiAPIKey))
    try store.write("fresh", for: .spotifyRefreshToken)
    XCTAssertEqual(try makeStore().read(.spotifyRefreshToken), "fresh")
    XCTAssertNil(try makeStore().read(.geminiAPIKey), "old secrets are gone")
  }

  func testDelete() throws {
    let store = makeStore()
    try store.delete(.geminiAPIKey)  // nothing there yet: not an error, and no files are created
    XCTAssertFalse(FileManager.default.fileExists(atPath: paths.vaultFile.path))
    XCTAssertFalse(FileManager.default.fileExists(atPath: paths.vaultKeyFile.path))

    try store.write(secret, for: .geminiAPIKey)
    try store.write("keep", for: .ticketmasterAPIKey)
    try store.delete(.geminiAPIKey)
    try store.delete(.geminiAPIKey)  // twice is fine
    XCTAssertNil(try makeStore().read(.geminiAPIKey))
    XCTAssertEqual(try makeStore().read(.ticketmasterAPIKey), "keep")
    XCTAssertNil(try vaultBytes().range(of: Data(secret.utf8)))
  }

  func testLooseOrForeignKeyFileIsRefused() throws {
    try makeStore().write(secret, for: .geminiAPIKey)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o644], ofItemAtPath: paths.vaultKeyFile.path)
    assertThrows(try self.makeStore().read(.geminiAPIKey)) {
      if case .insecureFile(let path, _) = $0 { return path == self.paths.vaultKeyFile.path }
      return false
    }
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o600], ofItemAtPath: paths.vaultKeyFile.path)
    XCTAssertEqual(try makeStore().read(.geminiAPIKey), secret)

    if geteuid() == 0 {  // only root can hand a file to another user
      XCTAssertEqual(chown(paths.vaultKeyFile.path, 65_534, 65_534), 0)
      assertThrows(try self.makeStore().read(.geminiAPIKey)) {
        if case .insecureFile = $0 { return true }
        return false
      }
    }
  }

  func testEmptyValueIsRejected() {
    assertThrows(try self.makeStore().write("", for: .geminiAPIKey)) {
      if case .invalidValue = $0 { return true }
      return false
    }
  }

  func testConcurrentWritersLoseNothing() throws {
    let keys = (0..<16).map { SecretKey(rawValue: "k\($0)") }
    let failures = FailureLog()
    let vaultFile = paths.vaultFile
    let keyFile = paths.vaultKeyFile
    let shared = makeStore()
    DispatchQueue.concurrentPerform(iterations: keys.count) { index in
      // Half share one instance (NSLock), half use their own (flock), as separate processes would.
      let store =
        index.isMultiple(of: 2) ? shared : VaultSecretStore(vaultFile: vaultFile, keyFile: keyFile)
      do { try store.write("v\(index)", for: keys[index]) } catch { failures.add("\(error)") }
    }
    XCTAssertEqual(failures.all.count, 0, failures.all.first ?? "")
    let store = makeStore()
    for (index, key) in keys.enumerated() {
      XCTAssertEqual(try store.read(key), "v\(index)")
    }
  }
}
