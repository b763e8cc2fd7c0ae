import Foundation
import Logging
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let throughTheRunner = Driver.Exhaustivity.nonExhaustive(
  because: "the real runner answers the effects; the test checks what it fetched and counted")

/// The Feed with Spotify connected and no Ticketmaster key, through the real runner against the loopback Spotify
/// Web API fake; the count of offline actions waiting to sync; and the runtime's clock.
final class FeedReleasesAndSyncRunnerTests: XCTestCase {
  typealias Catalog = FakeSpotifyWebCatalog
  static let token = "access-feed-releases"
  /// Three weeks after the fake's "Embers" single (2024-01-12) by Cinder Vale, one of the medium-term top artists.
  let now = Date(timeIntervalSince1970: 1_706_788_800)  // 2024-02-01 12:00 UTC
  let spotifyOnly = SetupFacts(storedSecrets: [.spotify])

  var home: URL!
  var database: AppDatabase!
  var secrets: (any SecretStore)!
  var web: FakeSpotifyWebServer!

  override func setUp() async throws {
    let sandbox = try await SpotifyAccountSandbox.make(name: "feedreleases", token: Self.token)
    (home, database, secrets, web) = (sandbox.home, sandbox.database, sandbox.secrets, sandbox.web)
  }

  override func tearDown() async throws {
    await web.stop()
    try? FileManager.default.removeItem(at: home)
  }

  /// A runner whose Spotify API is the fake (or `apiURL`, e.g. a closed port to act offline); no Ticketmaster key.
  func runner(apiURL: URL? = nil, at time: Date? = nil) -> EffectRunner {
    let configuration = SpotifyConfiguration(
      clientID: "feed-client", accountsURL: URL(string: "http://127.0.0.1:9")!, apiURL: apiURL ?? web.baseURL)
    let spotify = SpotifyDependencies(
      configuration: configuration, database: database, secrets: secrets, configFilePath: home.path,
      isRemoteSession: false, hostName: "test")
    let clock = time ?? now
    return EffectRunner(
      dependencies: AppDependencies(
        database: database, secrets: secrets, secretStoreInfo: SecretStoreInfo(kind: .vault, location: home.path),
        gemini: GeminiClient(), ticketmaster: TicketmasterClient(), browser: BrowserLauncher(environment: [:]),
        spotify: spotify, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, now: { clock }))
  }

  /// Runs every Feed effect in `effects` through `runner` and sends the answers back, until nothing is left.
  func settle(_ driver: inout Driver, _ effects: [AppEffect], _ runner: EffectRunner) async {
    var queue = effects.filter { $0.feedEffect != nil && $0.spotifyEffect == nil }
    while !queue.isEmpty {
      let effect = queue.removeFirst()
      guard let answer = await runner.run(effect) else { continue }
      queue += driver.send(answer).filter { $0.feedEffect != nil && $0.spotifyEffect == nil }
    }
  }

  func refreshes(_ effects: [AppEffect]) -> Int {
    effects.filter { if case .refreshFeed? = $0.feedEffect { return true } else { return false } }.count
  }

  func testSpotifyWithoutTicketmasterLoadsNewReleasesAtStartThroughTheRunner() async throws {
    let runner = runner()
    var driver = Driver(throughTheRunner, facts: spotifyOnly)
    let started = driver.send(.started)
    XCTAssertTrue(started.contains(FeedTab.run(.loadFeedStatus)))
    // Start-up: the cache was never refreshed, so the status answer asks for a refresh; the runner fetches.
    guard let status = await runner.run(FeedTab.run(.loadFeedStatus)) else { return XCTFail("no status") }
    let afterStatus = driver.send(status)
    XCTAssertEqual(refreshes(afterStatus), 1, "a Spotify-only start refreshes like a Ticketmaster one")
    await settle(&driver, afterStatus, runner)

    XCTAssertEqual(driver.state.feed.refresh.phase, .idle)
    XCTAssertEqual(driver.state.feed.refresh.updatedAt, now)
    XCTAssertEqual(driver.state.feed.list.totalCount, 1)
    let card = try XCTUnwrap(driver.state.feed.list.card(at: 0)?.newRelease)
    XCTAssertEqual(card.name, "Embers")
    XCTAssertEqual(card.fromArtist, "Cinder Vale")
    XCTAssertEqual(Localizer(.en).feedStatusLine(driver.state.feed.refresh), "Updated just now")

    let requests = await web.recordedRequests()
    XCTAssertEqual(requests.filter { $0.path == "/v1/me/top/artists" }.count, 1)
    let albums = requests.filter { $0.path.hasSuffix("/albums") }
    XCTAssertEqual(albums.count, 3, "one albums request per top artist")
    XCTAssertTrue(albums.allSatisfy { $0.queryValue("include_groups") == "album,single" })

    // The next start within 30 minutes reads the fresh cache and does not call Spotify again.
    var next = Driver(throughTheRunner, facts: spotifyOnly)
    guard let again = await runner.run(FeedTab.run(.loadFeedStatus)) else { return XCTFail("no status") }
    XCTAssertEqual(refreshes(next.send(again)), 0)
    let count = await web.recordedRequests().count
    XCTAssertEqual(count, requests.count)
  }

