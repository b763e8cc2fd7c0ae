import Foundation
import VibesCore
import VibesGraphics
import VibesServices
import VibesStorage
import VibesTestSupport
import VibesUI
import XCTest

@testable import VibesApp

/// Artwork through the real loop (`AppRuntime`, `EffectRunner`, a `TestPresenter`) against a loopback image host: a
/// frame that places a picture asks for it, the picture arrives as an action and the next frame carries it; a 40 MB
/// body, a corrupt JPEG, a redirect to another host and a body that never ends each fail with their reason while
/// keys keep working.
@MainActor
final class ArtworkLoopTests: XCTestCase {
  var home: URL!
  var host: FakeImageHost!
  var corruptHost: FakeImageHost!
  var endless: FaultServer!
  var presenter: TestPresenter!
  var runtime: AppRuntime!
  var loop: Task<Void, Never>?

  override func setUp() async throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
      throw XCTSkip("ffmpeg is needed (make test installs it)")
    }
    home = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-artloop-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    host = try await FakeImageHost(cover: try ArtworkLoaderTests.jpeg())
    // A "JPEG" whose header is right and whose body is not.
    corruptHost = try await FakeImageHost(cover: Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(repeating: 0x42, count: 2_000))
    endless = try FaultServer(.trickle)
  }

  override func tearDown() async throws {
    loop?.cancel()
    await loop?.value
    await host?.stop()
    await corruptHost?.stop()
    endless?.stop()
    if let home { try? FileManager.default.removeItem(at: home) }
  }

  func start(artworkOn: Bool = true) async throws {
    let refused = try FaultServer.refusingURL().absoluteString
    var environment = [
      "HOME": home.path, "LANG": "en_GB.UTF-8", "TERM": "xterm", "PATH": "/usr/bin:/bin",
      "VIBES_SECRET_STORE": "vault", "VIBES_SKIP_TUTORIAL": "1", "BROWSER": "/bin/false",
    ]
    for variable in [
      "VIBES_GEMINI_API_URL", "VIBES_TICKETMASTER_API_URL", "VIBES_ITUNES_API_URL", "VIBES_SPOTIFY_ACCOUNTS_URL",
      "VIBES_SPOTIFY_API_URL", "VIBES_ASC_API_URL", "VIBES_TRACKER_QC_URL", "VIBES_TRACKER_PRODUCTION_URL",
    ] {
      environment[variable] = refused
    }
    for (variable, folder) in [
      ("XDG_CONFIG_HOME", ".config"), ("XDG_DATA_HOME", ".local/share"), ("XDG_STATE_HOME", ".local/state"),
      ("XDG_CACHE_HOME", ".cache"),
    ] {
      environment[variable] = home.appendingPathComponent(folder).path
    }
    var dependencies = try AppLauncher.makeDependencies(environment: environment)
    dependencies.artwork = ArtworkDependencies(
      loader: ArtworkLoader(
        fetcher: ArtworkFetcher(timeout: 1),
        cache: ArtworkDiskCache(directory: home.appendingPathComponent("artwork"), maxBytes: 1024 * 1024)),
      enabled: true)
    if !artworkOn { try dependencies.database.setArtworkOn(false) }
    let presenter = TestPresenter(width: 80, height: 24)
    let runtime = AppRuntime(
      session: presenter, runner: EffectRunner(dependencies: dependencies), localizer: Localizer(.en))
    self.presenter = presenter
    self.runtime = runtime
    loop = Task { await runtime.run() }
    await runtime.settle(afterEvents: 0, effectLimit: .seconds(5))
  }

  func waitUntil(_ what: String, timeout: Duration = .seconds(5), _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
      guard ContinuousClock.now < deadline else {
        XCTFail("waited \(timeout) for \(what); screen:\n\(presenter.screen)")
        throw CancellationError()
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  func testAPlacedPictureIsFetchedOnceAndDrawnInALaterFrame() async throws {
    try await start()
    let cover = host.baseURL.absoluteString + "/cover.jpg"
    var release = FeedFixtures.release(4)
    release.imageURL = cover
    runtime.sink.yield(.feedWindowLoaded(total: 1, offset: 0, items: [.newRelease(release)]))
    try await waitUntil("the release in the Feed") { presenter.screen.contains("Album 4") }
    let before = presenter.frames.count
    presenter.send(.input(.key(.down)))
    presenter.send(.input(.key(.enter)))
    try await waitUntil("the release's detail with its picture") {
      presenter.frames.last?.images.first?.image != nil
    }
    let frame = try XCTUnwrap(presenter.frames.last)
    XCTAssertTrue(frame.text.contains("Tracklist"), frame.text)
    XCTAssertEqual(frame.images.map(\.key), [cover])
    let image = try XCTUnwrap(frame.images.first?.image)
    XCTAssertLessThanOrEqual(max(image.width, image.height), ArtworkBitmap.maxSide)
    XCTAssertGreaterThan(image.pixels[1], 100, "the green cover")
    // The detail was drawn before the picture arrived (it never held a frame back), and the picture's arrival
    // changed nothing but the picture.
    let arrived = try XCTUnwrap(presenter.frames.firstIndex { $0.images.first?.image != nil })
    XCTAssertGreaterThan(arrived, before)
    let previous = presenter.frames[arrived - 1]
    XCTAssertTrue(previous.text.contains("Tracklist"), previous.text)
    XCTAssertEqual(previous.images.map(\.key), [cover])
    XCTAssertNil(previous.images.first?.image)
    XCTAssertEqual(previous.cells, presenter.frames[arrived].cells, "the picture changed the text")
    let requests = await host.count("/cover.jpg")
    XCTAssertEqual(requests, 1)
    XCTAssertTrue(FileManager.default.fileExists(atPath: home.appendingPathComponent("artwork").path), "cached on disk")
  }

  /// Profile → Artwork off, saved before the start: no box and no fetch, not even for the first frame; Enter on
  /// the setting turns pictures on at once (saved), and the detail asks for its picture.
  func testArtworkOffIsRespectedBeforeTheFirstPictureAndTurnedOnFromProfile() async throws {
    try await start(artworkOn: false)
    let cover = host.baseURL.absoluteString + "/cover.jpg"
    var release = FeedFixtures.release(4)
    release.imageURL = cover
    runtime.sink.yield(.feedWindowLoaded(total: 1, offset: 0, items: [.newRelease(release)]))
    try await waitUntil("the release in the Feed") { presenter.screen.contains("Album 4") }
    presenter.send(.input(.key(.down)))
    presenter.send(.input(.key(.enter)))
    try await waitUntil("the release's detail") { presenter.screen.contains("Tracklist") }
    await runtime.settle(afterEvents: 2, effectLimit: .seconds(5))
    XCTAssertTrue(presenter.frames.allSatisfy { $0.images.isEmpty }, "no frame reserved a box")
    XCTAssertEqual(runtime.state.artwork.entries, [:], "nothing asked for")
    var requests = await host.count("/cover.jpg")
    XCTAssertEqual(requests, 0)

    presenter.send(.input(.key(.tabKey(.profile))))
    for _ in ConnectedService.allCases { presenter.send(.input(.key(.down))) }
    presenter.send(.input(.key(.enter)))
    try await waitUntil("the setting on") { runtime.state.facts?.artworkOn == true }
    try await waitUntil("the setting saved") { (try? runtime.runner.dependencies.database.isArtworkOn()) == true }
    presenter.send(.input(.key(.tabKey(.feed))))
    try await waitUntil("the detail's picture") { presenter.frames.last?.images.first?.image != nil }
    requests = await host.count("/cover.jpg")
    XCTAssertEqual(requests, 1)
  }

  func testBadPicturesFailWithTheirReasonWhileKeysKeepWorking() async throws {
    try await start()
    let huge = host.baseURL.absoluteString + "/huge.jpg"
    let corrupt = corruptHost.baseURL.absoluteString + "/cover.jpg"
    let elsewhere = host.baseURL.absoluteString + "/other-host"
    let page = host.baseURL.absoluteString + "/page.html"
    let never = endless.baseURL.absoluteString + "/cover.jpg"
    let started = ContinuousClock.now
    runtime.sink.yield(.artwork(.wanted([huge, corrupt, elsewhere, page, never])))
    try await waitUntil("the requests") { runtime.state.artwork.entries[never] == .loading }
    // A key while the endless body trickles: answered at once.
    let key = ContinuousClock.now
    presenter.send(.input(.key(.character("2"))))
    try await waitUntil("Explore", timeout: .seconds(1)) { runtime.state.selectedTab == .explore }
    XCTAssertLessThan(ContinuousClock.now - key, .milliseconds(500))
    XCTAssertEqual(runtime.state.artwork.entries[never], .loading, "the endless body is still coming")
    try await waitUntil("every answer") {
      [huge, corrupt, elsewhere, page, never].allSatisfy { runtime.state.artwork.entries[$0] != .loading }
    }
    XCTAssertLessThan(ContinuousClock.now - started, .seconds(4), "each bounded in time")
    XCTAssertEqual(runtime.state.artwork.entries[huge], .failed(.tooLarge))
    XCTAssertEqual(runtime.state.artwork.entries[corrupt], .failed(.unreadable))
    XCTAssertEqual(runtime.state.artwork.entries[elsewhere], .failed(.redirectedElsewhere))
    XCTAssertEqual(runtime.state.artwork.entries[page], .failed(.unreadable))
    XCTAssertEqual(runtime.state.artwork.entries[never], .failed(.network))
    let followed = await host.count("/cover.jpg")
    XCTAssertEqual(followed, 0, "the redirect to another host was not followed")
    XCTAssertFalse(
      FileManager.default.fileExists(
        atPath: home.appendingPathComponent("artwork").appendingPathComponent(ArtworkDiskCache.key(for: corrupt)).path),
      "a corrupt picture is not cached")
  }
}
