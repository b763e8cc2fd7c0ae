import Foundation
import VibesCore
import VibesStorage

/// `vibes reset-vault`: the documented way out of a vault whose key file is lost or which is damaged.
/// Deletes only the vault and its key (SQLite keeps the non-secret state; the steps turn red because
/// their secrets are gone).
public enum VaultReset {
  public static func run(confirmed: Bool, environment: [String: String]) -> Int32 {
    let t = Localizer(Language.from(environment: environment))
    let paths = AppPaths(environment: environment)
    let manager = FileManager.default
    let present = [paths.vaultFile, paths.vaultKeyFile].filter { manager.fileExists(atPath: $0.path) }
    guard !present.isEmpty else {
      print(t[.resetVaultNothing])
      return 0
    }
    guard confirmed else {
      AppLauncher.printError(
        t.format(.resetVaultNeedsYes, ["vault": paths.vaultFile.path, "key": paths.vaultKeyFile.path]))
      return 1
    }
    do {
      try VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile).reset()
    } catch {
      AppLauncher.printError(String(describing: error))
      return 2
    }
    print(t[.resetVaultDone])
    return 0
  }
}
