import Foundation

/// An image Spotify offers for an album, artist or playlist.
public struct SpotifyImage: Decodable, Sendable, Hashable {
  public var url: String
  public var width: Int?
  public var height: Int?

  public init(url: String, width: Int? = nil, height: Int? = nil) {
    self.url = url
    self.width = width
    self.height = height
  }

  enum CodingKeys: String, CodingKey { case url, width, height }

  /// A size that is not a whole number (a fraction, text, one past Int64) is unknown, never a failed page.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    url = try container.decode(String.self, forKey: .url)
    width = (try? container.decodeIfPresent(Int.self, forKey: .width)) ?? nil
    height = (try? container.decodeIfPresent(Int.self, forKey: .height)) ?? nil
  }
}

/// `external_urls`: only the `spotify` entry is modelled.
struct SpotifyExternalURLs: Decodable {
  let spotify: String?
}

/// A Spotify user (the signed-in user or a playlist owner).
public struct SpotifyUser: Decodable, Sendable, Hashable {
  public var id: String
  public var displayName: String?
  public var uri: String?
  /// The open.spotify.com page.
  public var spotifyURL: String?

  public init(id: String, displayName: String? = nil, uri: String? = nil, spotifyURL: String? = nil) {
    self.id = id
    self.displayName = displayName
    self.uri = uri
    self.spotifyURL = spotifyURL
  }

  enum CodingKeys: String, CodingKey {
    case id, uri
    case displayName = "display_name"
    case externalURLs = "external_urls"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
    uri = try container.decodeIfPresent(String.self, forKey: .uri)
    spotifyURL = try container.decodeIfPresent(SpotifyExternalURLs.self, forKey: .externalURLs)?.spotify
  }
}

/// An artist. Simplified artists (inside tracks and albums) have no genres or images.
public struct SpotifyArtist: Decodable, Sendable, Hashable {
  public var id: String
  public var name: String
  public var uri: String
  public var genres: [String]
  public var images: [SpotifyImage]
  public var spotifyURL: String?

  public init(
    id: String, name: String, uri: String, genres: [String] = [], images: [SpotifyImage] = [],
    spotifyURL: String? = nil
  ) {
    self.id = id
    self.name = name
    self.uri = uri
    self.genres = genres
    self.images = images
    self.spotifyURL = spotifyURL
  }

  enum CodingKeys: String, CodingKey {
    case id, name, uri, genres, images
    case externalURLs = "external_urls"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    name = try container.decode(String.self, forKey: .name)
    uri = try container.decodeIfPresent(String.self, forKey: .uri) ?? "spotify:artist:\(id)"
    genres = try container.decodeIfPresent([String].self, forKey: .genres) ?? []
    images = try container.decodeIfPresent([Lossy<SpotifyImage>].self, forKey: .images)?.compactMap(\.value) ?? []
    spotifyURL = try container.decodeIfPresent(SpotifyExternalURLs.self, forKey: .externalURLs)?.spotify
  }
}

/// An album, single or compilation. `tracks` is present only on the full album (`GET /v1/albums/{id}`).
public struct SpotifyAlbum: Decodable, Sendable, Hashable {
  public var id: String
  public var name: String
  public var uri: String
  /// "album", "single" or "compilation".
  public var albumType: String?
  /// "2019", "2019-05" or "2019-05-24", as `releaseDatePrecision` says.
  public var releaseDate: String?
  /// "year", "month" or "day".
  public var releaseDatePrecision: String?
  public var totalTracks: Int?
  public var artists: [SpotifyArtist]
  public var images: [SpotifyImage]
  public var spotifyURL: String?
  public var tracks: SpotifyPaging<SpotifyTrack>?

  public init(
    id: String, name: String, uri: String, albumType: String? = nil, releaseDate: String? = nil,
    releaseDatePrecision: String? = nil, totalTracks: Int? = nil, artists: [SpotifyArtist] = [],
    images: [SpotifyImage] = [], spotifyURL: String? = nil, tracks: SpotifyPaging<SpotifyTrack>? = nil
  ) {
    self.id = id
    self.name = name
    self.uri = uri
    self.albumType = albumType
    self.releaseDate = releaseDate
    self.releaseDatePrecision = releaseDatePrecision
    self.totalTracks = totalTracks
    self.artists = artists
    self.images = images
    self.spotifyURL = spotifyURL
    self.tracks = tracks
  }

