import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesTestSupport
import XCTest

/// New releases and tracklists through the shared Spotify Web API client, against the loopback Spotify fake.
final class SpotifyNewReleaseSourceTests: XCTestCase {
  var fake: FakeSpotifyWebServer!

  override func setUp() async throws {
    fake = try await FakeSpotifyWebServer(validTokens: ["good-token"])
  }

  override func tearDown() async throws { await fake.stop() }

  func source(current: String = "good-token") -> SpotifyNewReleaseSource {
    let tokens = SpotifyClosureTokenSource(current: { current }, refresh: { "good-token" })
    return SpotifyNewReleaseSource(
      client: SpotifyWebClient(baseURL: fake.baseURL, transport: URLSessionTransport(timeout: 5), tokens: tokens))
  }

  func testTopArtistsThenTheirAlbumsAndSinglesTenAtMost() async throws {
    let source = source()
    let artists = try await source.topArtists()
    XCTAssertFalse(artists.isEmpty)
    let catalog = await fake.catalog()
    XCTAssertTrue(artists.allSatisfy { artist in catalog.artists.contains { $0.id == artist.id } })

    let releases = try await source.recentReleases(artistID: FakeSpotifyWebCatalog.auroraID)
    XCTAssertEqual(releases.count, 10, "limit=10")
    XCTAssertTrue(releases.allSatisfy { $0.fromArtist.hasPrefix("Aurora Lines") })
    let request = await fake.recordedRequests().last { $0.path.hasSuffix("/albums") }
    XCTAssertEqual(request?.queryValue("include_groups"), "album,single")
    XCTAssertEqual(request?.queryValue("limit"), "10")
    let wave = releases.first { $0.name == "Wave 1" }
    XCTAssertEqual(wave?.precision, .month)
    XCTAssertEqual(wave?.albumType, "single")
    XCTAssertNil(source.problem)
  }

  func testAStaleTokenIsRefreshedOnceAndTheCallGoesThrough() async throws {
    let artists = try await source(current: "stale-token").topArtists()
    XCTAssertFalse(artists.isEmpty)
  }

  func testAccountNotOnTheAllowlistIsNamedExactly() async throws {
    await fake.setRegistered(false)
    let source = source()
    do {
      _ = try await source.topArtists()
      XCTFail("a 403 must throw")
    } catch {}
    XCTAssertEqual(
      source.problem, "Spotify: this account is not on the app's user list (Developer Dashboard › User Management).")
  }

  func testTracklistIsNumberedWithDurations() async throws {
    let catalog = await fake.catalog()
    let album = try XCTUnwrap(catalog.albums.first { $0.name == "Night Swim" })
    let tracks = try await source().tracklist(albumID: album.id)
    XCTAssertEqual(tracks.map(\.number), [1, 2, 3])
    XCTAssertEqual(
      tracks.map(\.durationMs), album.trackIDs.compactMap { id in catalog.tracks.first { $0.id == id }?.durationMs })
  }
}
