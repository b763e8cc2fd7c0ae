import Foundation
import VibesServices
import VibesTestSupport
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Each Web API call against the post-2026 fake: request shape, decoding, paging, state.
final class SpotifyWebClientTests: SpotifyWebFakeTestCase {
  func testSearchIsOneRequestGroupedByTypeWithBearerToken() async throws {
    let results = try await client().search("aurora")
    let artist = try XCTUnwrap(results.artists?.items.first)
    XCTAssertEqual(artist.id, Catalog.auroraID)
    XCTAssertEqual(artist.name, "Aurora Lines")
    XCTAssertEqual(artist.genres, ["dream pop", "shoegaze"])
    XCTAssertEqual(artist.uri, "spotify:artist:\(Catalog.auroraID)")
    XCTAssertEqual(artist.spotifyURL, "https://open.spotify.com/artist/\(Catalog.auroraID)")
    XCTAssertEqual(results.tracks?.total, 15)
    XCTAssertEqual(results.tracks?.items.count, 10)
    XCTAssertTrue(results.tracks?.hasNext ?? false)
    XCTAssertEqual(results.albums?.total, 12)
    XCTAssertNotNil(results.playlists)

    let requests = await fake.recordedRequests()
    XCTAssertEqual(requests.count, 1)
    let request = try XCTUnwrap(requests.first)
    XCTAssertEqual(request.method, "GET")
    XCTAssertEqual(request.path, "/v1/search")
    XCTAssertEqual(request.queryValue("q"), "aurora")
    XCTAssertEqual(request.queryValue("type"), "track,artist,album,playlist")
    XCTAssertEqual(request.queryValue("limit"), "10")
    XCTAssertEqual(request.queryValue("offset"), "0")
    XCTAssertEqual(request.request.headers["authorization"], "Bearer good-token")
  }

  func testSearchSkipsNullEntriesButKeepsTotal() async throws {
    let results = try await client().search("night", types: [.playlist])
    let playlists = try XCTUnwrap(results.playlists)
    XCTAssertNil(results.tracks)
    XCTAssertEqual(playlists.total, 3, "the fake's null entry counts in the total")
    XCTAssertEqual(playlists.items.map(\.name), ["Late Night", "Bob's Night Mix"])
    XCTAssertEqual(playlists.items.first?.images, [], "null images decode as empty")
  }

