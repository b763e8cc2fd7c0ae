import Foundation
import VibesCore
import VibesTestSupport
import XCTest

@testable import VibesUI

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let drawnScreen = Driver.Exhaustivity.nonExhaustive(
  because: "checks where list rows place thumbnails and that their text depends only on the terminal and setting")

/// Thumbnails in Explore's lists as data in the frame: a 2×1 box at the start of each row only on terminals with a
/// picture protocol and the Artwork setting on, the text 3 columns later on every row then (with or without a
/// picture, loaded or not), boxes only for the rows on screen, and scrolling moving them.
final class ThumbnailScreenTests: XCTestCase {
  static let albumThumb = "https://i.scdn.co/image/ab67616d00004851nightswim"
  static let artistThumb = "https://i.scdn.co/image/ab6761610000f178aurora"
  let fetched = Date(timeIntervalSince1970: 1_900_000_000)
  let bitmap = ArtworkBitmap(width: 2, height: 2, pixels: Array(repeating: 90, count: 12))!

  /// Search results whose album (and so its tracks) and artist have thumbnails; the playlist has none.
  func results() -> SearchResults {
    var album = MusicFixtures.nightSwim
    album.thumbnailURL = Self.albumThumb
    var tide = MusicFixtures.tide
    tide.album = album
    var artist = MusicFixtures.aurora
    artist.thumbnailURL = Self.artistThumb
    return SearchResults(
      tracks: MusicPage(items: [tide], total: 1), artists: MusicPage(items: [artist], total: 1),
      albums: MusicPage(items: [album], total: 1), playlists: MusicPage(items: [MusicFixtures.lateNight], total: 1))
  }

  func searched(protocolDraws: Bool, artworkOn: Bool = true, width: Int = 80, height: Int = 24) -> Driver {
    var driver = Driver.screen(
      drawnScreen, facts: SetupFacts(storedSecrets: [.spotify], artworkOn: artworkOn), width: width, height: height)
    driver.state.artwork.drawsThumbnails = protocolDraws
    driver.press(.tabKey(.explore))
    driver.press(.character("/"))
    driver.type("aurora")
    if let timer = driver.state.explore.pendingTimerID { driver.send(.explore(.searchDue(timerID: timer))) }
    guard case .loading(let id, _) = driver.state.explore.search else {
      XCTFail("not loading")
      return driver
    }
    driver.send(.explore(.searchFinished(requestID: id, query: "aurora", .success(results()))))
    return driver
  }

  /// The column where `text` starts on its row (every character before it is one column wide here).
  func column(of text: String, in grid: Grid) throws -> Int {
    let row = try XCTUnwrap(grid.row(containing: text), grid.text)
    let line = grid.lines[row]
    let range = try XCTUnwrap(line.range(of: text))
    return line.distance(from: line.startIndex, to: range.lowerBound)
  }

  func testWithAPictureProtocolEachRowStartsWithAThumbnailAndItsTextThreeColumnsLater() throws {
    let grid = searched(protocolDraws: true).render()
    let tide = try XCTUnwrap(grid.row(containing: "Tide"), grid.text)
    let artist = try XCTUnwrap(grid.row(containing: "dream pop"), grid.text)
    let album = try XCTUnwrap(grid.row(containing: "(2019)"), grid.text)
    XCTAssertEqual(
      grid.images,
      [
        ImagePlacement(row: tide, column: 4, columns: 2, rows: 1, key: Self.albumThumb),
        ImagePlacement(row: artist, column: 4, columns: 2, rows: 1, key: Self.artistThumb),
        ImagePlacement(row: album, column: 4, columns: 2, rows: 1, key: Self.albumThumb),
      ], grid.text)
    XCTAssertEqual(try column(of: "Tide", in: grid), 7)
    // The playlist has no picture: its box stays blank and its text starts in the same column as the others'.
    XCTAssertEqual(try column(of: "Late Night", in: grid), 7)
    for placement in grid.images {
      XCTAssertEqual(grid[placement.row, 4], .blank)
      XCTAssertEqual(grid[placement.row, 5], .blank)
    }
  }

  func testHalfBlocksOrTheSettingOffGiveNoThumbnailsAndTheTextStaysWhereItWas() throws {
    let withThumbnails = searched(protocolDraws: true).render()
    for driver in [searched(protocolDraws: false), searched(protocolDraws: true, artworkOn: false)] {
      let grid = driver.render()
      XCTAssertEqual(grid.images, [], grid.text)
      XCTAssertEqual(try column(of: "Tide", in: grid), 4)
      XCTAssertEqual(try column(of: "Late Night", in: grid), 4)
      // Only the columns moved: the same rows hold the same items.
      XCTAssertEqual(grid.row(containing: "Late Night"), withThumbnails.row(containing: "Late Night"))
    }
  }

