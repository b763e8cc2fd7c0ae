import Foundation
import Logging
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// Play on Spotify's effects against the fake's player endpoints, then fed to the reducer: Premium plays the right
/// context or URI on the right device, a free account gets the PREMIUM_REQUIRED text, no device opens the picker
/// and plays on the chosen one, a missing scope asks for consent, and the poll timer waits what it is told.
final class PlaybackRunnerTests: XCTestCase {
  typealias Catalog = FakeSpotifyWebCatalog
  static let token = "access-playback-good"
  private var sandbox: SpotifyAccountSandbox!
  private let laptop = FakeSpotifyDevice(id: "dev-laptop", name: "Ada's Laptop")
  private let speaker = FakeSpotifyDevice(id: "dev-speaker", name: "Kitchen", type: "Speaker")

  override func setUp() async throws {
    sandbox = try await SpotifyAccountSandbox.make(name: "playback", token: Self.token)
    let devices = [laptop, speaker]
    await sandbox.web.setPlayer { $0.devices = devices }
  }

  override func tearDown() async throws {
    await sandbox?.remove()
  }

  var web: FakeSpotifyWebServer { sandbox.web }

  func runner() -> EffectRunner {
    let configuration = SpotifyConfiguration(
      clientID: "playback-client", accountsURL: URL(string: "http://127.0.0.1:9")!, apiURL: web.baseURL)
    let spotify = SpotifyDependencies(
      configuration: configuration, database: sandbox.database, secrets: sandbox.secrets,
      configFilePath: sandbox.home.path, isRemoteSession: false, hostName: "test")
    return EffectRunner(
      dependencies: AppDependencies(
        database: sandbox.database, secrets: sandbox.secrets,
        secretStoreInfo: SecretStoreInfo(kind: .vault, location: sandbox.home.path), gemini: GeminiClient(),
        ticketmaster: TicketmasterClient(), browser: BrowserLauncher(environment: [:]), spotify: spotify,
        logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }))
  }

  func run(_ effect: SpotifyPlayerEffect) async -> SpotifyPlayerAction? {
    guard case .player(let action)? = await runner().run(.explore(.player(effect)))?.exploreAction else { return nil }
    return action
  }

  var nightSwim: Catalog.Album {
    get async { await web.catalog().albums.first { $0.name == "Night Swim" }! }
  }

  func testPremiumPlaysTheAlbumAsItsContextOnTheActiveDeviceAndTheLineReadsIt() async throws {
    await web.setPlayer { $0.activeDeviceID = "dev-speaker" }
    let album = await nightSwim
    let play = PlaybackCommand.play(.context(uri: "spotify:album:\(album.id)"), deviceID: nil)
    let answer = await run(.send(requestID: 3, play))
    XCTAssertEqual(answer, .commandFinished(requestID: 3, play, failure: nil))
    let recorded = await web.recordedRequests()
    let request = try XCTUnwrap(recorded.last { $0.path == "/v1/me/player/play" })
    XCTAssertEqual(request.method, "PUT")
    XCTAssertNil(request.queryValue("device_id"), "the active device plays it")
    XCTAssertEqual(request.jsonBody?["context_uri"] as? String, "spotify:album:\(album.id)")
    XCTAssertNil(request.jsonBody?["uris"])
    let player = await web.player()
    XCTAssertEqual(player.activeDeviceID, "dev-speaker")
    XCTAssertTrue(player.isPlaying)

    guard case .stateLoaded(4, .success(let now?))? = await run(.loadState(requestID: 4)) else {
      return XCTFail("no state")
    }
    XCTAssertEqual(now.uri, "spotify:track:\(album.trackIDs[0])")
    XCTAssertTrue(now.isPlaying)
    XCTAssertEqual(now.deviceName, "Kitchen")
    XCTAssertFalse(now.title.isEmpty)
    XCTAssertGreaterThan(now.durationMs, 0)

    // Pause, next and previous reach the endpoints.
    let answer1 = await run(.send(requestID: 5, .next))
    XCTAssertEqual(answer1, .commandFinished(requestID: 5, .next, failure: nil))
    let answer2 = await web.player().itemURI
    XCTAssertEqual(answer2, "spotify:track:\(album.trackIDs[1])")
    let answer3 = await run(.send(requestID: 6, .previous))
    XCTAssertEqual(answer3, .commandFinished(requestID: 6, .previous, failure: nil))
    let answer4 = await run(.send(requestID: 7, .pause))
    XCTAssertEqual(answer4, .commandFinished(requestID: 7, .pause, failure: nil))
    let paused = await web.player().isPlaying
    XCTAssertFalse(paused)
    let answer5 = await run(.send(requestID: 8, .resume))
    XCTAssertEqual(answer5, .commandFinished(requestID: 8, .resume, failure: nil))
    let resumed = await web.player().isPlaying
    XCTAssertTrue(resumed)
  }

  func testPremiumPlaysATrackByItsURI() async throws {
    await web.setPlayer { $0.activeDeviceID = "dev-laptop" }
    let album = await nightSwim
    let uri = "spotify:track:\(album.trackIDs[2])"
    let play = PlaybackCommand.play(.track(uri: uri), deviceID: nil)
    let answer6 = await run(.send(requestID: 1, play))
    XCTAssertEqual(answer6, .commandFinished(requestID: 1, play, failure: nil))
    let recorded = await web.recordedRequests()
    let request = try XCTUnwrap(recorded.last { $0.path == "/v1/me/player/play" })
    XCTAssertEqual(request.jsonBody?["uris"] as? [String], [uri])
    let answer7 = await web.player().itemURI
    XCTAssertEqual(answer7, uri)
  }

  func testAFreeAccountGetsThePremiumRequiredText() async throws {
    await web.setPlayer {
      $0.account = .free
      $0.activeDeviceID = "dev-laptop"
    }
    let play = PlaybackCommand.play(.track(uri: "spotify:track:\(Catalog.id("x"))"), deviceID: nil)
    let answer = await run(.send(requestID: 2, play))
    XCTAssertEqual(answer, .commandFinished(requestID: 2, play, failure: .premiumRequired))
    var player = SpotifyPlayer()
    player.pendingRequestID = 2
    var context = AppContext(size: ScreenSize(width: 60, height: 20))
    _ = player.reduce(try XCTUnwrap(answer), &context)
    guard case .localized(let text, isWarning: true)? = context.notice else { return XCTFail("no notice") }
    XCTAssertEqual(
      Localizer(.en)[text],
      "Playing on a Spotify device needs Spotify Premium (PREMIUM_REQUIRED). Press o to open it in Spotify instead.")
    XCTAssertTrue(Localizer(.de)[text].contains("Spotify Premium"))
  }

  func testNoActiveDeviceListsTheDevicesThenPlaysOnTheChosenOne() async throws {
    let album = await nightSwim
    let target = PlaybackTarget.track(uri: "spotify:track:\(album.trackIDs[0])")
    let first = await run(.send(requestID: 1, .play(target, deviceID: nil)))
    XCTAssertEqual(first, .commandFinished(requestID: 1, .play(target, deviceID: nil), failure: .noActiveDevice))

    var player = SpotifyPlayer()
    player.pendingRequestID = 1
    var context = AppContext(size: ScreenSize(width: 60, height: 20))
    let load = player.reduce(try XCTUnwrap(first), &context)
    guard case .loadDevices(let devicesID)? = load.first else { return XCTFail("\(load)") }
    let listed = await run(.loadDevices(requestID: devicesID))
    let devices = try XCTUnwrap(listed)
    XCTAssertEqual(
      devices,
      .devicesLoaded(
        requestID: devicesID,
        .success([
          PlaybackDevice(id: "dev-laptop", name: "Ada's Laptop", type: "Computer"),
          PlaybackDevice(id: "dev-speaker", name: "Kitchen", type: "Speaker"),
        ])))
    _ = player.reduce(devices, &context)
    _ = player.perform(.move(.down), target: target, reconsent: .reconnectSpotifyForPlayer, &context)
    let chosen = player.perform(.chooseDevice, target: target, reconsent: .reconnectSpotifyForPlayer, &context)
    guard case .send(let playID, let command)? = chosen.first else { return XCTFail("\(chosen)") }
    XCTAssertEqual(command, .play(target, deviceID: "dev-speaker"))
    let answer8 = await run(.send(requestID: playID, command))
    XCTAssertEqual(answer8, .commandFinished(requestID: playID, command, failure: nil))
    let recorded = await web.recordedRequests()
    let request = try XCTUnwrap(recorded.last { $0.path == "/v1/me/player/play" })
    XCTAssertEqual(request.queryValue("device_id"), "dev-speaker")
    let state = await web.player()
    XCTAssertEqual(state.activeDeviceID, "dev-speaker")
    XCTAssertTrue(state.isPlaying)
  }

  func testRestrictedDevicesAreNotOffered() async throws {
    await web.setPlayer {
      $0.devices = [
        FakeSpotifyDevice(id: "dev-tv", name: "TV", type: "TV", isRestricted: true),
        FakeSpotifyDevice(id: "dev-laptop", name: "Ada's Laptop"),
      ]
    }
    guard case .devicesLoaded(1, .success(let devices))? = await run(.loadDevices(requestID: 1)) else {
      return XCTFail("no devices")
    }
    XCTAssertEqual(devices.map(\.id), ["dev-laptop"])
  }

  func testAMissingScopeBecomesTheReconsentQuestion() async throws {
    await web.setPlayer {
      $0.scopesGranted = false
      $0.activeDeviceID = "dev-laptop"
    }
    let target = PlaybackTarget.track(uri: "spotify:track:\(Catalog.id("x"))")
    let answer = await run(.send(requestID: 9, .play(target, deviceID: nil)))
    XCTAssertEqual(answer, .commandFinished(requestID: 9, .play(target, deviceID: nil), failure: .missingPermission))
    var player = SpotifyPlayer()
    player.pendingRequestID = 9
    var context = AppContext(size: ScreenSize(width: 60, height: 20))
    XCTAssertEqual(player.reduce(try XCTUnwrap(answer), &context), [])
    XCTAssertEqual(player.consent, target, "the question shows instead of a bare error")
    XCTAssertNil(context.notice)
    // A state read without the scope is a failure, not a crash or "nothing plays".
    guard case .stateLoaded(2, .failure(.missingPermission))? = await run(.loadState(requestID: 2)) else {
      return XCTFail("state read")
    }
  }

  func testNothingPlayingReadsAsNil() async throws {
    let answer9 = await run(.loadState(requestID: 1))
    XCTAssertEqual(answer9, .stateLoaded(requestID: 1, .success(nil)))
  }

  func testThePollTimerWaitsWhatItIsToldAndStopsWhenCancelled() async throws {
    let runner = runner()
    let started = Date()
    let due = await runner.run(.explore(.player(.schedulePoll(timerID: 4, seconds: 0.2))))
    XCTAssertEqual(due, .explore(.player(.pollDue(timerID: 4))))
    XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.2, "never sooner than asked")
    let task = Task { await runner.run(.explore(.player(.schedulePoll(timerID: 5, seconds: 5)))) }
    task.cancel()
    let cancelled = await task.value
    XCTAssertNil(cancelled)
    let requests = await web.recordedRequests()
    XCTAssertTrue(requests.isEmpty, "a timer reads nothing by itself")
  }
}
