import Foundation
import VibesCore
import VibesStorage
import VibesTestSupport
import XCTest

/// Issue 15, item 7, the user's clipboard: a bracketed paste carrying the payloads into a text field reaches the
/// screen inert: the Create prompt, the Gemini key field (masked: only the raw bytes and the row can be checked) and
/// the Ticketmaster city field, whose saved city is then shown in the "Saved." notice.
final class EscapeInjectionPasteEndToEndTests: EndToEndTestCase {
  static let geminiKey = "AIzaSyPasteE2EKey0123456789abcdefXYZ"
  static let ticketmasterKey = "TmPasteKey0123456789"

  var ticketmaster: FakeTicketmasterServer!

  override func setUp() async throws {
    try await super.setUp()
    ticketmaster = try await serve(
      FakeTicketmasterServer(validKeys: [Self.ticketmasterKey], eventsByCity: ["Berlin": 3]))
    // As after a finished Gemini and Spotify setup, so the Create prompt is open for typing.
    try harness.seedFinishedSetup(
      geminiKey: Self.geminiKey, spotifyAccessToken: "BQPasteE2EAccessToken0123456789",
      spotifyRefreshToken: "AQPasteE2ERefreshToken0123456789")
  }

  func testPastesIntoThePromptTheKeyAndTheCityFieldReachTheScreenInert() async throws {
    var environment = ticketmaster.environment
    environment["VIBES_SPOTIFY_API_URL"] = "http://127.0.0.1:9"
    environment["VIBES_SPOTIFY_ACCOUNTS_URL"] = "http://127.0.0.1:9"
    environment["VIBES_SPOTIFY_CLIENT_ID"] = FakeSpotifyServer.clientID
    let recording = try EscapeInjectionRecording(test: self, environment: environment)
    let tmux = recording.tmux
    tmux.waitFor("Setup · 2/3")
    recording.noteTitle()

    // The Gemini key field: every payload at once; the field shows only dots, on its own row.
    tmux.send("Enter")
    tmux.waitFor("Setup checklist")
    tmux.send("Down", "Enter")
    tmux.waitFor("Google AI Studio")
    try recording.paste(EscapePayloads.payloads.joined())
    var screen = tmux.waitFor("API key  •")
    let keyRow = screen.components(separatedBy: "\n").first { $0.contains("API key  •") } ?? ""
    XCTAssertTrue(keyRow.drop { $0 != "•" }.allSatisfy { $0 == "•" || $0 == "…" || $0 == " " }, screen)
    XCTAssertTrue(screen.contains("[ Save ]"), "the row after the field is intact:\n\(screen)")
    tmux.send("Escape")
    tmux.waitFor("Setup checklist")

    // The Ticketmaster city: each payload pasted and seen; the last one is saved and named in the notice.
    tmux.send("Down", "Enter")
    tmux.waitFor("Developer Portal")
    tmux.type(Self.ticketmasterKey)
    tmux.send("Tab")
    for (index, payload) in EscapePayloads.all("CI-").enumerated() {
      tmux.send("End", "C-u")
      try recording.paste(payload)
      tmux.send("Home")  // a long paste leaves the field scrolled to its end
      screen = tmux.waitFor("CI-" + EscapePayloads.markers[index])
      recording.assertNoSpill(screen)
    }
    tmux.send("End", "C-u")
    try recording.paste("CI-SAVED " + EscapePayloads.payloads.dropLast(2).joined())
    tmux.send("C-s")
    screen = tmux.waitFor("No upcoming events in CI-SAVED", timeout: 15)
    recording.assertNoSpill(screen)
    let city = await ticketmaster.recordedRequests().last?.queryValue("city") ?? ""
    XCTAssertTrue(
      city.hasPrefix("CI-SAVED OSC0 x"), "the city sent is the field's clean text: \(city.debugDescription)")
    XCTAssertFalse(city.unicodeScalars.contains { $0.properties.generalCategory == .control }, city.debugDescription)

    // The Create prompt: each payload pasted, seen, cleared.
    tmux.send(TabID.create.key)
    tmux.waitFor("Create a playlist with Gemini")
    for (index, payload) in EscapePayloads.all("PR-").enumerated() {
      try recording.paste(payload)
      tmux.send("Home")  // a long paste leaves the field scrolled to its end
      let screen = tmux.waitFor("PR-" + EscapePayloads.markers[index])
      recording.assertNoSpill(screen)
      tmux.send("End", "C-u")
      tmux.waitForAbsence("PR-" + EscapePayloads.markers[index])
    }

    recording.assertSeen(EscapePayloads.markers.flatMap { ["PR-" + $0, "CI-" + $0] })
    try recording.finish()
  }
}
