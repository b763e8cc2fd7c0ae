import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let drawnScreen = Driver.Exhaustivity.nonExhaustive(because: "checks the drawn Feed cards at 80x24 and 60x20")

/// The living Feed drawn at the two sizes that matter (80×24 and the 60×20 floor-ish), text and styles.
final class FeedCardScreenTests: XCTestCase {
  static let sizes = [(80, 24), (60, 20)]
  let facts = SetupFacts(storedSecrets: [.ticketmaster, .spotify], ticketmasterCity: "Berlin")
  let now = Date(timeIntervalSince1970: 1_900_000_000)

  func screen(_ width: Int, _ height: Int, cards: [FeedCard?]) -> Driver {
    var screen = Driver.screen(drawnScreen, facts: facts, width: width, height: height)
    screen.send(.feedWindowLoaded(total: cards.count, offset: 0, items: cards))
    return screen
  }

  func testEachCardKindIsRecognisableByLabelAndSymbolNotColourAlone() {
    for (width, height) in Self.sizes {
      let cards: [FeedCard?] = [
        .concert(FeedFixtures.concert(1, matchedArtist: "Band 1")), .newRelease(FeedFixtures.release(2)),
        .concert(FeedFixtures.concert(3, status: .canceled)), nil,
      ]
      let grid = screen(width, height, cards: cards).render()
      let concertRow = grid.row(containing: "♪ Concert")!
      // Short of room, the venue (shown in the detail) gives way so who you listen to stays readable.
      XCTAssertTrue(
        grid.lines[concertRow].contains(width >= 80 ? "Band 1 · Venue 1" : "Band 1 · you listen"), grid.text)
      // Narrower still (60 columns), the time gives way too (issue 20 item 8): the date stays, and so does the
      // whole "you listen to them".
      XCTAssertTrue(
        grid.lines[concertRow].contains(width >= 80 ? "2030-01-02 20:00" : "2030-01-02"),
        "\(width): \(grid.lines[concertRow])")
      XCTAssertEqual(grid.style(of: "♪ Concert", inRow: concertRow)?.attributes, [.bold])
      XCTAssertTrue(grid.lines[concertRow].contains("you listen to them"), grid.lines[concertRow])

      let releaseRow = grid.row(containing: "◆ New release")!
      XCTAssertTrue(grid.lines[releaseRow].contains("Album 2 · Artist 2"), grid.lines[releaseRow])
      XCTAssertTrue(grid.lines[releaseRow].contains("2030-01-10"), grid.lines[releaseRow])
      XCTAssertEqual(releaseRow, concertRow + 1)

      let cancelled = grid.row(containing: "cancelled · 2030-01-04")
      XCTAssertEqual(cancelled, releaseRow + 1, grid.text)
      XCTAssertEqual(grid.row(containing: "A card from a newer vibes"), releaseRow + 2, grid.text)
      XCTAssertLessThanOrEqual(grid.lines.map { DisplayWidth.of($0) }.max() ?? 0, width)
    }
  }

  func testSelectedCardIsHighlightedWithAMarker() {
    var screen = screen(80, 24, cards: FeedFixtures.concerts(0..<3))
    screen.press(.down, .down)
    let grid = screen.render()
    let row = grid.row(containing: "Band 1 · Venue 1")!
    XCTAssertTrue(grid.lines[row].hasPrefix(" ›"), grid.lines[row])
    XCTAssertTrue(grid.style(of: "Band 1 · Venue 1", inRow: row)?.attributes.contains(.reverse) ?? false)
  }

