import Foundation
import GRDB
import VibesCore

/// The non-secret part of the Tracker configuration as stored.
public struct TrackerSettingsRow: Sendable, Hashable {
  public var brandID: String
  public var userID: String
  /// The raw environment name; a value this version does not know makes the configuration unreadable.
  public var environment: String
  public var savedAt: Date
}

/// An event waiting in the local queue.
public struct QueuedTrackerEvent: Sendable, Hashable {
  public var id: Int64
  public var event: String
  /// The JSON body to send (never holds the API key).
  public var body: String
}

struct TrackerSettingRecord: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "trackerSetting"
  var id: Int64 = 1
  var brandID: String
  var userID: String
  var environment: String
  var savedAt: Date
}

struct TrackerQueuedEventRecord: Codable, FetchableRecord, MutablePersistableRecord {
  static let databaseTableName = "trackerQueuedEvent"
  var id: Int64?
  var event: String
  var body: String
  var createdAt: Date

  mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension AppDatabase {
  // MARK: Tracker settings

  public func trackerSettings() throws -> TrackerSettingsRow? {
    try writer.read { db in
      try TrackerSettingRecord.fetchOne(db, key: 1).map {
        TrackerSettingsRow(
          brandID: $0.brandID, userID: $0.userID, environment: $0.environment, savedAt: $0.savedAt)
      }
    }
  }

  public func saveTrackerSettings(
    brandID: String, userID: String, environment: String, at date: Date
  ) throws {
    try writer.write { db in
      try TrackerSettingRecord(
        brandID: brandID, userID: userID, environment: environment, savedAt: date
      ).upsert(db)
    }
  }

  /// Removes the settings and every queued event, in one transaction.
  public func clearTracker() throws {
    try writer.write { db in
      _ = try TrackerSettingRecord.deleteAll(db)
      _ = try TrackerQueuedEventRecord.deleteAll(db)
    }
  }

  // MARK: Tracker queue

  /// Appends an event to the queue; returns its id (ids grow, so they give the order).
  @discardableResult
  public func enqueueTrackerEvent(event: String, body: String, at date: Date) throws -> Int64 {
    try writer.write { db in
      var record = TrackerQueuedEventRecord(id: nil, event: event, body: body, createdAt: date)
      try record.insert(db)
      return record.id ?? 0
    }
  }

  /// The oldest `limit` queued events, oldest first.
  public func queuedTrackerEvents(limit: Int) throws -> [QueuedTrackerEvent] {
    try writer.read { db in
      try TrackerQueuedEventRecord.order(Column("id")).limit(limit).fetchAll(db).map {
        QueuedTrackerEvent(id: $0.id ?? 0, event: $0.event, body: $0.body)
      }
    }
  }

  public func trackerQueueCount() throws -> Int {
    try writer.read { db in try TrackerQueuedEventRecord.fetchCount(db) }
  }

  public func deleteQueuedTrackerEvent(id: Int64) throws {
    _ = try writer.write { db in try TrackerQueuedEventRecord.deleteOne(db, key: id) }
  }
}
