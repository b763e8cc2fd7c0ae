public enum SecretStoreKind: String, Sendable, Equatable {
  case secretService = "secret-service"
  case vault
}

/// Blocking API; the app calls it off the main thread.
public protocol SecretStore: Sendable {
  var kind: SecretStoreKind { get }
  /// Human-readable location for the UI/status, e.g. "Secret Service (default collection)" or the vault path.
  var locationDescription: String { get }
  func read(_ key: SecretKey) throws -> String?
  func write(_ value: String, for key: SecretKey) throws
  /// Deleting a missing key is not an error.
  func delete(_ key: SecretKey) throws
  func contains(_ key: SecretKey) throws -> Bool
}

extension SecretStore {
  /// Saves a secret together with the non-secret half of the same change: writes `value`, then runs
  /// `commit` (e.g. the SQLite row). If `commit` throws, the previous secret is put back (or the new one
  /// removed when there was none), so a failed save leaves the store as it was. If the previous value
  /// cannot even be read, nothing is written.
  @discardableResult
  public func write<Result>(_ value: String, for key: SecretKey, then commit: () throws -> Result) throws -> Result {
    let previous = try read(key)
    try write(value, for: key)
    do {
      return try commit()
    } catch {
      if let previous {
        try? write(previous, for: key)
      } else {
        try? delete(key)
      }
      throw error
    }
  }
}
