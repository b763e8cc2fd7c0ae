import Foundation
import VibesCore
import VibesTestSupport
import XCTest

@testable import VibesUI

/// Profile → Artwork: the row says on or off (and when the terminal draws no pictures) in English and German, Enter
/// turns it over at once and asks for it to be saved, off reserves no box anywhere, and the stats place the top
/// artist's picture beside the artists.
final class ArtworkSettingTests: XCTestCase {
  static let photo = "https://i.scdn.co/image/ab6761610000e5ebaurora"
  /// Without Spotify the settings rows start at 0: five connections, then Artwork.
  static let artworkRow = ConnectedService.allCases.count

  func onProfile(artworkOn: Bool = true) -> Driver {
    var driver = Driver(facts: SetupFacts(storedSecrets: [.gemini], artworkOn: artworkOn))
    driver.arrange {
      $0.press(.tabKey(.profile))
      $0.send(.profile(.infoLoaded(ProfileSettingsTests.info)))
    }
    return driver
  }

  func testTheRowSaysOnOrOffInBothLanguages() throws {
    var driver = onProfile()
    var grid = driver.render()
    let row = try XCTUnwrap(grid.row(containing: "Artwork"), grid.text)
    XCTAssertTrue(grid.lines[row].contains("✓ on · covers, photos and your top artist"), grid.lines[row])
    let german = driver.render(.de).text
    XCTAssertTrue(german.contains("an · Cover, Fotos und dein Top-Künstler"), german)
    driver.state.artwork.isShown = false
    grid = driver.render()
    XCTAssertTrue(grid.text.contains("on, but this terminal shows no pictures"), grid.text)
    driver.state.facts?.artworkOn = false
    grid = driver.render()
    XCTAssertTrue(grid.text.contains("off · Enter shows covers and photos again"), grid.text)
    XCTAssertTrue(driver.render(.de).text.contains("aus · Enter zeigt Cover und Fotos wieder"))
  }

  func testEnterTurnsItOverAtOnceAndAsksForItToBeSaved() {
    var driver = onProfile()
    driver.arrange {
      for _ in 0..<Self.artworkRow { $0.press(.down) }
    }
    XCTAssertEqual(driver.state.profile.selectedSettingsRow(statsRows: 0), .artwork)
    driver.press(.enter, expecting: [.feature(ProfileState.self, .saveArtwork(false))]) {
      $0.facts?.artworkOn = false
      $0.context.factsChanged = false  // every tab was told
    }
    XCTAssertFalse(driver.state.showsArtwork)
    XCTAssertFalse(driver.state.mayLoadArtwork)
    driver.press(.enter, expecting: [.feature(ProfileState.self, .saveArtwork(true))]) {
      $0.facts?.artworkOn = true
      $0.context.factsChanged = false  // every tab was told
    }
    XCTAssertTrue(driver.state.mayLoadArtwork)
  }

  func testASaveThatFailedSaysSo() {
    var driver = onProfile()
    driver.send(.profile(.artworkSaveFailed), expecting: []) {
      $0.notice = .localized(LocalizedText(ProfileL10n.profileArtworkSaveFailed), isWarning: true)
    }
  }

  func testUntilTheSettingIsReadNoPictureIsFetchedButBoxesStay() {
    var state = AppState()
    XCTAssertNil(state.facts)
    XCTAssertTrue(state.showsArtwork)
    XCTAssertFalse(state.mayLoadArtwork, "an off setting is respected before the first picture")
    _ = AppReducer.reduce(&state, .factsLoaded(SetupFacts(artworkOn: false)))
    XCTAssertFalse(state.showsArtwork)
    _ = AppReducer.reduce(&state, .artwork(.terminalDraws(false)))
    _ = AppReducer.reduce(&state, .factsLoaded(SetupFacts(artworkOn: true)))
    XCTAssertFalse(state.mayLoadArtwork, "the terminal draws none")
    _ = AppReducer.reduce(&state, .artwork(.terminalDraws(true)))
    XCTAssertTrue(state.mayLoadArtwork)
  }

  func statsScreen(artworkOn: Bool, width: Int = 80, height: Int = 24) -> Driver {
    var driver = Driver.screen(
      .nonExhaustive(because: "checks where the stats place the top artist's picture"),
      facts: SetupFacts(storedSecrets: [.spotify], artworkOn: artworkOn), width: width, height: height)
    driver.press(.tabKey(.profile))
    var stats = MusicFixtures.stats
    stats.topArtists[0].imageURL = Self.photo
    if let id = driver.state.profile.loading[.shortTerm] {
      driver.send(
        .profile(.statsFinished(requestID: id, .shortTerm, .success(CachedStats(stats: stats, fetchedAt: Date())))))
    }
    return driver
  }

  func testTheStatsPlaceTheTopArtistsPictureBesideTheArtists() throws {
    for (width, height, columns) in [(60, 20, 8), (80, 24, 8), (120, 40, 12)] {
      let grid = statsScreen(artworkOn: true, width: width, height: height).render()
      let title = try XCTUnwrap(grid.row(containing: "Top artists"), grid.text)
      XCTAssertEqual(
        grid.images,
        [ImagePlacement(row: title, column: width - 2 - columns, columns: columns, rows: columns / 2, key: Self.photo)],
        "\(width)x\(height)")
      let box = grid.images[0]
      for row in box.cellRows {
        for column in box.cellColumns { XCTAssertEqual(grid[row, column], .blank, "(\(row), \(column)) drawn over") }
      }
      let tracks = try XCTUnwrap(grid.row(containing: "Top tracks"), grid.text)
      XCTAssertGreaterThanOrEqual(tracks, box.row + box.rows, "the tracks start below the picture")
    }
  }

  func testOffReservesNoBoxAnywhere() throws {
    let grid = statsScreen(artworkOn: false).render()
    XCTAssertEqual(grid.images, [])
    var driver = statsScreen(artworkOn: true)
    driver.state.artwork.isShown = false
    let plain = driver.render()
    let settings = try XCTUnwrap(grid.row(containing: "Connections"), grid.text)
    XCTAssertEqual(plain.row(containing: "Connections"), settings)
    XCTAssertEqual(
      Array(plain.lines.prefix(settings)), Array(grid.lines.prefix(settings)),
      "off by setting looks like a terminal without pictures")
  }
}
