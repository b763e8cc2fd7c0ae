import Foundation
import VibesCore
import VibesServices

/// Spotify Web API models turned into the core's music values (text kept raw; the UI sanitises it).
extension MusicArtist {
  init(_ artist: SpotifyArtist) {
    self.init(
      id: artist.id, name: artist.name, genres: artist.genres, spotifyURL: artist.spotifyURL,
      imageURL: SpotifyImage.artwork(artist.images), thumbnailURL: SpotifyImage.thumbnail(artist.images))
  }
}

extension SpotifyImage {
  /// The image to draw as artwork: the one nearest 300 px wide (Spotify offers 640/300/64), else the first.
  /// A width from the wire counts only within `WireNumbers.imageDimension` (Int.min once trapped in the distance).
  static func artwork(_ images: [SpotifyImage]) -> String? {
    let sized = images.compactMap { image in WireNumbers.imageDimension(image.width).map { (image, $0) } }
    let best = sized.min { abs($0.1 - 300) < abs($1.1 - 300) }?.0 ?? images.first
    return best.map(\.url).flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The image for a list thumbnail: the smallest at least `MusicThumbnail.minimumPixels` wide (Spotify's 64 px),
  /// else the largest known, else the artwork's choice (sizes unknown).
  static func thumbnail(_ images: [SpotifyImage]) -> String? {
    let sized = images.compactMap { image in
      WireNumbers.imageDimension(image.width).flatMap { image.url.isEmpty ? nil : (image, $0) }
    }
    let covering = sized.filter { $0.1 >= MusicThumbnail.minimumPixels }
    if let smallest = covering.min(by: { $0.1 < $1.1 }) { return smallest.0.url }
    if let largest = sized.max(by: { $0.1 < $1.1 }) { return largest.0.url }
    return artwork(images)
  }
}

extension MusicAlbum {
  init(_ album: SpotifyAlbum) {
    self.init(
      id: album.id, name: album.name, albumType: album.albumType, releaseDate: album.releaseDate,
      totalTracks: album.totalTracks, artists: album.artists.map(MusicArtist.init), spotifyURL: album.spotifyURL,
      imageURL: SpotifyImage.artwork(album.images), thumbnailURL: SpotifyImage.thumbnail(album.images))
  }
}

extension MusicTrack {
  init(_ track: SpotifyTrack, album: MusicAlbum? = nil) {
    self.init(
      id: track.id, name: track.name, durationMs: track.durationMs, explicit: track.explicit,
      artists: track.artists.map(MusicArtist.init), album: track.album.map(MusicAlbum.init) ?? album,
      trackNumber: track.trackNumber, spotifyURL: track.spotifyURL)
  }
}

extension MusicPlaylist {
  init(_ playlist: SpotifyPlaylist) {
    self.init(
      id: playlist.id, name: playlist.name, description: playlist.description, ownerID: playlist.owner?.id,
      ownerName: playlist.owner?.displayName, itemsTotal: playlist.itemsTotal, spotifyURL: playlist.spotifyURL,
      snapshotID: playlist.snapshotID, imageURL: SpotifyImage.artwork(playlist.images),
      thumbnailURL: SpotifyImage.thumbnail(playlist.images))
  }
}

extension MusicPage {
  /// A Spotify page mapped item by item; `nextOffset` only when Spotify announced another page.
  /// An offset past Spotify's numbers (or one that would overflow) ends the paging (`MusicPage` drops it).
  init<Source>(_ page: SpotifyPaging<Source>, _ transform: (Source) -> Item) {
    let (next, overflow) = page.offset.addingReportingOverflow(max(page.limit, page.items.count, 1))
    self.init(
      items: page.items.map(transform), total: page.total, nextOffset: page.hasNext && !overflow ? next : nil)
  }
}

extension SearchResults {
  init(_ results: SpotifySearchResults) {
    self.init(
      tracks: results.tracks.map { MusicPage($0) { MusicTrack($0) } } ?? MusicPage(),
      artists: results.artists.map { MusicPage($0, MusicArtist.init) } ?? MusicPage(),
      albums: results.albums.map { MusicPage($0, MusicAlbum.init) } ?? MusicPage(),
      playlists: results.playlists.map { MusicPage($0, MusicPlaylist.init) } ?? MusicPage())
  }
}

extension SearchGroup {
  var spotifyType: SpotifySearchType {
    switch self {
    case .tracks: return .track
    case .artists: return .artist
    case .albums: return .album
    case .playlists: return .playlist
    }
  }
}

extension StatsRange {
  var spotify: SpotifyTimeRange { SpotifyTimeRange(rawValue: rawValue) ?? .mediumTerm }
}

extension MusicFailure {
  /// nil for a cancelled request (nothing to report).
  init?(_ error: SpotifyWebError) {
    switch error {
    case .notConnected: self = .notConnected
    case .reconnectNeeded, .unauthorized: self = .reconnectNeeded
    case .notRegistered: self = .notRegistered
    case .premiumRequired: self = .premiumRequired
    case .notPlaylistOwner: self = .refused(nil)
    case .playerRefused(let reason): self = .refused(reason.rawValue)
    case .missingScope: self = .refused(nil)
    case .forbidden(let reason): self = .refused(reason)
    case .notFound: self = .notFound
    case .rateLimited(let seconds): self = .rateLimited(seconds: seconds)
    case .server(let status), .unexpectedStatus(let status): self = .server(status: status)
    case .badRequest(let message): self = .refused(message)
    case .transport(.network(let problem)) where problem.kind == .timedOut: self = .timedOut
    case .transport: self = .offline
    case .invalidResponse: self = .invalidResponse
    case .cancelled: return nil
    }
  }

  /// Failures after which a cached copy is shown instead (no network, or Spotify down).
  var fallsBackToCache: Bool {
    switch self {
    case .offline, .timedOut, .server, .rateLimited: return true
    default: return false
    }
  }
}
