import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let playlistEdits = Driver.Exhaustivity.nonExhaustive(
  because: "checks the shown list and the edit effects; the rest of Explore is ExploreReducerTests' subject")

/// Removing and moving songs in your own playlist: keys declared as bindings, a y/n question before removing,
/// the list changing at once, Spotify's positions (entries without a track count), and the new snapshot.
final class ExplorePlaylistEditReducerTests: XCTestCase {
  var context: AppContext {
    var context = AppContext(size: ScreenSize(width: 80, height: 24))
    context.facts = SetupFacts(storedSecrets: [.spotify])
    return context
  }

  static let playlistID = MusicFixtures.lateNight.id

  /// Your playlist "Late Night": Tide at 0, an entry without a track at 1, Undertow at 2.
  func own(snapshot: String? = "s1", tracks: [MusicTrack]? = [MusicFixtures.tide, MusicFixtures.undertow])
    -> Driver
  {
    var driver = Driver(playlistEdits, facts: SetupFacts(storedSecrets: [.spotify]))
    driver.press(.tabKey(.explore))
    var playlist = MusicFixtures.lateNight
    playlist.snapshotID = snapshot
    let detail = PlaylistDetail(playlist: playlist, tracks: tracks, positions: tracks == nil ? nil : [0, 2])
    let effects = driver.send(.explore(.open(playlist.link)))
    guard case .loadDetail(let id, let link)? = effects.first?.exploreEffect else {
      XCTFail("\(effects)")
      return driver
    }
    driver.send(
      .explore(
        .detailFinished(
          requestID: id, link,
          .success(CachedDetail(detail: .playlist(detail), fetchedAt: Date(timeIntervalSince1970: 0))))))
    return driver
  }

  func performed(_ effects: [AppEffect]) -> [MusicAction] {
    effects.compactMap {
      if case .perform(_, let action, false)? = $0.exploreEffect { return action }
      return nil
    }
  }

  func shown(_ driver: Driver) -> [String] {
    guard case .playlist(let detail)? = driver.state.explore.path.last?.loaded?.detail else { return [] }
    return (detail.tracks ?? []).map(\.name)
  }

  func testRemoveAsksFirstThenRemovesAtOnceWithTheSnapshot() {
    var driver = own()
    XCTAssertEqual(
      driver.state.explore.bindings(context).command(for: .character("x")), ExploreCommand.askRemoveFromPlaylist)
    driver.press(.character("x"))
    XCTAssertEqual(driver.state.explore.path.last?.confirmRemove, MusicFixtures.tide)
    let asking = driver.state.explore.bindings(context)
    XCTAssertEqual(asking.command(for: .character("y")), .confirmRemove(true))
    XCTAssertEqual(asking.command(for: .character("n")), .confirmRemove(false))
    XCTAssertNil(asking.command(for: .character("x")), "only y and n while asking")

    XCTAssertTrue(driver.press(.character("n")).isEmpty)
    XCTAssertNil(driver.state.explore.path.last?.confirmRemove)
    XCTAssertEqual(shown(driver), ["Tide", "Undertow"], "n keeps it")
    driver.press(.character("x"))
    XCTAssertTrue(driver.press(.escape).isEmpty)
    XCTAssertEqual(driver.state.explore.depth, 1, "Esc answers the question, the screen stays")

    driver.press(.character("x"))
    let effects = driver.press(.character("y"))
    XCTAssertEqual(
      performed(effects),
      [.removeFromPlaylist(playlistID: Self.playlistID, uris: [MusicFixtures.tide.uri], snapshotID: "s1")])
    XCTAssertEqual(shown(driver), ["Undertow"], "the list changes at once")
    guard case .playlist(let detail)? = driver.state.explore.path.last?.loaded?.detail else { return XCTFail() }
    XCTAssertEqual(detail.positions, [1], "the entry without a track moved up to 0")
  }

  func testMovingUsesSpotifysPositionsAndTheSelectionFollows() {
    var driver = own()
    driver.press(.down)
    XCTAssertEqual(driver.state.explore.bindings(context).command(for: .character("K")), .moveInPlaylist(-1))
    let up = driver.press(.character("K"))
    XCTAssertEqual(
      performed(up),
      [
        .movePlaylistItem(
          playlistID: Self.playlistID, uri: MusicFixtures.undertow.uri, from: 2, insertBefore: 0, snapshotID: "s1")
      ])
    XCTAssertEqual(shown(driver), ["Undertow", "Tide"])
    XCTAssertEqual(driver.state.explore.path.last?.list.selected, 0, "the selection moves with the song")
    XCTAssertTrue(performed(driver.press(.character("K"))).isEmpty, "the first song goes no higher")

    driver.send(.explore(.playlistSnapshot(playlistID: Self.playlistID, snapshotID: "s2")))
    let down = driver.press(.character("J"))
    // Now Undertow 0, Tide 1, the empty entry 2: Undertow goes before the entry after Tide.
    XCTAssertEqual(
      performed(down),
      [
        .movePlaylistItem(
          playlistID: Self.playlistID, uri: MusicFixtures.undertow.uri, from: 0, insertBefore: 2, snapshotID: "s2")
      ])
    XCTAssertEqual(shown(driver), ["Tide", "Undertow"])
  }

  func testNotOfferedOnOtherPeoplesPlaylistsOrAnOfflineCopy() {
    var driver = own(tracks: nil)
    XCTAssertNil(driver.state.explore.bindings(context).command(for: .character("x")))
    XCTAssertTrue(driver.press(.character("x"), .character("y"), .character("J")).isEmpty)

    var stale = Driver(playlistEdits, facts: SetupFacts(storedSecrets: [.spotify]))
    stale.press(.tabKey(.explore))
    let link = MusicFixtures.lateNight.link
    guard case .loadDetail(let id, _)? = stale.send(.explore(.open(link))).first?.exploreEffect else {
      return XCTFail()
    }
    let detail = PlaylistDetail(playlist: MusicFixtures.lateNight, tracks: [MusicFixtures.tide])
    stale.send(
      .explore(
        .detailFinished(
          requestID: id, link,
          .success(CachedDetail(detail: .playlist(detail), fetchedAt: Date(), isStale: true, staleReason: .offline)))))
    XCTAssertNil(stale.state.explore.bindings(context).command(for: .character("x")))
  }

  func testARefusedEditReadsThePlaylistAgain() {
    var driver = own()
    driver.press(.character("x"))
    let effects = driver.press(.character("y"))
    guard let action = performed(effects).first else { return XCTFail() }
    let reload = driver.send(.explore(.actionFinished(action, .failed(.refused("Invalid snapshot")), queued: 0)))
    guard case .loadDetail(_, let link)? = reload.first?.exploreEffect else { return XCTFail("\(reload)") }
    XCTAssertEqual(link, MusicFixtures.lateNight.link)
    XCTAssertNotNil(driver.state.notice)
  }
}
