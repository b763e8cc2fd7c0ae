import Foundation
import Logging
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// The Create tab's effects against a real SQLite file, a vault, and the Gemini and Spotify Web fakes.
final class CreateRunnerTests: XCTestCase {
  static let key = "AIzaSyCreateRunnerKey0123456789abcXYZ"
  static let token = "spotify-access-create"
  static let missing: Set<String> = ["Windowlicker", "Archangel"]

  var home: URL!
  var gemini: FakeGeminiServer!
  var spotify: FakeSpotifyWebServer!
  var database: AppDatabase!
  var secrets: (any SecretStore)!

  override func setUp() async throws {
    home = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-create-\(UUID().uuidString)")
    let paths = AppPaths(environment: ["HOME": home.path])
    try paths.createDirectories()
    database = try AppDatabase(path: paths.databaseFile.path)
    secrets = VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
    try secrets.write(Self.key, for: .geminiAPIKey)
    gemini = try await FakeGeminiServer(validKeys: [Self.key])
    spotify = try await FakeSpotifyWebServer(
      validTokens: [Self.token], catalog: .withGeminiSongs(missing: Self.missing))
  }

  override func tearDown() async throws {
    await gemini.stop()
    await spotify.stop()
    try? FileManager.default.removeItem(at: home)
  }

