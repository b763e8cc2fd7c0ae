import Foundation
import VibesStorage
import XCTest

/// Recent searches, the detail/stats cache and the offline action queue on a real SQLite file.
final class ExploreStorageTests: XCTestCase {
  var directory: TemporaryDirectory!
  var path: String { directory.appending("vibes.sqlite").path }

  override func setUpWithError() throws { directory = try TemporaryDirectory() }
  override func tearDown() { directory.remove() }

  func testTheNamedMigrationIsApplied() throws {
    let database = try AppDatabase(path: path)
    XCTAssertTrue(try database.appliedMigrations().contains("explore-v1"))
  }

  func testRecentSearchesAreNewestFirstCaseInsensitiveAndBounded() throws {
    let database = try AppDatabase(path: path)
    let start = Date(timeIntervalSince1970: 1_000)
    for (index, query) in ["one", "two", "three", "TWO", "four"].enumerated() {
      try database.rememberSearch(query, at: start.addingTimeInterval(Double(index)), keep: 3)
    }
    XCTAssertEqual(try database.recentSearches(limit: 10), ["four", "TWO", "three"])
    XCTAssertEqual(try AppDatabase(path: path).recentSearches(limit: 2), ["four", "TWO"], "kept across opens")
  }

  func testCacheEntriesKeepTheirFetchTime() throws {
    let database = try AppDatabase(path: path)
    let when = Date(timeIntervalSince1970: 1_763_000_000)
    try database.saveMusicCache("album:X", payload: Data("old".utf8), at: when)
    try database.saveMusicCache("album:X", payload: Data("new".utf8), at: when.addingTimeInterval(60))
    let entry = try AppDatabase(path: path).musicCache("album:X")
    XCTAssertEqual(entry?.payload, Data("new".utf8))
    XCTAssertEqual(entry?.fetchedAt, when.addingTimeInterval(60))
    XCTAssertNil(try database.musicCache("album:Y"))
  }

  func testTheActionQueueIsOldestFirstAndEntriesLeaveOnce() throws {
    let database = try AppDatabase(path: path)
    let first = try database.enqueueSpotifyAction(Data("a".utf8), at: Date())
    try database.enqueueSpotifyAction(Data("b".utf8), at: Date())
    XCTAssertEqual(try database.queuedSpotifyActionCount(), 2)
    XCTAssertEqual(try database.queuedSpotifyActions().map(\.payload), [Data("a".utf8), Data("b".utf8)])
    try database.deleteQueuedSpotifyAction(first)
    XCTAssertEqual(try AppDatabase(path: path).queuedSpotifyActions().map(\.payload), [Data("b".utf8)])
  }
}
