import Foundation
import Logging
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// The Explore and Profile effects against a SQLite file, a vault and the loopback Spotify Web API fake.
final class ExploreRunnerTests: XCTestCase {
  typealias Catalog = FakeSpotifyWebCatalog
  static let token = "access-explore-good"

  var home: URL!
  var database: AppDatabase!
  var secrets: (any SecretStore)!
  var web: FakeSpotifyWebServer!

  override func setUp() async throws {
    let sandbox = try await SpotifyAccountSandbox.make(name: "explore", token: Self.token)
    (home, database, secrets, web) = (sandbox.home, sandbox.database, sandbox.secrets, sandbox.web)
  }

  override func tearDown() async throws {
    await web.stop()
    try? FileManager.default.removeItem(at: home)
  }

  /// A runner whose API is the fake (or `apiURL`, e.g. a closed port to act offline).
  func runner(apiURL: URL? = nil, database: AppDatabase? = nil) -> EffectRunner {
    let database = database ?? self.database!
    let configuration = SpotifyConfiguration(
      clientID: "explore-client", accountsURL: URL(string: "http://127.0.0.1:9")!, apiURL: apiURL ?? web.baseURL)
    let spotify = SpotifyDependencies(
      configuration: configuration, database: database, secrets: secrets, configFilePath: home.path,
      isRemoteSession: false, hostName: "test")
    return EffectRunner(
      dependencies: AppDependencies(
        database: database, secrets: secrets, secretStoreInfo: SecretStoreInfo(kind: .vault, location: home.path),
        gemini: GeminiClient(), ticketmaster: TicketmasterClient(), browser: BrowserLauncher(environment: [:]),
        spotify: spotify, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
        now: { Date(timeIntervalSince1970: 1_763_000_000) }))
  }

  /// An address where nothing listens: every request fails as offline.
  var offlineURL: URL { URL(string: "http://127.0.0.1:1")! }

  func run(_ effect: ExploreEffect, _ runner: EffectRunner? = nil) async -> ExploreAction? {
    await (runner ?? self.runner()).run(.explore(effect))?.exploreAction
  }

  func testSearchAsksForAllFourGroupsWithTheDevelopmentModeLimit() async throws {
    guard case .searchFinished(7, "aurora", .success(let results))? = await run(.search(requestID: 7, query: "aurora"))
    else { return XCTFail("no results") }
    XCTAssertFalse(results.tracks.items.isEmpty)
    XCTAssertEqual(results.artists.items.first?.name, "Aurora Lines")
    XCTAssertEqual(results.tracks.nextOffset, 10, "Aurora has more than 10 tracks")
    let request = await web.recordedRequests().last!
    XCTAssertEqual(request.path, "/v1/search")
    XCTAssertEqual(request.queryValue("limit"), "10")
    XCTAssertEqual(request.queryValue("type"), "track,artist,album,playlist")

    guard
      case .moreFinished(8, .tracks, .success(let more))? = await run(
        .searchMore(requestID: 8, query: "aurora", .tracks, offset: 10))
    else { return XCTFail("no more") }
    XCTAssertFalse(more.tracks.items.isEmpty)
    let moreRequest = await web.recordedRequests().last!
    XCTAssertEqual(moreRequest.queryValue("offset"), "10")
    XCTAssertEqual(moreRequest.queryValue("type"), "track")
  }

  func testTheDebounceTimerAnswersAfterItsDelayAndNotWhenCancelled() async {
    let runner = runner()
    let due = await runner.run(.explore(.scheduleSearch(timerID: 3, seconds: 0.01)))
    XCTAssertEqual(due, .explore(.searchDue(timerID: 3)))
    let task = Task { await runner.run(.explore(.scheduleSearch(timerID: 4, seconds: 5))) }
    task.cancel()
    let cancelled = await task.value
    XCTAssertNil(cancelled)
  }

  func testRecentSearchesAreRememberedInSQLite() async throws {
    _ = await run(.rememberSearch("basalt"))
    _ = await run(.rememberSearch("aurora"))
    _ = await run(.rememberSearch("Basalt"))
    guard case .recentLoaded(let recent, queued: 0)? = await run(.loadRecent) else { return XCTFail() }
    XCTAssertEqual(recent.map { $0.lowercased() }, ["basalt", "aurora"])
  }

