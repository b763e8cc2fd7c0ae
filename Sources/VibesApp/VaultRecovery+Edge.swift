import Foundation
import VibesCore
import VibesStorage

extension SecretStoreDamage {
  /// The damage a secret store error means, when it is one the vault reset solves; nil otherwise.
  init?(_ error: any Error, secrets: any SecretStore) {
    guard let error = error as? SecretStoreError else { return nil }
    let vault = secrets as? VaultSecretStore
    switch error {
    case .vaultKeyMissing(let keyPath, let vaultPath):
      self.init(kind: .keyMissing, vaultPath: vaultPath, keyPath: keyPath)
    case .vaultKeyInvalid(let keyPath):
      self.init(kind: .keyInvalid, vaultPath: vault?.vaultFile.path ?? "", keyPath: keyPath)
    case .vaultCorrupted(let path, _):
      self.init(kind: .corrupted, vaultPath: path, keyPath: vault?.keyFile.path ?? "")
    case .insecureFile(let path, _):
      // The file as it is now: the storage layer's reason is English text for the log.
      guard let problem = InsecureFileProblem(path: path) else { return nil }
      self.init(
        kind: .insecure(file: path, problem: problem), vaultPath: vault?.vaultFile.path ?? "",
        keyPath: vault?.keyFile.path ?? "")
    default:
      return nil
    }
  }
}

extension InsecureFileProblem {
  /// What is wrong with the file at `path` for a secret: another owner, or access for group or others; nil when
  /// neither (it was fixed meanwhile) or it cannot be read.
  init?(path: String) {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let owner = (attributes[.ownerAccountID] as? NSNumber)?.uint32Value,
      let mode = (attributes[.posixPermissions] as? NSNumber)?.uint16Value
    else { return nil }
    if owner != geteuid() {
      let name = attributes[.ownerAccountName] as? String
      self = .ownedByOther(owner: name ?? "uid \(owner)", you: NSUserName())
    } else if mode & 0o077 != 0 {
      self = .openToOthers(mode: String(mode & 0o777, radix: 8))
    } else {
      return nil
    }
  }
}

extension EffectRunner {
  /// The vault damage the secret store reports right now, if any.
  func vaultDamage() -> SecretStoreDamage? {
    do {
      _ = try dependencies.secrets.contains(.geminiAPIKey)
      return nil
    } catch {
      return SecretStoreDamage(error, secrets: dependencies.secrets)
    }
  }

  /// Deletes the damaged vault and its key (the same as `vibes reset-vault --yes`); true when done.
  func resetVault(vaultPath: String, keyPath: String) -> Bool {
    guard !vaultPath.isEmpty, !keyPath.isEmpty else { return false }
    do {
      try VaultSecretStore(vaultFile: URL(fileURLWithPath: vaultPath), keyFile: URL(fileURLWithPath: keyPath)).reset()
      log.notice("vault reset from the app: a fresh vault will be created on the next save")
      return true
    } catch {
      log.error("vault reset failed: \(String(describing: error))")
      return false
    }
  }
}
