import Foundation
import GRDB
import VibesCore

extension AppDatabase {
  /// How long a "no preview" answer is trusted before the store is asked again (stores add songs).
  public static let previewNoneLifetime: TimeInterval = 30 * 24 * 3_600

  /// The cached preview answer for a Spotify track in a storefront: the match, "none" (younger than
  /// `noneLifetime`), or nil when the store must be asked.
  public func cachedPreview(
    spotifyTrackID: String, storefront: String, now: Date = Date(),
    noneLifetime: TimeInterval = AppDatabase.previewNoneLifetime
  ) throws -> PreviewAvailability? {
    try writer.read { db in
      guard
        let row = try Row.fetchOne(
          db,
          sql: "SELECT previewURL, storeURL, matchedAt FROM previewMatch WHERE spotifyTrackID = ? AND storefront = ?",
          arguments: [spotifyTrackID, storefront])
      else { return nil }
      if let preview: String = row["previewURL"] {
        return .available(previewURL: preview, storeURL: row["storeURL"])
      }
      let matchedAt: Date = row["matchedAt"]
      return now.timeIntervalSince(matchedAt) < noneLifetime ? PreviewAvailability.none : nil
    }
  }

  /// Stores the answer for a Spotify track (replacing an older one).
  public func savePreview(
    _ availability: PreviewAvailability, spotifyTrackID: String, storefront: String, at date: Date = Date()
  ) throws {
    var preview: String?
    var store: String?
    if case .available(let previewURL, let storeURL) = availability {
      preview = previewURL
      store = storeURL
    }
    try writer.write { db in
      try db.execute(
        sql: """
          INSERT OR REPLACE INTO previewMatch (spotifyTrackID, previewURL, storeURL, storefront, matchedAt)
          VALUES (?, ?, ?, ?, ?)
          """, arguments: [spotifyTrackID, preview, store, storefront, date])
    }
  }

  /// Forgets every preview answer.
  public func clearPreviews() throws {
    try writer.write { db in try db.execute(sql: "DELETE FROM previewMatch") }
  }
}
