import Foundation

/// An artist as the music screens show it (names kept raw; the UI sanitises them).
public struct MusicArtist: Sendable, Hashable, Codable {
  public var id: String
  public var name: String
  /// Empty for the simplified artists inside tracks and albums.
  public var genres: [String]
  public var spotifyURL: String?
  /// The artist's picture (Spotify's image nearest 300 px), drawn as artwork; nil for simplified artists.
  public var imageURL: String?
  /// The smallest of Spotify's images at least `MusicThumbnail.minimumPixels` wide, for a list row's thumbnail.
  public var thumbnailURL: String?

  public init(
    id: String, name: String, genres: [String] = [], spotifyURL: String? = nil, imageURL: String? = nil,
    thumbnailURL: String? = nil
  ) {
    self.thumbnailURL = thumbnailURL
    self.id = id
    self.name = name
    self.genres = genres
    self.spotifyURL = spotifyURL
    self.imageURL = imageURL
  }

  public var link: SpotifyLink { SpotifyLink(kind: .artist, id: id) }
}

/// An album or single.
public struct MusicAlbum: Sendable, Hashable, Codable {
  public var id: String
  public var name: String
  /// "album", "single" or "compilation".
  public var albumType: String?
  public var releaseDate: String?
  public var totalTracks: Int?
  public var artists: [MusicArtist]
  public var spotifyURL: String?
  /// The cover (Spotify's image nearest 300 px), drawn as artwork.
  public var imageURL: String?
  /// The smallest cover at least `MusicThumbnail.minimumPixels` wide, for a list row's thumbnail.
  public var thumbnailURL: String?

  public init(
    id: String, name: String, albumType: String? = nil, releaseDate: String? = nil, totalTracks: Int? = nil,
    artists: [MusicArtist] = [], spotifyURL: String? = nil, imageURL: String? = nil, thumbnailURL: String? = nil
  ) {
    self.imageURL = imageURL
    self.thumbnailURL = thumbnailURL
    self.id = id
    self.name = name
    self.albumType = albumType
    self.releaseDate = releaseDate
    self.totalTracks = WireNumbers.count(totalTracks)
    self.artists = artists
    self.spotifyURL = spotifyURL
  }

  public var link: SpotifyLink { SpotifyLink(kind: .album, id: id) }
  public var uri: String { link.uri }
  /// The release year, when the date has one.
  public var releaseYear: String? { releaseDate.map { String($0.prefix(4)) } }
}

/// A track (with the album it is on, when Spotify said).
public struct MusicTrack: Sendable, Hashable, Codable {
  public var id: String
  public var name: String
  public var durationMs: Int
  public var explicit: Bool
  public var artists: [MusicArtist]
  public var album: MusicAlbum?
  public var trackNumber: Int?
  public var spotifyURL: String?

  public init(
    id: String, name: String, durationMs: Int = 0, explicit: Bool = false, artists: [MusicArtist] = [],
    album: MusicAlbum? = nil, trackNumber: Int? = nil, spotifyURL: String? = nil
  ) {
    self.id = id
    self.name = name
    self.durationMs = WireNumbers.durationMs(durationMs)
    self.explicit = explicit
    self.artists = artists
    self.album = album
    self.trackNumber = WireNumbers.count(trackNumber)
    self.spotifyURL = spotifyURL
  }

  public var link: SpotifyLink { SpotifyLink(kind: .track, id: id) }
  public var uri: String { link.uri }
  /// "Artist A, Artist B".
  public var artistNames: String { artists.map(\.name).joined(separator: ", ") }
}

/// A playlist's metadata.
public struct MusicPlaylist: Sendable, Hashable, Codable {
  public var id: String
  public var name: String
  public var description: String?
  public var ownerID: String?
  public var ownerName: String?
  public var itemsTotal: Int?
  public var spotifyURL: String?
  /// The version of the playlist the tracks shown belong to (sent with a removal so it applies to that version).
  public var snapshotID: String?
  /// The cover (Spotify's image nearest 300 px; playlists may have none), drawn as artwork.
  public var imageURL: String?
  /// The smallest cover at least `MusicThumbnail.minimumPixels` wide, for a list row's thumbnail.
  public var thumbnailURL: String?

  public init(
    id: String, name: String, description: String? = nil, ownerID: String? = nil, ownerName: String? = nil,
    itemsTotal: Int? = nil, spotifyURL: String? = nil, snapshotID: String? = nil, imageURL: String? = nil,
    thumbnailURL: String? = nil
  ) {
    self.imageURL = imageURL
    self.thumbnailURL = thumbnailURL
    self.snapshotID = snapshotID
    self.id = id
    self.name = name
    self.description = description
    self.ownerID = ownerID
    self.ownerName = ownerName
    self.itemsTotal = WireNumbers.count(itemsTotal)
    self.spotifyURL = spotifyURL
  }

