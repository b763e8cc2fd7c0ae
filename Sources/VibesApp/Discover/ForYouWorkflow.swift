import Foundation
import VibesCore
import VibesServices

/// One For You song ready to show: the resolved Spotify track and its checked reason (sanitised for the terminal).
public struct ForYouItem: Sendable, Equatable {
  public var song: ForYouSong
  public var reason: String
  public var becauseOf: String
  public var track: TrackCandidate

  public init(song: ForYouSong, reason: String, becauseOf: String, track: TrackCandidate) {
    self.song = song
    self.reason = TerminalText.sanitize(reason)
    self.becauseOf = TerminalText.sanitize(becauseOf)
    self.track = track
  }
}

/// For You (FR-3.2) end to end below the screen: the user's real listening and `ForYouMemory` make one Gemini
/// request per refresh; the checked answer is resolved with Create's `SongResolver` (same concurrency, budget and
/// cache) and filtered again (library, top tracks, dismissed); what is shown is remembered.
public struct ForYouWorkflow: Sendable {
  public var gemini: GeminiClient
  public var model: String

  public init(gemini: GeminiClient, model: String) {
    self.gemini = gemini
    self.model = model
  }

  /// The user's listening as Spotify gives it.
  public struct Listening: Sendable {
    public var topArtists: [(name: String, genres: [String])]
    public var topTracks: [ForYouSong]
    public var library: [ForYouSong]
    /// Track URIs already in the library or top tracks (a resolved suggestion matching one is dropped).
    public var knownURIs: Set<String>

    public init(
      topArtists: [(name: String, genres: [String])], topTracks: [ForYouSong], library: [ForYouSong],
      knownURIs: Set<String>
    ) {
      self.topArtists = topArtists
      self.topTracks = topTracks
      self.library = library
      self.knownURIs = knownURIs
    }
  }

  /// The request `refresh` sends (pure; exposed for tests and the bench).
  public static func request(_ listening: Listening, memory: ForYouMemory, count: Int) -> GeminiPlaylistRequest {
    let genres = Dictionary(
      listening.topArtists.map { (SongNormalizer.normalizedArtist($0.name), $0.genres) },
      uniquingKeysWith: { a, _ in a })
    let artists = memory.seedArtists(listening.topArtists.map(\.name)).map {
      GeminiSeedArtist(name: $0, genres: genres[SongNormalizer.normalizedArtist($0)] ?? [])
    }
    let tracks = listening.topTracks.map { GeminiSong(title: $0.title, artist: $0.artist) }
    let excluding = memory.exclusions(library: listening.library, topTracks: listening.topTracks).map {
      GeminiSong(title: $0.title, artist: $0.artist)
    }
    return .forYou(
      GeminiForYouSeeds(artists: artists, tracks: tracks, excluding: excluding, lessOf: memory.lessOf), count: count)
  }

  /// Asks once, resolves, filters; returns the items to show and the memory with them marked shown. Throws
  /// `GeminiGenerationError` (no key, quota, …) or the resolver's errors.
  public func refresh(
    _ listening: Listening, memory: ForYouMemory, count: Int = 15, resolver: SongResolver, apiKey: String
  ) async throws -> (items: [ForYouItem], memory: ForYouMemory) {
    let answer = try await gemini.generatePlaylist(
      Self.request(listening, memory: memory, count: count), model: model, apiKey: apiKey)
    let allowed = Set(
      memory.filter(
        answer.songs.map { ForYouSong(title: $0.title, artist: $0.artist) }, library: listening.library,
        topTracks: listening.topTracks
      ).map(\.key))
    let candidates = answer.songs.filter { allowed.contains(ForYouSong(title: $0.title, artist: $0.artist).key) }
    let resolved = try await resolver.resolve(candidates.map { SuggestedSong(title: $0.title, artist: $0.artist) })
    var items: [ForYouItem] = []
    var seenURIs = Set<String>()
    for (song, result) in zip(candidates, resolved) {
      guard case .found(let track) = result.resolution, !listening.knownURIs.contains(track.uri),
        seenURIs.insert(track.uri).inserted
      else { continue }
      items.append(
        ForYouItem(
          song: ForYouSong(title: song.title, artist: song.artist), reason: song.reason ?? "",
          becauseOf: song.becauseOf ?? "", track: track))
    }
    var next = memory
    next.markShown(items.map(\.song))
    return (items, next)
  }
}
