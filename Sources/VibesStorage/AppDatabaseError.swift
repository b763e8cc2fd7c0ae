import Foundation

/// Why the database could not be opened at all. Payloads are paths and SQLite/errno messages, never data.
public enum AppDatabaseError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
  /// The data folder or the database file cannot be written (read-only mount, permissions).
  case readOnly(path: String, reason: String)
  /// Another process (e.g. a second vibes) held the database locked for longer than the busy timeout.
  case busy(path: String)
  /// The file was found damaged but could not be moved aside, so nothing was rebuilt.
  case cannotMoveAside(path: String, reason: String)
  /// Any other failure to open or migrate.
  case cannotOpen(path: String, reason: String)

  public var description: String {
    switch self {
    case .readOnly(let path, let reason):
      return "The database \(path) cannot be written (\(reason)); check that its folder is writable"
    case .busy(let path):
      return "The database \(path) is locked by another program (is vibes already running?)"
    case .cannotMoveAside(let path, let reason):
      return "The database \(path) is damaged and could not be moved aside: \(reason)"
    case .cannotOpen(let path, let reason):
      return "The database \(path) cannot be opened: \(reason)"
    }
  }

  public var errorDescription: String? { description }
}

extension AppDatabase {
  /// What opening the database found; the app shows `recoveredFromDamage` to the user.
  public enum OpenOutcome: Equatable, Sendable {
    /// An existing vibes database was opened (and migrated if needed).
    case opened
    /// There was no database file: a new one was created (first start).
    case createdFresh
    /// The file was damaged (`reason`); it was moved to `movedTo` and an empty database was built. Settings
    /// and cached feed items are gone; secrets are not in the database and are unaffected.
    case recoveredFromDamage(movedTo: String, reason: DatabaseDamage)
    /// A private in-memory database.
    case inMemory
  }
}
