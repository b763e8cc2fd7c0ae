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
