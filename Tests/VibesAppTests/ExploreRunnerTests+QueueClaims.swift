import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import XCTest

/// Issue 21 item 3: the offline queue was flushed from several paths at once (a search, the Explore tab, a
/// perform) with no single flight; with 1-3 s answers each queued action went out 3-4 times, and two vibes on
/// one data folder sent one action twice. Now each action is claimed in SQLite before it is sent.
extension ExploreRunnerTests {
  func queueThree() async throws -> [String] {
    let catalog = await web.catalog()
    let uris = (7...9).map { "spotify:track:\(catalog.tracks[$0].id)" }
    let offline = runner(apiURL: offlineURL)
    for (index, uri) in uris.enumerated() {
      _ = await run(
        .perform(
          requestID: index + 1, .addToPlaylist(playlistID: Catalog.ownPlaylistID, uris: [uri]), checkDuplicates: false),
        offline)
    }
    XCTAssertEqual(try database.queuedSpotifyActionCount(), 3)
    return uris
  }

  func writes() async -> [String] {
    await web.recordedRequests().filter { $0.method == "POST" }.map {
      ($0.jsonBody?["uris"] as? [String] ?? []).joined(separator: ",")
    }
  }

  func testFourFlushesAtOnceSendEachQueuedActionOnce() async throws {
    let uris = try await queueThree()
    await web.setLatency(0.4)
    let runner = runner()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 { group.addTask { _ = await runner.run(.explore(.flushQueue)) } }
    }
    let sent = await writes()
    XCTAssertEqual(sent, uris, "each action once, in order")
    XCTAssertEqual(try database.queuedSpotifyActionCount(), 0)
  }

  /// Two vibes on one data folder: two database connections to the same file, two runners, flushing at once.
  func testTwoProcessesOnOneDataFolderSendEachQueuedActionOnce() async throws {
    let uris = try await queueThree()
    await web.setLatency(0.4)
    let paths = AppPaths(environment: ["HOME": home.path])
    let second = try AppDatabase(path: paths.databaseFile.path)
    let one = runner()
    let two = runner(database: second)
    async let a = one.run(.explore(.flushQueue))
    async let b = two.run(.explore(.flushQueue))
    _ = await (a, b)
    let sent = await writes()
    XCTAssertEqual(sent, uris, "each action once, in order")
    XCTAssertEqual(try second.queuedSpotifyActionCount(), 0)
  }

  /// A flusher killed mid-send leaves its claim: nobody sends that action until the lease runs out.
  func testAClaimHeldByAnotherFlusherIsLeftAlone() async throws {
    _ = try await queueThree()
    let held = try XCTUnwrap(database.claimNextSpotifyAction(token: "other", now: Date(), lease: 60))
    let flushed = await run(.flushQueue)
    XCTAssertEqual(flushed, .queueFlushed(sent: 0, remaining: 3))
    let sent = await writes()
    XCTAssertEqual(sent, [])
    XCTAssertNil(try database.claimNextSpotifyAction(token: "third", now: Date(), lease: 60))
    // Once the lease is over, the queue is free again.
    let later = try database.claimNextSpotifyAction(token: "third", now: Date().addingTimeInterval(61), lease: 60)
    XCTAssertEqual(later?.id, held.id)
  }

  /// A queued action whose earlier send may have reached Spotify (its answer lost, or a kill -9 mid-send):
  /// Spotify already holds the playlist and its tracks. The flush looks before it writes: no second create,
  /// no track added twice.
  func testAnActionSentBeforeIsReconciledNotRepeated() async throws {
    let catalog = await web.catalog()
    let uris = [catalog.tracks[10].id, catalog.tracks[11].id].map { "spotify:track:\($0)" }
    let create = MusicAction.createPlaylist(name: "Lost answer", description: "made once", uris: uris)
    guard case .actionFinished(_, .done, _)? = await run(.perform(requestID: 1, create, checkDuplicates: false))
    else { return XCTFail("the first send") }
    let all = await web.catalog().playlists
    let made = try XCTUnwrap(all.first { $0.name == "Lost answer" })
    let add = MusicAction.addToPlaylist(playlistID: made.id, uris: uris)
    // What a lost answer leaves: the same actions queued, marked as sent once.
    for action in [create, add] {
      try database.enqueueSpotifyAction(try JSONEncoder().encode(action), at: Date(), attempted: true)
    }
    let before = await web.recordedRequests().filter { $0.method == "POST" }.count
    let flushed = await run(.flushQueue)
    XCTAssertEqual(flushed, .queueFlushed(sent: 2, remaining: 0))
    let after = await web.recordedRequests().filter { $0.method == "POST" }.count
    XCTAssertEqual(after, before, "nothing created or added again")
    let playlists = await web.catalog().playlists.filter { $0.name == "Lost answer" }
    XCTAssertEqual(playlists.count, 1)
    XCTAssertEqual(playlists.first?.items.compactMap { $0 }, uris)
  }

  /// A claim left by a process that no longer exists (kill -9 mid-flush) is taken over at the next flush.
  func testAClaimLeftByAKilledProcessIsTakenOver() async throws {
    let uris = try await queueThree()
    _ = try XCTUnwrap(database.claimNextSpotifyAction(token: "999999999:gone", now: Date(), lease: 120))
    let flushed = await run(.flushQueue)
    XCTAssertEqual(flushed, .queueFlushed(sent: 3, remaining: 0))
    let sent = await writes()
    XCTAssertEqual(sent.count, 3)
    XCTAssertEqual(Set(sent), Set(uris))
  }
}
