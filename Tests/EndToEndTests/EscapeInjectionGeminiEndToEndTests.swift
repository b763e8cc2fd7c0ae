import Foundation
import VibesCore
import VibesStorage
import VibesTestSupport
import XCTest

/// Issue 15, item 7, Gemini: terminal escapes in Google's error bodies (the key check on the Gemini form, a Create
/// generation) and in a generated playlist (its name, description, song titles and artists in the Create preview)
/// reach the screen inert. vibes never shows an error body's `message` (it maps status and reason to its own
/// sentence), so for errors the test checks that sentence, and that nothing of the body got through.
final class EscapeInjectionGeminiEndToEndTests: EndToEndTestCase {
  static let geminiKey = "AIzaSyEscapeE2EKey0123456789abcdefXYZ"
  static let accessToken = "BQEscapeE2EAccessToken0123456789"

  var gemini: FakeGeminiServer!

  override func setUp() async throws {
    try await super.setUp()
    gemini = try await serve(FakeGeminiServer(validKeys: [Self.geminiKey]))
  }

  /// Google's error envelope with every payload in `message` and, for a 403, one as the ErrorInfo `reason`.
  static func errorBody(_ code: Int, status: String) -> String {
    let payloads = EscapePayloads.payloads
    let object: [String: Any] = [
      "error": [
        "code": code, "message": payloads.joined(separator: " "), "status": status,
        "details": [
          [
            "@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": payloads[0],
            "domain": "googleapis.com", "metadata": ["service": payloads[5]],
          ]
        ],
      ]
    ]
    return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
  }

  func testErrorBodiesOnTheKeyCheckReachTheGeminiFormInert() async throws {
    await gemini.enqueue(.raw(status: 400, body: Self.errorBody(400, status: "INVALID_ARGUMENT")))
    await gemini.enqueue(.raw(status: 403, body: Self.errorBody(403, status: "PERMISSION_DENIED")))
    await gemini.enqueue(.raw(status: 500, body: EscapePayloads.payloads.joined(), contentType: "text/html"))
    let recording = try EscapeInjectionRecording(test: self, environment: gemini.environment)
    let tmux = recording.tmux
    tmux.waitFor("Setup · 0/3")
    recording.noteTitle()
    tmux.send("Enter", "Down", "Enter")
    tmux.waitFor("Google AI Studio")
    tmux.type(Self.geminiKey)
    tmux.send("Enter")
    var screen = tmux.waitFor("The service gave an unexpected answer (HTTP 400).")
    XCTAssertTrue(screen.contains("Google AI Studio"), "still on the form:\n\(screen)")
    tmux.send("C-s")
    screen = tmux.waitFor("The key was refused for this service. Check")
    tmux.send("C-s")
    screen = tmux.waitFor("The service had a problem (HTTP 500).")
    recording.assertTitleUnchanged()
    XCTAssertFalse(FileManager.default.fileExists(atPath: harness.vaultFile.path), "nothing saved")
    try recording.finish()
  }

  func testGenerationFailureAndAGeneratedPlaylistReachTheCreateTabInert() async throws {
    try seedFinishedSetup()
    // Twenty distinct songs (titles and artists carry the payloads), a hostile name and description.
    let songs = (0..<20).map { index -> [String: String] in
      // The second half's artists are shifted, so the artist beside a long title differs between the halves.
      let (titles, artists, shift) = index < 10 ? ("SG-", "SA-", 0) : ("SH-", "SB-", 1)
      return [
        "title": EscapePayloads.all(titles)[index % 10], "artist": EscapePayloads.all(artists)[(index + shift) % 10],
      ]
    }
    let playlist: [String: Any] = [
      "name": "PN-" + EscapePayloads.payloads.dropLast(2).joined(separator: " "),
      "description": "PD-" + EscapePayloads.payloads.joined(separator: " "), "songs": songs,
    ]
    let text = String(decoding: try JSONSerialization.data(withJSONObject: playlist), as: UTF8.self)
    await gemini.enqueue(.raw(status: 400, body: Self.errorBody(400, status: "INVALID_ARGUMENT")))
    await gemini.enqueueGeneration(.answerText(text))

    var environment = gemini.environment
    // Spotify is unreachable: the preview shows every suggested song at once, with "Cannot reach the service".
    environment["VIBES_SPOTIFY_API_URL"] = "http://127.0.0.1:9"
    environment["VIBES_SPOTIFY_ACCOUNTS_URL"] = "http://127.0.0.1:9"
    environment["VIBES_SPOTIFY_CLIENT_ID"] = FakeSpotifyServer.clientID
    let recording = try EscapeInjectionRecording(test: self, environment: environment)
    let tmux = recording.tmux
    tmux.waitFor("Setup · ")
    recording.noteTitle()
    tmux.send(TabID.create.key)
    tmux.waitFor("Create a playlist with Gemini")
    tmux.type("night drive")
    tmux.send("Enter")
    tmux.waitFor("The service had a problem (HTTP 400)")
    tmux.send("Enter")
    var screen = tmux.waitFor("SG-OSC0", timeout: 20)
    screen = tmux.waitFor("Cannot reach the service")
    if ProcessInfo.processInfo.environment["ESCAPE_E2E_DUMP"] == "1" { print(screen) }
    XCTAssertTrue(screen.contains("PN-OSC0"), "the playlist name:\n\(screen)")
    recording.assertNoSpill(screen)
    recording.assertLongRowClipped("SG-LONG", next: "SG-TAIL", in: screen)
    // The preview scrolls: walk it to the end so every song's row is drawn once.
    for _ in 0..<25 {
      tmux.send("Down")
      usleep(30_000)
      recording.assertNoSpill(tmux.capture())
    }
    recording.assertSeen(["PN-OSC0"] + ["SG-", "SH-"].flatMap { tag in EscapePayloads.markers.map { tag + $0 } })
    // An artist after a long title is clipped away: each artist payload shows in one half or the other.
    let screens = tmux.captures.joined(separator: "\n")
    for marker in EscapePayloads.markers where !screens.contains("SA-" + marker) && !screens.contains("SB-" + marker) {
      XCTFail("artist \(marker) never reached the screen")
    }
    try recording.finish()
  }

  /// The vault and database as after a finished setup: Gemini key stored, Spotify connected.
  func seedFinishedSetup() throws {
    let paths = AppPaths(environment: ["HOME": harness.home.path])
    try paths.createDirectories()
    let vault = VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
    try vault.write(Self.geminiKey, for: .geminiAPIKey)
    try vault.write("AQEscapeE2ERefreshToken0123456789", for: .spotifyRefreshToken)
    try vault.write(Self.accessToken, for: .spotifyAccessToken)
    let database = try AppDatabase(path: paths.databaseFile.path)
    try database.saveSpotifyConnected(
      displayName: "Ada Lovelace", userID: "ada", at: Date(), expiresAt: Date().addingTimeInterval(3600))
  }
}
