import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// Issue 21 item 3: an answer to a Spotify write that never comes (later than the client's bound) leaves the
/// outcome unknown. Before, a lost "create playlist" answer made the retry create a second playlist, and a lost
/// "add items" answer made it add every track again. Exact request counts at the fake.
extension CreateRunnerTests {
  func resolvedPlaylist(_ runner: EffectRunner) async throws -> GeneratedPlaylist {
    let playlist = try await generated(runner, count: 10)
    _ = await runner.run(.create(.resolve(requestID: 2, playlistID: playlist.id)))
    return playlist
  }

  func posts(_ path: String) async -> Int {
    await spotify.recordedRequests().filter { $0.method == "POST" && $0.path == path }.count
  }

  func testALostCreateAnswerIsFoundNotCreatedAgain() async throws {
    let online = runner()
    let playlist = try await resolvedPlaylist(online)
    let impatient = runner(timeout: 0.5)
    await spotify.enqueue(.actThenAnswerLate(seconds: 1.5))
    let lost = await impatient.run(.create(.save(requestID: 3, playlistID: playlist.id, name: playlist.name)))
    guard case .saved(3, .failure)? = lost?.createAction else { return XCTFail("\(lost as Any)") }
    let made = await spotify.catalog().playlists.filter { $0.name == playlist.name }
    XCTAssertEqual(made.count, 1, "Spotify made the playlist although the answer was lost")

    // The retry (by hand here; the queue's retry takes the same path).
    let retried = await online.run(.create(.save(requestID: 4, playlistID: playlist.id, name: playlist.name)))
    guard case .saved(4, .success(let done))? = retried?.createAction else { return XCTFail("\(retried as Any)") }
    let createPosts = await posts("/v1/me/playlists")
    XCTAssertEqual(createPosts, 1, "no second create")
    let after = await spotify.catalog().playlists.filter { $0.name == playlist.name }
    XCTAssertEqual(after.count, 1, "one playlist")
    XCTAssertEqual(done.saveState.createdPlaylistID, after.first?.id)
    XCTAssertEqual(after.first?.items.compactMap { $0 }, SavePlan.uris(for: done.songs))
  }

  /// The history after a lost add answer is what a kill -9 during the add leaves (the playlist id recorded, no
  /// progress written), so this is also "kill -9 while an add is pending, then `s` on the partly saved entry".
  func testALostAddAnswerDoesNotAddTheTracksTwice() async throws {
    let online = runner()
    let playlist = try await resolvedPlaylist(online)
    let impatient = runner(timeout: 0.5)
    await spotify.enqueue(.delay(seconds: 0))  // the create answers
    await spotify.enqueue(.actThenAnswerLate(seconds: 1.5))  // the add happens, its answer is lost
    let lost = await impatient.run(.create(.save(requestID: 3, playlistID: playlist.id, name: playlist.name)))
    guard case .saved(3, .failure)? = lost?.createAction else { return XCTFail("\(lost as Any)") }

    let retried = await online.run(.create(.save(requestID: 4, playlistID: playlist.id, name: playlist.name)))
    guard case .saved(4, .success(let done))? = retried?.createAction else { return XCTFail("\(retried as Any)") }
    let playlists = await spotify.catalog().playlists
    let created = try XCTUnwrap(playlists.first { $0.id == done.saveState.createdPlaylistID })
    let expected = SavePlan.uris(for: done.songs)
    XCTAssertEqual(created.items.compactMap { $0 }, expected, "every track once")
    let addPosts = await posts("/v1/playlists/\(created.id)/items")
    XCTAssertEqual(addPosts, 1, "the add was not sent again")
  }
}

/// One save per playlist at a time: `s` pressed while the queue's retry runs, and a second vibes on the same data
/// folder, each saving the same playlist at the same moment with slow answers.
extension CreateRunnerTests {
  func testSavesOfOnePlaylistAtOnceMakeOnePlaylist() async throws {
    let online = runner()
    let playlist = try await resolvedPlaylist(online)
    await spotify.setLatency(0.1)
    await spotify.setWriteLatency(1)
    let paths = AppPaths(environment: ["HOME": home.path])
    let second = try AppDatabase(path: paths.databaseFile.path)
    let other = runner(database: second)
    async let a = online.run(.create(.save(requestID: 3, playlistID: playlist.id, name: playlist.name)))
    async let b = online.run(.create(.save(requestID: 4, playlistID: playlist.id, name: playlist.name)))
    async let c = other.run(.create(.save(requestID: 5, playlistID: playlist.id, name: playlist.name)))
    let results = await [a, b, c]
    for result in results {
      guard case .saved(_, .success)? = result?.createAction else { return XCTFail("\(result as Any)") }
    }
    let createPosts = await posts("/v1/me/playlists")
    XCTAssertEqual(createPosts, 1, "one create")
    let made = await spotify.catalog().playlists.filter { $0.name == playlist.name }
    XCTAssertEqual(made.count, 1)
    XCTAssertEqual(
      made.first.map { $0.items.compactMap { $0 } },
      SavePlan.uris(for: try database.generatedPlaylist(id: playlist.id)!.songs))
    let addPosts = await posts("/v1/playlists/\(made.first?.id ?? "")/items")
    XCTAssertEqual(addPosts, 1, "one add")
  }

  /// A save claimed by a process that no longer exists (kill -9 mid-save) does not block the next one.
  func testAClaimLeftByAKilledProcessIsTakenOver() async throws {
    let online = runner()
    let playlist = try await resolvedPlaylist(online)
    // A process id that does not exist, as a killed vibes leaves it.
    XCTAssertTrue(try database.claimPlaylistSave(playlist.id, token: "999999999:gone", now: Date(), lease: 300))
    let started = Date()
    let saved = await online.run(.create(.save(requestID: 3, playlistID: playlist.id, name: playlist.name)))
    guard case .saved(3, .success)? = saved?.createAction else { return XCTFail("\(saved as Any)") }
    XCTAssertLessThan(Date().timeIntervalSince(started), 5, "no wait for the 300 s lease")
  }
}
