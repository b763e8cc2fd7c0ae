import Foundation
import GRDB
import VibesCore

/// Row of `ascSetting` (a single row, id 1): non-secret times only.
struct AppStoreConnectSettingRecord: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "ascSetting"
  var id: Int64 = 1
  var verifiedAt: Date?
  var lastSyncAt: Date?
}

/// Row of `ascApp`, the cached apps in the order the API listed them.
struct AppStoreConnectAppRecord: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "ascApp"
  var id: String
  var position: Int
  var name: String
  var bundleId: String
  var sku: String
}

extension AppDatabase {
  public func appStoreConnectApps() throws -> [AppStoreConnectApp] {
    try writer.read { db in
      try AppStoreConnectAppRecord.order(Column("position")).fetchAll(db).map {
        AppStoreConnectApp(id: $0.id, name: $0.name, bundleID: $0.bundleId, sku: $0.sku)
      }
    }
  }

  public func appStoreConnectLastSync() throws -> Date? {
    try writer.read { db in try AppStoreConnectSettingRecord.fetchOne(db, key: 1)?.lastSyncAt }
  }

  public func appStoreConnectVerifiedAt() throws -> Date? {
    try writer.read { db in try AppStoreConnectSettingRecord.fetchOne(db, key: 1)?.verifiedAt }
  }

  public func saveAppStoreConnectVerified(at date: Date) throws {
    try writer.write { db in
      var record =
        try AppStoreConnectSettingRecord.fetchOne(db, key: 1) ?? AppStoreConnectSettingRecord()
      record.verifiedAt = date
      try record.upsert(db)
    }
  }

  /// One transaction: the new list replaces the old one, and the sync time is set.
  public func replaceAppStoreConnectApps(_ apps: [AppStoreConnectApp], syncedAt date: Date) throws {
    try writer.write { db in
      _ = try AppStoreConnectAppRecord.deleteAll(db)
      for (position, app) in apps.enumerated() {
        try AppStoreConnectAppRecord(
          id: app.id, position: position, name: app.name, bundleId: app.bundleID, sku: app.sku
        ).upsert(db)
      }
      var record =
        try AppStoreConnectSettingRecord.fetchOne(db, key: 1) ?? AppStoreConnectSettingRecord()
      record.lastSyncAt = date
      try record.upsert(db)
    }
  }

  /// Removes every cached App Store Connect row (apps and times), as on a fresh install.
  public func clearAppStoreConnect() throws {
    try writer.write { db in
      _ = try AppStoreConnectAppRecord.deleteAll(db)
      _ = try AppStoreConnectSettingRecord.deleteAll(db)
    }
  }

  /// Rows in the App Store Connect tables (for tests that check removal leaves nothing behind).
  public func appStoreConnectRowCount() throws -> Int {
    try writer.read { db in
      try AppStoreConnectAppRecord.fetchCount(db) + AppStoreConnectSettingRecord.fetchCount(db)
    }
  }
}
