import VibesCore

/// Small music values for reducer and screen tests of Explore and Profile.
public enum MusicFixtures {
  /// A 22-character base62 id made from `seed`.
  public static func id(_ seed: String) -> String {
    String((seed.filter { $0.isASCII && ($0.isLetter || $0.isNumber) } + "0123456789ABCDEFGHIJKLMN").prefix(22))
  }

  public static let aurora = MusicArtist(
    id: id("aurora"), name: "Aurora Lines", genres: ["dream pop", "shoegaze"])
  public static let basalt = MusicArtist(id: id("basalt"), name: "Basalt", genres: ["post-rock", "dream pop"])
  public static let nightSwim = MusicAlbum(
    id: id("nightswim"), name: "Night Swim", albumType: "album", releaseDate: "2019-05-24", totalTracks: 2,
    artists: [aurora])
  public static let tide = MusicTrack(
    id: id("tide"), name: "Tide", durationMs: 185_000, explicit: false, artists: [aurora], album: nightSwim,
    trackNumber: 1)
  public static let undertow = MusicTrack(
    id: id("undertow"), name: "Undertow", durationMs: 201_000, explicit: true, artists: [aurora], album: nightSwim,
    trackNumber: 2)
  public static let lateNight = MusicPlaylist(
    id: id("latenight"), name: "Late Night", description: "quiet songs", ownerID: "ada", ownerName: "Ada",
    itemsTotal: 3)
  public static let running = MusicPlaylist(
    id: id("running"), name: "Running", ownerID: "ada", ownerName: "Ada", itemsTotal: 1)

  /// Results with every group filled; tracks have another page.
  public static func results(trackName: String = "Tide") -> SearchResults {
    var first = tide
    first.name = trackName
    return SearchResults(
      tracks: MusicPage(items: [first, undertow], total: 12, nextOffset: 10),
      artists: MusicPage(items: [aurora], total: 1),
      albums: MusicPage(items: [nightSwim], total: 1),
      playlists: MusicPage(items: [lateNight], total: 1))
  }

  public static var albumDetail: MusicDetail { .album(AlbumDetail(album: nightSwim, tracks: [tide, undertow])) }

  public static var artistDetail: MusicDetail {
    .artist(
      ArtistDetail(
        artist: aurora, albums: MusicPage(items: [nightSwim], total: 1),
        singles: MusicPage(
          items: [MusicAlbum(id: id("wave1"), name: "Wave 1", albumType: "single", releaseDate: "2020-01")], total: 11,
          nextOffset: 10),
        popular: [tide]))
  }

  public static var stats: ListeningStats {
    ListeningStats(topArtists: [aurora, basalt], topTracks: [tide, undertow])
  }
}
