import Foundation
import Logging
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// Issue 21 item 3: kill -9 while an add is pending, then `s` on the "partly saved" entry, added every track
/// again. A child process (this test binary re-run) saves a generated playlist against the loopback fake, whose
/// writes answer after 1.5 s; the parent SIGKILLs it once the add request has reached the fake (which still
/// performs it), then saves again over the same data folder. One create, one add, every track once.
final class CreateSaveKillNineTests: XCTestCase {
  static let homeVariable = "VIBES_KILL_SAVE_HOME"
  static let apiVariable = "VIBES_KILL_SAVE_API"
  static let playlistVariable = "VIBES_KILL_SAVE_PLAYLIST"
  static let token = "spotify-access-kill-save"

  static func runner(home: URL, api: URL) throws -> EffectRunner {
    let paths = AppPaths(environment: ["HOME": home.path])
    let database = try AppDatabase(path: paths.databaseFile.path)
    let secrets = VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
    let tokens = SpotifyClosureTokenSource(current: { Self.token }, refresh: { Self.token })
    let web = SpotifyWebClient(baseURL: api, transport: URLSessionTransport(timeout: 10), tokens: tokens)
    let unreachable = URL(string: "http://127.0.0.1:9")!
    return EffectRunner(
      dependencies: AppDependencies(
        database: database, secrets: secrets, secretStoreInfo: SecretStoreInfo(kind: .vault, location: home.path),
        gemini: GeminiClient(baseURL: unreachable), ticketmaster: TicketmasterClient(baseURL: unreachable),
        browser: BrowserLauncher(environment: [:]),
        create: CreateDependencies(gemini: GeminiClient(baseURL: unreachable), spotifyWeb: web),
        logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }))
  }

  /// The child: one save, killed before it ends.
  func testSaveChild() async throws {
    let environment = ProcessInfo.processInfo.environment
    guard let home = environment[Self.homeVariable], let api = environment[Self.apiVariable].flatMap(URL.init),
      let id = environment[Self.playlistVariable].flatMap(Int64.init)
    else { throw XCTSkip("runs only as the child of testKillNineDuringTheAddThenSaveAgain") }
    let runner = try Self.runner(home: URL(fileURLWithPath: home), api: api)
    _ = await runner.run(.create(.save(requestID: 1, playlistID: id, name: "Killed mid-add")))
  }

  func testKillNineDuringTheAddThenSaveAgain() async throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-killsave-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    let paths = AppPaths(environment: ["HOME": home.path])
    try paths.createDirectories()
    let web = try await FakeSpotifyWebServer(validTokens: [Self.token])
    defer { Task { await web.stop() } }
    let catalog = await web.catalog()
    let tracks = Array(catalog.tracks.prefix(6))
    let id: Int64
    do {
      let database = try AppDatabase(path: paths.databaseFile.path)
      let songs = tracks.map { SuggestedSong(title: $0.name, artist: "Artist") }
      id = try database.recordGeneratedPlaylist(
        prompt: "p", name: "Killed mid-add", description: "d", songs: songs, at: Date())
      var answers: [Int: SongResolution] = [:]
      for (index, track) in tracks.enumerated() {
        answers[index] = .found(
          TrackCandidate(
            id: track.id, uri: "spotify:track:\(track.id)", name: track.name, artists: ["Artist"], album: "",
            durationMs: track.durationMs))
      }
      try database.recordSongResolutions(answers, inGeneratedPlaylist: id)
    }
    await web.setWriteLatency(1.5)

    let child = Process()
    child.executableURL = URL(
      fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    child.arguments = ["VibesAppTests.CreateSaveKillNineTests/testSaveChild"]
    var environment = ProcessInfo.processInfo.environment
    environment[Self.homeVariable] = home.path
    environment[Self.apiVariable] = web.baseURL.absoluteString
    environment[Self.playlistVariable] = String(id)
    environment["SWIFT_BACKTRACE"] = "enable=no"
    child.environment = environment
    child.standardOutput = FileHandle.nullDevice
    child.standardError = FileHandle.nullDevice
    try child.run()
    let deadline = Date().addingTimeInterval(30)
    var adding = false
    while Date() < deadline, child.isRunning, !adding {
      adding = await web.recordedRequests().contains { $0.method == "POST" && $0.path.hasSuffix("/items") }
      if !adding { try await Task.sleep(nanoseconds: 20_000_000) }
    }
    XCTAssertTrue(adding, "the child reached the add")
    kill(child.processIdentifier, SIGKILL)
    child.waitUntilExit()
    XCTAssertEqual(child.terminationReason, .uncaughtSignal)
    try await Task.sleep(nanoseconds: 2_000_000_000)  // the fake performs the add the child never heard of

    let runner = try Self.runner(home: home, api: web.baseURL)
    let retried = await runner.run(.create(.save(requestID: 2, playlistID: id, name: "Killed mid-add")))
    guard case .saved(2, .success(let done))? = retried?.createAction else { return XCTFail("\(retried as Any)") }
    let requests = await web.recordedRequests()
    XCTAssertEqual(requests.filter { $0.method == "POST" && $0.path == "/v1/me/playlists" }.count, 1, "one create")
    let playlistID = try XCTUnwrap(done.saveState.createdPlaylistID)
    XCTAssertEqual(
      requests.filter { $0.method == "POST" && $0.path == "/v1/playlists/\(playlistID)/items" }.count, 1,
      "the add was not sent again")
    let made = await web.catalog().playlists.first { $0.id == playlistID }
    XCTAssertEqual(made?.items.compactMap { $0 }, tracks.map { "spotify:track:\($0.id)" }, "every track once")
  }
}