  /// The release year, when the date has one.
  public var releaseYear: Int? { releaseDate.flatMap { Int($0.prefix(4)) } }

  enum CodingKeys: String, CodingKey {
    case id, name, uri, artists, images, tracks
    case albumType = "album_type"
    case releaseDate = "release_date"
    case releaseDatePrecision = "release_date_precision"
    case totalTracks = "total_tracks"
    case externalURLs = "external_urls"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    name = try container.decode(String.self, forKey: .name)
    uri = try container.decodeIfPresent(String.self, forKey: .uri) ?? "spotify:album:\(id)"
    albumType = try container.decodeIfPresent(String.self, forKey: .albumType)
    releaseDate = try container.decodeIfPresent(String.self, forKey: .releaseDate)
    releaseDatePrecision = try container.decodeIfPresent(String.self, forKey: .releaseDatePrecision)
    totalTracks = try container.decodeIfPresent(Int.self, forKey: .totalTracks)
    artists = try container.decodeIfPresent([Lossy<SpotifyArtist>].self, forKey: .artists)?.compactMap(\.value) ?? []
    images = try container.decodeIfPresent([Lossy<SpotifyImage>].self, forKey: .images)?.compactMap(\.value) ?? []
    spotifyURL = try container.decodeIfPresent(SpotifyExternalURLs.self, forKey: .externalURLs)?.spotify
    tracks = try? container.decodeIfPresent(SpotifyPaging<SpotifyTrack>.self, forKey: .tracks)
  }
}

/// A track. Tracks inside an album's track list carry no `album`.
public struct SpotifyTrack: Decodable, Sendable, Hashable {
  public var id: String
  public var name: String
  public var uri: String
  public var durationMs: Int
  public var explicit: Bool
  public var artists: [SpotifyArtist]
  public var album: SpotifyAlbum?
  public var spotifyURL: String?
  public var trackNumber: Int?
  public var discNumber: Int?

  public init(
    id: String, name: String, uri: String, durationMs: Int = 0, explicit: Bool = false,
    artists: [SpotifyArtist] = [], album: SpotifyAlbum? = nil, spotifyURL: String? = nil, trackNumber: Int? = nil,
    discNumber: Int? = nil
  ) {
    self.id = id
    self.name = name
    self.uri = uri
    self.durationMs = durationMs
    self.explicit = explicit
    self.artists = artists
    self.album = album
    self.spotifyURL = spotifyURL
    self.trackNumber = trackNumber
    self.discNumber = discNumber
  }

  enum CodingKeys: String, CodingKey {
    case id, name, uri, explicit, artists, album, type
    case durationMs = "duration_ms"
    case externalURLs = "external_urls"
    case trackNumber = "track_number"
    case discNumber = "disc_number"
  }

  /// Fails for anything that is not a track with an id (episodes, local files), so lossy pages drop those.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let type = try container.decodeIfPresent(String.self, forKey: .type), type != "track" {
      throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "not a track")
    }
    id = try container.decode(String.self, forKey: .id)
    name = try container.decode(String.self, forKey: .name)
    uri = try container.decodeIfPresent(String.self, forKey: .uri) ?? "spotify:track:\(id)"
    durationMs = try container.decodeIfPresent(Int.self, forKey: .durationMs) ?? 0
    explicit = try container.decodeIfPresent(Bool.self, forKey: .explicit) ?? false
    artists = try container.decodeIfPresent([Lossy<SpotifyArtist>].self, forKey: .artists)?.compactMap(\.value) ?? []
    album = try? container.decodeIfPresent(SpotifyAlbum.self, forKey: .album)
    spotifyURL = try container.decodeIfPresent(SpotifyExternalURLs.self, forKey: .externalURLs)?.spotify
    trackNumber = try container.decodeIfPresent(Int.self, forKey: .trackNumber)
    discNumber = try container.decodeIfPresent(Int.self, forKey: .discNumber)
  }
}

/// A playlist's metadata. `itemsTotal` comes from `items.total` (or the legacy `tracks.total`).
public struct SpotifyPlaylist: Decodable, Sendable, Hashable {
  public var id: String
  public var name: String
  public var description: String?
  public var owner: SpotifyUser?
  public var itemsTotal: Int?
  public var uri: String
  public var spotifyURL: String?
  /// Empty when Spotify sends `null`.
  public var images: [SpotifyImage]
  public var isPublic: Bool?
  public var snapshotID: String?

