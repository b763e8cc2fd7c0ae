import Foundation
import VibesStorage
import XCTest

final class TutorialStorageTests: XCTestCase {
  func testTheTutorialFlagStartsUnsetAndSurvivesReopening() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.appending("vibes.sqlite").path
    let database = try AppDatabase(path: path)
    XCTAssertFalse(try database.isTutorialSeen())
    try database.markTutorialSeen(at: Date(timeIntervalSince1970: 1_800_000_000))
    try database.markTutorialSeen(at: Date(timeIntervalSince1970: 1_800_000_100))
    XCTAssertTrue(try database.isTutorialSeen())
    XCTAssertTrue(try AppDatabase(path: path).isTutorialSeen(), "a restart still knows")
    XCTAssertTrue(try AppDatabase(readOnlyPath: path).isTutorialSeen())
  }
}
