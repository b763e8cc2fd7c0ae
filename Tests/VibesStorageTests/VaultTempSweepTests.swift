import Foundation
import VibesStorage
import XCTest

/// Temp files a process killed mid-save left beside the vault are swept when the vault is opened.
final class VaultTempSweepTests: XCTestCase {
  func testOpeningSweepsOnlyOldTempFilesOfTheVaultAndKey() throws {
    let temp = try TemporaryDirectory("vibes-sweep")
    defer { temp.remove() }
    let vaultFile = temp.appending("v/secrets.vault")
    let keyFile = temp.appending("k/key")
    try VaultSecretStore(vaultFile: vaultFile, keyFile: keyFile).write("a-secret-value", for: .geminiAPIKey)

    let old = Date().addingTimeInterval(-3600)
    let oldVaultTemp = try plant(".secrets.vault.tmp-\(UUID().uuidString)", in: vaultFile, modified: old)
    let oldKeyTemp = try plant(".key.tmp-\(UUID().uuidString)", in: keyFile, modified: old)
    let liveTemp = try plant(".secrets.vault.tmp-\(UUID().uuidString)", in: vaultFile, modified: Date())
    let notOurs = try plant(".secrets.vault.tmp-not-a-uuid", in: vaultFile, modified: old)
    let otherFile = try plant(".other.vault.tmp-\(UUID().uuidString)", in: vaultFile, modified: old)

    let reopened = VaultSecretStore(vaultFile: vaultFile, keyFile: keyFile)
    let exists = { FileManager.default.fileExists(atPath: $0) }
    XCTAssertFalse(exists(oldVaultTemp), "an orphan older than this process is removed")
    XCTAssertFalse(exists(oldKeyTemp), "the key's orphan too")
    XCTAssertTrue(exists(liveTemp), "a temp file newer than this process may belong to a live writer")
    XCTAssertTrue(exists(notOurs))
    XCTAssertTrue(exists(otherFile))
    XCTAssertEqual(try reopened.read(.geminiAPIKey), "a-secret-value")
    // An explicit cutoff (used once the writer is known dead) takes the newer one as well.
    XCTAssertEqual(reopened.sweepOrphanedTempFiles(olderThan: Date().addingTimeInterval(1)), 1)
    XCTAssertFalse(exists(liveTemp))
  }

  private func plant(_ name: String, in target: URL, modified: Date) throws -> String {
    let path = target.deletingLastPathComponent().appendingPathComponent(name).path
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("x".utf8)))
    try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
    return path
  }
}
