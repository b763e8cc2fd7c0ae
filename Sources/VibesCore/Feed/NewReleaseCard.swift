import Foundation

/// A Spotify album or single by an artist the user listens to. Strings are raw network text.
public struct NewReleaseCard: Sendable, Hashable, Codable {
  /// Spotify's `release_date_precision`.
  public enum Precision: String, Sendable, Hashable, Codable {
    case day, month, year
  }

  public var albumID: String
  public var name: String
  public var artists: [String]
  /// Spotify's `album_type`: "album" or "single" (kept raw; "compilation" exists too).
  public var albumType: String
  /// Spotify's `release_date`: "2026-11-20", "2026-11" or "2026".
  public var releaseDate: String
  public var precision: Precision
  public var totalTracks: Int?
  public var spotifyURL: String?
  /// The top artist whose albums listed this release.
  public var fromArtist: String
  /// The cover (Spotify's image nearest 300 px), drawn as artwork on the release's detail.
  public var imageURL: String?

  public init(
    albumID: String, name: String, artists: [String], albumType: String, releaseDate: String,
    precision: Precision, totalTracks: Int? = nil, spotifyURL: String? = nil, fromArtist: String,
    imageURL: String? = nil
  ) {
    self.imageURL = imageURL
    self.albumID = albumID
    self.name = name
    self.artists = artists
    self.albumType = albumType
    self.releaseDate = releaseDate
    self.precision = precision
    self.totalTracks = WireNumbers.count(totalTracks)
    self.spotifyURL = spotifyURL
    self.fromArtist = fromArtist
  }

  /// The first instant of the release date (UTC), or nil when the date does not parse or is not a real date.
  public var releasedAt: Date? {
    guard WireDates.date(releaseDate) != nil else { return nil }
    let parts = releaseDate.split(separator: "-").map { Int($0) }
    guard let year = parts.first ?? nil, parts.allSatisfy({ $0 != nil }) else { return nil }
    let month = parts.count > 1 && precision != .year ? parts[1] ?? 1 : 1
    let day = parts.count > 2 && precision == .day ? parts[2] ?? 1 : 1
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let components = DateComponents(year: year, month: month, day: day)
    guard components.isValidDate(in: calendar) else { return nil }
    return calendar.date(from: components)
  }
}

/// An artist the user listens to (Spotify top artists), for matching concerts and fetching releases.
public struct FeedArtist: Sendable, Hashable, Codable {
  public var name: String
  /// Spotify artist id.
  public var id: String
  public init(name: String, id: String) {
    self.name = name
    self.id = id
  }
}
