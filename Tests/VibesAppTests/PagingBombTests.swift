import Foundation
import Logging
import VibesCore
import VibesServices
import VibesTestSupport
import XCTest

@testable import VibesApp

/// Issue 21, item 8: paging was bounded in pages, not items. A playlist whose pages said `limit: 1` and held 1,000
/// items each cost 500 requests, 1.5 GB and a 135 MB cache row. Now every list is read `SpotifyPager`'s way: the
/// `limit` a page claims is ignored, at most the asked-for 50 items of each page are kept, and reading stops at a
/// bound in items. The fake here is the bomb: every page says `limit: 1`, holds 1,000 items and has a next page.
final class PagingBombTests: XCTestCase {
  static let itemsPerPage = 1_000

  /// A page of 1,000 `item`s (JSON objects) that claims `limit: 1` and always has a next page.
  static func bombPage(_ item: (Int) -> String) -> String {
    let items = (0..<itemsPerPage).map(item).joined(separator: ",")
    return """
      {"items": [\(items)], "total": 9223372036854775807, "limit": 1, "offset": 0,
       "next": "https://api.spotify.com/v1/next"}
      """
  }

  static let trackItem: @Sendable (Int) -> String = {
    #"{"id": "t\#($0)", "name": "Song \#($0)", "duration_ms": 1000}"#
  }
  static let playlistItem: @Sendable (Int) -> String = {
    #"{"track": {"id": "t\#($0)", "name": "Song", "duration_ms": 1000}}"#
  }

  var home: URL!
  var sandbox: SpotifyAccountSandbox!
  var bomb: RedirectServer!

