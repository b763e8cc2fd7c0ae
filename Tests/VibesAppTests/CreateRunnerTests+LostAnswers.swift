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
