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
  public func save(_ id: Int64, to saver: any PlaylistSaving) async throws -> GeneratedPlaylist {
    var current = try playlist(id)
    if case .saved = current.saveState { return current }
    let spotifyID: String
    var url: String?
    if let existing = current.saveState.createdPlaylistID {
      spotifyID = existing
    } else {
      let created = try await saver.createPlaylist(name: current.name, description: current.description)
      try database.recordSpotifyPlaylistCreated(created.id, forGeneratedPlaylist: id)
      spotifyID = created.id
      url = created.url
      current = try playlist(id)
    }
    var added = current.addedItemCount
    for chunk in SavePlan.uriChunks(for: current.songs, alreadyAdded: added) {
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
