import Crypto
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An encrypted file of secrets, for machines without a Secret Service (SSH sessions, servers, containers).
///
/// What it protects against: the vault file copied, backed up or synced on its own (the 256-bit key lives
/// in a separate file under the config directory, never beside or inside the vault); other local users
/// (both files are 0600 in 0700 folders, and a key file that is group/world accessible or owned by someone
/// else is refused, like ssh refuses a loose private key); casual reading (no name or value is in clear);
/// silent tampering (AEAD: a modified or truncated vault fails to open instead of yielding garbage).
///
/// What it does not protect against: anything running as this user (it can read the key file as easily as
/// we do), root, or a stolen home directory / full backup that holds both files. There is no passphrase:
/// this is obfuscation at rest plus file permissions, not a keyring. Prefer the Secret Service when present.
///
/// Policy on existing files: the key file must be ours and 0600-ish (no group/other bits) or it is refused;
/// the vault must be ours, a looser mode on it is tolerated (it is ciphertext) and rewritten as 0600 on the
/// next write. A vault whose key is missing or wrong is never overwritten: `reset()` must be called first.
public final class VaultSecretStore: SecretStore {
  public let vaultFile: URL
  public let keyFile: URL
  /// Serializes read-modify-write within this process; `lockFile` (flock) does so across processes.
  private let lock = NSLock()

  /// Opens the store; temp files a killed earlier process left beside the vault or key are swept first.
  public init(vaultFile: URL, keyFile: URL) {
    self.vaultFile = vaultFile
    self.keyFile = keyFile
    sweepOrphanedTempFiles()
  }

  public var kind: SecretStoreKind { .vault }

  public var locationDescription: String {
    "Encrypted vault \(vaultFile.path) (key \(keyFile.path))"
  }

  /// Sidecar lock file beside the vault; holds nothing.
  var lockFile: URL {
    vaultFile.deletingLastPathComponent().appendingPathComponent(
      ".\(vaultFile.lastPathComponent).lock")
  }

  public func read(_ key: SecretKey) throws -> String? {
    try locked { try loadSecrets()[key.rawValue] }
  }

  public func contains(_ key: SecretKey) throws -> Bool {
    try read(key) != nil
  }

  public func write(_ value: String, for key: SecretKey) throws {
    guard !value.isEmpty else {
      throw SecretStoreError.invalidValue("empty value for \(key.rawValue)")
    }
    try modify { secrets in
      guard secrets[key.rawValue] != value else { return false }
      secrets[key.rawValue] = value
      return true
    }
  }

  public func delete(_ key: SecretKey) throws {
    try modify { secrets in secrets.removeValue(forKey: key.rawValue) != nil }
  }

  /// Names stored in the vault (not values), sorted.
  public func storedKeys() throws -> [SecretKey] {
    try locked { try loadSecrets().keys.sorted().map(SecretKey.init(rawValue:)) }
  }

  /// Deletes the vault and its key file: every secret in it is lost. The next write starts a fresh vault with a
  /// fresh key. This is the only way out of `vaultKeyMissing`, `vaultKeyInvalid` or `vaultCorrupted`.
  public func reset() throws {
    try locked {
      try wrapIO {
        try SecureFile.remove(vaultFile)
        try SecureFile.remove(keyFile)
        for folder in Set([
          vaultFile.deletingLastPathComponent().path, keyFile.deletingLastPathComponent().path,
        ])
        where FileManager.default.fileExists(atPath: folder) {
          try SecureFile.syncDirectory(folder)
        }
      }
    }
  }

  /// Removes `.<vault or key name>.tmp-<UUID>` files older than `cutoff` (default: this process's start) that a
  /// process killed mid-save left behind, holding the cross-process lock. Returns how many were removed.
  @discardableResult
  public func sweepOrphanedTempFiles(olderThan cutoff: Date? = nil) -> Int {
    let folder = vaultFile.deletingLastPathComponent().path
    guard FileManager.default.fileExists(atPath: folder) else { return 0 }
    let limit = cutoff ?? TempFileSweep.processStart
    return
      (try? locked {
        try SecureFile.withExclusiveLock(lockFile) {
          TempFileSweep.sweep(tempFilesOf: vaultFile, olderThan: limit)
            + TempFileSweep.sweep(tempFilesOf: keyFile, olderThan: limit)
        }
      }) ?? 0
  }

