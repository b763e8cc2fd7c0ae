import Foundation
import VibesCore
import VibesStorage

extension EffectRunner {
  /// A storage problem worded from the main table in both languages, for the status line.
  func storageProblem(_ key: L10n, _ values: [String: String]) -> AppAction {
    .storageProblemFound(LocalizedText(key, values))
  }

  /// After a feature's effect: a Spotify token refresh whose new tokens the store refused (kept in memory by
  /// the provider) is said once on the status line, naming the full disk when it is one.
  func reportUnsavedSpotifyTokens(send: @escaping @Sendable (AppAction) -> Void) async {
    guard let tokens = dependencies.spotify.tokens, await tokens.takeUnsavedReport() else { return }
    log.warning("spotify: refreshed tokens could not be saved; kept in memory")
    if let folder = fullStorageFolder() {
      send(.storageProblemFound(LocalizedText(SpotifyL10n.tokensNotSavedDiskFull, ["path": folder])))
    } else {
      send(.storageProblemFound(LocalizedText(SpotifyL10n.tokensNotSaved)))
    }
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
