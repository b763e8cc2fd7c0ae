import Crypto
import Foundation

/// On-disk layout of the vault file:
///
///     "VIBESVLT" (8 bytes) | format version (1 byte) | ChaChaPoly combined box (nonce 12 | ciphertext | tag 16)
///
/// The plaintext is the whole secret map as JSON `{name: value}`, sealed as one box with a fresh random nonce
/// on every write. The associated data names the format version, so a box cannot be replayed under another
/// format's rules. Names are inside the box too: the file reveals neither which secrets exist nor their values.
enum VaultFormat {
  static let magic = Data("VIBESVLT".utf8)
  static let version: UInt8 = 1
  static let keyByteCount = 32
  static var header: Data { magic + Data([version]) }
  static var associatedData: Data { Data("vibes.vault.v\(version)".utf8) }

  static func seal(_ secrets: [String: String], with key: SymmetricKey) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let plaintext = try encoder.encode(secrets)
    let box = try ChaChaPoly.seal(
      plaintext, using: key, nonce: ChaChaPoly.Nonce(), authenticating: associatedData)
    return header + box.combined
  }

  /// Opens a vault file's bytes. Any mismatch is a `vaultCorrupted` error; nothing partial is ever returned.
  static func open(_ data: Data, with key: SymmetricKey, path: String) throws -> [String: String] {
    let header = self.header
    guard data.count >= header.count else {
      throw SecretStoreError.vaultCorrupted(path: path, reason: "file too short")
    }
    guard data.prefix(magic.count) == magic else {
      throw SecretStoreError.vaultCorrupted(
        path: path, reason: "not a vibes vault (bad magic bytes)")
    }
    let fileVersion = data[data.startIndex + magic.count]
    guard fileVersion == version else {
      throw SecretStoreError.vaultCorrupted(
        path: path, reason: "unsupported format version \(fileVersion)")
    }
    let plaintext: Data
    do {
      let box = try ChaChaPoly.SealedBox(combined: data.dropFirst(header.count))
      plaintext = try ChaChaPoly.open(box, using: key, authenticating: associatedData)
    } catch {
      throw SecretStoreError.vaultCorrupted(
        path: path,
        reason: "authentication failed (wrong key, or the file was modified or truncated)")
    }
    do {
      return try JSONDecoder().decode([String: String].self, from: plaintext)
    } catch {
      throw SecretStoreError.vaultCorrupted(
        path: path, reason: "decrypted contents are not a secret map")
    }
  }
}