  public var link: SpotifyLink { SpotifyLink(kind: .playlist, id: id) }
}

/// Any of the four things Explore lists and opens.
public enum MusicItem: Sendable, Hashable, Codable {
  case track(MusicTrack)
  case artist(MusicArtist)
  case album(MusicAlbum)
  case playlist(MusicPlaylist)

  /// The picture for this item's thumbnail in a list: a track's album cover, the album's or playlist's cover, the
  /// artist's photo (nil when Spotify has none).
  public var thumbnailURL: String? {
    switch self {
    case .track(let track): return track.album?.thumbnailURL
    case .artist(let artist): return artist.thumbnailURL
    case .album(let album): return album.thumbnailURL
    case .playlist(let playlist): return playlist.thumbnailURL
    }
  }

  public var link: SpotifyLink {
    switch self {
    case .track(let track): return track.link
    case .artist(let artist): return artist.link
    case .album(let album): return album.link
    case .playlist(let playlist): return playlist.link
    }
  }

  public var name: String {
    switch self {
    case .track(let track): return track.name
    case .artist(let artist): return artist.name
    case .album(let album): return album.name
    case .playlist(let playlist): return playlist.name
    }
  }

  /// The `external_urls.spotify` link, or the open.spotify.com page made from the id.
  public var webURL: String {
    let given: String?
    switch self {
    case .track(let track): given = track.spotifyURL
    case .artist(let artist): given = artist.spotifyURL
    case .album(let album): given = album.spotifyURL
    case .playlist(let playlist): given = playlist.spotifyURL
    }
    if let given, given.hasPrefix("https://open.spotify.com/") { return given }
    return link.webURL
  }
}

extension SpotifyLink {
  /// `https://open.spotify.com/KIND/ID` (an id from the network is percent-encoded, so it stays one segment).
  public var webURL: String {
    let segment = id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    return "https://open.spotify.com/\(kind.rawValue)/\(segment)"
  }
}

/// One page of a list Spotify pages (search groups, an artist's releases).
public struct MusicPage<Item: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
  public var items: [Item]
  public var total: Int
  /// The offset the next page starts at, or nil on the last page.
  public var nextOffset: Int?

  public init(items: [Item] = [], total: Int = 0, nextOffset: Int? = nil) {
    self.items = items
    self.total = WireNumbers.clampedCount(total)
    self.nextOffset = nextOffset.flatMap { (0...WireNumbers.maxCount).contains($0) ? $0 : nil }
  }

  /// Appends the next page.
  public mutating func append(_ page: MusicPage<Item>) {
    items += page.items
    total = page.total
    nextOffset = page.nextOffset
  }
}

/// The four search groups, in the order they are listed.
public enum SearchGroup: String, Sendable, Hashable, Codable, CaseIterable {
  case tracks, artists, albums, playlists
}

/// One settled query's answer: a page per group.
public struct SearchResults: Sendable, Hashable, Codable {
  public var tracks = MusicPage<MusicTrack>()
  public var artists = MusicPage<MusicArtist>()
  public var albums = MusicPage<MusicAlbum>()
  public var playlists = MusicPage<MusicPlaylist>()

  public init(
    tracks: MusicPage<MusicTrack> = MusicPage(), artists: MusicPage<MusicArtist> = MusicPage(),
    albums: MusicPage<MusicAlbum> = MusicPage(), playlists: MusicPage<MusicPlaylist> = MusicPage()
  ) {
    self.tracks = tracks
    self.artists = artists
    self.albums = albums
    self.playlists = playlists
  }

  public var isEmpty: Bool {
    tracks.items.isEmpty && artists.items.isEmpty && albums.items.isEmpty && playlists.items.isEmpty
  }

  /// The items of `group`, as `MusicItem`s.
  public func items(_ group: SearchGroup) -> [MusicItem] {
    switch group {
    case .tracks: return tracks.items.map(MusicItem.track)
    case .artists: return artists.items.map(MusicItem.artist)
    case .albums: return albums.items.map(MusicItem.album)
    case .playlists: return playlists.items.map(MusicItem.playlist)
    }
  }

  public func nextOffset(_ group: SearchGroup) -> Int? {
    switch group {
    case .tracks: return tracks.nextOffset
    case .artists: return artists.nextOffset
    case .albums: return albums.nextOffset
    case .playlists: return playlists.nextOffset
    }
  }

  /// Adds a "more" page of one group (the other groups of `page` are ignored).
  public mutating func appendMore(_ group: SearchGroup, from page: SearchResults) {
    switch group {
    case .tracks: tracks.append(page.tracks)
    case .artists: artists.append(page.artists)
    case .albums: albums.append(page.albums)
    case .playlists: playlists.append(page.playlists)
    }
  }
}