  func testOfflineSpotifyKeepsTheCachedReleasesAndSaysOffline() async throws {
    var driver = Driver(throughTheRunner, facts: spotifyOnly)
    let online = runner()
    await settle(&driver, [FeedTab.run(.loadFeedStatus)], online)
    XCTAssertEqual(driver.state.feed.list.totalCount, 1)

    // Half an hour and more later the clock refreshes on its own; Spotify is unreachable now.
    let later = now.addingTimeInterval(31 * 60)
    let offline = runner(apiURL: URL(string: "http://127.0.0.1:1")!, at: later)
    let tick = driver.send(.clockTicked(later))
    XCTAssertEqual(refreshes(tick), 1)
    await settle(&driver, tick, offline)
    XCTAssertEqual(driver.state.feed.refresh.phase, .offline)
    XCTAssertEqual(
      Localizer(.en).feedStatusLine(driver.state.feed.refresh), "Offline · showing what was cached 31 min ago")
    XCTAssertEqual(driver.state.feed.list.totalCount, 1, "a failed refresh never empties the cache")
    XCTAssertEqual(driver.state.feed.list.card(at: 0)?.newRelease?.name, "Embers")
  }

  func testQueuedExploreActionsAndCreateSavesAreCountedForTheStatusLine() async throws {
    let runner = runner()
    var driver = Driver(throughTheRunner, facts: spotifyOnly)
    await settle(&driver, [FeedTab.run(.countPendingSync)], runner)
    XCTAssertEqual(driver.state.feed.refresh.pendingSync, 0)

    let action = try database.enqueueSpotifyAction(Data("{}".utf8), at: now)
    try database.enqueueSpotifyAction(Data("{}".utf8), at: now)
    let playlist = try database.recordGeneratedPlaylist(
      prompt: "rain", name: "Rain", description: "", songs: [], at: now)
    try database.queuePlaylistSave(playlist, at: now)
    await settle(&driver, driver.send(.clockTicked(now)), runner)
    XCTAssertEqual(driver.state.feed.refresh.pendingSync, 3)
    XCTAssertEqual(Localizer(.en).feedStatusLine(driver.state.feed.refresh), "3 waiting to sync")

    try database.deleteQueuedSpotifyAction(action)
    try database.dequeuePlaylistSave(playlist)
    await settle(&driver, driver.send(.clockTicked(now.addingTimeInterval(30))), runner)
    XCTAssertEqual(Localizer(.de).feedStatusLine(driver.state.feed.refresh), "1 warten auf Synchronisierung")
  }

  func testClockTickerDeliversTheTimeAtItsIntervalAndStopsWhenCancelled() async throws {
    let ticks = TickLog()
    let clock = now
    let ticker = ClockTicker(interval: .milliseconds(20), now: { clock })
    let task = Task { await ticker.run { ticks.add($0) } }
    try await Task.sleep(for: .milliseconds(300))
    task.cancel()
    await task.value
    let seen = ticks.count
    XCTAssertGreaterThanOrEqual(seen, 3, "ticks arrive while it runs")
    XCTAssertLessThanOrEqual(seen, 16, "one tick per interval, not a busy loop")
    XCTAssertEqual(ticks.last, now)
    try await Task.sleep(for: .milliseconds(100))
    XCTAssertEqual(ticks.count, seen, "no tick after cancel")
    XCTAssertEqual(ClockTicker.defaultInterval, .seconds(30))
  }
}

/// Ticks collected from the ticker's task.
private final class TickLog: @unchecked Sendable {
  private let lock = NSLock()
  private var dates: [Date] = []

  func add(_ date: Date) {
    lock.lock()
    dates.append(date)
    lock.unlock()
  }

  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return dates.count
  }

  var last: Date? {
    lock.lock()
    defer { lock.unlock() }
    return dates.last
  }
}
