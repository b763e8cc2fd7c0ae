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
    default:
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
