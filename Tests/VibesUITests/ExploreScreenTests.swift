import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let drawnScreen = Driver.Exhaustivity.nonExhaustive(
  because: "checks the drawn Explore and Profile screens: text, styled spans, sanitised text")

/// The Explore and Profile screens at 80×24 and 60×20: text and styled spans, sanitised network text.
final class ExploreScreenTests: XCTestCase {
  func connected(width: Int = 80, height: Int = 24) -> Driver {
    var screen = Driver.screen(drawnScreen, facts: SetupFacts(storedSecrets: [.spotify]), width: width, height: height)
    screen.press(.tabKey(.explore))
    return screen
  }

  func withResults(_ results: SearchResults, width: Int = 80, height: Int = 24) -> Driver {
    var screen = connected(width: width, height: height)
    screen.press(.character("/"))
    for character in "aurora" { screen.press(.character(character)) }
    let timer = screen.state.explore.pendingTimerID!
    screen.send(.explore(.searchDue(timerID: timer)))
    guard case .loading(let id, _) = screen.state.explore.search else {
      XCTFail("not loading")
      return screen
    }
    screen.send(.explore(.searchFinished(requestID: id, query: "aurora", .success(results))))
    return screen
  }

  func testTabBarListsTheMusicTabsRightAfterTheFeedAndFits80Columns() {
    let grid = connected().render()
    XCTAssertTrue(grid.lines[0].contains("1 Feed   2 Explore   3 Create   4 Profile"), grid.lines[0])
    XCTAssertLessThanOrEqual(DisplayWidth.of(grid.lines[0]), 80)
  }

  func testWithoutSpotifyTheTabExplainsWhy() {
    var screen = Driver.screen(drawnScreen, facts: SetupFacts())
    screen.press(.tabKey(.explore))
    let grid = screen.render()
    XCTAssertNotNil(grid.row(containing: "Spotify is not connected"), grid.text)
    let row = grid.row(containing: "Press Enter to connect Spotify.")!
    XCTAssertEqual(grid.style(of: "Press Enter", inRow: row)?.foreground, .yellow)
    XCTAssertTrue(grid.lines[23].contains("Enter connect Spotify"), grid.lines[23])
  }

  func testTheFieldShowsTheCursorAndTheLoadingIndicator() {
    var screen = connected()
    screen.press(.character("/"))
    for character in "au" { screen.press(.character(character)) }
    screen.send(.explore(.searchDue(timerID: screen.state.explore.pendingTimerID!)))
    let grid = screen.render()
    XCTAssertNotNil(grid.row(containing: "Search au"), grid.text)
    XCTAssertEqual(grid.cursor?.row, grid.row(containing: "Search au"))
    let row = grid.row(containing: "Searching…")!
    XCTAssertEqual(grid.style(of: "Searching…", inRow: row)?.foreground, .yellow)
  }

  func testResultsAreGroupedWithMoreAndTheSelectionHighlighted() {
    var screen = withResults(MusicFixtures.results())
    screen.press(.enter)  // to the list
    let grid = screen.render()
    let tracks = grid.row(containing: "Tracks")!
    let artists = grid.row(containing: "Artists")!
    let albums = grid.row(containing: "Albums")!
    let playlists = grid.row(containing: "Playlists")!
    XCTAssertTrue(tracks < artists && artists < albums && albums < playlists, grid.text)
    XCTAssertEqual(grid.style(of: "Tracks", inRow: tracks)?.attributes.contains(.bold), true)
    let tide = grid.row(containing: "Tide")!
    XCTAssertTrue(grid.style(of: "Tide", inRow: tide)?.attributes.contains(.reverse) ?? false)
    XCTAssertTrue(grid.lines[tide].contains("Aurora Lines  3:05"), grid.lines[tide])
    XCTAssertNotNil(grid.row(containing: "more…"))
    XCTAssertNotNil(grid.row(containing: "Night Swim  Aurora Lines (2019)"), grid.text)
  }

