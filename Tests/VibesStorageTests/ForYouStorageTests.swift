import Foundation
import VibesCore
import XCTest

@testable import VibesStorage

/// For You's copy and memory on a real SQLite file: both survive a reopen, and signing out of Spotify forgets them
/// (they are the account's listening).
final class ForYouStorageTests: XCTestCase {
  private var temp: TemporaryDirectory!

  override func setUpWithError() throws { temp = try TemporaryDirectory() }
  override func tearDown() { temp = nil }

  static let list = CachedForYou(
    entries: [ForYouEntry(title: "Teardrop", artist: "Massive Attack", reason: "Dark like Basalt.", trackID: "t1")],
    fetchedAt: Date(timeIntervalSince1970: 2_000_000_000), isStale: true, staleReason: .offline)

  func testTheListAndTheMemorySurviveAReopen() throws {
    let path = temp.appending("vibes.sqlite").path
    var memory = ForYouMemory()
    memory.dismiss(ForYouSong(title: "Dreams", artist: "Fleetwood Mac"))
    do {
      let db = try AppDatabase(path: path)
      XCTAssertNil(try db.forYouList())
      XCTAssertEqual(try db.forYouMemory(), ForYouMemory())
      try db.saveForYouList(Self.list, at: Self.list.fetchedAt)
      try db.saveForYouMemory(memory, at: Self.list.fetchedAt)
    }
    let db = try AppDatabase(path: path)
    let read = try XCTUnwrap(db.forYouList())
    XCTAssertEqual(read.entries, Self.list.entries)
    XCTAssertEqual(read.fetchedAt, Self.list.fetchedAt)
    XCTAssertFalse(read.isStale, "whether it is stale is the reader's to say, not stored")
    XCTAssertNil(read.staleReason)
    XCTAssertEqual(try db.forYouMemory(), memory)
  }

  func testSigningOutOfSpotifyForgetsForYou() throws {
    let db = try AppDatabase(path: temp.appending("vibes.sqlite").path)
    var memory = ForYouMemory()
    memory.dismiss(ForYouSong(title: "Dreams", artist: "Fleetwood Mac"))
    try db.saveForYouList(Self.list, at: Self.list.fetchedAt)
    try db.saveForYouMemory(memory, at: Self.list.fetchedAt)
    try db.clearSpotifyAccountData()
    XCTAssertNil(try db.forYouList())
    XCTAssertEqual(try db.forYouMemory(), ForYouMemory())
  }
}