  public init(
    id: String, name: String, description: String? = nil, owner: SpotifyUser? = nil, itemsTotal: Int? = nil,
    uri: String, spotifyURL: String? = nil, images: [SpotifyImage] = [], isPublic: Bool? = nil,
    snapshotID: String? = nil
  ) {
    self.id = id
    self.name = name
    self.description = description
    self.owner = owner
    self.itemsTotal = itemsTotal
    self.uri = uri
    self.spotifyURL = spotifyURL
    self.images = images
    self.isPublic = isPublic
    self.snapshotID = snapshotID
  }

  struct Total: Decodable { let total: Int? }

  enum CodingKeys: String, CodingKey {
    case id, name, description, owner, uri, images, items, tracks
    case externalURLs = "external_urls"
    case isPublic = "public"
    case snapshotID = "snapshot_id"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    name = try container.decode(String.self, forKey: .name)
    description = try container.decodeIfPresent(String.self, forKey: .description)
    owner = try? container.decodeIfPresent(SpotifyUser.self, forKey: .owner)
    let items = try? container.decodeIfPresent(Total.self, forKey: .items)
    let tracks = try? container.decodeIfPresent(Total.self, forKey: .tracks)
    itemsTotal = items?.total ?? tracks?.total
    uri = try container.decodeIfPresent(String.self, forKey: .uri) ?? "spotify:playlist:\(id)"
    spotifyURL = try container.decodeIfPresent(SpotifyExternalURLs.self, forKey: .externalURLs)?.spotify
    images = try container.decodeIfPresent([Lossy<SpotifyImage>].self, forKey: .images)?.compactMap(\.value) ?? []
    isPublic = try container.decodeIfPresent(Bool.self, forKey: .isPublic)
    snapshotID = try container.decodeIfPresent(String.self, forKey: .snapshotID)
  }
}

/// One entry of a playlist's items. Since 2026 Spotify sends `item`; the legacy `track` key is accepted too.
/// `track` is nil for entries that are not tracks (episodes, local files without an id, removed tracks).
public struct SpotifyPlaylistItem: Decodable, Sendable, Hashable {
  public var addedAt: String?
  public var track: SpotifyTrack?

  public init(addedAt: String? = nil, track: SpotifyTrack?) {
    self.addedAt = addedAt
    self.track = track
  }

  enum CodingKeys: String, CodingKey {
    case item, track
    case addedAt = "added_at"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    addedAt = try container.decodeIfPresent(String.self, forKey: .addedAt)
    if let item = try? container.decodeIfPresent(SpotifyTrack.self, forKey: .item) {
      track = item
    } else {
      track = try? container.decodeIfPresent(SpotifyTrack.self, forKey: .track)
    }
  }
}

/// `GET /v1/search`: one page per requested type (nil for types not asked for).
public struct SpotifySearchResults: Decodable, Sendable, Hashable {
  public var tracks: SpotifyPaging<SpotifyTrack>?
  public var artists: SpotifyPaging<SpotifyArtist>?
  public var albums: SpotifyPaging<SpotifyAlbum>?
  public var playlists: SpotifyPaging<SpotifyPlaylist>?

  public init(
    tracks: SpotifyPaging<SpotifyTrack>? = nil, artists: SpotifyPaging<SpotifyArtist>? = nil,
    albums: SpotifyPaging<SpotifyAlbum>? = nil, playlists: SpotifyPaging<SpotifyPlaylist>? = nil
  ) {
    self.tracks = tracks
    self.artists = artists
    self.albums = albums
    self.playlists = playlists
  }
}

/// What `search` looks for.
public enum SpotifySearchType: String, Sendable, Hashable, CaseIterable {
  case track, artist, album, playlist
}

/// The period `topArtists`/`topTracks` cover: about 4 weeks, 6 months, or about a year.
public enum SpotifyTimeRange: String, Sendable, Hashable, CaseIterable {
  case shortTerm = "short_term"
  case mediumTerm = "medium_term"
  case longTerm = "long_term"
}

/// The release groups `artistAlbums` can ask for.
public enum SpotifyAlbumGroup: String, Sendable, Hashable, CaseIterable {
  case album, single, compilation
  case appearsOn = "appears_on"
}
