import Foundation
import VibesCore
import VibesStorage

extension EffectRunner {
  /// A storage problem worded from the main table in both languages, for the status line.
  func storageProblem(_ key: L10n, _ values: [String: String]) -> AppAction {
    .storageProblemFound(LocalizedText(key, values))
  }

  /// The folder a save writes to (the vault's, its key's, the database's) that is full; nil when none is.
  func fullStorageFolder() -> String? {
    var folders: [String] = []
    if let vault = dependencies.secrets as? VaultSecretStore {
      folders += [vault.vaultFile.deletingLastPathComponent().path, vault.keyFile.deletingLastPathComponent().path]
    }
    if let folder = dependencies.database.folder { folders.append(folder) }
    return folders.first(where: DiskSpace.isFull)
  }
}
