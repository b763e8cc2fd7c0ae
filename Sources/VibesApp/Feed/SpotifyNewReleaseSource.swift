import Foundation
import VibesCore
import VibesServices

/// New releases from the Spotify Web API: `GET /v1/me/top/artists`, then
/// `GET /v1/artists/{id}/albums?include_groups=album,single&limit=10`. Remembers the last failure so the Feed can say
/// why releases are missing (a development-mode app's allowlist refusal, above all).
public struct SpotifyNewReleaseSource: NewReleaseSource {
  public let client: SpotifyWebClient
  /// How many top artists are asked for.
  public let artistLimit: Int
  private let problems = ProblemBox()

  public init(client: SpotifyWebClient, artistLimit: Int = 20) {
    self.client = client
    self.artistLimit = artistLimit
  }

  public func topArtists() async throws -> [FeedArtist] {
    do {
      // At most what was asked for, whatever the page holds (issue 21, item 8).
      return try await client.topArtists(limit: artistLimit).items.prefix(max(0, artistLimit)).map {
        FeedArtist(name: $0.name, id: $0.id)
      }
    } catch {
      problems.set(error)
      throw error
    }
  }

  public func recentReleases(artistID: String) async throws -> [NewReleaseCard] {
    do {
      let page = try await client.artistAlbums(
        id: artistID, includeGroups: [.album, .single], limit: Self.releaseLimit)
      return page.items.prefix(Self.releaseLimit).map { Self.card($0, artistID: artistID) }
    } catch {
      problems.set(error)
      throw error
    }
  }

  /// Releases asked for (and kept) per artist.
  static let releaseLimit = 10

  /// A release's numbered tracklist (`GET /v1/albums/{id}`, then `/tracks` pages for long albums, bounded).
  public func tracklist(albumID: String) async throws(SpotifyWebError) -> [ReleaseTrack] {
    let album = try await client.album(id: albumID)
    let tracks = try await SpotifyPager.collect(first: album.tracks, maxItems: 500) {
      (offset) async throws(SpotifyWebError) in
      try await client.albumTracks(id: albumID, limit: 50, offset: offset)
    }
    return tracks.enumerated().map { index, track in
      ReleaseTrack(
        number: WireNumbers.count(track.trackNumber).flatMap { $0 > 0 ? $0 : nil } ?? index + 1, name: track.name,
        artists: track.artists.map(\.name),
        durationMs: track.durationMs, id: track.id)
    }
  }

  /// The last failure, as a sentence for the status line (nil when every call went through).
  public var problem: String? { problems.error.map(Self.message) }

  /// True when the last failure was the network (unreachable, dropped): the Feed then says "Offline". A slow answer
  /// is not "offline" (issue 21): the Feed says Spotify did not answer in time.
  public var wasOffline: Bool {
    if case .transport(.network(let problem))? = problems.error { return problem.kind != .timedOut }
    return false
  }

  /// What a failed Spotify call means for the user; a 403 "not registered" says exactly that.
  public static func message(_ error: SpotifyWebError) -> String {
    switch error {
    case .notRegistered:
      return "Spotify: this account is not on the app's user list (Developer Dashboard › User Management)."
    default:
      return "Spotify: " + (error.errorDescription ?? "request failed.")
    }
  }

  static func card(_ album: SpotifyAlbum, artistID: String) -> NewReleaseCard {
    let from = album.artists.first(where: { $0.id == artistID })?.name ?? album.artists.first?.name ?? ""
    return NewReleaseCard(
      albumID: album.id, name: album.name, artists: album.artists.map(\.name), albumType: album.albumType ?? "album",
      releaseDate: album.releaseDate ?? "",
      precision: album.releaseDatePrecision.flatMap(NewReleaseCard.Precision.init(rawValue:)) ?? .day,
      totalTracks: album.totalTracks, spotifyURL: album.spotifyURL, fromArtist: from,
      imageURL: SpotifyImage.artwork(album.images))
  }
}

/// The last Spotify failure seen by one refresh.
private final class ProblemBox: @unchecked Sendable {
  // @unchecked: every access holds the lock.
  private let lock = NSLock()
  private var stored: SpotifyWebError?
  func set(_ error: SpotifyWebError) {
    lock.lock()
    if stored == nil || error == .notRegistered { stored = error }
    lock.unlock()
  }
  var error: SpotifyWebError? {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}
