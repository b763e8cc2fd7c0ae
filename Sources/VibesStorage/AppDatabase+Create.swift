import Foundation
import GRDB
import VibesCore

/// Why a Create history write was refused.
public enum CreateHistoryError: Error, Equatable, Sendable {
  /// No generated playlist with that id.
  case unknownPlaylist(Int64)
  /// A Spotify playlist was already created for it (a second one must never be created); carries that id.
  case alreadyCreated(spotifyPlaylistID: String)
}

struct CreateSongResolutionRecord: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "createSongResolution"
  var songKey: String
  var trackID: String?
  var uri: String?
  var name: String?
  var artists: String?
  var album: String?
  var durationMs: Int?
  var resolvedAt: Date
}

extension CreateSongResolutionRecord {
  init(key: String, _ resolution: CachedResolution) {
    let track = resolution.track
    self.init(
      songKey: key, trackID: track?.id, uri: track?.uri, name: track?.name,
      artists: track.map { CreateCoding.encode($0.artists) },
      album: track?.album, durationMs: track.map { WireNumbers.durationMs($0.durationMs) },
      resolvedAt: resolution.resolvedAt)
  }

  var cachedResolution: CachedResolution {
    guard let trackID, let uri else { return CachedResolution(track: nil, resolvedAt: resolvedAt) }
    let track = TrackCandidate(
      id: trackID, uri: uri, name: name ?? "", artists: CreateCoding.decode(artists), album: album ?? "",
      durationMs: durationMs ?? 0)
    return CachedResolution(track: track, resolvedAt: resolvedAt)
  }
}

struct CreatePlaylistRecord: Codable, FetchableRecord, MutablePersistableRecord {
  static let databaseTableName = "createPlaylist"
  var id: Int64?
  var prompt: String
  var name: String
  var description: String
  var createdAt: Date
  var saveState: String
  var spotifyPlaylistID: String?
  var spotifyURL: String?
  var addedItemCount: Int = 0

  mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

struct CreatePlaylistSongRecord: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "createPlaylistSong"
  var playlistID: Int64
  var position: Int
  var title: String
  var artist: String
  var status: String
  var trackID: String?
  var uri: String?
  var trackName: String?
  var artists: String?
  var album: String?
  var durationMs: Int?

  init(playlistID: Int64, position: Int, song: ResolvedSong) {
    self.playlistID = playlistID
    self.position = position
    title = song.song.title
    artist = song.song.artist
    status = "pending"
    set(song.resolution)
  }

  mutating func set(_ resolution: SongResolution) {
    (trackID, uri, trackName, artists, album, durationMs) = (nil, nil, nil, nil, nil, nil)
    switch resolution {
    case .pending: status = "pending"
    case .notFound: status = "notFound"
    case .found(let track):
      status = "found"
      (trackID, uri, trackName) = (track.id, track.uri, track.name)
      (artists, album, durationMs) = (
        CreateCoding.encode(track.artists), track.album, WireNumbers.durationMs(track.durationMs)
      )
    }
  }

  var resolvedSong: ResolvedSong {
    let song = SuggestedSong(title: title, artist: artist)
    switch status {
    case "found":
      guard let trackID, let uri else { return ResolvedSong(song: song, resolution: .pending) }
      let track = TrackCandidate(
        id: trackID, uri: uri, name: trackName ?? "", artists: CreateCoding.decode(artists), album: album ?? "",
        durationMs: durationMs ?? 0)
      return ResolvedSong(song: song, resolution: .found(track))
    case "notFound": return ResolvedSong(song: song, resolution: .notFound)
    default: return ResolvedSong(song: song, resolution: .pending)
    }
  }
}

