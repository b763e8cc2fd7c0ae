import Foundation
import VibesCore
import VibesServices
import VibesStorage

/// The Create tab's steps, each one recorded in the history as it happens: generate (Gemini) → resolve (Spotify
/// search) → save (create the playlist once, then add items in chunks, resuming after what was already added).
/// Call from a task off the main actor (the database calls are synchronous).
public struct CreateWorkflow: Sendable {
  /// Build it with `URLSessionTransport(timeout: GeminiClient.generationTimeout)`.
  public var gemini: GeminiClient
  /// From `GeminiModelSetting.load(…)`.
  public var model: String
  public var database: AppDatabase
  public var now: @Sendable () -> Date

  public init(
    gemini: GeminiClient, model: String, database: AppDatabase, now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.gemini = gemini
    self.model = model
    self.database = database
    self.now = now
  }

  /// Asks Gemini for `count` songs for the prompt (one request; its spares replace repeated songs) and records the
  /// playlist (songs pending); a shorter answer is kept as it came. Throws
  /// `GeminiGenerationError`, or a database error.
  public func generate(prompt: String, count: Int, apiKey: String) async throws -> GeneratedPlaylist {
    let answer = try await gemini.generatePlaylist(.new(prompt: prompt, count: count), model: model, apiKey: apiKey)
    let id = try database.recordGeneratedPlaylist(
      prompt: prompt, name: answer.name, description: answer.description, songs: answer.songs.map(SuggestedSong.init),
      at: now())
    return try playlist(id)
  }

  /// Asks Gemini for `count` more songs in the playlist's vibe (none already in it, none in `excluding`) and
  /// appends them (pending). The name and description stay.
  public func grow(_ id: Int64, count: Int, excluding: [SuggestedSong] = [], apiKey: String) async throws
    -> GeneratedPlaylist
  {
    let current = try playlist(id)
    let request = GeminiPlaylistRequest.grow(
      playlistName: current.name, description: current.description,
      existing: current.songs.map { GeminiSong($0.song) }, excluding: excluding.map(GeminiSong.init), count: count)
    let answer = try await gemini.generatePlaylist(request, model: model, apiKey: apiKey)
    try database.appendSongs(answer.songs.map(SuggestedSong.init), toGeneratedPlaylist: id)
    return try playlist(id)
  }

  /// Resolves the playlist's pending songs (cache first) and records the answers. Already resolved songs are kept.
  public func resolve(
    _ id: Int64, using resolver: SongResolver,
    progress: @escaping @Sendable (ResolveProgress) -> Void = { _ in }
  ) async throws -> GeneratedPlaylist {
    let current = try playlist(id)
    let pending = current.songs.indices.filter { current.songs[$0].resolution == .pending }
    let resolved = try await resolver.resolve(pending.map { current.songs[$0].song }, progress: progress)
    var answers: [Int: SongResolution] = [:]
    for (position, song) in zip(pending, resolved) where song.resolution != .pending {
      answers[position] = song.resolution
    }
    try database.recordSongResolutions(answers, inGeneratedPlaylist: id)
    return try playlist(id)
  }

  /// Saves the found songs to Spotify. The created playlist's id is recorded before any item is added and progress
  /// after every chunk, so a retry (after a failure or a crash) adds the rest to the same playlist, never a second
  /// one. A playlist already saved is returned as is.
  ///
  /// A write whose answer never came (reset, timeout, kill -9) may have happened: "create" is marked in the
  /// history before it is sent, and a save that finds the mark without a playlist id first looks for the
  /// playlist among the user's own (same name and description) and adopts it; a resumed save reads the
  /// playlist's items and adds only the songs it does not hold yet. So a retry never makes a second playlist
  /// and never adds a track twice.
  ///
  /// One save per playlist at a time, across processes: the save is claimed in SQLite (a lease); another save
  /// of the same playlist (`s` while the queue retries, a second vibes) waits for it and then finds it saved.
  public func save(_ id: Int64, to saver: any PlaylistSaving) async throws -> GeneratedPlaylist {
    _ = try playlist(id)
    let token = ClaimToken.make()
    while try !database.claimPlaylistSave(
      id, token: token, now: Date(), lease: Self.saveClaimLease, holderIsGone: ClaimToken.holderIsGone)
    {
      try await Task.sleep(nanoseconds: 100_000_000)
    }
    defer { try? database.releasePlaylistSaveClaim(id, token: token) }
    return try await saveHoldingClaim(id, to: saver)
  }

  /// Longer than a whole save takes (create, a search of the user's playlists, reads and adds of 15 s each).
  static let saveClaimLease: TimeInterval = 300

  private func saveHoldingClaim(_ id: Int64, to saver: any PlaylistSaving) async throws -> GeneratedPlaylist {
    var current = try playlist(id)
    if case .saved = current.saveState { return current }
    var spotifyID: String?
    var url: String?
    var resumed = false
    if let existing = current.saveState.createdPlaylistID {
      spotifyID = existing
      resumed = true
    } else if try database.spotifyCreateAttempted(forGeneratedPlaylist: id),
      let found = try await saver.findCreatedPlaylist(
        name: current.name, description: current.description,
        excluding: try database.spotifyPlaylistIDsInCreateHistory())
    {
      try database.recordSpotifyPlaylistCreated(found.id, forGeneratedPlaylist: id)
      spotifyID = found.id
      url = found.url
      resumed = true
      current = try playlist(id)
    }
    if spotifyID == nil {
      try database.recordSpotifyCreateAttempt(forGeneratedPlaylist: id, at: now())
      let created = try await saver.createPlaylist(name: current.name, description: current.description)
      try database.recordSpotifyPlaylistCreated(created.id, forGeneratedPlaylist: id)
      spotifyID = created.id
      url = created.url
      current = try playlist(id)
    }
    guard let spotifyID else { throw CreateHistoryError.unknownPlaylist(id) }
    var added = current.addedItemCount
    var chunks = SavePlan.uriChunks(for: current.songs, alreadyAdded: added)
    if resumed, let present = try await saver.itemURIs(playlistID: spotifyID) {
      // An add whose answer was lost may have happened: add only what the playlist does not hold.
      let held = Set(present)
      let planned = SavePlan.uris(for: current.songs)
      let missing = planned.filter { !held.contains($0) }
      added = planned.count - missing.count
      try database.recordItemsAdded(added, toGeneratedPlaylist: id)
      chunks = stride(from: 0, to: missing.count, by: SavePlan.maxURIsPerRequest).map {
        Array(missing[$0..<min($0 + SavePlan.maxURIsPerRequest, missing.count)])
      }
    }
    for chunk in chunks {
      try Task.checkCancellation()
      try await saver.addItems(playlistID: spotifyID, uris: chunk)
      added += chunk.count
      try database.recordItemsAdded(added, toGeneratedPlaylist: id)
    }
    try database.recordPlaylistSaved(
      spotifyPlaylistID: spotifyID, url: url ?? Self.playlistURL(spotifyID), forGeneratedPlaylist: id)
    return try playlist(id)
  }

  /// The public web address of a playlist, for a resumed save whose create answer (with the URL) was lost.
  public static func playlistURL(_ id: String) -> String { "https://open.spotify.com/playlist/\(id)" }

  func playlist(_ id: Int64) throws -> GeneratedPlaylist {
    guard let playlist = try database.generatedPlaylist(id: id) else { throw CreateHistoryError.unknownPlaylist(id) }
    return playlist
  }
}
