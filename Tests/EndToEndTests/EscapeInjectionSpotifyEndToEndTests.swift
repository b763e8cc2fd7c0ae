import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// Issue 15, item 7, Spotify: terminal escapes in the display name (the "connected as" line, the checklist's Spotify
/// row, Profile), in artist, album, track and playlist names (Explore search results, an artist's detail, Profile's
/// top lists) and in new releases (Feed cards and a release's detail) reach the screen inert.
final class EscapeInjectionSpotifyEndToEndTests: EndToEndTestCase {
  static let browserScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/fake-browser.py")
  /// Every payload in one display name; "zq" starts every catalog name so one search finds them all.
  static let displayName = EscapePayloads.all("DN-").joined(separator: " ")
  static let tags = ["zqAR-", "zqAL-", "zqTR-", "zqPL-"]

  var accounts: FakeSpotifyServer!
  var web: FakeSpotifyWebServer!

  /// Ten artists, each with one album released in the last ten days holding one track, and ten playlists of the
  /// user: every name one of the payloads. All of them are the user's top artists and tracks.
  static func hostileCatalog(now: Date = Date()) -> FakeSpotifyWebCatalog {
    typealias Catalog = FakeSpotifyWebCatalog
    let day = DateFormatter()
    day.dateFormat = "yyyy-MM-dd"
    day.locale = Locale(identifier: "en_US_POSIX")
    day.timeZone = TimeZone(identifier: "UTC")
    let count = EscapePayloads.payloads.count
    let names = tags.map { EscapePayloads.all($0) }
    // The catalog's element types have no public initialiser: each is a standard element, renamed.
    var catalog = Catalog.standard()
    let (artist, album, track, playlist) = (
      catalog.artists[0], catalog.albums[0], catalog.tracks[0], catalog.playlists[0]
    )
    catalog.artists = (0..<count).map { index in
      var hostile = artist
      (hostile.id, hostile.name) = (Catalog.id("escart\(index)"), names[0][index])
      return hostile
    }
    catalog.albums = (0..<count).map { index in
      var hostile = album
      (hostile.id, hostile.name, hostile.type) = (Catalog.id("escalb\(index)"), names[1][index], "album")
      hostile.releaseDate = day.string(from: now.addingTimeInterval(-Double(index + 1) * 86_400))
      (hostile.precision, hostile.artistID) = ("day", catalog.artists[index].id)
      hostile.trackIDs = [Catalog.id("esctrk\(index)")]
      return hostile
    }
    catalog.tracks = (0..<count).map { index in
      var hostile = track
      (hostile.id, hostile.name, hostile.number) = (Catalog.id("esctrk\(index)"), names[2][index], 1)
      (hostile.albumID, hostile.artistIDs) = (catalog.albums[index].id, [catalog.artists[index].id])
      return hostile
    }
    catalog.playlists = (0..<count).map { index in
      var hostile = playlist
      (hostile.id, hostile.name, hostile.description) = (Catalog.id("escpls\(index)"), names[3][index], "")
      hostile.items = ["spotify:track:\(catalog.tracks[index].id)"]
      return hostile
    }
    catalog.displayName = displayName
    let ranges = ["short_term", "medium_term", "long_term"]
    let artistIDs = catalog.artists.map(\.id)
    let trackIDs = catalog.tracks.map(\.id)
    catalog.topArtists = Dictionary(uniqueKeysWithValues: ranges.map { ($0, artistIDs) })
    catalog.topTracks = Dictionary(uniqueKeysWithValues: ranges.map { ($0, trackIDs) })
    return catalog
  }

  override func setUp() async throws {
    try await super.setUp()
    accounts = try await serve(FakeSpotifyServer(displayName: Self.displayName))
    web = try await serve(FakeSpotifyWebServer(accounts: accounts, catalog: Self.hostileCatalog()))
  }

  /// Presses `key` until the selected row (marked "›") holds `text`, waiting for each move to be drawn; checks every
  /// screen on the way for a spilled long line.
  func move(
    _ key: String, to text: String, in recording: EscapeInjectionRecording, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let tmux = recording.tmux
    func selected() -> String {
      let screen = tmux.capture()
      recording.assertNoSpill(screen, file: file, line: line)
      return screen.components(separatedBy: "\n").first { $0.hasPrefix(" ›") } ?? ""
    }
    var current = selected()
    for _ in 0..<60 where !current.contains(text) {
      tmux.send(key)
      let deadline = Date().addingTimeInterval(2)
      // A capture can catch a frame half drawn (no "›" row yet): only a drawn, different row counts as the move.
      var next = selected()
      while next == current || next.isEmpty, Date() < deadline {
        usleep(20_000)
        next = selected()
      }
      if next == current { break }
      // Read the row again once the frame is done: a half-drawn row taken for the move would put the walk one key
      // behind (and then past the target).
      usleep(next.contains(text) ? 80_000 : 25_000)
      let settled = selected()
      current = settled.isEmpty ? next : settled
    }
    XCTAssertTrue(current.contains(text), "\(text) not selected:\n\(tmux.captures.last ?? "")", file: file, line: line)
  }