  func testAlbumDetailIsCachedAndReadOfflineWithItsAge() async throws {
    let link = SpotifyLink(kind: .album, id: Catalog.id("auroraNight Swim"))
    guard case .detailFinished(1, _, .success(let fresh))? = await run(.loadDetail(requestID: 1, link)) else {
      return XCTFail("album not loaded")
    }
    guard case .album(let album) = fresh.detail else { return XCTFail() }
    XCTAssertEqual(album.album.name, "Night Swim")
    XCTAssertEqual(album.tracks.map(\.name), ["Night Swim I", "Night Swim II", "Night Swim III"])
    XCTAssertFalse(fresh.isStale)

    guard
      case .detailFinished(2, _, .success(let offline))? = await run(
        .loadDetail(requestID: 2, link), runner(apiURL: offlineURL))
    else { return XCTFail("no offline copy") }
    XCTAssertTrue(offline.isStale)
    XCTAssertEqual(offline.staleReason, .offline)
    XCTAssertEqual(offline.fetchedAt, Date(timeIntervalSince1970: 1_763_000_000))
    XCTAssertEqual(offline.detail, fresh.detail)

    await web.enqueue(.rateLimited(retryAfter: "90"))
    guard case .detailFinished(3, _, .success(let limited))? = await run(.loadDetail(requestID: 3, link)) else {
      return XCTFail("no copy while rate limited")
    }
    XCTAssertEqual(limited.staleReason, .rateLimited(seconds: 90))
  }

  func testArtistDetailHasReleasesNewestFirstAndPopularFromASearch() async throws {
    guard
      case .detailFinished(1, _, .success(let cached))? = await run(
        .loadDetail(requestID: 1, SpotifyLink(kind: .artist, id: Catalog.auroraID))),
      case .artist(let artist) = cached.detail
    else { return XCTFail("artist not loaded") }
    XCTAssertEqual(artist.albums.items.map(\.name), ["Night Swim", "Low Tide"])
    XCTAssertEqual(artist.singles.items.count, 10)
    XCTAssertEqual(artist.singles.items.first?.name, "Wave 10", "newest first")
    XCTAssertFalse(artist.popular.isEmpty)
    XCTAssertTrue(artist.popular.allSatisfy { $0.artists.contains { $0.id == Catalog.auroraID } })
    let paths = await web.recordedRequests().map(\.path)
    XCTAssertFalse(paths.contains { $0.contains("top-tracks") || $0.contains("related") })
  }

  func testOtherPeoplesPlaylistShowsMetadataWithoutAnError() async throws {
    guard
      case .detailFinished(1, _, .success(let cached))? = await run(
        .loadDetail(requestID: 1, SpotifyLink(kind: .playlist, id: Catalog.otherPlaylistID))),
      case .playlist(let playlist) = cached.detail
    else { return XCTFail() }
    XCTAssertEqual(playlist.playlist.name, "Bob's Night Mix")
    XCTAssertNil(playlist.tracks)
    guard
      case .detailFinished(2, _, .success(let own))? = await run(
        .loadDetail(requestID: 2, SpotifyLink(kind: .playlist, id: Catalog.ownPlaylistID))),
      case .playlist(let mine) = own.detail
    else { return XCTFail() }
    XCTAssertEqual(mine.tracks?.count, 3, "the null entry is left out")
  }

  func testSaveAndRemoveUseTheLibraryEndpoint() async throws {
    let uri = "spotify:track:\(Catalog.id("auroraNight Swim"))"
    guard
      case .actionFinished(_, .done, queued: 0)? = await run(
        .perform(requestID: 1, .save(uris: [uri]), checkDuplicates: false))
    else { return XCTFail() }
    let saved = await web.library()
    XCTAssertTrue(saved.contains(uri))
    let put = await web.recordedRequests().last!
    XCTAssertEqual(put.method, "PUT")
    XCTAssertEqual(put.path, "/v1/me/library")
    guard case .libraryState(let states)? = await run(.checkLibrary(uris: [uri])) else { return XCTFail() }
    XCTAssertEqual(states[uri], true)
    _ = await run(.perform(requestID: 2, .remove(uris: [uri]), checkDuplicates: false))
    let removed = await web.library()
    XCTAssertFalse(removed.contains(uri))
  }

  func testAddToPlaylistWarnsAboutADuplicateThenAdds() async throws {
    let catalog = await web.catalog()
    let existing = "spotify:track:\(catalog.tracks[0].id)"
    let fresh = "spotify:track:\(catalog.tracks[3].id)"
    guard case .playlistsLoaded(1, .success(let playlists))? = await run(.loadPlaylists(requestID: 1)) else {
      return XCTFail()
    }
    XCTAssertEqual(Set(playlists.map(\.name)), ["Late Night", "Running"], "only the user's own playlists")
    let duplicate = await run(
      .perform(requestID: 2, .addToPlaylist(playlistID: Catalog.ownPlaylistID, uris: [existing]), checkDuplicates: true)
    )
    XCTAssertEqual(duplicate, .duplicateFound(requestID: 2))
    let added = await run(
      .perform(requestID: 3, .addToPlaylist(playlistID: Catalog.ownPlaylistID, uris: [fresh]), checkDuplicates: true))
    guard case .actionFinished(_, .done, _)? = added else { return XCTFail("\(String(describing: added))") }
    let post = await web.recordedRequests().last!
    XCTAssertEqual(post.method, "POST")
    XCTAssertEqual(post.path, "/v1/playlists/\(Catalog.ownPlaylistID)/items")
    XCTAssertEqual(post.jsonBody?["uris"] as? [String], [fresh])
  }