/// An artist's screen: releases as two sections, and "Popular" built from a search.
public struct ArtistDetail: Sendable, Hashable, Codable {
  public var artist: MusicArtist
  public var albums: MusicPage<MusicAlbum>
  public var singles: MusicPage<MusicAlbum>
  /// Tracks of a search for `artist:"NAME"`, filtered to this artist's id.
  public var popular: [MusicTrack]

  public init(
    artist: MusicArtist, albums: MusicPage<MusicAlbum> = MusicPage(), singles: MusicPage<MusicAlbum> = MusicPage(),
    popular: [MusicTrack] = []
  ) {
    self.artist = artist
    self.albums = albums
    self.singles = singles
    self.popular = popular
  }
}

/// An album with its tracklist.
public struct AlbumDetail: Sendable, Hashable, Codable {
  public var album: MusicAlbum
  public var tracks: [MusicTrack]

  public init(album: MusicAlbum, tracks: [MusicTrack]) {
    self.album = album
    self.tracks = tracks
  }

  public var totalDurationMs: Int { WireNumbers.sum(tracks.lazy.map(\.durationMs)) }
}

/// A playlist; `tracks` is nil when Spotify shows only metadata (someone else's playlist).
public struct PlaylistDetail: Sendable, Hashable, Codable {
  public var playlist: MusicPlaylist
  public var tracks: [MusicTrack]?
  /// Each shown track's position in the playlist as Spotify counts it (entries without a track, e.g. removed
  /// local files, are not shown but still count); nil: the tracks stand at 0, 1, 2, …
  public var positions: [Int]?

  public init(playlist: MusicPlaylist, tracks: [MusicTrack]?, positions: [Int]? = nil) {
    self.playlist = playlist
    self.tracks = tracks
    self.positions = positions
  }

  /// Spotify's position of shown track `index`.
  public func position(_ index: Int) -> Int {
    guard let positions, positions.indices.contains(index) else { return index }
    return positions[index]
  }

  /// The playlist's entries as Spotify holds them: the shown track's index, or nil for an entry not shown.
  func slots() -> [Int?] {
    let tracks = tracks ?? []
    let count = tracks.indices.map(position).max().map { $0 + 1 } ?? 0
    var slots = [Int?](repeating: nil, count: max(count, tracks.count))
    for index in tracks.indices where slots.indices.contains(position(index)) { slots[position(index)] = index }
    return slots
  }

  mutating func apply(_ slots: [Int?]) {
    let old = tracks ?? []
    tracks = slots.compactMap { $0 }.map { old[$0] }
    positions = slots.indices.filter { slots[$0] != nil }
  }

  /// Spotify's move: the entry at `from` goes before the one now at `insertBefore`.
  public mutating func move(from: Int, insertBefore: Int) {
    var slots = slots()
    guard slots.indices.contains(from) else { return }
    let entry = slots.remove(at: from)
    let destination = insertBefore > from ? insertBefore - 1 : insertBefore
    slots.insert(entry, at: min(max(0, destination), slots.count))
    apply(slots)
  }

  /// Spotify's removal by URI: every occurrence goes.
  public mutating func remove(uri: String) {
    let old = tracks ?? []
    apply(slots().filter { slot in slot.map { old[$0].uri != uri } ?? true })
  }

  public var totalDurationMs: Int? { tracks.map { WireNumbers.sum($0.lazy.map(\.durationMs)) } }
}

/// What a detail screen shows.
public enum MusicDetail: Sendable, Hashable, Codable {
  case track(MusicTrack)
  case artist(ArtistDetail)
  case album(AlbumDetail)
  case playlist(PlaylistDetail)

  public var item: MusicItem {
    switch self {
    case .track(let track): return .track(track)
    case .artist(let detail): return .artist(detail.artist)
    case .album(let detail): return .album(detail.album)
    case .playlist(let detail): return .playlist(detail.playlist)
    }
  }
}

/// "3:05" (or "1:02:03" past an hour).
public enum MusicDuration {
  public static func text(milliseconds: Int) -> String {
    let seconds = max(0, milliseconds) / 1000
    let hours = seconds / 3600
    let minutes = (seconds % 3600) / 60
    let rest = seconds % 60
    if hours > 0 { return String(format: "%d:%02d:%02d", hours, minutes, rest) }
    return String(format: "%d:%02d", minutes, rest)
  }
}

/// The picture size a list thumbnail asks for.
public enum MusicThumbnail {
  /// A thumbnail is 2 columns × 1 row: about 20×20 px on a 10×20 px cell, 40×40 px on a HiDPI 20×40 cell. The
  /// smallest image at least this wide covers both (Spotify's 64 px one).
  public static let minimumPixels = 40
}
