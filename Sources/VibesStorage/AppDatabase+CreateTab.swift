import Foundation
import GRDB
import VibesCore

/// The Create tab's writes beyond the history basics: renaming, removing a song, the offline save queue and the
/// "You created" Feed card.
extension AppDatabase {
  /// Stores an edited playlist name.
  public func renameGeneratedPlaylist(_ id: Int64, name: String) throws {
    try writer.write { db in
      guard var record = try CreatePlaylistRecord.fetchOne(db, key: id) else {
        throw CreateHistoryError.unknownPlaylist(id)
      }
      record.name = name
      try record.update(db)
    }
  }

  /// Removes the song at `index` (0-based, in order) and closes the gap, so positions stay 0, 1, 2, …
  public func removeSong(atIndex index: Int, fromGeneratedPlaylist id: Int64) throws {
    try writer.write { db in
      let positions = try Int.fetchAll(
        db, sql: "SELECT position FROM createPlaylistSong WHERE playlistID = ? ORDER BY position", arguments: [id])
      guard positions.indices.contains(index) else { return }
      try db.execute(
        sql: "DELETE FROM createPlaylistSong WHERE playlistID = ? AND position = ?",
        arguments: [id, positions[index]])
      // One row at a time, lowest first, so no two rows ever share a position.
      for (offset, position) in positions.enumerated() where offset > index {
        try db.execute(
          sql: "UPDATE createPlaylistSong SET position = ? WHERE playlistID = ? AND position = ?",
          arguments: [offset - 1, id, position])
      }
    }
  }

  /// Inserts `song` at `index` (0-based; past the end appends) and moves the later songs down one: the undo of
  /// `removeSong(atIndex:fromGeneratedPlaylist:)`.
  public func insertSong(_ song: ResolvedSong, atIndex index: Int, inGeneratedPlaylist id: Int64) throws {
    try writer.write { db in
      guard try CreatePlaylistRecord.exists(db, key: id) else { throw CreateHistoryError.unknownPlaylist(id) }
      let positions = try Int.fetchAll(
        db, sql: "SELECT position FROM createPlaylistSong WHERE playlistID = ? ORDER BY position", arguments: [id])
      let at = max(0, min(index, positions.count))
      // Positions are 0, 1, 2, … (removeSong closes gaps): one row at a time, highest first, so no two rows ever
      // share a position.
      for (offset, position) in positions.enumerated().reversed() where offset >= at {
        try db.execute(
          sql: "UPDATE createPlaylistSong SET position = ? WHERE playlistID = ? AND position = ?",
          arguments: [offset + 1, id, position])
      }
      try CreatePlaylistSongRecord(playlistID: id, position: at, song: song).insert(db)
    }
  }

  /// Readies what the first dated write needs: the date encoder loads the time zone and ICU data on first use (a
  /// few milliseconds), which would otherwise delay the first generated playlist's write.
  public func prepareDateEncoding() {
    _ = Date(timeIntervalSince1970: 0).databaseValue
  }

  /// Puts a save in the offline queue (once).
  public func queuePlaylistSave(_ id: Int64, at date: Date) throws {
    try writer.write { db in
      try db.execute(
        sql: "INSERT INTO createSaveQueue (playlistID, queuedAt) VALUES (?, ?) ON CONFLICT(playlistID) DO NOTHING",
        arguments: [id, date])
    }
  }

  /// Takes a save out of the queue (done, or no longer wanted).
  public func dequeuePlaylistSave(_ id: Int64) throws {
    try writer.write { db in
      try db.execute(sql: "DELETE FROM createSaveQueue WHERE playlistID = ?", arguments: [id])
    }
  }

  /// The queued saves, oldest first.
  public func queuedPlaylistSaves() throws -> [Int64] {
    try writer.read { db in
      try Int64.fetchAll(db, sql: "SELECT playlistID FROM createSaveQueue ORDER BY queuedAt, playlistID")
    }
  }

  /// Puts the "You created NAME" card at the top of the Feed (replacing one for the same playlist).
  public func addCreatedPlaylistCard(_ card: CreatedPlaylistCard, at date: Date) throws {
    let payload = try card.encoded()
    try writer.write { db in
      try db.execute(sql: "DELETE FROM feedCard WHERE key = ?", arguments: [card.key])
      try db.execute(sql: "UPDATE feedCard SET position = position + 1")
      try db.execute(
        sql: "INSERT INTO feedCard (key, kind, position, city, payload, fetchedAt) VALUES (?, ?, 0, NULL, ?, ?)",
        arguments: [card.key, FeedCardKind.createdPlaylist.rawValue, payload, date])
      try FeedCardSQL.renumber(db)
    }
  }

  /// The created-playlist cards, newest first (the Feed reads them with its other cards).
  public func createdPlaylistCards() throws -> [CreatedPlaylistCard] {
    try writer.read { db in
      try Data.fetchAll(
        db, sql: "SELECT payload FROM feedCard WHERE kind = ? ORDER BY position",
        arguments: [FeedCardKind.createdPlaylist.rawValue]
      ).compactMap(CreatedPlaylistCard.decode)
    }
  }
}