  func testEmptyResultsSaySo() {
    let grid = withResults(SearchResults()).render()
    XCTAssertNotNil(grid.row(containing: "No results for “aurora”"), grid.text)
  }

  func testRecentSearchesShowUnderTheEmptyField() {
    var screen = connected()
    screen.send(.explore(.recentLoaded(["night swim", "basalt"], queued: 3)))
    let grid = screen.render()
    XCTAssertNotNil(grid.row(containing: "Recent searches"))
    XCTAssertGreaterThan(grid.row(containing: "basalt")!, grid.row(containing: "night swim")!)
    XCTAssertNotNil(grid.row(containing: "3 actions waiting to be sent"), grid.text)
  }

  func testNetworkTextWithEscapesIsInertAndClipped() {
    var hostile = MusicFixtures.results(
      trackName: "Evil\u{1B}[2J\u{1B}]52;c;cHduZWQ=\u{07} Song " + String(repeating: "x", count: 200))
    hostile.artists.items[0].name = "Bad\u{1B}]8;;http://evil.example\u{07}Artist\u{202E}"
    for (width, height) in [(80, 24), (60, 20)] {
      let grid = withResults(hostile, width: width, height: height).render()
      XCTAssertFalse(grid.text.contains("\u{1B}"), "no escape reaches the screen")
      XCTAssertFalse(grid.text.contains("\u{202E}"))
      XCTAssertNotNil(grid.row(containing: "Evil Song xxx"), grid.text)
      XCTAssertNotNil(grid.row(containing: "BadArtist"), grid.text)
      XCTAssertTrue(grid.lines.allSatisfy { DisplayWidth.of($0) <= width }, "clipped to the cell")
    }
  }

  func testAlbumScreenAt80And60Columns() {
    for (width, height) in [(80, 24), (60, 20)] {
      var screen = connected(width: width, height: height)
      screen.send(.explore(.open(MusicFixtures.nightSwim.link)))
      guard case .loading(let id)? = screen.state.explore.path.last?.phase else { return XCTFail() }
      screen.send(
        .explore(
          .detailFinished(
            requestID: id, MusicFixtures.nightSwim.link,
            .success(CachedDetail(detail: MusicFixtures.albumDetail, fetchedAt: Date())))))
      screen.send(.explore(.libraryState([MusicFixtures.undertow.uri: true])))
      let grid = screen.render()
      XCTAssertNotNil(grid.row(containing: "Album Night Swim"), grid.text)
      XCTAssertNotNil(grid.row(containing: "by Aurora Lines"))
      XCTAssertNotNil(grid.row(containing: "2019 · 2 tracks · 6:26"), grid.text)
      XCTAssertNotNil(grid.row(containing: "1. Tide"))
      let url = "https://open.spotify.com/album/\(MusicFixtures.nightSwim.id)"
      XCTAssertEqual(grid.links.first?.url, url, "the Spotify page is an OSC 8 link")
      let undertow = grid.row(containing: "2. Undertow")!
      XCTAssertTrue(grid.lines[undertow].contains("✓"), "saved tracks are marked")
      XCTAssertTrue(
        grid.lines[height - 1].contains("s save/remove") || grid.lines[height - 1].contains("s"), grid.lines[height - 1]
      )
    }
  }

  func testStaleDetailIsMarkedWithItsAge() {
    var screen = connected()
    screen.send(.explore(.open(MusicFixtures.tide.link)))
    guard case .loading(let id)? = screen.state.explore.path.last?.phase else { return XCTFail() }
    let when = Date(timeIntervalSince1970: 1_700_000_000)
    screen.send(
      .explore(
        .detailFinished(
          requestID: id, MusicFixtures.tide.link,
          .success(CachedDetail(detail: .track(MusicFixtures.tide), fetchedAt: when, isStale: true)))))
    let grid = screen.render()
    let row = grid.row(containing: "offline copy from")!
    XCTAssertEqual(grid.style(of: "offline copy from", inRow: row)?.foreground, .yellow)
    XCTAssertNotNil(grid.row(containing: "Track Tide"))
    XCTAssertNotNil(grid.row(containing: "Aurora Lines"))
  }

