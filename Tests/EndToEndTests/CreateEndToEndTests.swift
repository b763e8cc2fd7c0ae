import Foundation
import VibesCore
import VibesStorage
import VibesTestSupport
import XCTest

/// The Create tab with the real binary in tmux: Gemini and the Spotify Web API are loopback fakes; the vault and
/// SQLite are seeded as after a finished setup (Gemini key stored, Spotify connected).
final class CreateEndToEndTests: EndToEndTestCase {
  static let geminiKey = "AIzaSyCreateE2EKey0123456789abcdefXYZ"
  static let accessToken = "BQCreateE2EAccessToken0123456789"
  static let refreshToken = "AQCreateE2ERefreshToken0123456789"
  /// Two songs of the fake Gemini catalog (within the first 20) that the Spotify fake does not have.
  static let missing: Set<String> = ["Windowlicker", "Archangel"]

  var gemini: FakeGeminiServer!
  var spotify: FakeSpotifyWebServer!

  override func setUp() async throws {
    try await super.setUp()
    gemini = try await serve(FakeGeminiServer(validKeys: [Self.geminiKey]))
    spotify = try await serve(
      FakeSpotifyWebServer(validTokens: [Self.accessToken], catalog: .withGeminiSongs(missing: Self.missing)))
    try harness.seedFinishedSetup(
      geminiKey: Self.geminiKey, spotifyAccessToken: Self.accessToken, spotifyRefreshToken: Self.refreshToken)
  }

  func launch() throws -> Tmux {
    var environment = gemini.environment
    environment["VIBES_SPOTIFY_API_URL"] = spotify.baseURL.absoluteString
    environment["VIBES_SPOTIFY_ACCOUNTS_URL"] = "http://127.0.0.1:9"
    environment["VIBES_SPOTIFY_CLIENT_ID"] = "0123456789abcdef0123456789abcdef"
    return try startVibes(environment)
  }

  func testPromptToPreviewWithTwoMissingSongsThenSaveMakesOnePlaylistOfTheResolvedTracks() async throws {
    let tmux = try launch()
    tmux.waitFor("Setup · ")
    tmux.send(TabID.create.key)
    tmux.waitFor("Create a playlist with Gemini")
    tmux.type("night drive")
    tmux.send("Enter")
    var screen = tmux.waitFor("18 of 20 songs found", timeout: 20)
    XCTAssertTrue(screen.contains("not found on Spotify") || screen.contains("Midnight City"), screen)
    if ProcessInfo.processInfo.environment["CREATE_E2E_DUMP"] == "1" { print(screen) }
    tmux.send("s")
    screen = tmux.waitFor("Saved to Spotify", timeout: 15)
    XCTAssertTrue(screen.contains("https://open.spotify.com/playlist/"), screen)

    let requests = await spotify.recordedRequests()
    let creates = requests.filter { $0.method == "POST" && $0.path == "/v1/me/playlists" }
    XCTAssertEqual(creates.count, 1, "exactly one new playlist")
    let standard = FakeSpotifyWebCatalog.standard().playlists.map(\.id)
    let created = await spotify.catalog().playlists.filter { !standard.contains($0.id) }
    XCTAssertEqual(created.count, 1)
    let expected = FakeGeminiServer.catalog.prefix(20).enumerated().filter { !Self.missing.contains($0.element.title) }
      .map { "spotify:track:" + FakeSpotifyWebCatalog.id("gtrack\($0.offset)") }
    XCTAssertEqual(created.first?.items.compactMap { $0 }, expected, "exactly the resolved tracks, in order")
    XCTAssertEqual(created.first?.isPublic, false)

    // The "You created" card is written for the Feed.
    let database = try AppDatabase(path: harness.databaseFile.path)
    XCTAssertEqual(try database.createdPlaylistCards().map(\.playlistID), created.map(\.id))

    // The history survives a restart.
    tmux.send("C-c")
    tmux.waitForExit()
    let again = try launch()
    again.waitFor("Setup · ")
    again.send(TabID.create.key)
    again.waitFor("20 songs · saved")
    if ProcessInfo.processInfo.environment["CREATE_E2E_DUMP"] == "1" { print(again.captures.last ?? "") }

    // The Gemini key never reaches a screen, a file but the vault, or a URL.
    let screens = sessions.flatMap(\.captures).joined(separator: "\n")
    XCTAssertFalse(screens.contains(Self.geminiKey))
    XCTAssertEqual(harness.filesContaining([Self.geminiKey], excluding: [harness.vaultFile]), [:])
    for request in await gemini.recordedRequests() {
      XCTAssertFalse((request.path + "?" + request.query).contains(Self.geminiKey))
    }
  }
}