  func runner(spotifyURL: URL? = nil, timeout: TimeInterval = 5, database: AppDatabase? = nil) -> EffectRunner {
    let database = database ?? self.database!
    let tokens = SpotifyClosureTokenSource(current: { Self.token }, refresh: { Self.token })
    let web = SpotifyWebClient(
      baseURL: spotifyURL ?? spotify.baseURL, transport: URLSessionTransport(timeout: timeout), tokens: tokens)
    return EffectRunner(
      dependencies: AppDependencies(
        database: database, secrets: secrets, secretStoreInfo: SecretStoreInfo(kind: .vault, location: home.path),
        gemini: GeminiClient(baseURL: gemini.baseURL), ticketmaster: TicketmasterClient(),
        browser: BrowserLauncher(environment: [:]),
        create: CreateDependencies(
          gemini: GeminiClient(baseURL: gemini.baseURL, transport: URLSessionTransport(timeout: 10)),
          spotifyWeb: web),
        logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }))
  }

  func generated(_ runner: EffectRunner, count: Int = 20) async throws -> GeneratedPlaylist {
    let action = await runner.run(.create(.generate(requestID: 1, prompt: "night drive", count: count)))
    guard case .generated(1, .success(let playlist))? = action?.createAction else {
      XCTFail("generation failed: \(String(describing: action))")
      throw CancellationError()
    }
    return playlist
  }

  func testGenerateResolveSaveMakesOnePlaylistWithExactlyTheResolvedTracksAndAFeedCard() async throws {
    let runner = runner()
    let playlist = try await generated(runner)
    XCTAssertEqual(playlist.songs.count, 20)
    let progress = ProgressLog()
    await runner.run(.create(.resolve(requestID: 2, playlistID: playlist.id))) { progress.append($0) }
    guard case .resolved(2, .success(let resolved))? = progress.actions.last?.createAction else {
      return XCTFail("\(progress.actions.last as Any)")
    }
    XCTAssertTrue(
      progress.actions.contains { $0.createAction == .resolveProgress(requestID: 2, resolved: 20, total: 20) })
    XCTAssertEqual(
      resolved.songs.filter { $0.resolution == .notFound }.map(\.song.title).sorted(), Self.missing.sorted())
    XCTAssertEqual(resolved.songs.filter { $0.uri != nil }.count, 18)

    let saved = await runner.run(.create(.save(requestID: 3, playlistID: playlist.id, name: "Night Drive")))
    guard case .saved(3, .success(let done))? = saved?.createAction else { return XCTFail("\(saved as Any)") }
    guard case .saved(let spotifyID, let url) = done.saveState else { return XCTFail("\(done.saveState)") }
    XCTAssertTrue(url.contains(spotifyID))
    let requests = await spotify.recordedRequests()
    XCTAssertEqual(requests.filter { $0.method == "POST" && $0.path == "/v1/me/playlists" }.count, 1)
    let created = await spotify.catalog().playlists.first { $0.id == spotifyID }
    XCTAssertEqual(created?.name, "Night Drive")
    XCTAssertEqual(created?.items.compactMap { $0 }, SavePlan.uris(for: resolved.songs))
    XCTAssertEqual(try database.createdPlaylistCards().first?.name, "Night Drive")
    // The key travels only in the header: never in a URL or a body.
    for request in await gemini.recordedRequests() {
      XCTAssertFalse(request.path.contains(Self.key))
      XCTAssertFalse("\(request)".contains("key=\(Self.key)"))
    }
    for body in await gemini.recordedGenerationBodies() {
      XCTAssertFalse(String(decoding: body, as: UTF8.self).contains(Self.key))
    }
  }

  /// generate_resolve_20: with 100 ms Gemini and 50 ms search latency, Enter to a resolved preview of 20 songs fits
  /// in 100 ms + 5 search rounds of 50 ms + 100 ms overhead; the resolve alone must show the 4-way concurrency
  /// (20 serial searches would take at least 1 s). The 450 ms target is for a release build; this debug
  /// test on a shared machine allows 2x that and checks the concurrency itself.
  func testGenerateResolve20FitsTheLatencyBudget() async throws {
    await gemini.setGenerationLatency(0.1)
    await spotify.setLatency(0.05)
    let runner = runner()
    let start = ContinuousClock.now
    let playlist = try await generated(runner, count: 20)
    let generatedAt = ContinuousClock.now
    let action = await runner.run(.create(.resolve(requestID: 2, playlistID: playlist.id)))
    let end = ContinuousClock.now
    guard case .resolved(2, .success(let resolved))? = action?.createAction else { return XCTFail("\(action as Any)") }
    XCTAssertFalse(resolved.songs.contains { $0.resolution == .pending })
    let resolve = end - generatedAt
    let total = end - start
    print("generate_resolve_20: total \(total), resolve \(resolve)")
    XCTAssertLessThan(resolve, .milliseconds(20 * 50 * 6 / 10), "the searches run 4 at a time, not one by one")
    XCTAssertLessThan(total, .milliseconds(2 * (100 + 5 * 50 + 100)), "Enter to a resolved preview")
  }

  func testASaveRetriedAfterAFailedAddUsesTheSamePlaylist() async throws {
    let runner = runner()
    let playlist = try await generated(runner, count: 10)
    _ = await runner.run(.create(.resolve(requestID: 2, playlistID: playlist.id)))
    await spotify.enqueue(.delay(seconds: 0))
    await spotify.enqueue(.status(500))
    let failed = await runner.run(.create(.save(requestID: 3, playlistID: playlist.id, name: playlist.name)))
    guard case .saved(3, .failure)? = failed?.createAction else { return XCTFail("\(failed as Any)") }
    let retried = await runner.run(.create(.save(requestID: 4, playlistID: playlist.id, name: playlist.name)))
    guard case .saved(4, .success(let done))? = retried?.createAction else { return XCTFail("\(retried as Any)") }
    let requests = await spotify.recordedRequests()
    XCTAssertEqual(requests.filter { $0.method == "POST" && $0.path == "/v1/me/playlists" }.count, 1)
    let created = await spotify.catalog().playlists.first { $0.id == done.saveState.createdPlaylistID }
    XCTAssertEqual(created?.items.compactMap { $0 }.count, done.songs.filter { $0.uri != nil }.count)
  }

  func testAnOfflineSaveIsQueuedAndDoneOnceWhenTheNetworkReturns() async throws {
    let online = runner()
    let playlist = try await generated(online, count: 10)
    _ = await online.run(.create(.resolve(requestID: 2, playlistID: playlist.id)))
    let offline = runner(spotifyURL: URL(string: "http://127.0.0.1:9")!)
    let queued = await offline.run(.create(.save(requestID: 3, playlistID: playlist.id, name: playlist.name)))
    XCTAssertEqual(queued?.createAction, .saved(requestID: 3, .failure(.offline)))
    XCTAssertEqual(try database.queuedPlaylistSaves(), [playlist.id])

    let retried = await online.run(.create(.retryQueuedSaves(afterSeconds: 0)))
    guard case .queueRetried(let saved, let remaining)? = retried?.createAction else {
      return XCTFail("\(retried as Any)")
    }
    XCTAssertEqual(saved.map(\.id), [playlist.id])
    XCTAssertEqual(remaining, [])
    XCTAssertEqual(try database.queuedPlaylistSaves(), [])
    let again = await online.run(.create(.retryQueuedSaves(afterSeconds: 0)))
    XCTAssertEqual(again?.createAction, .queueRetried(saved: [], remaining: []))
    let requests = await spotify.recordedRequests()
    XCTAssertEqual(requests.filter { $0.method == "POST" && $0.path == "/v1/me/playlists" }.count, 1)
  }

  func testGeminiQuotaErrorsMapToTheirOwnFailures() async throws {
    let runner = runner()
    await gemini.enqueueGeneration(.quotaPerMinute(retryDelaySeconds: 26))
    let minute = await runner.run(.create(.generate(requestID: 1, prompt: "x", count: 10)))
    XCTAssertEqual(
      minute?.createAction, .generated(requestID: 1, .failure(.rateLimitedPerMinute(retryAfterSeconds: 26))))
    await gemini.enqueueGeneration(.quotaPerDay)
    let day = await runner.run(.create(.generate(requestID: 2, prompt: "x", count: 10)))
    guard case .generated(2, .failure(.quotaExhaustedForToday(let resetsAt)))? = day?.createAction else {
      return XCTFail("\(day as Any)")
    }
    XCTAssertNotNil(resetsAt)
    await gemini.enqueueGeneration(.safetyBlock)
    let blocked = await runner.run(.create(.generate(requestID: 3, prompt: "x", count: 10)))
    guard case .generated(3, .failure(.answerBlocked))? = blocked?.createAction else {
      return XCTFail("\(blocked as Any)")
    }
    await gemini.enqueueGeneration(.maxTokensWithoutContent)
    let tokens = await runner.run(.create(.generate(requestID: 4, prompt: "x", count: 10)))
    XCTAssertEqual(tokens?.createAction, .generated(requestID: 4, .failure(.ranOutOfTokens)))
    await gemini.enqueueGeneration(.malformedJSON)
    let malformed = await runner.run(.create(.generate(requestID: 5, prompt: "x", count: 10)))
    XCTAssertEqual(malformed?.createAction, .generated(requestID: 5, .failure(.malformedReply)))
  }

  func testWithoutAKeyGenerationSaysSoAndHistorySurvivesAReopen() async throws {
    let runner = runner()
    let playlist = try await generated(runner, count: 10)
    let loaded = await runner.run(.create(.loadHistory))
    guard case .historyLoaded(let history, _)? = loaded?.createAction else { return XCTFail("\(loaded as Any)") }
    XCTAssertEqual(history.map(\.id), [playlist.id])
    try secrets.delete(.geminiAPIKey)
    let missing = await runner.run(.create(.generate(requestID: 9, prompt: "x", count: 10)))
    XCTAssertEqual(missing?.createAction, .generated(requestID: 9, .failure(.geminiKeyMissing)))
  }

  func testGrowListsOwnPlaylistsSuggestsNewSongsAndAdds() async throws {
    let runner = runner()
    let loaded = await runner.run(.create(.loadMyPlaylists(requestID: 1)))
    guard case .myPlaylistsLoaded(1, .success(let own))? = loaded?.createAction else {
      return XCTFail("\(loaded as Any)")
    }
    XCTAssertEqual(own.map(\.name), ["Late Night", "Running"])
    let grown = await runner.run(.create(.grow(requestID: 2, playlist: own[0], count: 10, excluding: [])))
    guard case .growSuggested(2, .success(let answer))? = grown?.createAction else { return XCTFail("\(grown as Any)") }
    let songs = answer.songs
    XCTAssertFalse(songs.isEmpty)
    XCTAssertEqual(answer.asked, 10)
    let uri = try XCTUnwrap(songs.compactMap(\.uri).first)
    let added = await runner.run(.create(.addToPlaylist(playlistID: own[0].id, uri: uri)))
    XCTAssertEqual(added?.createAction, .growAdded(uri: uri, failure: nil))
    let items = await spotify.catalog().playlists.first { $0.id == own[0].id }?.items
    XCTAssertEqual(items?.last, uri)
  }
}

/// Collects the actions an effect sends.
private final class ProgressLog: @unchecked Sendable {
  // @unchecked: every access holds the lock.
  private let lock = NSLock()
  private var list: [AppAction] = []
  func append(_ action: AppAction) { lock.withLock { list.append(action) } }
  var actions: [AppAction] { lock.withLock { list } }
}