  func testTheTextIsTheSameWhetherTheThumbnailsLoadedOrNot() {
    var driver = searched(protocolDraws: true)
    let before = driver.render()
    _ = ArtworkState.reduce(&driver.state.artwork, .wanted([Self.albumThumb, Self.artistThumb]))
    _ = ArtworkState.reduce(&driver.state.artwork, .loaded(Self.albumThumb, bitmap))
    _ = ArtworkState.reduce(&driver.state.artwork, .failed(Self.artistThumb, .unreadable))
    let after = driver.render()
    XCTAssertEqual(after.cells, before.cells, "a loaded or failed thumbnail moved the text")
    XCTAssertEqual(after.images.map(\.image), [bitmap, nil, bitmap])
  }

  func testThumbnailsAtSixtyColumnsKeepTheNameReadable() throws {
    let grid = searched(protocolDraws: true, width: 60, height: 20).render()
    XCTAssertEqual(grid.images.count, 3, grid.text)
    XCTAssertEqual(try column(of: "Tide", in: grid), 7)
    XCTAssertTrue(grid.images.allSatisfy { $0.column + $0.columns <= 60 })
  }

  func testBelowSixtyColumnsNoThumbnailIsReservedAsNoPictureIsDrawnThere() throws {
    let grid = searched(protocolDraws: true, width: 50, height: 20).render()
    XCTAssertEqual(grid.images, [], grid.text)
    XCTAssertEqual(try column(of: "Tide", in: grid), 4)
  }

  // MARK: - A library list taller than the screen

  func library(count: Int, protocolDraws: Bool = true) -> Driver {
    var driver = Driver.screen(drawnScreen, facts: SetupFacts(storedSecrets: [.spotify]), width: 80, height: 20)
    driver.state.artwork.drawsThumbnails = protocolDraws
    driver.press(.tabKey(.explore))
    driver.send(.explore(.recentLoaded([], queued: 0)))
    driver.press(.character("l"), .down, .down, .enter)
    guard case .loading(let id)? = driver.state.explore.libraryScreen?.phase else {
      XCTFail("not loading")
      return driver
    }
    let playlists = (0..<count).map { index in
      var playlist = MusicFixtures.running
      playlist.id = MusicFixtures.id("list\(index)")
      playlist.name = "List \(index)"
      playlist.thumbnailURL = "https://i.scdn.co/image/list\(index)"
      return MusicItem.playlist(playlist)
    }
    let cached = CachedLibrary(page: MusicPage(items: playlists, total: count), fetchedAt: fetched)
    driver.send(.explore(.libraryFinished(requestID: id, .playlists, .success(cached))))
    return driver
  }

  func testOnlyTheRowsOnScreenPlaceThumbnailsAndScrollingMovesThem() throws {
    var driver = library(count: 40)
    let first = driver.render()
    let shown = first.images.map(\.key)
    XCTAssertFalse(shown.isEmpty, first.text)
    XCTAssertLessThan(shown.count, 20, "a 20-row terminal cannot show 40 rows")
    // One box per playlist name on screen, beside it.
    for placement in first.images {
      let index = try XCTUnwrap(Int(placement.key.split(separator: "t").last.map(String.init) ?? ""))
      XCTAssertTrue(first.lines[placement.row].contains("List \(index) "), first.lines[placement.row])
    }
    XCTAssertFalse(shown.contains("https://i.scdn.co/image/list39"))
    for _ in 0..<30 { driver.press(.down) }
    let scrolled = driver.render()
    let now = scrolled.images.map(\.key)
    XCTAssertTrue(now.contains("https://i.scdn.co/image/list30"), scrolled.text)
    XCTAssertFalse(now.contains("https://i.scdn.co/image/list0"), "a row scrolled away keeps its box")
    XCTAssertLessThan(now.count, 20)
  }

  func testAListWithoutAPictureProtocolPlacesNothing() {
    var driver = library(count: 40, protocolDraws: false)
    XCTAssertEqual(driver.render().images, [])
    for _ in 0..<30 { driver.press(.down) }
    XCTAssertEqual(driver.render().images, [])
  }

  func testTheCatalogsThumbnailStatesShowThumbnailsAtTheSmallestSize() {
    XCTAssertEqual(ScreenStateCatalog.thumbnails.count, 2)
    for state in ScreenStateCatalog.thumbnails {
      var driver = Driver.screen(drawnScreen, width: 60, height: 20)
      state.build(&driver)
      let grid = driver.render()
      XCTAssertGreaterThan(grid.images.count, 1, "\(state.name):\n\(grid.text)")
      XCTAssertTrue(grid.images.allSatisfy { $0.column == 4 && $0.columns == 2 && $0.rows == 1 }, state.name)
    }
  }

  func testTheTerminalsAnswerDecidesThumbnails() {
    var state = ArtworkState()
    XCTAssertFalse(state.drawsThumbnails)
    _ = ArtworkState.reduce(&state, .terminalDraws(true, thumbnails: true))
    XCTAssertTrue(state.isShown && state.drawsThumbnails)
    _ = ArtworkState.reduce(&state, .terminalDraws(true))
    XCTAssertTrue(state.isShown)
    XCTAssertFalse(state.drawsThumbnails, "half-blocks: pictures but no thumbnails")
    _ = ArtworkState.reduce(&state, .terminalDraws(false, thumbnails: true))
    XCTAssertFalse(state.drawsThumbnails, "no pictures at all")
  }
}
