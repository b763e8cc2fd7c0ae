import Foundation
import GRDB

/// The non-secret side of the Spotify connection: who is connected, since when, whether Spotify
/// refused the stored tokens, and when the access token expires. Never a token.
public struct SpotifyConnectionRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "spotifyConnection"

  public var id: Int64 = 1
  public var displayName: String?
  public var userID: String?
  public var connectedAt: Date?
  public var needsReconnect: Bool
  public var accessTokenExpiresAt: Date?

  public init(
    displayName: String? = nil, userID: String? = nil, connectedAt: Date? = nil, needsReconnect: Bool = false,
    accessTokenExpiresAt: Date? = nil
  ) {
    self.displayName = displayName
    self.userID = userID
    self.connectedAt = connectedAt
    self.needsReconnect = needsReconnect
    self.accessTokenExpiresAt = accessTokenExpiresAt
  }
}

extension AppDatabase {
  public func spotifyConnection() throws -> SpotifyConnectionRecord? {
    try writer.read { db in try SpotifyConnectionRecord.fetchOne(db, key: 1) }
  }

  public func saveSpotifyConnected(displayName: String?, userID: String?, at date: Date, expiresAt: Date) throws {
    try writer.write { db in
      try SpotifyConnectionRecord(
        displayName: displayName, userID: userID, connectedAt: date, needsReconnect: false,
        accessTokenExpiresAt: expiresAt
      ).upsert(db)
    }
  }

  public func saveSpotifyProfileName(_ displayName: String) throws {
    try writer.write { db in
      var record = try SpotifyConnectionRecord.fetchOne(db, key: 1) ?? SpotifyConnectionRecord()
      record.displayName = displayName
      try record.upsert(db)
    }
  }

  public func saveSpotifyAccessTokenExpiry(_ date: Date) throws {
    try writer.write { db in
      var record = try SpotifyConnectionRecord.fetchOne(db, key: 1) ?? SpotifyConnectionRecord()
      record.accessTokenExpiresAt = date
      try record.upsert(db)
    }
  }

  /// After `invalid_grant`: nobody is connected any more, and the step says "reconnect needed".
  public func markSpotifyNeedsReconnect() throws {
    try writer.write { db in
      try SpotifyConnectionRecord(needsReconnect: true).upsert(db)
    }
  }

  /// After Disconnect: forget everything.
  public func clearSpotifyConnection() throws {
    _ = try writer.write { db in try SpotifyConnectionRecord.deleteAll(db) }
  }
}