  func testStatusLineSaysUpdatedUpdatingOfflineAndRateLimited() {
    for (width, height) in Self.sizes {
      var screen = screen(width, height, cards: FeedFixtures.concerts(0..<2))
      screen.send(.feed(.feedStatusLoaded(updatedAt: now.addingTimeInterval(-5 * 60), now: now)))
      var grid = screen.render()
      XCTAssertEqual(grid.row(containing: "Updated 5 min ago"), 5, "right under the SetupCard:\n\(grid.text)")

      screen.press(.character("r"))
      XCTAssertEqual(screen.render().row(containing: "Updating…"), 5)
      let id = screen.state.feed.refresh.phase == .idle ? 0 : requestID(screen.state)
      screen.send(
        .feed(
          .refreshFinished(
            requestID: id,
            FeedRefreshReport(outcome: .offline(cachedAt: nil), updatedAt: now.addingTimeInterval(-3 * 3600), now: now))
        ))
      grid = screen.render()
      let offline = grid.row(containing: "Offline · showing what was cached 3 h ago")
      XCTAssertEqual(offline, 5, grid.text)
      XCTAssertEqual(grid.style(of: "Offline", inRow: 5)?.foreground, .yellow)
      XCTAssertNotNil(grid.row(containing: "Band 0"), "the cached cards stay")

      screen.press(.character("r"))
      screen.send(
        .feed(
          .refreshFinished(
            requestID: requestID(screen.state),
            FeedRefreshReport(outcome: .rateLimited(retryAfterSeconds: 60), updatedAt: nil, now: now))))
      XCTAssertEqual(
        screen.render().row(containing: "Ticketmaster asks to slow down · next try in 60 s"), 5, screen.render().text)
    }
  }

  func testTheClockMovesUpdatedAgoOnAndQueuedActionsShowUntilTheyDrain() {
    for (width, height) in Self.sizes {
      var screen = screen(width, height, cards: FeedFixtures.concerts(0..<2))
      screen.send(.feed(.feedStatusLoaded(updatedAt: now.addingTimeInterval(-5 * 60), now: now)))
      screen.send(.clockTicked(now.addingTimeInterval(7 * 60)))
      var grid = screen.render()
      XCTAssertEqual(grid.row(containing: "Updated 12 min ago"), 5, "the tick alone moved it on:\n\(grid.text)")

      screen.send(.feed(.pendingSyncCounted(2)))
      grid = screen.render()
      XCTAssertEqual(grid.row(containing: "Updated 12 min ago · 2 waiting to sync"), 5, grid.text)
      XCTAssertEqual(
        grid.style(of: "2 waiting to sync", inRow: 5), grid.style(of: "Updated", inRow: 5), "one quiet line")
      XCTAssertLessThanOrEqual(grid.lines.map { DisplayWidth.of($0) }.max() ?? 0, width)

      screen.send(.feed(.pendingSyncCounted(0)))
      grid = screen.render()
      XCTAssertNil(grid.row(containing: "waiting to sync"), grid.text)
      XCTAssertEqual(grid.row(containing: "Updated 12 min ago"), 5)
    }
  }

  func testSpotifyAllowlistProblemIsNamedOnTheStatusLine() {
    var screen = screen(80, 24, cards: FeedFixtures.concerts(0..<1))
    screen.press(.character("r"))
    screen.send(
      .feed(
        .refreshFinished(
          requestID: requestID(screen.state),
          FeedRefreshReport(
            outcome: .updated(count: 1, at: now), updatedAt: now, now: now,
            spotifyProblem: "Spotify: this account is not on the app's user list"))))
    XCTAssertTrue(screen.render().lines[5].contains("Updated just now · Spotify: this account is not on"))
  }

  func testEmptyStatesSayWhatToDo() {
    var noCity = Driver.screen(drawnScreen, facts: SetupFacts(), width: 60, height: 20)
    noCity.send(.feedWindowLoaded(total: 0, offset: 0, items: []))
    var grid = noCity.render()
    XCTAssertNotNil(grid.row(containing: "Set up Ticketmaster to see concerts"), grid.text)
    XCTAssertNotNil(grid.row(containing: "Connect Spotify to see new music"), grid.text)

    var noConcerts = Driver.screen(drawnScreen, facts: facts)
    noConcerts.send(.feedWindowLoaded(total: 0, offset: 0, items: []))
    noConcerts.send(.feed(.feedStatusLoaded(updatedAt: now, now: now)))
    grid = noConcerts.render()
    XCTAssertNotNil(grid.row(containing: "No upcoming concerts found in Berlin"), grid.text)
    XCTAssertNil(grid.row(containing: "Connect Spotify"), "Spotify is connected")
  }