  func dump(_ label: String, _ screen: String) {
    if ProcessInfo.processInfo.environment["ESCAPE_E2E_DUMP"] == "1" { print("=== \(label)\n\(screen)") }
  }

  func testDisplayNameCatalogNamesAndNewReleasesReachTheScreenInert() async throws {
    var environment = accounts.environment
    environment["VIBES_SPOTIFY_API_URL"] = web.baseURL.absoluteString
    environment["BROWSER"] = "/usr/bin/python3 \(Self.browserScript.path)"
    let recording = try EscapeInjectionRecording(test: self, environment: environment)
    let tmux = recording.tmux
    tmux.waitFor("Setup · ")
    recording.noteTitle()

    // Connect: back on the checklist, the Spotify row shows the name clipped to its cell, the other rows intact.
    tmux.send(TabID.explore.key)
    tmux.waitFor("Press Enter to connect Spotify.")
    tmux.send("Enter")
    tmux.waitFor("Connect with Spotify")
    tmux.send("Enter")
    var screen = tmux.waitFor("Spotify connected.", timeout: 15)
    dump("checklist", screen)
    let rows = screen.components(separatedBy: "\n")
    let spotify = rows.first { $0.contains("Spotify") && $0.contains("✓") } ?? ""
    XCTAssertTrue(spotify.contains("DN-OSC0"), "the name is shown:\n\(screen)")
    XCTAssertTrue(spotify.hasPrefix(" │› ✓ Spotify") && spotify.hasSuffix("│"), "the row is intact:\n\(screen)")
    XCTAssertEqual(rows.filter { $0.contains("✓") }.count, 1, "one step done, no fake row:\n\(screen)")
    for step in ["Gemini API Key", "Ticketmaster"] {
      XCTAssertTrue(rows.contains { $0.contains(step) && $0.contains("not configured") }, "\(step) row:\n\(screen)")
    }
    recording.assertNoSpill(screen)
    recording.assertTitleUnchanged()
    // Esc leaves the checklist Explore's prompt opened and returns to Explore; 1 shows the Feed.
    tmux.send("Escape")
    tmux.waitFor("press / to search")
    tmux.send(TabID.feed.key)
    tmux.waitFor("Setup · 1/3 complete")

    // The Feed's new releases (`r`: a Spotify-only Feed refreshes on demand), and one release's tracklist.
    tmux.send("r")
    screen = tmux.waitFor("zqAL-TAIL", timeout: 15)
    dump("feed", screen)
    recording.assertNoSpill(screen)
    tmux.send("Down", "Enter")
    screen = tmux.waitFor("zqTR-OSC0")
    dump("release", screen)
    recording.assertNoSpill(screen)
    tmux.send("Escape")
    tmux.waitFor("zqAL-TAIL")

    // Explore: one search finds every name; the list is shown from top to end, then an artist's detail opens.
    tmux.send(TabID.explore.key)
    tmux.waitFor("press / to search")
    tmux.send("/")
    tmux.type("zq")
    screen = tmux.waitFor("zqTR-OSC0")
    dump("search", screen)
    tmux.send("Enter")
    // To the end of the list (the rows between were on the first screen or are on the last); Spotify's playlist
    // page holds a null first, so the tenth playlist is behind "more…". Then back to the top and down to an artist.
    move("End", to: "more…", in: recording)
    tmux.send("Enter")
    tmux.waitFor("zqPL-TAIL")
    move("End", to: "zqPL-TAIL", in: recording)
    move("Home", to: "zqTR-OSC0", in: recording)
    move("Down", to: "zqAR-OSC0 x  dream pop", in: recording)
    tmux.send("Enter")
    screen = tmux.waitFor("Popular")
    dump("artist", screen)
    recording.assertNoSpill(screen)

    // Profile: the display name and the top lists.
    tmux.send(TabID.profile.key)
    screen = tmux.waitFor("Listening stats")
    screen = tmux.waitFor("zqAR-OSC0")
    dump("profile", screen)
    recording.assertNoSpill(screen)
    tmux.send("Right")
    tmux.waitFor("zqTR-OSC0")

    recording.assertSeen(["DN-OSC0"] + Self.tags.flatMap { tag in EscapePayloads.markers.map { tag + $0 } })
    try recording.finish(links: EscapePayloads.serviceLinks + [accounts.baseURL.absoluteString + "/authorize"])
  }
}
