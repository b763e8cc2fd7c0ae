import Foundation
import VibesCore
import XCTest

@testable import VibesStorage

/// The Create tab's writes on a real SQLite file: rename, remove a song, the save queue, the feed card.
final class CreateTabStorageTests: XCTestCase {
  private var directory: TemporaryDirectory!
  private var path: String { directory.appending("vibes.sqlite").path }

  override func setUpWithError() throws { directory = try TemporaryDirectory("vibes-create-tab-tests") }
  override func tearDown() { directory.remove() }

  private let songs = (0..<4).map { SuggestedSong(title: "Song \($0)", artist: "Artist \($0)") }

  func testRemovingASongClosesTheGapSoResolutionsStillLandOnTheRightSong() throws {
    let db = try AppDatabase(path: path)
    let id = try db.recordGeneratedPlaylist(prompt: "p", name: "n", description: "d", songs: songs, at: Date())
    try db.removeSong(atIndex: 1, fromGeneratedPlaylist: id)
    try db.recordSongResolutions([1: .notFound], inGeneratedPlaylist: id)
    let playlist = try XCTUnwrap(try db.generatedPlaylist(id: id))
    XCTAssertEqual(playlist.songs.map(\.song.title), ["Song 0", "Song 2", "Song 3"])
    XCTAssertEqual(playlist.songs[1].resolution, .notFound)
    try db.renameGeneratedPlaylist(id, name: "Renamed")
    XCTAssertEqual(try AppDatabase(path: path).generatedPlaylist(id: id)?.name, "Renamed")
  }

  func testTheSaveQueueHoldsEachPlaylistOnceAndSurvivesAReopen() throws {
    let id: Int64
    do {
      let db = try AppDatabase(path: path)
      XCTAssertTrue(try db.appliedMigrations().contains("create-v2"))
      id = try db.recordGeneratedPlaylist(prompt: "p", name: "n", description: "d", songs: songs, at: Date())
      try db.queuePlaylistSave(id, at: Date())
      try db.queuePlaylistSave(id, at: Date())
    }
    let db = try AppDatabase(path: path)
    XCTAssertEqual(try db.queuedPlaylistSaves(), [id])
    try db.dequeuePlaylistSave(id)
    XCTAssertEqual(try db.queuedPlaylistSaves(), [])
  }

  func testTheCreatedCardGoesToTheTopOnceAndKeepsTheOtherCardsInOrder() throws {
    let db = try AppDatabase(path: path)
    let card = CreatedPlaylistCard(
      playlistID: "PL1", name: "Night", url: "https://open.spotify.com/playlist/PL1", trackCount: 18,
      createdAt: Date(timeIntervalSince1970: 1_700_000_000))
    try db.addCreatedPlaylistCard(card, at: Date())
    var second = card
    second.playlistID = "PL2"
    try db.addCreatedPlaylistCard(second, at: Date())
    try db.addCreatedPlaylistCard(card, at: Date())
    XCTAssertEqual(try db.createdPlaylistCards().map(\.playlistID), ["PL1", "PL2"])
    XCTAssertEqual(try db.feedCardCount(), 2)
    XCTAssertEqual(try db.createdPlaylistCards().first, card)
  }
}
