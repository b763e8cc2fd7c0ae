import Foundation
import GRDB
import VibesCore
import VibesStorage
import XCTest

/// Issue 21, item 1: a track length of Int.max from Spotify was kept in the song-match cache, so every later
/// prompt that matched the song crashed (even with the server normal again) until sign-out. Rows written by an
/// earlier version are read back clamped: an impossible length is "unknown" (0), never a crash.
final class PoisonedNumbersStorageTests: XCTestCase {
  private var directory: URL!
  private var path: String { directory.appendingPathComponent("vibes.sqlite").path }

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-poison-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDown() { try? FileManager.default.removeItem(at: directory) }

  func testPoisonedSongMatchRowsFromAnEarlierVersionAreReadClamped() throws {
    let database = try AppDatabase(path: path)
    let raw = try DatabaseQueue(path: path)
    let poison: [(String, Int64)] = [("max", Int64.max), ("min", Int64.min), ("neg", -1), ("huge", 90_000_000)]
    try raw.write { db in
      for (key, value) in poison {
        try db.execute(
          sql: """
            INSERT INTO createSongResolution (songKey, trackID, uri, name, artists, album, durationMs, resolvedAt)
            VALUES (?, 't', 'spotify:track:t', 'Song', '["A"]', 'B', ?, ?)
            """,
          arguments: [key, value, Date()])
      }
      try db.execute(
        sql: """
          INSERT INTO createSongResolution (songKey, trackID, uri, name, artists, album, durationMs, resolvedAt)
          VALUES ('fine', 't', 'spotify:track:t', 'Song', '["A"]', 'B', 215000, ?)
          """,
        arguments: [Date()])
    }
    try raw.close()
    let read = try database.cachedResolutions(forKeys: poison.map(\.0) + ["fine"])
    for (key, _) in poison {
      XCTAssertEqual(read[key]?.track?.durationMs, 0, key)
    }
    XCTAssertEqual(read["fine"]?.track?.durationMs, 215_000)
    XCTAssertEqual(try database.cachedResolution(forKey: "max")?.track?.durationMs, 0)
  }

  func testAnImpossibleLengthIsNeverWrittenToTheCache() throws {
    let database = try AppDatabase(path: path)
    var track = TrackCandidate(id: "t", uri: "spotify:track:t", name: "S", artists: ["A"], album: "B", durationMs: 1)
    track.durationMs = Int.max  // as an earlier mapping could leave it
    try database.storeResolution(CachedResolution(track: track, resolvedAt: Date()), forKey: "k")
    let raw = try DatabaseQueue(path: path)
    let stored = try raw.read { db in
      try Int.fetchOne(db, sql: "SELECT durationMs FROM createSongResolution WHERE songKey = 'k'")
    }
    XCTAssertEqual(stored, 0)
    try raw.close()
  }
}
