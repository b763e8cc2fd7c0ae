import Foundation
import XCTest

@testable import VibesStorage

/// Profile → Artwork in SQLite: on until turned off, and what was chosen is there at the next start.
final class DisplaySettingTests: XCTestCase {
  private var temp: TemporaryDirectory!
  private var databasePath: String { temp.appending("vibes.sqlite").path }

  override func setUpWithError() throws {
    temp = try TemporaryDirectory("vibes-display")
  }

  override func tearDown() {
    temp.remove()
  }

  func testArtworkIsOnUntilTurnedOffAndStaysAsChosenAcrossStarts() throws {
    do {
      let database = try AppDatabase(path: databasePath)
      XCTAssertTrue(try database.isArtworkOn())
      try database.setArtworkOn(false)
      XCTAssertFalse(try database.isArtworkOn())
    }
    do {
      let reopened = try AppDatabase(path: databasePath)
      XCTAssertFalse(try reopened.isArtworkOn(), "read again at the next start")
      try reopened.setArtworkOn(true)
    }
    XCTAssertTrue(try AppDatabase(path: databasePath).isArtworkOn())
    XCTAssertTrue(try AppDatabase(path: databasePath).appliedMigrations().contains("display-v1"))
  }
}
