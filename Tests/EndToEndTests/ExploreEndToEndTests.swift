import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// Explore and Profile with the real binary in tmux: Spotify connected through the accounts fake and the
/// scripted browser, the Web API fake (with escape sequences in names) behind `VIBES_SPOTIFY_API_URL`.
final class ExploreEndToEndTests: EndToEndTestCase {
  static let browserScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/fake-browser.py")

  var accounts: FakeSpotifyServer!
  var web: FakeSpotifyWebServer!

  override func setUp() async throws {
    try await super.setUp()
    accounts = try await serve(FakeSpotifyServer())
    web = try await serve(FakeSpotifyWebServer(accounts: accounts, catalog: .standard(hostileNames: true)))
  }

  func launch() throws -> Tmux {
    var environment = accounts.environment
    environment["VIBES_SPOTIFY_API_URL"] = web.baseURL.absoluteString
    environment.merge(VibesHarness.fakeBrowser(writingTo: scratch.appendingPathComponent("redirect.txt"))) { $1 }
    return try startVibes(environment)
  }

  func requests(_ method: String, _ path: String) async -> Int {
    await web.recordedRequests().filter { $0.method == method && $0.path == path }.count
  }

  /// Issue 20 item 10: Your library from the empty search, your playlist opened from it, a song moved and one
  /// removed (after y), each sent once.
  func testYourLibraryOpensYourPlaylistWhereASongIsMovedAndRemoved() async throws {
    let tmux = try launch()
    tmux.waitFor("Setup · ")
    tmux.send(TabID.explore.key)
    tmux.waitFor("Press Enter to connect Spotify.")
    tmux.send("Enter")
    tmux.waitFor("Connect with Spotify")
    tmux.send("Enter")
    tmux.waitFor("connected as Ada Lovelace", timeout: 15)
    tmux.send("Escape")
    tmux.waitFor("Your library")
    tmux.send("l")
    tmux.send("Down")
    tmux.send("Down")
    tmux.send("Enter")
    tmux.waitFor("Your library Your playlists")
    tmux.waitFor("Late Night", timeout: 10)
    tmux.send("Enter")
    tmux.waitFor("Playlist Late Night", timeout: 10)
    tmux.send("J")
    tmux.waitFor("Moved in Late Night", timeout: 10)
    tmux.send("x")
    tmux.waitFor("y removes it")
    tmux.send("y")
    tmux.waitFor("Removed from Late Night", timeout: 10)
    let path = "/v1/playlists/\(FakeSpotifyWebCatalog.ownPlaylistID)/items"
    let moves = await requests("PUT", path)
    let removals = await requests("DELETE", path)
    XCTAssertEqual(moves, 1)
    XCTAssertEqual(removals, 1)
    let items = await web.catalog().playlists.first { $0.id == FakeSpotifyWebCatalog.ownPlaylistID }?.items ?? []
    XCTAssertEqual(items.count, 3, "one of the four entries removed")
  }

  func testConnectSearchOpenArtistAndAlbumSaveAddToPlaylistAndShowStats() async throws {
    let tmux = try launch()
    tmux.waitFor("Setup · ")
    tmux.send(TabID.explore.key)
    tmux.waitFor("Press Enter to connect Spotify.")
    tmux.send("Enter")  // Explore's prompt opens the Spotify step
    tmux.waitFor("Connect with Spotify")
    tmux.send("Enter")
    tmux.waitFor("connected as Ada Lovelace", timeout: 15)
    // Esc leaves the checklist the prompt opened and returns to Explore, where it came from.
    tmux.send("Escape")
    tmux.waitFor("press / to search")
    tmux.send("/")
    tmux.type("aurora")
    var screen = tmux.waitFor("Tracks", timeout: 10)
    screen = tmux.waitFor("Aurora Lines")
    let searches = await web.recordedRequests().filter { $0.path == "/v1/search" }
    XCTAssertEqual(searches.count, 1, "one request for the settled query")
    XCTAssertEqual(searches.first?.queryValue("q"), "aurora")

    // To the list; 10 tracks and their "more", then the artist.
    tmux.send("Enter")
    for _ in 0..<11 { tmux.send("Down") }
    tmux.send("Enter")
    tmux.waitFor("Artist Aurora Lines")
    screen = tmux.waitFor("Popular")
    XCTAssertTrue(screen.contains("Albums"), screen)
    // Popular holds 10 tracks; the first album (newest) is Night Swim.
    for _ in 0..<10 { tmux.send("Down") }
    tmux.send("Enter")
    screen = tmux.waitFor("Album Night Swim")
    XCTAssertTrue(screen.contains("1. Night Swim I"), screen)

    tmux.send("s")
    tmux.waitFor("Saved to your library")
    let puts = await requests("PUT", "/v1/me/library")
    XCTAssertEqual(puts, 1)

    tmux.send("a")
    tmux.waitFor("to playlist")
    tmux.waitFor("Late Night")
    tmux.send("Enter")
    tmux.waitFor("Already in")  // Late Night already holds Night Swim I
    tmux.send("Enter")
    tmux.waitFor("Added to Late Night")
    let posts = await requests("POST", "/v1/playlists/\(FakeSpotifyWebCatalog.ownPlaylistID)/items")
    XCTAssertEqual(posts, 1)

    // Esc pops back to the artist, then to the results.
    tmux.send("Escape")
    tmux.waitFor("Artist Aurora Lines")
    tmux.send("Escape")
    tmux.waitFor("Search aurora")

    tmux.send(TabID.profile.key)
    tmux.waitFor("Listening stats")
    tmux.waitFor("Delta Nine")
    tmux.send("Right")
    tmux.waitFor("Cinder Vale")
    tmux.send("Right")
    screen = tmux.waitFor("Top genres")
    var ranges = Set<String>()
    for _ in 0..<100 where ranges.count < 3 {
      ranges = Set(await web.recordedRequests().compactMap { $0.queryValue("time_range") })
      usleep(50_000)
    }
    XCTAssertEqual(ranges, ["short_term", "medium_term", "long_term"])

    let everything = tmux.captures.joined(separator: "\n")
    XCTAssertFalse(everything.contains("evil.example"), "escape sequences in names reach the screen inert")
    XCTAssertFalse(everything.contains("\u{1B}"))
    tmux.send("C-c")
    tmux.waitForExit()
  }
}