  func testConcertDetailShowsEverythingAndTheBuyTicketsLink() {
    for (width, height) in Self.sizes {
      var screen = screen(width, height, cards: [.concert(FeedFixtures.concert(3, matchedArtist: "Band 3"))])
      screen.press(.down, .enter)
      var text = ""
      var links: [String] = []
      var statusStyle: CellStyle?
      for page in 0..<3 {
        if page > 0 { screen.press(.pageDown) }
        let grid = screen.render()
        text += grid.text
        links += grid.links.map(\.url)
        if let row = grid.row(containing: "on sale") { statusStyle = grid.style(of: "on sale", inRow: row) }
      }
      for expected in [
        "Band 3 Live", "you listen to Band 3", "Line-up", "Band 3, Support 3", "2030-01-04 20:00 (Europe/Berlin)",
        "Venue 3", "Street 3, Berlin, DE", "standard 35.00–80.00 EUR", "Public sale", "2030-01-01 00:00 UTC",
        "Buy tickets", "o open tickets",
      ] {
        XCTAssertTrue(text.contains(expected), "\(width)×\(height) lacks \(expected):\n\(text)")
      }
      XCTAssertEqual(statusStyle?.foreground, .green)
      XCTAssertTrue(links.contains("https://www.ticketmaster.de/event/ev3"), "\(links)")
      XCTAssertTrue(
        links.contains("https://www.openstreetmap.org/search?query=Venue%203%2C%20Street%203%2C%20Berlin"), "\(links)")
    }
  }

  func testConcertDetailWithMissingFieldsShowsWhatIsThere() {
    let bare = ConcertCard(eventID: "x", name: "Mystery Show", localDate: "2030-02-01")
    var screen = screen(60, 20, cards: [.concert(bare)])
    screen.press(.down, .enter)
    let grid = screen.render()
    XCTAssertNotNil(grid.row(containing: "Mystery Show"))
    XCTAssertNotNil(grid.row(containing: "not announced"), grid.text)
    XCTAssertNil(grid.row(containing: "Buy tickets"))
    XCTAssertNil(grid.row(containing: "Line-up"))
    XCTAssertTrue(grid.links.isEmpty)
  }

  func testReleaseDetailShowsTheNumberedTracklistAndTotal() {
    for (width, height) in Self.sizes {
      var screen = screen(width, height, cards: [.newRelease(FeedFixtures.release(4))])
      screen.press(.down, .enter)
      XCTAssertNotNil(screen.render().row(containing: "Loading the tracklist…"))
      screen.send(
        .feed(
          .releaseLoaded(
            requestID: requestID(screen.state),
            .success([
              ReleaseTrack(number: 1, name: "Opening", durationMs: 187_000),
              ReleaseTrack(number: 2, name: "Closing", durationMs: 263_500),
            ]))))
      let grid = screen.render()
      let first = grid.row(containing: "1. Opening")!
      XCTAssertTrue(grid.lines[first].hasSuffix("3:07"), grid.lines[first])
      XCTAssertEqual(grid.row(containing: "2. Closing"), first + 1)
      XCTAssertNotNil(grid.row(containing: "Total 7:30"), grid.text)
      XCTAssertNotNil(grid.row(containing: "◆ New release · by Artist 4"))
      XCTAssertTrue(grid.links.map(\.url).contains("https://open.spotify.com/album/al4"), grid.text)
      XCTAssertNotNil(grid.row(containing: "Open in Spotify"))
    }
  }

