import Foundation
import VibesApp
import VibesCore
import VibesTestSupport
import XCTest

/// "Your library" against the loopback Spotify fake: one request a page, the first page kept in SQLite and
/// shown (with its age) when Spotify cannot be reached.
extension ExploreRunnerTests {
  func testSavedSongsLoadInOneRequestAndShowOfflineFromTheCacheWithTheirAge() async throws {
    let tracks = await web.catalog().tracks.prefix(3).map { "spotify:track:\($0.id)" }
    _ = await run(.perform(requestID: 1, .save(uris: tracks), checkDuplicates: false))
    let before = await web.recordedRequests().count

    guard
      case .libraryFinished(2, .savedTracks, .success(let fresh))? = await run(
        .loadLibrary(requestID: 2, .savedTracks, offset: 0))
    else { return XCTFail("saved songs not loaded") }
    XCTAssertEqual(fresh.page.items.map(\.link.uri), Array(tracks.reversed()), "newest first")
    XCTAssertNil(fresh.page.nextOffset)
    XCTAssertFalse(fresh.isStale)
    let reads = await web.recordedRequests().dropFirst(before)
    XCTAssertEqual(reads.map(\.path), ["/v1/me/tracks"], "exactly one request")
    XCTAssertEqual(reads.first?.queryValue("limit"), "50")
    XCTAssertEqual(reads.first?.queryValue("offset"), "0")

    guard
      case .libraryFinished(3, .savedTracks, .success(let offline))? = await run(
        .loadLibrary(requestID: 3, .savedTracks, offset: 0), runner(apiURL: offlineURL))
    else { return XCTFail("no offline copy") }
    XCTAssertTrue(offline.isStale)
    XCTAssertEqual(offline.staleReason, .offline)
    XCTAssertEqual(offline.fetchedAt, Date(timeIntervalSince1970: 1_763_000_000))
    XCTAssertEqual(offline.page, fresh.page)

    // A later page has no offline copy: it fails plainly.
    guard
      case .libraryFinished(4, .savedTracks, .failure(.offline))? = await run(
        .loadLibrary(requestID: 4, .savedTracks, offset: 50), runner(apiURL: offlineURL))
    else { return XCTFail("a later page offline should fail") }
  }

  func testSavedAlbumsAndYourPlaylistsAskTheirEndpointsWithTheOffset() async throws {
    let album = await "spotify:album:\(web.catalog().albums[0].id)"
    _ = await run(.perform(requestID: 1, .save(uris: [album]), checkDuplicates: false))
    guard
      case .libraryFinished(2, .savedAlbums, .success(let albums))? = await run(
        .loadLibrary(requestID: 2, .savedAlbums, offset: 0))
    else { return XCTFail("saved albums not loaded") }
    XCTAssertEqual(albums.page.items.map(\.link.uri), [album])

    let before = await web.recordedRequests().count
    guard
      case .libraryFinished(3, .playlists, .success(let playlists))? = await run(
        .loadLibrary(requestID: 3, .playlists, offset: 0))
    else { return XCTFail("playlists not loaded") }
    XCTAssertTrue(playlists.page.items.contains { $0.link.id == Catalog.ownPlaylistID })
    let reads = await web.recordedRequests().dropFirst(before)
    XCTAssertEqual(reads.map(\.path), ["/v1/me/playlists"])

    _ = await run(.loadLibrary(requestID: 4, .playlists, offset: 2))
    let paged = await web.recordedRequests().last
    XCTAssertEqual(paged?.path, "/v1/me/playlists")
    XCTAssertEqual(paged?.queryValue("offset"), "2")
  }
}