  func testOfflineActionsAreQueuedAndSentInOrderOnceWhenTheNetworkReturns() async throws {
    let catalog = await web.catalog()
    let first = "spotify:track:\(catalog.tracks[4].id)"
    let second = "spotify:track:\(catalog.tracks[5].id)"
    let offline = runner(apiURL: offlineURL)
    guard
      case .actionFinished(_, .queued, queued: 1)? = await run(
        .perform(requestID: 1, .save(uris: [first]), checkDuplicates: false), offline)
    else { return XCTFail() }
    guard
      case .actionFinished(_, .queued, queued: 2)? = await run(
        .perform(
          requestID: 2, .addToPlaylist(playlistID: Catalog.ownPlaylistID, uris: [second]), checkDuplicates: false),
        offline)
    else { return XCTFail() }
    XCTAssertEqual(try database.queuedSpotifyActionCount(), 2)

    let flushed = await run(.flushQueue)
    XCTAssertEqual(flushed, .queueFlushed(sent: 2, remaining: 0))
    let writes = await web.recordedRequests().filter { $0.method != "GET" }.map { "\($0.method) \($0.path)" }
    XCTAssertEqual(writes, ["PUT /v1/me/library", "POST /v1/playlists/\(Catalog.ownPlaylistID)/items"])
    let again = await run(.flushQueue)
    XCTAssertEqual(again, .queueFlushed(sent: 0, remaining: 0), "each action is sent once")
  }

  func testASuccessfulSearchSendsWhatWaitsOffline() async throws {
    let uri = "spotify:track:\(Catalog.id("auroraNight Swim"))"
    _ = await run(.perform(requestID: 1, .save(uris: [uri]), checkDuplicates: false), runner(apiURL: offlineURL))
    XCTAssertEqual(try database.queuedSpotifyActionCount(), 1)
    let last = await run(.search(requestID: 2, query: "basalt"))
    XCTAssertEqual(last, .queueFlushed(sent: 1, remaining: 0))
    let library = await web.library()
    XCTAssertTrue(library.contains(uri))
  }

  func testCreatingAPlaylistOfflineIsQueuedAndSentLater() async throws {
    let catalog = await web.catalog()
    let uri = "spotify:track:\(catalog.tracks[6].id)"
    let action = MusicAction.createPlaylist(name: "Made by vibes", description: "test", uris: [uri])
    guard
      case .actionFinished(_, .queued, queued: 1)? = await run(
        .perform(requestID: 1, action, checkDuplicates: false), runner(apiURL: offlineURL))
    else { return XCTFail() }
    let flushed = await run(.flushQueue)
    XCTAssertEqual(flushed, .queueFlushed(sent: 1, remaining: 0))
    let created = await web.catalog().playlists.first { $0.name == "Made by vibes" }
    XCTAssertEqual(created?.items, [uri])
  }

  func testNotRegisteredAndRateLimitMapToExplainedFailures() async {
    await web.setRegistered(false)
    guard case .searchFinished(_, _, .failure(.notRegistered))? = await run(.search(requestID: 1, query: "aurora"))
    else { return XCTFail() }
    await web.setRegistered(true)
    await web.enqueue(.rateLimited(retryAfter: "120"))
    guard
      case .searchFinished(_, _, .failure(.rateLimited(seconds: 120)))? = await run(
        .search(requestID: 2, query: "aurora"))
    else { return XCTFail() }
  }

  func testProfileStatsForAllThreeRangesAndOfflineFromTheCache() async throws {
    let runner = runner()
    var names: [StatsRange: [String]] = [:]
    for range in StatsRange.allCases {
      guard
        case .statsFinished(1, range, .success(let cached))? = await runner.run(
          ProfileState.run(.loadStats(requestID: 1, range)))?.action(of: ProfileState.self)
      else { return XCTFail("\(range)") }
      names[range] = cached.stats.topArtists.map(\.name)
      XCTAssertFalse(cached.stats.topTracks.isEmpty)
    }
    XCTAssertEqual(names[.shortTerm], ["Delta Nine", "Aurora Lines"])
    XCTAssertEqual(names[.mediumTerm], ["Aurora Lines", "Basalt", "Cinder Vale"])
    XCTAssertEqual(names[.longTerm]?.first, "Cinder Vale")
    let ranges = await web.recordedRequests().compactMap { $0.queryValue("time_range") }
    XCTAssertEqual(Set(ranges), ["short_term", "medium_term", "long_term"])

    guard
      case .statsFinished(_, .mediumTerm, .success(let offline))? = await self.runner(apiURL: offlineURL).run(
        ProfileState.run(.loadStats(requestID: 2, .mediumTerm)))?.action(of: ProfileState.self)
    else { return XCTFail() }
    XCTAssertTrue(offline.isStale)
    XCTAssertEqual(offline.stats.topArtists.first?.name, "Aurora Lines")
  }
}