  // MARK: Internals

  private func locked<T>(_ body: () throws -> T) throws -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  /// Read-modify-write under both locks. `change` returns whether it changed anything; if not, nothing is written
  /// and no key is created (deleting from a missing vault leaves no files behind).
  private func modify(_ change: (inout [String: String]) -> Bool) throws {
    try locked {
      let vaultFolder = vaultFile.deletingLastPathComponent()
      try wrapIO {
        try SecureFile.ensureDirectory(vaultFolder)
        try SecureFile.ensureDirectory(keyFile.deletingLastPathComponent())
      }
      try wrapIO {
        try SecureFile.withExclusiveLock(lockFile) {
          let vaultExists = try checkVault()
          let key = try loadKey()
          var secrets: [String: String] = [:]
          if vaultExists {
            guard let key else {
              throw SecretStoreError.vaultKeyMissing(
                keyPath: keyFile.path, vaultPath: vaultFile.path)
            }
            secrets = try readVault(with: key)
          }
          guard change(&secrets) else { return }
          let sealingKey = try key ?? createKey()
          try SecureFile.atomicWrite(VaultFormat.seal(secrets, with: sealingKey), to: vaultFile)
        }
      }
    }
  }

  private func loadSecrets() throws -> [String: String] {
    guard try checkVault() else { return [:] }
    guard let key = try loadKey() else {
      throw SecretStoreError.vaultKeyMissing(keyPath: keyFile.path, vaultPath: vaultFile.path)
    }
    return try readVault(with: key)
  }

  private func readVault(with key: SymmetricKey) throws -> [String: String] {
    guard let data = try wrapIO({ try SecureFile.read(vaultFile) }) else {
      throw SecretStoreError.vaultCorrupted(
        path: vaultFile.path, reason: "the file disappeared while reading")
    }
    return try VaultFormat.open(data, with: key, path: vaultFile.path)
  }

  /// Whether the vault exists; refuses one owned by another user.
  private func checkVault() throws -> Bool {
    guard let status = try wrapIO({ try SecureFile.status(vaultFile) }) else { return false }
    guard status.owner == geteuid() else {
      throw SecretStoreError.insecureFile(
        path: vaultFile.path, reason: "owned by uid \(status.owner), not by you")
    }
    return true
  }

  /// The key, or nil when the key file does not exist. Refuses a key file others could have read or planted.
  private func loadKey() throws -> SymmetricKey? {
    guard let status = try wrapIO({ try SecureFile.status(keyFile) }) else { return nil }
    guard status.owner == geteuid() else {
      throw SecretStoreError.insecureFile(
        path: keyFile.path, reason: "owned by uid \(status.owner), not by you")
    }
    guard status.mode & 0o077 == 0 else {
      let mode = String(status.mode & 0o777, radix: 8)
      throw SecretStoreError.insecureFile(
        path: keyFile.path,
        reason:
          "mode \(mode) lets group or others read it; run `chmod 600 \(keyFile.path)` if it was never exposed"
      )
    }
    guard let data = try wrapIO({ try SecureFile.read(keyFile) }),
      data.count == VaultFormat.keyByteCount
    else {
      throw SecretStoreError.vaultKeyInvalid(keyPath: keyFile.path)
    }
    return SymmetricKey(data: data)
  }

  private func createKey() throws -> SymmetricKey {
    let key = SymmetricKey(size: .bits256)
    let bytes = key.withUnsafeBytes { Data($0) }
    try SecureFile.atomicWrite(bytes, to: keyFile)
    return key
  }

  /// Maps file-system errors to `SecretStoreError.io`; store errors pass through unchanged.
  private func wrapIO<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as SecretStoreError {
      throw error
    } catch let error as StorageFileError {
      throw SecretStoreError.io(error.description)
    } catch {
      throw SecretStoreError.io("vault: \(type(of: error))")
    }
  }
}
