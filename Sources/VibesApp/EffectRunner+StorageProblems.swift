import Foundation
import VibesCore
import VibesStorage

extension EffectRunner {
  /// A storage problem worded from the main table in both languages, for the status line.
  func storageProblem(_ key: L10n, _ values: [String: String]) -> AppAction {
    .storageProblemFound(en: Localizer(.en).format(key, values), de: Localizer(.de).format(key, values))
  }

  /// The vault's folder (or its key's) when a save failed there on a full disk; nil otherwise.
  func fullStorageFolder() -> String? {
    guard let vault = dependencies.secrets as? VaultSecretStore else { return nil }
    let folders = [vault.vaultFile.deletingLastPathComponent().path, vault.keyFile.deletingLastPathComponent().path]
    return folders.first(where: DiskSpace.isFull)
  }
}
