import Foundation
import Logging
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// Every way out cancels the runner's task: a Gemini call that never answers and a resolve whose searches never
/// answer both end within a second of the cancel, sending nothing; and an undone removal is stored at its place.
extension CreateRunnerTests {
  func testACancelledGenerationThatNeverAnswersEndsWithinOneSecondAndSendsNothing() async throws {
    await gemini.setGenerationLatency(60)
    let runner = runner()
    let sent = CreateSentActions()
    let task = Task {
      await runner.run(.create(.generate(requestID: 1, prompt: "night drive", count: 10))) { sent.append($0) }
    }
    let gemini = self.gemini!
    try await waitUntil { await gemini.recordedGenerationBodies().count == 1 }
    let cancelledAt = ContinuousClock.now
    task.cancel()
    await task.value
    XCTAssertLessThan(ContinuousClock.now - cancelledAt, .seconds(1), "the request was cut off, not waited out")
    XCTAssertEqual(sent.actions, [], "a cancelled generation sends no answer, not even a failure")
    XCTAssertEqual(try database.generatedPlaylistCount(), 0)
  }

  func testACancelledResolveWhoseSearchesNeverAnswerEndsWithinOneSecond() async throws {
    let runner = runner()
    let playlist = try await generated(runner, count: 12)
    await spotify.setLatency(60)
    let sent = CreateSentActions()
    let task = Task { await runner.run(.create(.resolve(requestID: 2, playlistID: playlist.id))) { sent.append($0) } }
    let spotify = self.spotify!
    try await waitUntil { await spotify.recordedRequests().contains { $0.path == "/v1/search" } }
    let cancelledAt = ContinuousClock.now
    task.cancel()
    await task.value
    XCTAssertLessThan(ContinuousClock.now - cancelledAt, .seconds(1), "the searches were cut off")
    XCTAssertFalse(
      sent.actions.contains {
        if case .resolved? = $0.createAction { return true }
        return false
      }, "a cancelled resolve sends no result: \(sent.actions)")
    let searches = await spotify.recordedRequests().filter { $0.path == "/v1/search" }.count
    XCTAssertLessThanOrEqual(searches, SongResolver.maxInFlight, "no search starts after the cancel")
  }

  func testARestoredSongGoesBackToItsPlaceInTheHistory() async throws {
    let runner = runner()
    let playlist = try await generated(runner, count: 10)
    let titles = playlist.songs.map(\.song.title)
    let third = playlist.songs[2]
    _ = await runner.run(.create(.removeSong(playlistID: playlist.id, index: 2)))
    _ = await runner.run(.create(.removeSong(playlistID: playlist.id, index: 0)))
    XCTAssertEqual(try database.generatedPlaylist(id: playlist.id)?.songs.count, 8)
    _ = await runner.run(.create(.restoreSong(playlistID: playlist.id, index: 0, song: playlist.songs[0])))
    _ = await runner.run(.create(.restoreSong(playlistID: playlist.id, index: 2, song: third)))
    XCTAssertEqual(try database.generatedPlaylist(id: playlist.id)?.songs.map(\.song.title), titles)
  }

  /// Polls `condition` every 20 ms for up to 5 s.
  func waitUntil(_ condition: @escaping @Sendable () async -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(5)
    while !(await condition()) {
      // Not a skip: a request that never arrives means the cancel was never tested.
      guard ContinuousClock.now < deadline else {
        XCTFail("the fake never saw the request within 5 s")
        throw CancellationError()
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }
}

/// The actions an effect sent, in order.
final class CreateSentActions: @unchecked Sendable {
  // @unchecked: every access holds the lock.
  private let lock = NSLock()
  private var list: [AppAction] = []
  func append(_ action: AppAction) { lock.withLock { list.append(action) } }
  var actions: [AppAction] { lock.withLock { list } }
}

/// The Spotify token is made ready while Gemini works.
final class CreatePrepareSpotifyTests: XCTestCase {
  func testGenerationPreparesSpotifyWhileGeminiWorks() async throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-prepare-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    let paths = AppPaths(environment: ["HOME": home.path])
    try paths.createDirectories()
    let secrets = VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
    try secrets.write(CreateRunnerTests.key, for: .geminiAPIKey)
    let gemini = try await FakeGeminiServer(validKeys: [CreateRunnerTests.key])
    await gemini.setGenerationLatency(0.2)
    let prepared = CreateSentActions()
    let marker = AppAction.create(.historyLoaded([], queued: []))
    let runner = EffectRunner(
      dependencies: AppDependencies(
        database: try AppDatabase(path: paths.databaseFile.path), secrets: secrets,
        secretStoreInfo: SecretStoreInfo(kind: .vault, location: home.path),
        gemini: GeminiClient(baseURL: gemini.baseURL), ticketmaster: TicketmasterClient(),
        browser: BrowserLauncher(environment: [:]),
        create: CreateDependencies(
          gemini: GeminiClient(baseURL: gemini.baseURL, transport: URLSessionTransport(timeout: 10)),
          prepareSpotify: { prepared.append(marker) }),
        logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }))
    let answer = await runner.run(.create(.generate(requestID: 1, prompt: "night drive", count: 10)))
    await gemini.stop()
    guard case .generated(1, .success)? = answer?.createAction else { return XCTFail("\(answer as Any)") }
    XCTAssertEqual(prepared.actions, [marker], "the token was prepared once, during the generation")
  }
}
