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
  /// removed when there was none), so a failed save leaves the store as it was, and `commit`'s error is
  /// rethrown. If putting it back fails too, `SecretStoreError.rollbackFailed` is thrown instead: the store
  /// then still holds the new value (each store write is atomic, so never a half-written one) and the UI
  /// must say so. If the previous value cannot even be read, nothing is written.
  @discardableResult
  public func write<Result>(_ value: String, for key: SecretKey, then commit: () throws -> Result) throws -> Result {
    let previous = try read(key)
    try write(value, for: key)
    do {
      return try commit()
    } catch {
      do {
        if let previous {
          try write(previous, for: key)
        } else {
          try delete(key)
        }
      } catch let rollbackError {
        throw SecretStoreError.rollbackFailed(
          key: key.rawValue, commitError: Self.safeDescription(error),
          rollbackError: Self.safeDescription(rollbackError))
      }
      throw error
    }
  }

  /// An error's description for `rollbackFailed`: store errors are secret-free by construction; any other
  /// error is named by its type and its own description, cut to one short line.
  static func safeDescription(_ error: any Error) -> String {
    let text = (error as? SecretStoreError)?.description ?? "\(type(of: error)): \(error)"
    let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    return line.count > 300 ? String(line.prefix(300)) + "…" : line
  }
}
