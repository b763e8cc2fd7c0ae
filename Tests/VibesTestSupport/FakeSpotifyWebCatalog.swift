import Foundation

/// The fake Web API's catalog: a few artists with genres, albums and singles with release dates, tracks, playlists
/// of the signed-in user ("ada") and of someone else, and top lists that differ per time range.
public struct FakeSpotifyWebCatalog: Sendable {
  public struct Artist: Sendable {
    public var id: String
    public var name: String
    public var genres: [String]
  }

  public struct Album: Sendable {
    public var id: String
    public var name: String
    public var type: String
    public var releaseDate: String
    public var precision: String
    public var artistID: String
    public var trackIDs: [String]
  }

  public struct Track: Sendable {
    public var id: String
    public var name: String
    public var albumID: String
    public var artistIDs: [String]
    public var durationMs: Int
    public var explicit: Bool
    public var number: Int
  }

  public struct Playlist: Sendable {
    public var id: String
    public var name: String
    public var description: String
    public var ownerID: String
    public var ownerName: String
    public var isPublic: Bool
    /// Track URIs; `nil` entries are answered as `null` items.
    public var items: [String?]
    public var snapshot: Int = 1
    /// Set by `PUT /v1/playlists/{id}` with `collaborative: true` (only on a private playlist).
    public var isCollaborative = false
  }

  public var artists: [Artist]
  public var albums: [Album]
  public var tracks: [Track]
  public var playlists: [Playlist]
  public var topArtists: [String: [String]]
  public var topTracks: [String: [String]]
  /// The signed-in user's `display_name` in `GET /v1/me`.
  public var displayName = "Ada Lovelace"

  /// A 22-character base62 id made from `seed` (padded with a fixed alphabet).
  public static func id(_ seed: String) -> String {
    let padding = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return String((seed.filter { $0.isASCII && ($0.isLetter || $0.isNumber) } + padding).prefix(22))
  }

  public static let userID = "ada"
  public static let otherUserID = "bob"
  public static let auroraID = id("aurora")
  public static let basaltID = id("basalt")
  public static let cinderID = id("cinder")
  public static let deltaID = id("delta")
  public static let ownPlaylistID = id("latenight")
  public static let otherPlaylistID = id("bobsmix")

  /// The standard catalog. `hostileNames` puts terminal escape sequences and control characters into some names
  /// (for sanitisation tests).
  public static func standard(hostileNames: Bool = false) -> FakeSpotifyWebCatalog {
    let escape = hostileNames ? "\u{1B}[31m\u{1B}]8;;http://evil.example\u{07}" : ""
    let artists = [
      Artist(id: auroraID, name: "Aurora Lines" + escape, genres: ["dream pop", "shoegaze"]),
      Artist(id: basaltID, name: "Basalt", genres: ["post-rock"]),
      Artist(id: cinderID, name: "Cinder Vale", genres: ["indie folk", "chamber folk"]),
      Artist(id: deltaID, name: "Delta Nine", genres: ["techno"]),
    ]
    var albums: [Album] = []
    var tracks: [Track] = []
    func release(_ name: String, _ type: String, _ date: String, _ precision: String, _ artist: String, _ count: Int) {
      let albumID = id(artist.prefix(6) + name)
      var ids: [String] = []
      for number in 1...count {
        let trackID = id(String(albumID.prefix(16)) + "t\(number)")
        ids.append(trackID)
        let title = count == 1 ? name : "\(name) \(["I", "II", "III", "IV"][number - 1])"
        tracks.append(
          Track(
            id: trackID, name: title, albumID: albumID, artistIDs: [artist], durationMs: 180_000 + number * 1_000,
            explicit: number == 2, number: number))
      }
      albums.append(
        Album(
          id: albumID, name: name, type: type, releaseDate: date, precision: precision, artistID: artist,
          trackIDs: ids))
    }
    release("Night Swim", "album", "2019-05-24", "day", auroraID, 3)
    release("Low Tide", "album", "2016", "year", auroraID, 2)
    for index in 1...10 {
      release("Wave \(index)", "single", String(format: "2020-%02d", index), "month", auroraID, 1)
    }
    release("Strata", "album", "2021-03-01", "day", basaltID, 3)
    release("Fault Line", "single", "2023-09-15", "day", basaltID, 1)
    release("Hearth", "album", "2018-10-05", "day", cinderID, 4)
    release("Embers", "single", "2024-01-12", "day", cinderID, 1)
    release("Pulse", "single", "2025-06-20", "day", deltaID, 1)
    let trackURI = { (index: Int) in "spotify:track:\(tracks[index].id)" }
    let playlists = [
      Playlist(
        id: ownPlaylistID, name: "Late Night", description: "quiet songs", ownerID: userID,
        ownerName: "Ada Lovelace", isPublic: false, items: [trackURI(0), nil, trackURI(5), trackURI(20)]),
      Playlist(
        id: id("adaruns"), name: "Running", description: "", ownerID: userID, ownerName: "Ada Lovelace",
        isPublic: true, items: [trackURI(21)]),
      Playlist(
        id: otherPlaylistID, name: "Bob's Night Mix", description: "not yours", ownerID: otherUserID,
        ownerName: "Bob", isPublic: true, items: [trackURI(1), trackURI(2)]),
    ]
    let topArtists = [
      "short_term": [deltaID, auroraID],
      "medium_term": [auroraID, basaltID, cinderID],
      "long_term": [cinderID, basaltID, auroraID, deltaID],
    ]
    let topTracks = [
      "short_term": [tracks[21].id, tracks[0].id],
      "medium_term": [tracks[0].id, tracks[15].id, tracks[16].id],
      "long_term": [tracks[17].id, tracks[1].id, tracks[2].id],
    ]
    return FakeSpotifyWebCatalog(
      artists: artists, albums: albums, tracks: tracks, playlists: playlists, topArtists: topArtists,
      topTracks: topTracks)
  }
}
