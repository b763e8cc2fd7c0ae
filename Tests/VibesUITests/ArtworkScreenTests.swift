import Foundation
import VibesCore
import VibesTestSupport
import XCTest

@testable import VibesUI

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let drawnScreen = Driver.Exhaustivity.nonExhaustive(
  because: "checks where detail screens place artwork and that their text does not depend on it")

/// Artwork boxes as data in the frame: where each detail screen puts its picture, that the text is drawn the same
/// whether the picture loaded or not, that a box an overlay covers or scrolling cuts is left out, and that no box
/// is reserved in a narrow terminal or without an address.
final class ArtworkScreenTests: XCTestCase {
  static let cover = "https://i.scdn.co/image/ab67616d00001e02nightswim"
  let now = Date(timeIntervalSince1970: 1_900_000_000)
  let bitmap = ArtworkBitmap(width: 2, height: 2, pixels: Array(repeating: 200, count: 12))!

  func album(imageURL: String? = cover, tracks: Int = 2) -> AlbumDetail {
    var album = MusicFixtures.nightSwim
    album.imageURL = imageURL
    let list = (0..<tracks).map { index in
      var track = MusicFixtures.tide
      track.id = "track\(index)"
      track.name = "Song \(index)"
      return track
    }
    return AlbumDetail(album: album, tracks: list)
  }

  func albumScreen(_ detail: AlbumDetail, width: Int = 80, height: Int = 24) -> Driver {
    var driver = Driver.screen(drawnScreen, facts: SetupFacts(storedSecrets: [.spotify]), width: width, height: height)
    driver.press(.tabKey(.explore))
    driver.send(.explore(.open(detail.album.link)))
    if case .loading(let id)? = driver.state.explore.path.last?.phase {
      driver.send(
        .explore(
          .detailFinished(
            requestID: id, detail.album.link, .success(CachedDetail(detail: .album(detail), fetchedAt: now)))))
    }
    return driver
  }

  func testAnAlbumPlacesItsCoverRightOfTheHeaderSizedByTheWidth() throws {
    for (width, height, columns) in [(60, 20, 12), (80, 24, 16), (120, 40, 24)] {
      let grid = albumScreen(album(), width: width, height: height).render()
      let title = try XCTUnwrap(grid.row(containing: "Night Swim"), grid.text)
      XCTAssertEqual(
        grid.images,
        [
          ImagePlacement(
            row: title, column: width - 2 - columns, columns: columns, rows: columns / 2, key: Self.cover)
        ], "\(width)x\(height)")
      let box = grid.images[0]
      for row in box.cellRows {
        for column in box.cellColumns { XCTAssertEqual(grid[row, column], .blank, "(\(row), \(column)) drawn over") }
      }
      // The tracks start below the box.
      let first = try XCTUnwrap(grid.row(containing: "Song 0"), grid.text)
      XCTAssertGreaterThan(first, box.row + box.rows - 1, grid.text)
    }
  }

  func testTheTextIsTheSameWhetherThePictureLoadedOrNot() {
    var driver = albumScreen(album())
    let before = driver.render()
    XCTAssertNil(before.images.first?.image)
    _ = ArtworkState.reduce(&driver.state.artwork, .wanted([Self.cover]))
    _ = ArtworkState.reduce(&driver.state.artwork, .loaded(Self.cover, bitmap))
    let after = driver.render()
    XCTAssertEqual(after.images.first?.image, bitmap)
    XCTAssertEqual(after.cells, before.cells, "a loaded picture changed the text")
    XCTAssertEqual(after.links, before.links)
    _ = ArtworkState.reduce(&driver.state.artwork, .failed(Self.cover, .tooLarge))
    XCTAssertEqual(driver.render().cells, before.cells, "a failed picture changed the text")
  }