  func testReleaseDetailNamesTheAllowlistRefusal() {
    var screen = screen(60, 20, cards: [.newRelease(FeedFixtures.release(4))])
    screen.press(.down, .enter)
    screen.send(
      .feed(
        .releaseLoaded(
          requestID: requestID(screen.state),
          .failure(FeedLoadFailure("Spotify: this account is not on the app's user list.")))))
    let grid = screen.render()
    XCTAssertNotNil(grid.row(containing: "not on the app's user list"), grid.text)
  }

  func testEscapeSequencesInNetworkNamesReachTheScreenInert() {
    let evil = ConcertCard(
      eventID: "evil", name: "Gig\u{1B}]0;pwned\u{07}\u{1B}[2J Night",
      attractions: [.init(name: "Band\u{1B}]52;c;cHduZWQ=\u{07}\u{202E}X")],
      localDate: "2030-03-01", venueName: "Hall\u{9B}2J\u{85}\u{1B}]8;;https://evil.example\u{07}A",
      url: "https://tickets.example/e\u{1B}[2J")
    var release = FeedFixtures.release(1, name: "Album\u{1B}P+q\u{1B}\\\u{202D}")
    release.artists = ["Art\u{1B}[31mist"]
    for (width, height) in Self.sizes {
      var screen = screen(width, height, cards: [.concert(evil), .newRelease(release)])
      var grids = [screen.render()]
      screen.press(.down, .enter)
      grids.append(screen.render())
      screen.press(.pageDown)
      grids.append(screen.render())
      for grid in grids {
        for bad in ["\u{1B}", "\u{07}", "\u{9B}", "\u{85}", "\u{202E}", "\u{202D}", "pwned", "cHduZWQ"] {
          XCTAssertFalse(grid.text.contains(bad), "\(bad.unicodeScalars.first!.value) reached the screen")
        }
        for link in grid.links {
          XCTAssertFalse(link.url.unicodeScalars.contains { $0.value < 0x21 || (0x7F...0x9F).contains($0.value) })
          XCTAssertTrue(
            link.url.hasPrefix("https://www.openstreetmap.org/search?query=") || link.url.hasPrefix("https://tickets."),
            link.url)
        }
      }
      XCTAssertNotNil(grids[0].row(containing: "BandX · HallA"), grids[0].text)
      XCTAssertNotNil(grids[0].row(containing: "Album · Artist"), grids[0].text)
      XCTAssertNotNil(grids[1].row(containing: "Gig Night"), grids[1].text)
    }
  }

  func testCreatedPlaylistCardSaysYouCreatedIt() {
    let created = CreatedPlaylistCard(
      playlistID: "PL1", name: "Night\u{1B}[2J Drive", url: "https://open.spotify.com/playlist/PL1", trackCount: 18,
      createdAt: now)
    for (width, height) in Self.sizes {
      let grid = screen(width, height, cards: [FeedCard(.createdPlaylist(created)), .concert(FeedFixtures.concert(1))])
        .render()
      let row = grid.row(containing: "✚ Playlist")!
      XCTAssertTrue(grid.lines[row].contains("You created Night Drive"), grid.lines[row])
      XCTAssertTrue(grid.lines[row].contains("18 songs"), grid.lines[row])
    }
    var screen = screen(80, 24, cards: [FeedCard(.createdPlaylist(created))])
    screen.press(.down, .enter)
    XCTAssertEqual(screen.state.context.navigationRequest, nil, "the root acted on the request")
    XCTAssertEqual(screen.state.selectedTab, TabID.explore, "Explore shows the playlist")
  }

  func requestID(_ state: AppState) -> Int {
    if case .updating(let id) = state.feed.refresh.phase { return id }
    if case .release(let detail)? = state.feed.path.last, case .loading(let id) = detail.tracks { return id }
    return -1
  }
}