  func testOtherPeoplesPlaylistSaysWhyThereAreNoTracks() {
    var screen = connected()
    let playlist = MusicPlaylist(
      id: MusicFixtures.id("bobsmix"), name: "Bob's Mix", ownerID: "bob", ownerName: "Bob", itemsTotal: 2)
    screen.send(.explore(.open(playlist.link)))
    guard case .loading(let id)? = screen.state.explore.path.last?.phase else { return XCTFail() }
    screen.send(
      .explore(
        .detailFinished(
          requestID: id, playlist.link,
          .success(CachedDetail(detail: .playlist(PlaylistDetail(playlist: playlist, tracks: nil)), fetchedAt: Date())))
      ))
    let grid = screen.render()
    XCTAssertNotNil(grid.row(containing: "your own playlists only"), grid.text)
    XCTAssertNil(grid.row(containing: "refused"))
  }

  func testPlaylistPickerAndDuplicateWarning() {
    var screen = connected(width: 60, height: 20)
    screen.send(.explore(.open(MusicFixtures.tide.link)))
    guard case .loading(let id)? = screen.state.explore.path.last?.phase else { return XCTFail() }
    screen.send(
      .explore(
        .detailFinished(
          requestID: id, MusicFixtures.tide.link,
          .success(CachedDetail(detail: .track(MusicFixtures.tide), fetchedAt: Date())))))
    screen.press(.character("a"))
    guard case .loading(let listID)? = screen.state.explore.picker?.phase else { return XCTFail() }
    screen.send(
      .explore(.playlistsLoaded(requestID: listID, .success([MusicFixtures.lateNight, MusicFixtures.running]))))
    var grid = screen.render()
    XCTAssertNotNil(grid.row(containing: "Add “Tide” to playlist"), grid.text)
    let row = grid.row(containing: "Late Night")!
    XCTAssertTrue(grid.style(of: "Late Night", inRow: row)?.attributes.contains(.reverse) ?? false)
    screen.press(.enter)
    guard case .adding(let addID, _)? = screen.state.explore.picker?.phase else { return XCTFail() }
    screen.send(.explore(.duplicateFound(requestID: addID)))
    grid = screen.render()
    XCTAssertNotNil(grid.row(containing: "Already in “Late Night”"), grid.text)
  }

  func testProfileShowsRankedBarsForTheChosenRange() {
    for (width, height) in [(80, 24), (60, 20)] {
      var screen = Driver.screen(
        drawnScreen, facts: SetupFacts(storedSecrets: [.spotify]), width: width, height: height)
      screen.press(.tabKey(.profile))
      guard let id = screen.state.profile.loading[.shortTerm] else { return XCTFail() }
      screen.send(
        .profile(
          .statsFinished(
            requestID: id, .shortTerm, .success(CachedStats(stats: MusicFixtures.stats, fetchedAt: Date())))))
      let grid = screen.render()
      let header = grid.row(containing: "Listening stats")!
      XCTAssertTrue(
        grid.style(of: " 4 weeks ", inRow: header)?.attributes.contains(.reverse) ?? false, grid.lines[header])
      XCTAssertNotNil(grid.row(containing: "Top artists"))
      let aurora = grid.row(containing: "Aurora Lines")!
      XCTAssertTrue(grid.lines[aurora].contains(" 1 █"), grid.lines[aurora])
      XCTAssertNotNil(grid.row(containing: "Top tracks"))
      XCTAssertNotNil(grid.row(containing: "Tide — Aurora Lines"))
      let genre = grid.row(containing: "dream pop")!
      XCTAssertTrue(grid.lines[genre].contains("2×"), "counts are readable without colour: \(grid.lines[genre])")
    }
  }
}
