import Foundation
import VibesStorage

/// Signs out of services: removes each service's secrets from every store that may hold them (the vault
/// and the Secret Service alike) and its non-secret rows and cached data. The app's Profile tab can call
/// the same code. Creates no file or folder that does not exist already.
public struct ServiceLogout: Sendable {
  /// Every secret store to clean; a missing one is skipped by the caller that builds the list.
  public let stores: [any SecretStore]
  /// nil when there is no database yet (nothing to clear).
  public let database: AppDatabase?
  /// For the App Store Connect widget snapshot; nil skips it.
  public let paths: AppPaths?

  public init(stores: [any SecretStore], database: AppDatabase?, paths: AppPaths?) {
    self.stores = stores
    self.database = database
    self.paths = paths
  }

  /// The live stores for `environment`: the vault when its file exists, the Secret Service when it
  /// answers; the database when its file exists.
  public static func live(environment: [String: String]) throws -> ServiceLogout {
    let paths = AppPaths(environment: environment)
    var stores: [any SecretStore] = []
    if FileManager.default.fileExists(atPath: paths.vaultFile.path) {
      stores.append(VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile))
    }
    if (try? SecretStoreMode(environment: environment)) != .vault,
      SecretServiceStore.unavailability(environment: environment) == nil
    {
      stores.append(SecretServiceStore(environment: environment))
    }
    let database =
      FileManager.default.fileExists(atPath: paths.databaseFile.path)
      ? try AppDatabase(path: paths.databaseFile.path) : nil
    return ServiceLogout(stores: stores, database: database, paths: paths)
  }

  /// For the running app: its own database and store, plus the other store when it holds anything (the vault
  /// file exists, or the Secret Service answers). Blocking (the Secret Service probe): call it off the main thread.
  public static func forApp(_ dependencies: AppDependencies, environment: [String: String]) -> ServiceLogout {
    let paths = AppPaths(environment: environment)
    var stores: [any SecretStore] = [dependencies.secrets]
    if dependencies.secrets.kind == .secretService, FileManager.default.fileExists(atPath: paths.vaultFile.path) {
      stores.append(VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile))
    }
    if dependencies.secrets.kind == .vault, (try? SecretStoreMode(environment: environment)) != .vault,
      SecretServiceStore.unavailability(environment: environment) == nil
    {
      stores.append(SecretServiceStore(environment: environment))
    }
    return ServiceLogout(stores: stores, database: dependencies.database, paths: paths)
  }

  /// Removes one service's secrets and rows. Throws on the first store or database error.
  public func logout(_ service: AuthService) throws {
    for store in stores {
      for key in service.secretKeys { try store.delete(key) }
    }
    switch service {
    case .spotify: try database?.clearSpotifyAccountData()
    case .gemini: try database?.clearStep(.gemini)
    case .ticketmaster: try database?.clearStep(.ticketmaster)
    case .appstoreconnect:
      try database?.clearAppStoreConnect()
      if let paths { try AppStoreConnectWidgetSnapshot.delete(paths) }
    case .tracker: try database?.clearTracker()
    case .google:
      // The session lives only in the secret store (deleted above); the People copy (who you follow, profiles you
      // viewed) and the Inbox copy (conversations, messages) are that account's and go with it.
      try database?.clearPeopleCache()
      try database?.clearInboxCache()
    }
  }

  /// The sign-out: every service, in order, then what vibes cached or made for this person (Feed cards, the
  /// Create history, fetched artwork), so the next person at this account starts from nothing.
  public func signOutAll() throws {
    for service in AuthService.allCases { try logout(service) }
    try database?.removeAllFeedCards()
    try database?.clearCreateHistory()
    if let paths { ArtworkDiskCache(directory: paths.artworkCacheDirectory).removeAll() }
  }
}
