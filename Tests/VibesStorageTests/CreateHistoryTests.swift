import Foundation
import VibesCore
import XCTest

@testable import VibesStorage

final class CreateHistoryTests: XCTestCase {
  private var directory: TemporaryDirectory!
  private var path: String { directory.appending("vibes.sqlite").path }

  override func setUpWithError() throws { directory = try TemporaryDirectory("vibes-create-tests") }
  override func tearDown() { directory.remove() }

  private let songs = [
    SuggestedSong(title: "Heroes", artist: "David Bowie"), SuggestedSong(title: "Jóga", artist: "Björk"),
    SuggestedSong(title: "Teardrop", artist: "Massive Attack"),
  ]
  private let track = TrackCandidate(
    id: "7Jh1bpe76CNTCgdgAdBw4Z", uri: "spotify:track:7Jh1bpe76CNTCgdgAdBw4Z", name: "\"Heroes\" - 2017 Remaster",
    artists: ["David Bowie", "Guest, With Comma"], album: "\"Heroes\"", durationMs: 371_000)

  func testMigrationIsNamedAndApplied() throws {
    let db = try AppDatabase(path: path)
    XCTAssertTrue(try db.appliedMigrations().contains("create-v1"))
  }

  func testGeneratedPlaylistRoundTripsThroughAReopenedFile() throws {
    let created = Date(timeIntervalSince1970: 1_700_000_000)
    let id: Int64
    do {
      let db = try AppDatabase(path: path)
      id = try db.recordGeneratedPlaylist(
        prompt: "bowie-ish", name: "Night", description: "Dark", songs: songs, at: created)
      try db.recordSongResolutions([0: .found(track), 2: .notFound], inGeneratedPlaylist: id)
    }
    let db = try AppDatabase(path: path)
    let playlist = try XCTUnwrap(try db.generatedPlaylist(id: id))
    XCTAssertEqual(playlist.prompt, "bowie-ish")
    XCTAssertEqual(playlist.name, "Night")
    XCTAssertEqual(playlist.description, "Dark")
    XCTAssertEqual(playlist.createdAt, created)
    XCTAssertEqual(playlist.saveState, .notSaved)
    XCTAssertEqual(playlist.songs.map(\.song), songs)
    XCTAssertEqual(playlist.songs.map(\.resolution), [.found(track), .pending, .notFound])
    XCTAssertNil(try db.generatedPlaylist(id: id + 1))
  }

  func testHistoryIsNewestFirstInWindowsAndDeletesCascade() throws {
    let db = try AppDatabase(path: path)
    var ids: [Int64] = []
    for index in 0..<5 {
      ids.append(
        try db.recordGeneratedPlaylist(
          prompt: "p\(index)", name: "n\(index)", description: "", songs: songs,
          at: Date(timeIntervalSince1970: Double(1000 + index))))
    }
    XCTAssertEqual(try db.generatedPlaylistCount(), 5)
    XCTAssertEqual(try db.generatedPlaylists(offset: 0, limit: 2).map(\.name), ["n4", "n3"])
    XCTAssertEqual(try db.generatedPlaylists(offset: 4, limit: 10).map(\.name), ["n0"])
    XCTAssertEqual(try db.generatedPlaylists(offset: 0, limit: 0), [])
    try db.deleteGeneratedPlaylist(id: ids[4])
    XCTAssertEqual(try db.generatedPlaylists(offset: 0, limit: 1).map(\.name), ["n3"])
    XCTAssertEqual(try db.generatedPlaylistCount(), 4)
  }

  func testGrowAppendsAfterTheExistingSongs() throws {
    let db = try AppDatabase(path: path)
    let id = try db.recordGeneratedPlaylist(prompt: "p", name: "n", description: "d", songs: songs, at: Date())
    let more = [SuggestedSong(title: "Intro", artist: "The xx")]
    try db.appendSongs(more, toGeneratedPlaylist: id)
    try db.recordSongResolutions([3: .notFound], inGeneratedPlaylist: id)
    let playlist = try XCTUnwrap(try db.generatedPlaylist(id: id))
    XCTAssertEqual(playlist.songs.map(\.song), songs + more)
    XCTAssertEqual(playlist.songs.last?.resolution, .notFound)
    XCTAssertThrowsError(try db.appendSongs(more, toGeneratedPlaylist: 999)) {
      XCTAssertEqual($0 as? CreateHistoryError, .unknownPlaylist(999))
    }
  }

  func testSaveStatesNeverAllowASecondSpotifyPlaylist() throws {
    let db = try AppDatabase(path: path)
    let id = try db.recordGeneratedPlaylist(prompt: "p", name: "n", description: "d", songs: songs, at: Date())
    try db.recordSpotifyPlaylistCreated("PL1", forGeneratedPlaylist: id)
    // Reopen: the created id survives a crash between "created" and "items added".
    let reopened = try AppDatabase(path: path)
    XCTAssertEqual(try reopened.generatedPlaylist(id: id)?.saveState, .saving(playlistID: "PL1"))
    XCTAssertEqual(try reopened.generatedPlaylist(id: id)?.saveState.createdPlaylistID, "PL1")
    XCTAssertNoThrow(try reopened.recordSpotifyPlaylistCreated("PL1", forGeneratedPlaylist: id))
    XCTAssertThrowsError(try reopened.recordSpotifyPlaylistCreated("PL2", forGeneratedPlaylist: id)) {
      XCTAssertEqual($0 as? CreateHistoryError, .alreadyCreated(spotifyPlaylistID: "PL1"))
    }
    XCTAssertThrowsError(
      try reopened.recordPlaylistSaved(spotifyPlaylistID: "PL2", url: "u", forGeneratedPlaylist: id))
    try reopened.recordPlaylistSaved(
      spotifyPlaylistID: "PL1", url: "https://open.spotify.com/playlist/PL1", forGeneratedPlaylist: id)
    XCTAssertEqual(
      try reopened.generatedPlaylist(id: id)?.saveState,
      .saved(playlistID: "PL1", url: "https://open.spotify.com/playlist/PL1"))
    XCTAssertThrowsError(try reopened.recordSpotifyPlaylistCreated("PL1", forGeneratedPlaylist: 42)) {
      XCTAssertEqual($0 as? CreateHistoryError, .unknownPlaylist(42))
    }
  }

  func testResolutionCacheStoresFoundAndNotFound() throws {
    let db = try AppDatabase(path: path)
    let at = Date(timeIntervalSince1970: 1_800_000_000)
    XCTAssertNil(try db.cachedResolution(forKey: "k"))
    try db.storeResolution(CachedResolution(track: track, resolvedAt: at), forKey: "k")
    try db.storeResolution(CachedResolution(track: nil, resolvedAt: at), forKey: "missing")
    let reopened = try AppDatabase(path: path)
    XCTAssertEqual(try reopened.cachedResolution(forKey: "k"), CachedResolution(track: track, resolvedAt: at))
    XCTAssertEqual(try reopened.cachedResolution(forKey: "missing"), CachedResolution(track: nil, resolvedAt: at))
    try reopened.storeResolution(CachedResolution(track: nil, resolvedAt: at), forKey: "k")
    XCTAssertNil(try reopened.cachedResolution(forKey: "k")?.track)
    try reopened.clearSongResolutions()
    XCTAssertNil(try reopened.cachedResolution(forKey: "missing"))
  }
}
