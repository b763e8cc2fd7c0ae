import Foundation
import VibesServices
import VibesTestSupport
import XCTest

/// Issue 20 item 10: Your library's wire calls against the fake — saved tracks and albums (paged, `limit` ≤ 50,
/// `next`), removing songs from and moving songs in your own playlists (`DELETE`/`PUT /v1/playlists/{id}/items`).
final class SpotifyLibraryClientTests: SpotifyWebFakeTestCase {
  private func ownItems() async -> [String?] {
    await fake.catalog().playlists.first { $0.id == Catalog.ownPlaylistID }?.items ?? []
  }

  func testSavedTracksAndAlbumsArePagedNewestFirst() async throws {
    let tracks = await fake.catalog().tracks.prefix(3).map { "spotify:track:\($0.id)" }
    let album = await "spotify:album:\(fake.catalog().albums[0].id)"
    try await client().saveToLibrary(uris: tracks + [album])

    let first = try await client().savedTracks(limit: 2)
    XCTAssertEqual(first.items.compactMap(\.item?.uri), [tracks[2], tracks[1]], "newest first")
    XCTAssertEqual(first.total, 3)
    XCTAssertNotNil(first.next)
    let second = try await client().savedTracks(limit: 2, offset: 2)
    XCTAssertEqual(second.items.compactMap(\.item?.uri), [tracks[0]])
    XCTAssertNil(second.next)
    let albums = try await client().savedAlbums(limit: 500)
    XCTAssertEqual(albums.items.compactMap(\.item?.uri), [album])

    let requests = await fake.recordedRequests()
    let reads = requests.filter { $0.path == "/v1/me/tracks" || $0.path == "/v1/me/albums" }
    XCTAssertEqual(reads.map(\.method), ["GET", "GET", "GET"])
    XCTAssertEqual(reads.last?.queryValue("limit"), "50", "the limit is clamped to 50")
  }

  func testRemovingASongFromYourPlaylistSendsItsURIAndTheSnapshot() async throws {
    let before = await ownItems()
    let playlist = try await client().playlist(id: Catalog.ownPlaylistID)
    let removed = try XCTUnwrap(before[2])
    let snapshot = try await client().removeItems(
      playlistID: Catalog.ownPlaylistID, uris: [removed], snapshotID: playlist.snapshotID)
    XCTAssertNotNil(snapshot)
    XCTAssertNotEqual(snapshot, playlist.snapshotID)
    let after = await ownItems()
    XCTAssertEqual(after, [before[0], before[1], before[3]])
    let recorded = await fake.recordedRequests()
    let request = try XCTUnwrap(recorded.last)
    XCTAssertEqual(request.method, "DELETE")
    XCTAssertEqual(request.path, "/v1/playlists/\(Catalog.ownPlaylistID)/items")
    XCTAssertEqual((request.jsonBody?["items"] as? [[String: String]])?.first?["uri"], removed)
    XCTAssertEqual(request.jsonBody?["snapshot_id"] as? String, playlist.snapshotID)

    // A stale snapshot is refused, and nothing changes.
    let client = client()
    let first = try XCTUnwrap(before[0])
    let stale = await captureSpotifyError { () async throws(SpotifyWebError) -> String? in
      try await client.removeItems(playlistID: Catalog.ownPlaylistID, uris: [first], snapshotID: playlist.snapshotID)
    }
    XCTAssertNotNil(stale)
    let unchanged = await ownItems()
    XCTAssertEqual(unchanged, after)
  }

  func testMovingASongPutsItBeforeTheGivenPosition() async throws {
    let before = await ownItems()
    let snapshot = try await client().moveItem(playlistID: Catalog.ownPlaylistID, from: 3, insertBefore: 0)
    XCTAssertNotNil(snapshot)
    let after = await ownItems()
    XCTAssertEqual(after, [before[3], before[0], before[1], before[2]])
    let recorded = await fake.recordedRequests()
    let request = try XCTUnwrap(recorded.last)
    XCTAssertEqual(request.method, "PUT")
    XCTAssertEqual(request.jsonBody?["range_start"] as? Int, 3)
    XCTAssertEqual(request.jsonBody?["insert_before"] as? Int, 0)

    _ = try await client().moveItem(playlistID: Catalog.ownPlaylistID, from: 0, insertBefore: 4)
    let back = await ownItems()
    XCTAssertEqual(back, [before[0], before[1], before[2], before[3]])
  }

  func testSomeoneElsesPlaylistCannotBeChanged() async throws {
    let client = client()
    let error = await captureSpotifyError { () async throws(SpotifyWebError) -> String? in
      try await client.removeItems(playlistID: Catalog.otherPlaylistID, uris: ["spotify:track:\(Catalog.id("t"))"])
    }
    XCTAssertNotNil(error)
  }
}
