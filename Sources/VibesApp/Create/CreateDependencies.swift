import Foundation
import VibesCore
import VibesServices
import VibesStorage

/// The live parts the Create tab's effects need: a Gemini client with the generation timeout, the model setting,
/// and the Spotify Web API client (nil without a Spotify client ID). Tests build one against loopback fakes.
public struct CreateDependencies: Sendable {
  public var gemini: GeminiClient
  public var model: GeminiModelSetting
  public var spotifyWeb: SpotifyWebClient?
  /// Searches in tests may replace the Spotify client (nil: use `spotifyWeb`).
  public var searcher: (any TrackSearching)?
  /// Gets a Spotify access token ready (read from the secret store, refreshed if due) while Gemini works, so the
  /// resolve that follows does not start with it; nil: nothing to prepare.
  public var prepareSpotify: (@Sendable () async -> Void)?

  public init(
    gemini: GeminiClient = GeminiClient(transport: URLSessionTransport(timeout: GeminiClient.generationTimeout)),
    model: GeminiModelSetting = GeminiModelSetting(), spotifyWeb: SpotifyWebClient? = nil,
    searcher: (any TrackSearching)? = nil, prepareSpotify: (@Sendable () async -> Void)? = nil
  ) {
    self.gemini = gemini
    self.model = model
    self.spotifyWeb = spotifyWeb
    self.searcher = searcher
    self.prepareSpotify = prepareSpotify
  }

  /// Built from the environment at start-up: `VIBES_GEMINI_API_URL`, the model setting, and Spotify's tokens.
  public static func live(
    environment: [String: String], paths: AppPaths, geminiBaseURL: URL, spotify: SpotifyDependencies
  ) -> CreateDependencies {
    let configFile = paths.configDirectory.appendingPathComponent("config")
    let web = spotify.tokens.map {
      SpotifyWebClient(configuration: spotify.configuration, tokens: $0)
    }
    var prepare: (@Sendable () async -> Void)?
    if let tokens = spotify.tokens {
      prepare = { _ = try? await tokens.accessToken() }
    }
    return CreateDependencies(
      gemini: GeminiClient(
        baseURL: geminiBaseURL, transport: URLSessionTransport(timeout: GeminiClient.generationTimeout)),
      model: GeminiModelSetting.load(environment: environment, configFile: configFile), spotifyWeb: web,
      prepareSpotify: prepare)
  }

  /// The searcher the resolver uses.
  var trackSearcher: (any TrackSearching)? { searcher ?? spotifyWeb.map(SpotifyTrackSearch.init) }
}

/// `TrackSearching` over the Spotify Web client (`GET /v1/search?type=track`); a 429 becomes
/// `TrackSearchRateLimited`.
public struct SpotifyTrackSearch: TrackSearching {
  public let client: SpotifyWebClient
  public init(_ client: SpotifyWebClient) { self.client = client }

  public func searchTracks(query: String, limit: Int) async throws -> [TrackCandidate] {
    let results: SpotifySearchResults
    do {
      results = try await client.search(query, types: [.track], limit: limit)
    } catch {
      if case .rateLimited(let seconds) = error { throw TrackSearchRateLimited(retryAfterSeconds: seconds) }
      throw error
    }
    return (results.tracks?.items ?? []).map(TrackCandidate.init)
  }
}

/// `PlaylistSaving` over the Spotify Web client.
public struct SpotifyPlaylistSaver: PlaylistSaving {
  public let client: SpotifyWebClient
  public init(_ client: SpotifyWebClient) { self.client = client }

  public func createPlaylist(name: String, description: String) async throws -> CreatedSpotifyPlaylist {
    let playlist = try await client.createPlaylist(name: name, description: description, isPublic: false)
    return CreatedSpotifyPlaylist(
      id: playlist.id, url: playlist.spotifyURL ?? CreateWorkflow.playlistURL(playlist.id))
  }

  public func addItems(playlistID: String, uris: [String]) async throws {
    try await client.addItems(playlistID: playlistID, uris: uris)
  }

  /// Looks through the user's first 200 playlists (Spotify lists the newest first) for one of theirs with
  /// this name and description.
  public func findCreatedPlaylist(name: String, description: String, excluding: Set<String>) async throws
    -> CreatedSpotifyPlaylist?
  {
    let me = try await client.me()
    var offset = 0
    for _ in 0..<4 {
      let page = try await client.myPlaylists(limit: 50, offset: offset)
      if let found = page.items.first(where: {
        $0.owner?.id == me.id && $0.name == name && ($0.description ?? "") == description
          && !excluding.contains($0.id)
      }) {
        return CreatedSpotifyPlaylist(id: found.id, url: found.spotifyURL ?? CreateWorkflow.playlistURL(found.id))
      }
      offset += page.items.count
      if page.next == nil || page.items.isEmpty { break }
    }
    return nil
  }

  /// The playlist's track URIs, at most 2,000 (40 pages).
  public func itemURIs(playlistID: String) async throws -> [String]? {
    var uris: [String] = []
    var offset = 0
    for _ in 0..<40 {
      let page = try await client.playlistItems(id: playlistID, limit: 50, offset: offset)
      uris += page.items.compactMap { $0.track?.uri }
      offset += page.items.count
      if page.next == nil || page.items.isEmpty { return uris }
    }
    return nil
  }
}

extension TrackCandidate {
  /// The matching form of a Spotify track.
  public init(_ track: SpotifyTrack) {
    self.init(
      id: track.id, uri: track.uri, name: track.name, artists: track.artists.map(\.name),
      album: track.album?.name ?? "", durationMs: track.durationMs)
  }
}