  override func setUp() async throws {
    sandbox = try await SpotifyAccountSandbox.make(name: "bomb", token: "access-bomb")
    home = sandbox.home
    let playlistPage = Self.bombPage(Self.playlistItem)
    let trackPage = Self.bombPage(Self.trackItem)
    let albums = Self.bombPage {
      #"{"id": "al\#($0)", "name": "Album", "release_date": "2026-11-01", "album_type": "album"}"#
    }
    let artists = Self.bombPage { #"{"id": "ar\#($0)", "name": "Artist \#($0)"}"# }
    bomb = try RedirectServer { path in
      let route = String(path.split(separator: "?").first ?? "")
      switch route {
      case "/v1/playlists/pl":
        return .init(status: 200, body: #"{"id": "pl", "name": "Bomb", "owner": {"id": "ada"}}"#)
      case "/v1/playlists/pl/items": return .init(status: 200, body: playlistPage)
      case "/v1/albums/al":
        return .init(status: 200, body: #"{"id": "al", "name": "Bomb", "tracks": \#(trackPage)}"#)
      case "/v1/albums/al/tracks": return .init(status: 200, body: trackPage)
      case "/v1/me/top/artists": return .init(status: 200, body: artists)
      case "/v1/search":
        return .init(
          status: 200, body: #"{"tracks": \#(trackPage), "artists": \#(artists), "albums": \#(albums)}"#)
      case "/v1/artists/ar0/albums": return .init(status: 200, body: albums)
      default: return .init(status: 404, body: #"{"error": {"status": 404, "message": "no"}}"#)
      }
    }
  }

  override func tearDown() async throws {
    bomb.stop()
    await sandbox.remove()
  }

  func requests(_ route: String) -> Int {
    bomb.requests.filter { $0.path.split(separator: "?").first.map(String.init) == route }.count
  }

  /// A runner whose Spotify API is `api` (the bomb by default), on the sandbox's database.
  func runner(api: URL? = nil) -> EffectRunner {
    let configuration = SpotifyConfiguration(
      clientID: "bomb-client", accountsURL: URL(string: "http://127.0.0.1:9")!, apiURL: api ?? bomb.baseURL)
    let spotify = SpotifyDependencies(
      configuration: configuration, database: sandbox.database, secrets: sandbox.secrets, configFilePath: home.path,
      isRemoteSession: false, hostName: "test")
    return EffectRunner(
      dependencies: AppDependencies(
        database: sandbox.database, secrets: sandbox.secrets,
        secretStoreInfo: SecretStoreInfo(kind: .vault, location: home.path), gemini: GeminiClient(),
        ticketmaster: TicketmasterClient(), browser: BrowserLauncher(environment: [:]), spotify: spotify,
        logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
        now: { Date(timeIntervalSince1970: 1_763_000_000) }))
  }

  func client() -> SpotifyWebClient {
    SpotifyWebClient(
      baseURL: bomb.baseURL, transport: URLSessionTransport(timeout: 10),
      tokens: SpotifyClosureTokenSource(current: { "access-bomb" }, refresh: { "access-bomb" }))
  }

  func testAPlaylistBombCostsTenRequestsAndKeepsFiveHundredTracks() async throws {
    let link = SpotifyLink(kind: .playlist, id: "pl")
    guard
      case .detailFinished(1, _, .success(let cached))? = await runner().run(.explore(.loadDetail(requestID: 1, link)))?
        .exploreAction, case .playlist(let detail) = cached.detail
    else { return XCTFail("the playlist did not load") }
    XCTAssertEqual(detail.tracks?.count, 500, "items kept")
    XCTAssertEqual(requests("/v1/playlists/pl/items"), 10, "500 items / 50 per page, whatever the page's limit")
    XCTAssertEqual(Set(detail.tracks?.map(\.id) ?? []).count, 50, "only the first 50 of each 1,000-item page")
    XCTAssertEqual(detail.playlist.itemsTotal, nil)
  }

  func testAnAlbumBombStopsAtFiveHundredTracksWithItsEmbeddedFirstPage() async throws {
    let link = SpotifyLink(kind: .album, id: "al")
    guard
      case .detailFinished(1, _, .success(let cached))? = await runner().run(.explore(.loadDetail(requestID: 1, link)))?
        .exploreAction, case .album(let detail) = cached.detail
    else { return XCTFail("the album did not load") }
    XCTAssertEqual(detail.tracks.count, 500)
    XCTAssertEqual(requests("/v1/albums/al/tracks"), 9, "50 embedded, then 9 pages of 50")
  }

  func testASearchWhosePagesHoldAThousandItemsKeepsTheTenAskedForAndCachesNoMore() async throws {
    guard
      case .searchFinished(1, "bomb", .success(let results))? = await runner().run(
        .explore(.search(requestID: 1, query: "bomb")))?.exploreAction
    else { return XCTFail("the search did not load") }
    XCTAssertEqual(results.tracks.items.count, ExploreState.pageSize)
    XCTAssertEqual(results.artists.items.count, ExploreState.pageSize)
    XCTAssertEqual(results.albums.items.count, ExploreState.pageSize)
    XCTAssertEqual(requests("/v1/search"), 1)
    // The offline copy holds what was shown, not the 1,000 items of each page.
    guard
      case .searchFromCache(_, _, let cached, _, _)? = await runnerOffline().run(
        .explore(.search(requestID: 2, query: "bomb")))?.exploreAction
    else { return XCTFail("no offline copy") }
    XCTAssertEqual(cached.tracks.items.count, ExploreState.pageSize)
  }

  /// A runner whose API address refuses connections (offline), on the same database.
  func runnerOffline() -> EffectRunner { runner(api: URL(string: "http://127.0.0.1:1")!) }

  func testThePagerIsBoundedByItemsForAnyBound() async throws {
    let client = client()
    for (maxItems, pages) in [(0, 0), (1, 1), (50, 1), (51, 2), (200, 4), (1_000, 20)] {
      let before = requests("/v1/playlists/pl/items")
      let items = try await SpotifyPager.collect(maxItems: maxItems) { (offset) async throws(SpotifyWebError) in
        try await client.playlistItems(id: "pl", limit: 50, offset: offset)
      }
      XCTAssertEqual(items.count, maxItems)
      XCTAssertEqual(requests("/v1/playlists/pl/items") - before, pages, "maxItems \(maxItems)")
    }
    // The offsets asked for step by the asked-for 50, not by the page's "limit: 1".
    let offsets = bomb.requests.filter { $0.path.hasPrefix("/v1/playlists/pl/items") }.suffix(20).compactMap {
      URLComponents(string: $0.path)?.queryItems?.first { $0.name == "offset" }?.value
    }
    XCTAssertEqual(offsets, (0..<20).map { String($0 * 50) })
  }

  func testTheFeedKeepsWhatItAskedForFromBombPages() async throws {
    let source = SpotifyNewReleaseSource(client: client(), artistLimit: 20)
    let artists = try await source.topArtists()
    XCTAssertEqual(artists.count, 20)
    let releases = try await source.recentReleases(artistID: "ar0")
    XCTAssertEqual(releases.count, SpotifyNewReleaseSource.releaseLimit)
    let tracks = try await source.tracklist(albumID: "al")
    XCTAssertEqual(tracks.count, 500)
    XCTAssertEqual(requests("/v1/albums/al/tracks"), 9)
  }

  func testOneRefreshRanksAtMostMaxCardsAndNoImpossibleDates() {
    let now = Date(timeIntervalSince1970: 1_763_000_000)
    let concerts = (0..<5_000).map { index in
      ConcertCard(eventID: "e\(index)", name: "Show", dateTime: now.addingTimeInterval(Double(index + 1) * 3600))
    }
    let releases = (0..<5_000).map { index in
      NewReleaseCard(
        albumID: "a\(index)", name: "A", artists: [], albumType: "album", releaseDate: "2025-11-10", precision: .day,
        fromArtist: "X")
    }
    let ranked = FeedRanking.rank(concerts: concerts, releases: releases, topArtists: [], now: now)
    XCTAssertEqual(ranked.count, FeedRanking.maxCards)
    let impossible = [
      ConcertCard(eventID: "x1", name: "Far", dateTime: now.addingTimeInterval(100 * 365 * 86_400)),
      ConcertCard(eventID: "x2", name: "Bad", localDate: "9999-99-99"),
      ConcertCard(eventID: "x3", name: "Year", localDate: "9999-12-31"),
    ]
    let odd = [
      NewReleaseCard(
        albumID: "r1", name: "R", artists: [], albumType: "album", releaseDate: "9999-99-99", precision: .year,
        fromArtist: "X"),
      NewReleaseCard(
        albumID: "r2", name: "R", artists: [], albumType: "album", releaseDate: "9999-12-31", precision: .day,
        fromArtist: "X"),
    ]
    XCTAssertEqual(FeedRanking.rank(concerts: impossible, releases: odd, topArtists: [], now: now), [])
  }
}
