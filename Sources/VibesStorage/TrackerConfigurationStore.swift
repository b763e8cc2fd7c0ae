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
    guard let row = try database.trackerSettings() else { return nil }
    guard let environment = TrackerEnvironment(rawValue: row.environment) else {
      throw TrackerStoreError.unreadable
    }
    guard let key = try secrets.read(.trackerAPIKey), !key.isEmpty else {
      throw TrackerStoreError.unreadable
    }
    return TrackerConfiguration(
      apiKey: key, brandID: row.brandID, userID: row.userID, environment: environment)
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

public enum TrackerStoreError: Error, Equatable {
  /// A configuration exists but is incomplete or from an unknown version.
  case unreadable
}
