import Foundation

/// `track:"TITLE" artist:"ARTIST"` as Spotify's search reads it (field filters, each value a phrase): a track
/// matches when its name contains the title and one of its artists contains the artist (case-insensitive).
struct FakeFieldedTrackQuery {
  var track: String
  var artist: String?

  /// nil when `query` has no `track:` filter.
  init?(_ query: String) {
    func value(_ field: String) -> String? {
      guard let start = query.range(of: field + ":\"") else { return nil }
      guard let end = query.range(of: "\"", range: start.upperBound..<query.endIndex) else { return nil }
      return String(query[start.upperBound..<end.lowerBound]).lowercased()
    }
    guard let track = value("track") else { return nil }
    self.track = track
    self.artist = value("artist")
  }

  func matches(track name: String, artists: [String]) -> Bool {
    guard name.lowercased().contains(track) else { return false }
    guard let artist else { return true }
    return artists.contains { $0.lowercased().contains(artist) }
  }
}

extension FakeSpotifyWebCatalog {
  /// The standard catalog plus one track for every song of `FakeGeminiServer.catalog` except the titles in
  /// `missing` (those are "not found on Spotify"), so a generated playlist resolves against this fake.
  public static func withGeminiSongs(missing: Set<String> = []) -> FakeSpotifyWebCatalog {
    var catalog = standard()
    for (index, song) in FakeGeminiServer.catalog.enumerated() where !missing.contains(song.title) {
      let artistID = id("gartist\(index)")
      let albumID = id("galbum\(index)")
      let trackID = id("gtrack\(index)")
      catalog.artists.append(Artist(id: artistID, name: song.artist, genres: []))
      catalog.albums.append(
        Album(
          id: albumID, name: "\(song.title) (Album)", type: "album", releaseDate: "2010-01-01", precision: "day",
          artistID: artistID, trackIDs: [trackID]))
      catalog.tracks.append(
        Track(
          id: trackID, name: song.title, albumID: albumID, artistIDs: [artistID], durationMs: 200_000 + index * 1_000,
          explicit: false, number: 1))
    }
    return catalog
  }
}
