import Foundation
import Logging
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// Explore's preview effects end to end below the screen: the iTunes fake finds the song, a real `mpv --ao=null`
/// plays the generated clip, the progress reaches the reducer as whole seconds and moves, and shutting the previews
/// down (what quitting vibes does) quits and reaps the player.
final class ExplorePreviewRunnerTests: XCTestCase {
  private var fake: FakeITunesServer!
  private var home: URL!
  private var database: AppDatabase!
  private var previews: PreviewDependencies?

  /// The actions the effects sent.
  final class Sent: @unchecked Sendable {
    private let lock = NSLock()
    private var actions: [ExploreAction] = []
    func append(_ action: AppAction) {
      if let explore = action.exploreAction { lock.withLock { actions.append(explore) } }
    }
    var all: [ExploreAction] { lock.withLock { actions } }
    var progress: [PreviewPlayback] {
      all.compactMap {
        if case .previewProgress(_, let playback) = $0 { return playback }
        return nil
      }
    }
  }

  override func setUp() async throws {
    guard PreviewPlayerSetup.isExecutableFile("/usr/bin/mpv"), PreviewPlayerSetup.isExecutableFile("/usr/bin/ffmpeg")
    else { throw XCTSkip("mpv and ffmpeg are needed (make test installs them)") }
    home = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-preview-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    database = try AppDatabase(path: home.appendingPathComponent("vibes.sqlite").path)
  }

  override func tearDown() async throws {
    previews?.shutdown()
    await fake?.stop()
    database = nil
    if let home { try? FileManager.default.removeItem(at: home) }
  }

  /// A 30-second sine clip in an .m4a, like Apple's previews.
  private func clip() throws -> String {
    try writeSineClip(to: home.appendingPathComponent("tide.m4a").path, seconds: 30)
  }

  private func runner(_ previews: PreviewDependencies) -> EffectRunner {
    var dependencies = AppDependencies(
      database: database,
      secrets: VaultSecretStore(
        vaultFile: home.appendingPathComponent("vault"), keyFile: home.appendingPathComponent("vault.key")),
      secretStoreInfo: SecretStoreInfo(kind: .vault, location: home.path), gemini: GeminiClient(),
      ticketmaster: TicketmasterClient(), browser: BrowserLauncher(environment: [:]),
      logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    dependencies.previews = previews
    return EffectRunner(dependencies: dependencies)
  }

  private func waitFor(_ timeout: TimeInterval, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if condition() { return true }
      try? await Task.sleep(nanoseconds: 50_000_000)
    }
    return condition()
  }

  func testOverSSHTheHostIsNamedBeforeThePreviewPlays() async throws {
    let path = try clip()
    var environment = ProcessInfo.processInfo.environment
    environment["SSH_CONNECTION"] = "192.0.2.1 50000 192.0.2.2 22"
    var configuration = PreviewPlayerConfiguration(environment: environment)
    configuration.extraMPVArguments = ["--ao=null"]
    let previews = PreviewDependencies(playerConfiguration: configuration)
    self.previews = previews
    let sent = Sent()
    let runner = runner(previews)
    let playing = Task {
      await runner.run(.explore(.playPreview(requestID: 1, trackID: "t", url: path))) { sent.append($0) }
    }
    let seen = await waitFor(10) { !sent.progress.isEmpty }
    XCTAssertTrue(seen)
    guard case .previewRemote("t", let host)? = sent.all.first else { return XCTFail("\(sent.all)") }
    XCTAssertEqual(host, ProcessInfo.processInfo.hostName)
    previews.shutdown()
    playing.cancel()
  }

  func testPFindsTheSongPlaysItWithMovingProgressAndQuittingStopsThePlayer() async throws {
    let path = try clip()
    let track = MusicFixtures.tide
    fake = try await FakeITunesServer(songs: [
      FakeITunesSong(
        trackID: 7, trackName: "Tide", artistName: "Aurora", collectionName: "Night Swim", trackTimeMillis: 185_500)
    ])
    var configuration = PreviewPlayerConfiguration(environment: ProcessInfo.processInfo.environment)
    configuration.extraMPVArguments = ["--ao=null"]
    let previews = PreviewDependencies(
      playerConfiguration: configuration,
      itunes: ITunesClient(
        baseURL: fake.baseURL, transport: URLSessionTransport(timeout: 5),
        limiter: RequestRateLimiter(requestsPerSecond: 1000, sleep: { _ in })))
    self.previews = previews
    let runner = runner(previews)
    let sent = Sent()
    let query = PreviewQuery(title: track.name, artists: ["Aurora"], album: "Night Swim", durationMilliseconds: 185_000)

    await runner.run(.explore(.findPreview(requestID: 1, trackID: track.id, query))) { sent.append($0) }
    guard case .previewFound(1, track.id, .success(.available(let url, let store)))? = sent.all.first else {
      return XCTFail("no match: \(sent.all)")
    }
    XCTAssertTrue(url.hasSuffix("mzaf_7.plus.aac.p.m4a"), url)
    XCTAssertEqual(URL(string: store ?? "")?.host, "music.apple.com")

    // The store's clip is Apple's (https only, not on loopback): the generated clip stands in for it.
    let playing = Task {
      await runner.run(.explore(.playPreview(requestID: 2, trackID: track.id, url: path))) { sent.append($0) }
    }
    let moved = await waitFor(15) { sent.progress.contains { $0.phase == .playing && $0.elapsed >= 2 } }
    XCTAssertTrue(moved, "progress should move: \(sent.progress)")
    let seen = sent.progress.filter { $0.phase == .playing }.map(\.elapsed)
    XCTAssertGreaterThan(Set(seen).count, 1, "more than one elapsed value reached the reducer: \(seen)")
    XCTAssertTrue(seen.allSatisfy { $0 == $0.rounded(.down) }, "whole seconds only: \(seen)")
    XCTAssertEqual(sent.progress.last?.total, 30)

    guard let pid = previews.startedPlayer?.childProcessID else { return XCTFail("no player child") }
    previews.shutdown()
    XCTAssertNil(previews.startedPlayer?.childProcessID)
    XCTAssertEqual(kill(pid, 0), -1, "the player child is gone after shutdown")
    XCTAssertNil(previews.player(environment: [:]), "no new player after shutdown")
    // The progress effect ends by itself once the previews are shut down.
    let finished = Sent()
    Task {
      await playing.value
      finished.append(.explore(.previewProgress(trackID: "done", PreviewPlayback())))
    }
    let ended = await waitFor(5) { !finished.all.isEmpty }
    XCTAssertTrue(ended, "the progress effect should end after shutdown")
    playing.cancel()
  }
}
