import Foundation
import VibesCore

extension SecretKey {
  /// The tracking SDK's API key.
  public static let trackerAPIKey = SecretKey(rawValue: "tracker.apiKey")
}

/// Saves and loads the Tracker configuration: the API key in the secret store, the rest in SQLite.
public struct TrackerConfigurationStore: Sendable {
  public let database: AppDatabase
  public let secrets: any SecretStore

  public init(database: AppDatabase, secrets: any SecretStore) {
    self.database = database
    self.secrets = secrets
  }

  /// The saved configuration, nil when there is none. Throws when it exists but cannot be read
  /// (the caller treats that as absent).
  public func load() throws -> TrackerConfiguration? {
    switch stored() {
    case .none: return nil
    case .configured(let configuration): return configuration
    case .unreadable: throw TrackerStoreError.unreadable
    }
  }

  /// The one reading of what is stored, used by the app at start-up and by `vibes status` alike: a row with an
  /// unknown environment, or without its key in the secret store, is unreadable, never "configured".
  public func stored() -> TrackerStoredConfiguration {
    let row: TrackerSettingsRow?
    do {
      row = try database.trackerSettings()
    } catch {
      return .unreadable(.databaseFailed)
    }
    guard let row else { return .none }
    guard let environment = TrackerEnvironment(rawValue: row.environment) else {
      return .unreadable(.unknownEnvironment)
    }
    let key: String?
    do {
      key = try secrets.read(.trackerAPIKey)
    } catch {
      return .unreadable(.secretStoreFailed)
    }
    guard let key, !key.isEmpty else { return .unreadable(.missingKey) }
    return .configured(
      TrackerConfiguration(apiKey: key, brandID: row.brandID, userID: row.userID, environment: environment))
  }

  /// Secret first, then the row; if the row cannot be written the previous secret is put back.
  public func save(_ configuration: TrackerConfiguration, at date: Date) throws {
    try secrets.write(configuration.apiKey, for: .trackerAPIKey) {
      try database.saveTrackerSettings(
        brandID: configuration.brandID, userID: configuration.userID,
        environment: configuration.environment.rawValue, at: date)
    }
  }

  /// Deletes the secret, the settings and the queue.
  public func clear() throws {
    try secrets.delete(.trackerAPIKey)
    try database.clearTracker()
  }
}

/// What storage holds for the Tracker, read one way for every caller.
public enum TrackerStoredConfiguration: Sendable, Equatable {
  /// Why a stored configuration cannot be used.
  public enum Problem: String, Sendable, Equatable {
    /// The environment is not one this version knows (e.g. written by another version or by hand).
    case unknownEnvironment
    /// The settings row exists but the API key is not in the secret store.
    case missingKey
    case secretStoreFailed
    case databaseFailed
  }

  case none
  case configured(TrackerConfiguration)
  case unreadable(Problem)
}

public enum TrackerStoreError: Error, Equatable {
  /// A configuration exists but is incomplete or from an unknown version.
  case unreadable
}