  func testSearchAndArtistAlbumLimitsAreClampedToTen() async throws {
    _ = try await client().search("a", types: [.track], limit: 50, offset: 5)
    _ = try await client().search("a", types: [.track, .track], limit: 0)
    _ = try await client().artistAlbums(id: Catalog.auroraID, limit: 25)
    let requests = await fake.recordedRequests()
    XCTAssertEqual(requests.map { $0.queryValue("limit") }, ["10", "1", "10"])
    XCTAssertEqual(requests[0].queryValue("offset"), "5")
    XCTAssertEqual(requests[1].queryValue("type"), "track")

    // The fake refuses more than 10, as Spotify does, so a client that sent 11 would fail.
    var request = URLRequest(url: URL(string: "\(fake.baseURL.absoluteString)/v1/search?q=a&type=track&limit=11")!)
    request.setValue("Bearer good-token", forHTTPHeaderField: "Authorization")
    let (data, response) = try await URLSessionTransport(timeout: 5).send(request)
    XCTAssertEqual(response.statusCode, 400)
    XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("Invalid limit"))
  }

  func testTrackArtistAlbumAndAlbumTracks() async throws {
    let catalog = await fake.catalog()
    let nightSwim = try XCTUnwrap(catalog.albums.first { $0.name == "Night Swim" })
    let second = nightSwim.trackIDs[1]

    let track = try await client().track(id: second)
    XCTAssertEqual(track.name, "Night Swim II")
    XCTAssertEqual(track.uri, "spotify:track:\(second)")
    XCTAssertEqual(track.durationMs, 182_000)
    XCTAssertTrue(track.explicit)
    XCTAssertEqual(track.trackNumber, 2)
    XCTAssertEqual(track.discNumber, 1)
    XCTAssertEqual(track.artists.map(\.name), ["Aurora Lines"])
    XCTAssertEqual(track.artists.first?.genres, [], "simplified artists carry no genres")
    XCTAssertEqual(track.album?.id, nightSwim.id)
    XCTAssertEqual(track.album?.releaseYear, 2019)
    XCTAssertEqual(track.spotifyURL, "https://open.spotify.com/track/\(second)")

    let artist = try await client().artist(id: Catalog.cinderID)
    XCTAssertEqual(artist.genres, ["indie folk", "chamber folk"])
    XCTAssertEqual(artist.images.count, 1)

    let album = try await client().album(id: nightSwim.id)
    XCTAssertEqual(album.albumType, "album")
    XCTAssertEqual(album.releaseDate, "2019-05-24")
    XCTAssertEqual(album.releaseDatePrecision, "day")
    XCTAssertEqual(album.totalTracks, 3)
    XCTAssertEqual(album.artists.map(\.id), [Catalog.auroraID])
    XCTAssertEqual(album.tracks?.items.map(\.id), nightSwim.trackIDs)
    XCTAssertNil(album.tracks?.items.first?.album, "tracks inside an album carry no album")

    let page = try await client().albumTracks(id: nightSwim.id, limit: 2, offset: 1)
    XCTAssertEqual(page.items.map(\.id), Array(nightSwim.trackIDs[1...2]))
    XCTAssertEqual(page.total, 3)
    XCTAssertEqual(page.offset, 1)
    XCTAssertFalse(page.hasNext)

    let paths = await fake.recordedRequests().map(\.path)
    XCTAssertEqual(
      paths,
      [
        "/v1/tracks/\(second)", "/v1/artists/\(Catalog.cinderID)", "/v1/albums/\(nightSwim.id)",
        "/v1/albums/\(nightSwim.id)/tracks",
      ])
  }

  func testArtistAlbumsPagesAndFiltersGroups() async throws {
    let first = try await client().artistAlbums(id: Catalog.auroraID)
    XCTAssertEqual(first.items.count, 10)
    XCTAssertEqual(first.total, 12)
    XCTAssertTrue(first.hasNext)
    XCTAssertEqual(first.items.first?.releaseDatePrecision, "month")
    let second = try await client().artistAlbums(id: Catalog.auroraID, offset: 10)
    XCTAssertEqual(second.items.map(\.name), ["Night Swim", "Low Tide"])
    XCTAssertFalse(second.hasNext)
    let albumsOnly = try await client().artistAlbums(id: Catalog.auroraID, includeGroups: [.album])
    XCTAssertEqual(albumsOnly.items.map(\.albumType), ["album", "album"])
    XCTAssertEqual(albumsOnly.items.last?.releaseYear, 2016)

    let groups = await fake.recordedRequests().map { $0.queryValue("include_groups") }
    XCTAssertEqual(groups, ["album,single", "album,single", "album"])
  }

  func testPlaylistItemsDecodeItemAndSkipNull() async throws {
    let page = try await client().playlistItems(id: Catalog.ownPlaylistID)
    XCTAssertEqual(page.total, 4)
    XCTAssertEqual(page.items.count, 3, "the null entry is left out")
    XCTAssertTrue(page.items.allSatisfy { $0.track != nil })
    XCTAssertEqual(page.items.first?.addedAt, "2026-01-02T03:04:05Z")
    XCTAssertEqual(page.items.first?.track?.name, "Night Swim I")
    let request = await fake.recordedRequests().last
    XCTAssertEqual(request?.path, "/v1/playlists/\(Catalog.ownPlaylistID)/items")
    XCTAssertEqual(request?.queryValue("limit"), "50")
  }

  func testOtherUsersPlaylistHasMetadataButItemsAreNotPlaylistOwner() async throws {
    let playlist = try await client().playlist(id: Catalog.otherPlaylistID)
    XCTAssertEqual(playlist.name, "Bob's Night Mix")
    XCTAssertEqual(playlist.owner?.id, "bob")
    XCTAssertEqual(playlist.owner?.displayName, "Bob")
    XCTAssertEqual(playlist.itemsTotal, 2)
    XCTAssertEqual(playlist.images, [])
    let error = await captureSpotifyError { () async throws(SpotifyWebError) in
      try await self.client().playlistItems(id: Catalog.otherPlaylistID)
    }
    XCTAssertEqual(error, .notPlaylistOwner)
  }

  func testCreatePlaylistThenAddItemsInChunksOfAHundred() async throws {
    let created = try await client().createPlaylist(name: "Vibes Mix", description: "made by vibes")
    XCTAssertEqual(created.name, "Vibes Mix")
    XCTAssertEqual(created.isPublic, false)
    XCTAssertEqual(created.owner?.id, Catalog.userID)
    let catalog = await fake.catalog()
    let uris = (0..<250).map { "spotify:track:\(catalog.tracks[$0 % catalog.tracks.count].id)" }
    let snapshot = try await client().addItems(playlistID: created.id, uris: uris)
    XCTAssertEqual(snapshot, "snap-\(created.id)-4")

    let requests = await fake.recordedRequests()
    let create = try XCTUnwrap(requests.first)
    XCTAssertEqual(create.method, "POST")
    XCTAssertEqual(create.path, "/v1/me/playlists")
    XCTAssertEqual(create.jsonBody?["name"] as? String, "Vibes Mix")
    XCTAssertEqual(create.jsonBody?["description"] as? String, "made by vibes")
    XCTAssertEqual(create.jsonBody?["public"] as? Bool, false)
    let adds = requests.dropFirst()
    XCTAssertEqual(adds.map(\.method), ["POST", "POST", "POST"])
    XCTAssertTrue(adds.allSatisfy { $0.path == "/v1/playlists/\(created.id)/items" })
    let chunks = adds.map { ($0.jsonBody?["uris"] as? [String]) ?? [] }
    XCTAssertEqual(chunks.map(\.count), [100, 100, 50])
    XCTAssertEqual(chunks.flatMap { $0 }, uris, "order is kept")

    let reread = try await client().playlist(id: created.id)
    XCTAssertEqual(reread.itemsTotal, 250)
    let mine = try await client().myPlaylists()
    XCTAssertTrue(mine.items.contains { $0.id == created.id })
    XCTAssertFalse(mine.items.contains { $0.id == Catalog.otherPlaylistID })
    let none = try await client().addItems(playlistID: created.id, uris: [])
    XCTAssertNil(none)
  }

  func testLibrarySaveContainsRemoveInChunksOfForty() async throws {
    let kinds = ["track", "album", "artist"]
    let uris = (0..<90).map { "spotify:\(kinds[$0 % 3]):\(Catalog.id("lib\($0)"))" }
    let unique = uris
    try await client().saveToLibrary(uris: uris)
    let library = await fake.library()
    XCTAssertEqual(library, Set(uris))
    let removed = Array(unique.prefix(10))
    try await client().removeFromLibrary(uris: removed)
    let flags = try await client().libraryContains(uris: unique)
    XCTAssertEqual(flags, unique.map { !removed.contains($0) })

    let requests = await fake.recordedRequests()
    let puts = requests.filter { $0.method == "PUT" }
    XCTAssertEqual(puts.map { $0.queryValue("uris")?.split(separator: ",").count }, [40, 40, 10])
    XCTAssertTrue(puts.allSatisfy { $0.path == "/v1/me/library" })
    XCTAssertEqual(puts.flatMap { ($0.queryValue("uris") ?? "").split(separator: ",").map(String.init) }, uris)
    let deletes = requests.filter { $0.method == "DELETE" }
    XCTAssertEqual(deletes.map(\.path), ["/v1/me/library"])
    let contains = requests.filter { $0.path == "/v1/me/library/contains" }
    XCTAssertEqual(contains.count, (unique.count + 39) / 40)
  }

  func testTopListsDifferPerTimeRange() async throws {
    let short = try await client().topArtists(timeRange: .shortTerm)
    let long = try await client().topArtists(timeRange: .longTerm, limit: 500)
    XCTAssertEqual(short.items.map(\.id), [Catalog.deltaID, Catalog.auroraID])
    XCTAssertEqual(long.items.map(\.id), [Catalog.cinderID, Catalog.basaltID, Catalog.auroraID, Catalog.deltaID])
    XCTAssertEqual(long.items.first?.genres, ["indie folk", "chamber folk"])
    let shortTracks = try await client().topTracks(timeRange: .shortTerm)
    let mediumTracks = try await client().topTracks()
    XCTAssertNotEqual(shortTracks.items.map(\.id), mediumTracks.items.map(\.id))
    XCTAssertEqual(mediumTracks.items.count, 3)

    let requests = await fake.recordedRequests()
    XCTAssertEqual(
      requests.map(\.path), ["/v1/me/top/artists", "/v1/me/top/artists", "/v1/me/top/tracks", "/v1/me/top/tracks"])
    XCTAssertEqual(
      requests.map { $0.queryValue("time_range") }, ["short_term", "long_term", "short_term", "medium_term"])
    XCTAssertEqual(requests[1].queryValue("limit"), "50")
  }

  func testMe() async throws {
    let me = try await client().me()
    XCTAssertEqual(
      me,
      SpotifyUser(
        id: "ada", displayName: "Ada Lovelace", uri: "spotify:user:ada",
        spotifyURL: "https://open.spotify.com/user/ada"))
  }

  func testUnknownIDIsNotFoundAndIDsCannotEscapeThePath() async throws {
    let missing = await captureSpotifyError { () async throws(SpotifyWebError) in
      try await self.client().album(id: Catalog.id("nosuchalbum"))
    }
    XCTAssertEqual(missing, .notFound)
    let sneaky = await captureSpotifyError { () async throws(SpotifyWebError) in
      try await self.client().track(id: "../me?x=1")
    }
    XCTAssertEqual(sneaky, .badRequest(message: "Invalid base62 id"))
    let paths = await fake.recordedRequests().map(\.path)
    XCTAssertEqual(paths.last, "/v1/tracks/..%2Fme%3Fx%3D1")
  }

  func testEveryCallAvoidsRemovedEndpoints() async throws {
    let client = client()
    _ = try await client.search("basalt")
    _ = try await client.track(id: (await fake.catalog()).tracks[0].id)
    _ = try await client.artist(id: Catalog.basaltID)
    _ = try await client.artistAlbums(id: Catalog.basaltID)
    _ = try await client.album(id: (await fake.catalog()).albums[0].id)
    _ = try await client.albumTracks(id: (await fake.catalog()).albums[0].id)
    _ = try await client.playlist(id: Catalog.ownPlaylistID)
    _ = try await client.playlistItems(id: Catalog.ownPlaylistID)
    _ = try await client.myPlaylists()
    let created = try await client.createPlaylist(name: "x")
    _ = try await client.addItems(playlistID: created.id, uris: ["spotify:track:\(Catalog.id("t"))"])
    _ = try await client.topArtists()
    _ = try await client.topTracks()
    try await client.saveToLibrary(uris: ["spotify:album:\(Catalog.id("a"))"])
    try await client.removeFromLibrary(uris: ["spotify:album:\(Catalog.id("a"))"])
    _ = try await client.libraryContains(uris: ["spotify:album:\(Catalog.id("a"))"])
    _ = try await client.me()

    let requests = await fake.recordedRequests()
    XCTAssertEqual(requests.count, 17)
    XCTAssertEqual(requests.filter(isRemovedSpotifyEndpoint).map(\.path), [])

    // The fake itself answers the removed endpoints with 404, so calling one would fail loudly.
    for path in [
      "/v1/playlists/\(Catalog.ownPlaylistID)/tracks", "/v1/users/ada/playlists",
      "/v1/artists/\(Catalog.auroraID)/top-tracks", "/v1/recommendations", "/v1/tracks?ids=\(Catalog.id("t"))",
    ] {
      var request = URLRequest(url: URL(string: fake.baseURL.absoluteString + path)!)
      request.setValue("Bearer good-token", forHTTPHeaderField: "Authorization")
      let (_, response) = try await URLSessionTransport(timeout: 5).send(request)
      XCTAssertEqual(response.statusCode, 404, path)
    }
  }

  func testHostileCatalogNamesArriveRawAndConfigurationPicksTheOverride() async throws {
    let hostile = try await FakeSpotifyWebServer(validTokens: ["t"], catalog: .standard(hostileNames: true))
    let configuration = SpotifyConfiguration.load(
      environment: ["VIBES_SPOTIFY_API_URL": hostile.baseURL.absoluteString], configFile: nil)
    let client = SpotifyWebClient(
      configuration: configuration, tokens: ScriptedSpotifyTokens(current: "t"),
      transport: URLSessionTransport(timeout: 5))
    let artist = try await client.artist(id: Catalog.auroraID)
    XCTAssertTrue(artist.name.hasPrefix("Aurora Lines\u{1B}["), "model strings stay raw; the UI sanitises")
    let count = await hostile.recordedRequests().count
    XCTAssertEqual(count, 1)
    await hostile.stop()
  }
}
