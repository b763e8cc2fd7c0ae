import Foundation

/// One song as the model suggested it (raw text; the UI sanitises it before drawing).
public struct SuggestedSong: Sendable, Hashable, Codable {
  public var title: String
  public var artist: String

  public init(title: String, artist: String) {
    self.title = title
    self.artist = artist
  }

  /// The normalised title+artist key used for duplicates and the resolution cache.
  public var key: String { SongNormalizer.key(title: title, artist: artist) }
}

/// A Spotify track returned by a search, as much as matching, saving and display need.
public struct TrackCandidate: Sendable, Hashable, Codable {
  public var id: String
  public var uri: String
  public var name: String
  /// Credited artists, primary first.
  public var artists: [String]
  public var album: String
  public var durationMs: Int

  public init(id: String, uri: String, name: String, artists: [String], album: String, durationMs: Int) {
    self.id = id
    self.uri = uri
    self.name = name
    self.artists = artists
    self.album = album
    self.durationMs = WireNumbers.durationMs(durationMs)
  }
}

/// Where a suggested song stands in the resolution to a Spotify track.
public enum SongResolution: Sendable, Hashable {
  /// Not searched yet (or the search failed and can be retried).
  case pending
  case found(TrackCandidate)
  /// Searched, and nothing scored above the match threshold.
  case notFound
}

/// A suggested song with its resolution.
public struct ResolvedSong: Sendable, Hashable {
  public var song: SuggestedSong
  public var resolution: SongResolution

  public init(song: SuggestedSong, resolution: SongResolution) {
    self.song = song
    self.resolution = resolution
  }

  /// The track's URI when found.
  public var uri: String? {
    if case .found(let track) = resolution { return track.uri }
    return nil
  }
}

/// Whether a generated playlist has been saved to Spotify. `saving` records the created playlist's id before any
/// item is added, so a retry adds to that playlist instead of creating a second one.
public enum PlaylistSaveState: Sendable, Hashable {
  case notSaved
  case saving(playlistID: String)
  case saved(playlistID: String, url: String)

  /// The Spotify playlist already created for this one, if any.
  public var createdPlaylistID: String? {
    switch self {
    case .notSaved: nil
    case .saving(let id), .saved(let id, _): id
    }
  }
}

/// A playlist the model generated, as kept in the Create history.
public struct GeneratedPlaylist: Sendable, Hashable, Identifiable {
  public var id: Int64
  public var prompt: String
  public var name: String
  public var description: String
  public var songs: [ResolvedSong]
  public var createdAt: Date
  public var saveState: PlaylistSaveState
  /// How many track URIs (in `SavePlan` order) were already added to the Spotify playlist.
  public var addedItemCount: Int

  public init(
    id: Int64, prompt: String, name: String, description: String, songs: [ResolvedSong], createdAt: Date,
    saveState: PlaylistSaveState, addedItemCount: Int = 0
  ) {
    self.id = id
    self.prompt = prompt
    self.name = name
    self.description = description
    self.songs = songs
    self.createdAt = createdAt
    self.saveState = saveState
    self.addedItemCount = addedItemCount
  }
}

/// A cached answer to "which track is this song?" (found or not), with when it was decided.
public struct CachedResolution: Sendable, Hashable {
  /// nil: searched and not found.
  public var track: TrackCandidate?
  public var resolvedAt: Date

  public init(track: TrackCandidate?, resolvedAt: Date) {
    self.track = track
    self.resolvedAt = resolvedAt
  }
}

/// A store of song resolutions keyed by `SuggestedSong.key` (the app's SQLite database implements it).
public protocol SongResolutionCache: Sendable {
  /// The cached resolution for a normalised key, if any.
  func cachedResolution(forKey key: String) throws -> CachedResolution?
  /// Records a resolution (replacing an older one for the same key).
  func storeResolution(_ resolution: CachedResolution, forKey key: String) throws
  /// The cached resolutions of many keys at once (one read); keys without one are left out.
  func cachedResolutions(forKeys keys: [String]) throws -> [String: CachedResolution]
  /// Records many resolutions at once (one transaction).
  func storeResolutions(_ resolutions: [String: CachedResolution]) throws
}

extension SongResolutionCache {
  /// One lookup per key (a store that can read many at once overrides it).
  public func cachedResolutions(forKeys keys: [String]) throws -> [String: CachedResolution] {
    var found: [String: CachedResolution] = [:]
    for key in keys { found[key] = try cachedResolution(forKey: key) }
    return found
  }

  /// One write per key (a store that can write many at once overrides it).
  public func storeResolutions(_ resolutions: [String: CachedResolution]) throws {
    for (key, resolution) in resolutions { try storeResolution(resolution, forKey: key) }
  }
}

/// Searches Spotify for tracks (the Spotify Web client implements it; the resolver depends only on this).
public protocol TrackSearching: Sendable {
  /// `GET /v1/search?type=track&q=…&limit=…`; throws `TrackSearchRateLimited` on 429.
  func searchTracks(query: String, limit: Int) async throws -> [TrackCandidate]
}

/// Thrown by a `TrackSearching` on HTTP 429, with the `Retry-After` seconds when given.
public struct TrackSearchRateLimited: Error, Sendable, Equatable {
  public var retryAfterSeconds: Int?
  public init(retryAfterSeconds: Int?) { self.retryAfterSeconds = retryAfterSeconds }
}

/// A playlist just created on Spotify.
public struct CreatedSpotifyPlaylist: Sendable, Hashable {
  public var id: String
  /// `external_urls.spotify`.
  public var url: String

  public init(id: String, url: String) {
    self.id = id
    self.url = url
  }
}

/// Creates Spotify playlists and adds tracks (the Spotify Web client implements it).
public protocol PlaylistSaving: Sendable {
  /// `POST /v1/me/playlists` with the name and description (private).
  func createPlaylist(name: String, description: String) async throws -> CreatedSpotifyPlaylist
  /// `POST /v1/playlists/{id}/items` with `{"uris": […]}` (at most 100).
  func addItems(playlistID: String, uris: [String]) async throws
  /// After a create whose answer never came (reset, timeout, kill -9): the user's own playlist with exactly
  /// this name and description, if Spotify made it, leaving out those in `excluding` (playlists other saves
  /// made); nil when there is none.
  func findCreatedPlaylist(name: String, description: String, excluding: Set<String>) async throws
    -> CreatedSpotifyPlaylist?
  /// Before adding to a playlist after an unknown outcome: the URIs it holds now (nil: cannot tell).
  func itemURIs(playlistID: String) async throws -> [String]?
}

extension PlaylistSaving {
  public func findCreatedPlaylist(name: String, description: String, excluding: Set<String>) async throws
    -> CreatedSpotifyPlaylist?
  { nil }
  public func itemURIs(playlistID: String) async throws -> [String]? { nil }
}