enum CreateCoding {
  static func encode(_ artists: [String]) -> String {
    (try? JSONEncoder().encode(artists)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
  }
  static func decode(_ text: String?) -> [String] {
    guard let text else { return [] }
    return (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
  }
}

extension AppDatabase: SongResolutionCache {
  // MARK: Resolution cache

  public func cachedResolution(forKey key: String) throws -> CachedResolution? {
    try writer.read { db in try CreateSongResolutionRecord.fetchOne(db, key: key).map(\.cachedResolution) }
  }

  public func storeResolution(_ resolution: CachedResolution, forKey key: String) throws {
    try writer.write { db in try CreateSongResolutionRecord(key: key, resolution).upsert(db) }
  }

  /// Many keys in one read (a resolve looks up all its songs before searching).
  public func cachedResolutions(forKeys keys: [String]) throws -> [String: CachedResolution] {
    guard !keys.isEmpty else { return [:] }
    return try writer.read { db in
      var found: [String: CachedResolution] = [:]
      for record in try CreateSongResolutionRecord.fetchAll(db, keys: keys) {
        found[record.songKey] = record.cachedResolution
      }
      return found
    }
  }

  /// Many resolutions in one transaction (a resolve stores its answers once, after its searches).
  public func storeResolutions(_ resolutions: [String: CachedResolution]) throws {
    guard !resolutions.isEmpty else { return }
    try writer.write { db in
      for (key, resolution) in resolutions { try CreateSongResolutionRecord(key: key, resolution).upsert(db) }
    }
  }

  /// Drops every cached resolution (e.g. after the Spotify account changes).
  public func clearSongResolutions() throws {
    _ = try writer.write { db in try CreateSongResolutionRecord.deleteAll(db) }
  }

  // MARK: Generated playlist history

  /// Records a freshly generated playlist (not saved, songs pending); returns its id.
  @discardableResult
  public func recordGeneratedPlaylist(
    prompt: String, name: String, description: String, songs: [SuggestedSong], at date: Date
  ) throws -> Int64 {
    try writer.write { db in
      var record = CreatePlaylistRecord(
        id: nil, prompt: prompt, name: name, description: description, createdAt: date, saveState: "notSaved")
      try record.insert(db)
      let id = record.id ?? 0
      for (position, song) in songs.enumerated() {
        try CreatePlaylistSongRecord(
          playlistID: id, position: position, song: ResolvedSong(song: song, resolution: .pending)
        ).insert(db)
      }
      return id
    }
  }

  /// Appends grown songs after the existing ones (pending).
  public func appendSongs(_ songs: [SuggestedSong], toGeneratedPlaylist id: Int64) throws {
    try writer.write { db in
      guard try CreatePlaylistRecord.exists(db, key: id) else { throw CreateHistoryError.unknownPlaylist(id) }
      let next =
        try Int.fetchOne(
          db, sql: "SELECT MAX(position) + 1 FROM createPlaylistSong WHERE playlistID = ?", arguments: [id])
        ?? 0
      for (offset, song) in songs.enumerated() {
        try CreatePlaylistSongRecord(
          playlistID: id, position: next + offset, song: ResolvedSong(song: song, resolution: .pending)
        ).insert(db)
      }
    }
  }

  /// Stores the resolution of the songs at the given positions (one transaction).
  public func recordSongResolutions(_ resolutions: [Int: SongResolution], inGeneratedPlaylist id: Int64) throws {
    try writer.write { db in
      for (position, resolution) in resolutions {
        guard var record = try CreatePlaylistSongRecord.fetchOne(db, key: ["playlistID": id, "position": position])
        else { continue }
        record.set(resolution)
        try record.update(db)
      }
    }
  }

  /// One generated playlist with its songs in order.
  public func generatedPlaylist(id: Int64) throws -> GeneratedPlaylist? {
    try writer.read { db in
      guard let record = try CreatePlaylistRecord.fetchOne(db, key: id) else { return nil }
      return try Self.generatedPlaylist(record, db)
    }
  }

  /// Newest first, a window only.
  public func generatedPlaylists(offset: Int, limit: Int) throws -> [GeneratedPlaylist] {
    guard limit > 0 else { return [] }
    return try writer.read { db in
      try CreatePlaylistRecord.order(Column("createdAt").desc, Column("id").desc)
        .limit(limit, offset: max(0, offset)).fetchAll(db)
        .map { try Self.generatedPlaylist($0, db) }
    }
  }

  /// How many generated playlists the history holds.
  public func generatedPlaylistCount() throws -> Int {
    try writer.read { db in try CreatePlaylistRecord.fetchCount(db) }
  }

  /// Records the Spotify playlist just created for this one (state `saving`), BEFORE any item is added. Recording the
  /// same id again is a no-op; a different id is refused with `alreadyCreated`, so no second playlist is ever used.
  /// Marks that "create playlist" is about to be sent for this generated playlist (see `create-v3`).
  public func recordSpotifyCreateAttempt(forGeneratedPlaylist id: Int64, at date: Date) throws {
    try writer.write { db in
      try db.execute(
        sql: "UPDATE createPlaylist SET spotifyCreateAttemptedAt = ? WHERE id = ?", arguments: [date, id])
    }
  }

  /// Claims the save of a generated playlist for `token` until `now + lease`; false while another save (another
  /// token, this process or another) holds an unexpired claim whose holder `holderIsGone` does not rule dead.
  public func claimPlaylistSave(
    _ id: Int64, token: String, now: Date, lease: TimeInterval, holderIsGone: (String) -> Bool = { _ in false }
  ) throws -> Bool {
    try writer.write { db in
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT saveClaimToken, saveClaimedUntil FROM createPlaylist WHERE id = ?", arguments: [id])
      else { return false }
      let holder: String? = row["saveClaimToken"]
      let until: Date? = row["saveClaimedUntil"]
      if let holder, holder != token, let until, until > now, !holderIsGone(holder) { return false }
      try db.execute(
        sql: "UPDATE createPlaylist SET saveClaimToken = ?, saveClaimedUntil = ? WHERE id = ?",
        arguments: [token, now.addingTimeInterval(lease), id])
      return true
    }
  }

  public func releasePlaylistSaveClaim(_ id: Int64, token: String) throws {
    try writer.write { db in
      try db.execute(
        sql:
          "UPDATE createPlaylist SET saveClaimToken = NULL, saveClaimedUntil = NULL WHERE id = ? AND saveClaimToken = ?",
        arguments: [id, token])
    }
  }

  /// Every Spotify playlist id the Create history records (made by earlier saves).
  public func spotifyPlaylistIDsInCreateHistory() throws -> Set<String> {
    try writer.read { db in
      Set(
        try String.fetchAll(
          db, sql: "SELECT spotifyPlaylistID FROM createPlaylist WHERE spotifyPlaylistID IS NOT NULL"))
    }
  }

  /// Whether a "create playlist" was sent for it whose answer was never recorded.
  public func spotifyCreateAttempted(forGeneratedPlaylist id: Int64) throws -> Bool {
    try writer.read { db in
      try Bool.fetchOne(
        db, sql: "SELECT spotifyCreateAttemptedAt IS NOT NULL FROM createPlaylist WHERE id = ?", arguments: [id])
        ?? false
    }
  }

  public func recordSpotifyPlaylistCreated(_ spotifyPlaylistID: String, forGeneratedPlaylist id: Int64) throws {
    try writer.write { db in
      guard var record = try CreatePlaylistRecord.fetchOne(db, key: id) else {
        throw CreateHistoryError.unknownPlaylist(id)
      }
      if let existing = record.spotifyPlaylistID {
        guard existing == spotifyPlaylistID else {
          throw CreateHistoryError.alreadyCreated(spotifyPlaylistID: existing)
        }
        return
      }
      record.spotifyPlaylistID = spotifyPlaylistID
      record.saveState = "saving"
      try record.update(db)
    }
  }

  /// Records that the first `count` URIs (in `SavePlan` order) are now in the Spotify playlist.
  public func recordItemsAdded(_ count: Int, toGeneratedPlaylist id: Int64) throws {
    try writer.write { db in
      guard var record = try CreatePlaylistRecord.fetchOne(db, key: id) else {
        throw CreateHistoryError.unknownPlaylist(id)
      }
      record.addedItemCount = max(0, count)
      try record.update(db)
    }
  }

  /// Marks the playlist saved once every item was added.
  public func recordPlaylistSaved(spotifyPlaylistID: String, url: String, forGeneratedPlaylist id: Int64) throws {
    try writer.write { db in
      guard var record = try CreatePlaylistRecord.fetchOne(db, key: id) else {
        throw CreateHistoryError.unknownPlaylist(id)
      }
      if let existing = record.spotifyPlaylistID, existing != spotifyPlaylistID {
        throw CreateHistoryError.alreadyCreated(spotifyPlaylistID: existing)
      }
      record.spotifyPlaylistID = spotifyPlaylistID
      record.spotifyURL = url
      record.saveState = "saved"
      try record.update(db)
    }
  }

  /// Forgets a generated playlist and its songs (not the Spotify playlist).
  public func deleteGeneratedPlaylist(id: Int64) throws {
    _ = try writer.write { db in try CreatePlaylistRecord.deleteOne(db, key: id) }
  }

  private static func generatedPlaylist(_ record: CreatePlaylistRecord, _ db: Database) throws -> GeneratedPlaylist {
    let id = record.id ?? 0
    let songs = try CreatePlaylistSongRecord.filter(Column("playlistID") == id).order(Column("position")).fetchAll(db)
    let state: PlaylistSaveState =
      switch (record.saveState, record.spotifyPlaylistID, record.spotifyURL) {
      case ("saved", let playlistID?, let url?): .saved(playlistID: playlistID, url: url)
      case (_, let playlistID?, _): .saving(playlistID: playlistID)
      default: .notSaved
      }
    return GeneratedPlaylist(
      id: id, prompt: record.prompt, name: record.name, description: record.description,
      songs: songs.map(\.resolvedSong), createdAt: record.createdAt, saveState: state,
      addedItemCount: record.addedItemCount)
  }
}
