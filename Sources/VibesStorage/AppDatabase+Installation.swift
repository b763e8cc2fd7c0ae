import Foundation
import GRDB

/// This installation's id (not secret): read, or created once with the database.
public struct InstallationIdentity: Sendable, Equatable {
  public var id: String
  /// True when this call created it (a new database, or one from before installation ids existed).
  public var isNew: Bool

  public init(id: String, isNew: Bool) {
    self.id = id
    self.isNew = isNew
  }
}

extension AppDatabase {
  /// The installation id, created on first use (a random UUID).
  public func installation() throws -> InstallationIdentity {
    try writer.write { db in
      if let id = try String.fetchOne(db, sql: "SELECT installationID FROM installation WHERE id = 1") {
        return InstallationIdentity(id: id, isNew: false)
      }
      let id = UUID().uuidString.lowercased()
      try db.execute(
        sql: "INSERT INTO installation (id, installationID, createdAt) VALUES (1, ?, ?)", arguments: [id, Date()])
      return InstallationIdentity(id: id, isNew: true)
    }
  }
}
