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

/// Removing and moving songs in your own playlist against the fake: each edit sent once with the version shown,
/// the new version answered, and offline edits queued and sent once, in order, each at the version the one
/// before left.
extension ExploreRunnerTests {
  /// Every action `effect` sends, in order.
  func actions(_ effect: ExploreEffect, _ runner: EffectRunner? = nil) async -> [ExploreAction] {
    let box = ActionBox()
    await (runner ?? self.runner()).run(.explore(effect)) { box.append($0) }
    return box.actions.compactMap(\.exploreAction)
  }

  func ownPlaylist() async throws -> PlaylistDetail {
    let link = SpotifyLink(kind: .playlist, id: Catalog.ownPlaylistID)
    guard case .detailFinished(_, _, .success(let cached))? = await run(.loadDetail(requestID: 1, link)),
      case .playlist(let detail) = cached.detail
    else { throw XCTSkip("own playlist not loaded") }
    return detail
  }

  func ownItems() async -> [String?] {
    await web.catalog().playlists.first { $0.id == Catalog.ownPlaylistID }?.items ?? []
  }

  func playlistWrites() async -> [FakeSpotifyWebRequest] { await web.recordedRequests().filter { $0.method != "GET" } }

  func testRemovingFromYourPlaylistIsSentOnceWithTheSnapshotAndAnswersTheNewOne() async throws {
    let detail = try await ownPlaylist()
    XCTAssertEqual(detail.positions, [0, 2, 3], "the entry without a track still counts")
    let snapshot = try XCTUnwrap(detail.playlist.snapshotID)
    let before = await ownItems()
    let uri = try XCTUnwrap(detail.tracks?[1].uri)
    let action = MusicAction.removeFromPlaylist(playlistID: Catalog.ownPlaylistID, uris: [uri], snapshotID: snapshot)
    let answered = await actions(.perform(requestID: 2, action, checkDuplicates: false))
    guard case .playlistSnapshot(Catalog.ownPlaylistID, let newSnapshot)? = answered.first else {
      return XCTFail("\(answered)")
    }
    XCTAssertNotEqual(newSnapshot, snapshot)
    XCTAssertEqual(answered.last, .actionFinished(action, .done, queued: 0))
    let sent = await playlistWrites()
    XCTAssertEqual(sent.map { "\($0.method) \($0.path)" }, ["DELETE /v1/playlists/\(Catalog.ownPlaylistID)/items"])
    XCTAssertEqual(sent.first?.jsonBody?["snapshot_id"] as? String, snapshot)
    let after = await ownItems()
    XCTAssertEqual(after, before.filter { $0 != uri })
  }

  func testMovingIsSentOnceWithRangeStartAndInsertBefore() async throws {
    let detail = try await ownPlaylist()
    let before = await ownItems()
    let uri = try XCTUnwrap(before[3])
    let action = MusicAction.movePlaylistItem(
      playlistID: Catalog.ownPlaylistID, uri: uri, from: 3, insertBefore: 2, snapshotID: detail.playlist.snapshotID)
    let answered = await actions(.perform(requestID: 2, action, checkDuplicates: false))
    XCTAssertEqual(answered.last, .actionFinished(action, .done, queued: 0))
    let sent = await playlistWrites()
    XCTAssertEqual(sent.count, 1)
    XCTAssertEqual(sent.first?.method, "PUT")
    XCTAssertEqual(sent.first?.jsonBody?["range_start"] as? Int, 3)
    XCTAssertEqual(sent.first?.jsonBody?["insert_before"] as? Int, 2)
    let after = await ownItems()
    XCTAssertEqual(after, [before[0], before[1], before[3], before[2]])
  }

  func testOfflineEditsAreQueuedThenSentOnceInOrderEachAtTheVersionBefore() async throws {
    let detail = try await ownPlaylist()
    let snapshot = detail.playlist.snapshotID
    let before = await ownItems()
    let offline = runner(apiURL: offlineURL)
    let third = try XCTUnwrap(before[3])
    let first = try XCTUnwrap(before[0])
    // Both taken offline at the version shown: move the last song up, then remove the first.
    let move = MusicAction.movePlaylistItem(
      playlistID: Catalog.ownPlaylistID, uri: third, from: 3, insertBefore: 2, snapshotID: snapshot)
    let remove = MusicAction.removeFromPlaylist(playlistID: Catalog.ownPlaylistID, uris: [first], snapshotID: snapshot)
    let queuedMove = await run(.perform(requestID: 2, move, checkDuplicates: false), offline)
    XCTAssertEqual(queuedMove, .actionFinished(move, .queued, queued: 1))
    let queuedRemove = await run(.perform(requestID: 3, remove, checkDuplicates: false), offline)
    XCTAssertEqual(queuedRemove, .actionFinished(remove, .queued, queued: 2))
    let none = await playlistWrites()
    XCTAssertTrue(none.isEmpty)

    let flushed = await run(.flushQueue)
    XCTAssertEqual(flushed, .queueFlushed(sent: 2, remaining: 0))
    let sent = await playlistWrites()
    XCTAssertEqual(sent.map(\.method), ["PUT", "DELETE"], "each sent once, in order")
    XCTAssertEqual(sent.first?.jsonBody?["snapshot_id"] as? String, snapshot)
    XCTAssertNotEqual(
      sent.last?.jsonBody?["snapshot_id"] as? String, snapshot, "the removal goes at the version the move left")
    let after = await ownItems()
    XCTAssertEqual(after, [before[1], before[3], before[2]])
    let again = await run(.flushQueue)
    XCTAssertEqual(again, .queueFlushed(sent: 0, remaining: 0))
  }

  func testAnAttemptedMoveThatReachedSpotifyIsNotRepeated() async throws {
    let before = await ownItems()
    let uri = try XCTUnwrap(before[3])
    let move = MusicAction.movePlaylistItem(
      playlistID: Catalog.ownPlaylistID, uri: uri, from: 3, insertBefore: 2, snapshotID: nil)
    // The move went out and Spotify took it, but the answer was lost: it waits in the queue as attempted.
    _ = await run(.perform(requestID: 1, move, checkDuplicates: false))
    try database.enqueueSpotifyAction(try JSONEncoder().encode(move), at: Date(), attempted: true)
    let flushed = await run(.flushQueue)
    XCTAssertEqual(flushed, .queueFlushed(sent: 1, remaining: 0))
    let puts = await playlistWrites().filter { $0.method == "PUT" }
    XCTAssertEqual(puts.count, 1, "the move is not made twice")
    let after = await ownItems()
    XCTAssertEqual(after, [before[0], before[1], before[3], before[2]])
  }
}

/// Collects the actions a runner sends.
final class ActionBox: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [AppAction] = []
  var actions: [AppAction] { lock.withLock { stored } }
  func append(_ action: AppAction) { lock.withLock { stored.append(action) } }
}