  func testATerminalThatDrawsNoPicturesGivesNoRowsToEmptyBoxes() throws {
    var driver = albumScreen(album())
    let withBox = driver.render()
    driver.state.artwork.isShown = false
    let without = driver.render()
    XCTAssertEqual(without.images, [], "no placement where no picture can be drawn")
    let boxed = try XCTUnwrap(withBox.row(containing: "Song 0"), withBox.text)
    let plain = try XCTUnwrap(without.row(containing: "Song 0"), without.text)
    XCTAssertLessThan(plain, boxed, "the tracks move up into the rows the box would have taken:\n\(without.text)")
  }

  func testNoBoxWithoutAnAddressOrInANarrowTerminal() throws {
    let grid = albumScreen(album(imageURL: nil)).render()
    XCTAssertEqual(grid.images, [])
    // Without a box the header keeps its full width.
    XCTAssertNotNil(grid.row(containing: "https://open.spotify.com/album/"), grid.text)
    XCTAssertNil(ArtworkBox.size(forWidth: 59))
    var narrow = Grid(width: 59, height: 20)
    XCTAssertNil(ArtworkBox.place(Self.cover, in: &narrow, Rect(row: 0, column: 0, width: 59, height: 20), row: 0))
    XCTAssertEqual(narrow.images, [])
  }

  func testAnOverlayOverTheBoxOrScrollingPastItLeavesThePictureOut() {
    var driver = albumScreen(album())
    _ = ArtworkState.reduce(&driver.state.artwork, .wanted([Self.cover]))
    _ = ArtworkState.reduce(&driver.state.artwork, .loaded(Self.cover, bitmap))
    XCTAssertEqual(driver.render().images.count, 1)
    driver.press(.character("?"))
    XCTAssertTrue(driver.state.isHelpVisible)
    XCTAssertEqual(driver.render().images, [], "the help covers the box")
    driver.press(.escape)

    // A long album scrolled down: the box leaves the view whole, never cut.
    var long = albumScreen(album(tracks: 40))
    XCTAssertEqual(long.render().images.count, 1)
    long.press(.pageDown)
    let scrolled = long.render()
    XCTAssertNil(scrolled.row(containing: "Night Swim"), scrolled.text)
    XCTAssertEqual(scrolled.images, [])
  }

  func testAReleaseAndAPersonPlaceTheirPictures() throws {
    var release = FeedFixtures.release(4)
    release.imageURL = Self.cover
    var feed = Driver.screen(drawnScreen, facts: SetupFacts(storedSecrets: [.spotify]))
    feed.send(.feedWindowLoaded(total: 1, offset: 0, items: [.newRelease(release)]))
    feed.press(.down, .enter)
    let releaseGrid = feed.render()
    let title = try XCTUnwrap(releaseGrid.row(containing: "Album 4"), releaseGrid.text)
    XCTAssertEqual(
      releaseGrid.images, [ImagePlacement(row: title, column: 62, columns: 16, rows: 8, key: Self.cover)],
      releaseGrid.text)

    let photo = "https://lh3.googleusercontent.com/a/photo"
    var people = Driver.screen(drawnScreen)
    people.press(.tabKey(.profile))
    people.press(.character("p"))
    let ada = PersonSummary(uid: "uid-ada", displayName: "Ada", username: "ada")
    people.send(
      .people(
        .listsLoaded(
          requestID: people.state.people.loading ?? -1,
          PeopleLists(username: "me", following: [ada], followers: [], fetchedAt: now),
          final: true)))
    people.press(.enter)
    let id = people.state.people.path.last?.request?.id ?? -1
    let profile = PersonProfile(
      person: ada, followers: 1, following: 2, isFollowing: true, fetchedAt: now, photoURL: photo)
    people.send(.people(.profileLoaded(requestID: id, uid: ada.uid, .success(profile))))
    let personGrid = people.render()
    let name = try XCTUnwrap(personGrid.row(containing: "Ada"), personGrid.text)
    XCTAssertEqual(
      personGrid.images, [ImagePlacement(row: name, column: 70, columns: 8, rows: 4, key: photo)], personGrid.text)
  }
}
