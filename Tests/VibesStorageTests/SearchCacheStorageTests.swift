import Foundation
import VibesStorage
import XCTest

/// The offline copy of search results on a real SQLite file: one answer per (query, type), bounded, oldest out.
final class SearchCacheStorageTests: XCTestCase {
  var directory: TemporaryDirectory!
  var path: String { directory.appending("vibes.sqlite").path }
  let type = "track,artist,album,playlist"

  override func setUpWithError() throws { directory = try TemporaryDirectory() }
  override func tearDown() { directory.remove() }

  func testTheNamedMigrationIsApplied() throws {
    let database = try AppDatabase(path: path)
    XCTAssertTrue(try database.appliedMigrations().contains("explore-v2-search-cache"))
  }

  func testAnAnswerIsKeptPerQueryAndTypeWithItsFetchTimeAcrossOpens() throws {
    let database = try AppDatabase(path: path)
    let when = Date(timeIntervalSince1970: 1_763_000_000)
    try database.saveCachedSearch("aurora", type: type, payload: Data("old".utf8), at: when)
    try database.saveCachedSearch("aurora", type: type, payload: Data("new".utf8), at: when.addingTimeInterval(60))
    try database.saveCachedSearch("aurora", type: "track", payload: Data("tracks".utf8), at: when)
    let reopened = try AppDatabase(path: path)
    let entry = try reopened.cachedSearch("aurora", type: type)
    XCTAssertEqual(entry?.payload, Data("new".utf8), "replaced, not added")
    XCTAssertEqual(entry?.fetchedAt, when.addingTimeInterval(60))
    XCTAssertEqual(try reopened.cachedSearch("aurora", type: "track")?.payload, Data("tracks".utf8))
    XCTAssertNil(try reopened.cachedSearch("basalt", type: type))
    XCTAssertEqual(try reopened.cachedSearchCount(), 2)
  }

  func testTheCacheIsBoundedAndTheOldestFetchedLeaveFirst() throws {
    let database = try AppDatabase(path: path)
    let start = Date(timeIntervalSince1970: 1_000)
    for index in 0..<(AppDatabase.searchCacheLimit + 5) {
      try database.saveCachedSearch(
        "query \(index)", type: type, payload: Data("\(index)".utf8), at: start.addingTimeInterval(Double(index)))
    }
    XCTAssertEqual(try database.cachedSearchCount(), AppDatabase.searchCacheLimit)
    for index in 0..<5 { XCTAssertNil(try database.cachedSearch("query \(index)", type: type), "\(index) evicted") }
    XCTAssertNotNil(try database.cachedSearch("query 5", type: type))
    // Fetching an old query again makes it the newest: the next eviction takes the one after it.
    try database.saveCachedSearch("query 5", type: type, payload: Data("again".utf8), at: start.addingTimeInterval(999))
    try database.saveCachedSearch("query new", type: type, payload: Data("n".utf8), at: start.addingTimeInterval(1_000))
    XCTAssertNotNil(try database.cachedSearch("query 5", type: type))
    XCTAssertNil(try database.cachedSearch("query 6", type: type))
    XCTAssertEqual(try database.cachedSearchCount(), AppDatabase.searchCacheLimit)
  }

  func testClearingForgetsEveryAnswer() throws {
    let database = try AppDatabase(path: path)
    try database.saveCachedSearch("aurora", type: type, payload: Data("x".utf8), at: Date())
    try database.clearCachedSearches()
    XCTAssertEqual(try AppDatabase(path: path).cachedSearchCount(), 0)
  }
}
