import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let libraryRows = Driver.Exhaustivity.nonExhaustive(
  because: "checks the library rows, paging and what opens; the search around them is ExploreReducerTests' subject")

/// "Your library" on Explore's root: the rows after the recent searches, `l`, the list screens with paging,
/// failures with retry, the offline copy, and opening the usual detail screens from them.
final class ExploreLibraryReducerTests: XCTestCase {
  var context: AppContext {
    var context = AppContext(size: ScreenSize(width: 80, height: 24))
    context.facts = SetupFacts(storedSecrets: [.spotify])
    return context
  }

  func connected() -> Driver {
    var driver = Driver(libraryRows, facts: SetupFacts(storedSecrets: [.spotify]))
    driver.press(.tabKey(.explore))
    return driver
  }

  func loads(_ effects: [AppEffect]) -> [(Int, LibraryKind, Int)] {
    effects.compactMap {
      if case .loadLibrary(let id, let kind, let offset)? = $0.exploreEffect { return (id, kind, offset) }
      return nil
    }
  }

  func page(_ items: [MusicItem], next: Int? = nil) -> CachedLibrary {
    CachedLibrary(
      page: MusicPage(items: items, total: items.count + (next == nil ? 0 : 50), nextOffset: next),
      fetchedAt: Date(timeIntervalSince1970: 1_800_000_000))
  }

  func testTheRootListsYourLibraryAfterTheRecentSearchesAndEnterOpensSavedSongs() {
    var driver = connected()
    driver.send(.explore(.recentLoaded(["aurora"], queued: 0)))
    // Recent search, then Saved songs, Saved albums, Your playlists.
    driver.press(.down)
    XCTAssertEqual(driver.state.explore.list.selected, 1)
    XCTAssertEqual(driver.state.explore.libraryKind(atRoot: 1), .savedTracks)
    let effects = driver.press(.enter)
    guard let (id, kind, offset) = loads(effects).first else { return XCTFail("\(effects)") }
    XCTAssertEqual(kind, .savedTracks)
    XCTAssertEqual(offset, 0)
    XCTAssertEqual(driver.state.explore.libraryScreen?.phase, .loading(requestID: id))
    XCTAssertEqual(driver.state.explore.depth, 1)
    XCTAssertTrue(searches(effects).isEmpty, "a library row does not search")
  }

  func searches(_ effects: [AppEffect]) -> [Int] {
    effects.compactMap {
      if case .search(let id, _)? = $0.exploreEffect { return id }
      return nil
    }
  }

  func testLSelectsTheLibraryFromAnywhereAndItIsABinding() {
    var driver = connected()
    driver.send(.explore(.recentLoaded(["aurora", "basalt"], queued: 0)))
    XCTAssertEqual(
      driver.state.explore.bindings(context).command(for: .character("l")), ExploreCommand.showLibrary)
    driver.send(.explore(.open(MusicFixtures.tide.link)))
    XCTAssertEqual(driver.state.explore.depth, 1)
    driver.press(.character("l"))
    XCTAssertEqual(driver.state.explore.depth, 0)
    XCTAssertEqual(driver.state.explore.list.selected, 2, "on Saved songs, after the two recent searches")
    XCTAssertEqual(driver.state.explore.libraryKind(atRoot: driver.state.explore.list.selected), .savedTracks)
    driver.press(.down, .down)
    let effects = driver.press(.enter)
    XCTAssertEqual(loads(effects).first?.1, .playlists)
  }

  func testALoadedListOpensTheDetailAndEscGoesBackToTheList() {
    var driver = connected()
    driver.press(.character("l"), .down)
    let effects = driver.press(.enter)
    guard let (id, kind, _) = loads(effects).first else { return XCTFail("\(effects)") }
    XCTAssertEqual(kind, .savedAlbums)
    driver.send(
      .explore(.libraryFinished(requestID: id, .savedAlbums, .success(page([.album(MusicFixtures.nightSwim)])))))
    XCTAssertEqual(driver.state.explore.libraryScreen?.rows.count, 1)
    XCTAssertEqual(driver.state.explore.library[MusicFixtures.nightSwim.uri], true, "saved albums are in the library")
    let opened = driver.press(.enter)
    guard case .loadDetail(_, let link)? = opened.first?.exploreEffect else { return XCTFail("\(opened)") }
    XCTAssertEqual(link, MusicFixtures.nightSwim.link)
    XCTAssertEqual(driver.state.explore.depth, 2)
    driver.press(.escape)
    XCTAssertEqual(driver.state.explore.depth, 1)
    XCTAssertNotNil(driver.state.explore.libraryScreen)
    driver.press(.escape)
    XCTAssertEqual(driver.state.explore.depth, 0)
    XCTAssertNil(driver.state.explore.libraryScreen)
  }

  /// Issue 20: `s` on a song of Saved songs removed it from the library but left its row; now the row goes (and the
  /// next page starts one earlier once Spotify has dropped it; a removal queued offline leaves the offset).
  func testASongRemovedFromSavedSongsLeavesTheList() throws {
    var driver = connected()
    driver.press(.character("l"))
    let id = try XCTUnwrap(loads(driver.press(.enter)).first).0
    let songs: [MusicItem] = [.track(MusicFixtures.tide), .track(MusicFixtures.undertow)]
    driver.send(.explore(.libraryFinished(requestID: id, .savedTracks, .success(page(songs, next: 50)))))
    driver.press(.down)
    let removal = driver.press(.character("s"))
    guard case .perform(_, let action, _)? = removal.first?.exploreEffect else { return XCTFail("\(removal)") }
    XCTAssertEqual(action, .remove(uris: [MusicFixtures.undertow.uri]))
    driver.send(.explore(.actionFinished(action, .done, queued: 0)))
    let screen = try XCTUnwrap(driver.state.explore.libraryScreen)
    XCTAssertEqual(screen.loaded?.page.items, [.track(MusicFixtures.tide)], "the removed song's row is gone")
    XCTAssertEqual(screen.loaded?.page.total, 51)
    XCTAssertEqual(screen.loaded?.page.nextOffset, 49, "Spotify's list is one shorter now")
    XCTAssertEqual(screen.list.selected, 1, "the selection stays in its place: on More…")
    XCTAssertEqual(driver.state.explore.library[MusicFixtures.undertow.uri], false)

    driver.press(.up)
    let queued = driver.press(.character("s"))
    guard case .perform(_, let second, _)? = queued.first?.exploreEffect else { return XCTFail("\(queued)") }
    driver.send(.explore(.actionFinished(second, .queued, queued: 1)))
    XCTAssertEqual(driver.state.explore.libraryScreen?.loaded?.page.items, [])
    XCTAssertEqual(driver.state.explore.libraryScreen?.loaded?.page.nextOffset, 49, "queued: Spotify still has it")
  }

  func testMoreLoadsTheNextPageOnceAndAppends() throws {
    var driver = connected()
    driver.press(.character("l"))
    let id = try XCTUnwrap(loads(driver.press(.enter)).first).0
    driver.send(
      .explore(.libraryFinished(requestID: id, .savedTracks, .success(page([.track(MusicFixtures.tide)], next: 50)))))
    driver.press(.down)
    let more = loads(driver.press(.enter))
    XCTAssertEqual(more.count, 1)
    XCTAssertEqual(more.first?.2, 50)
    XCTAssertTrue(loads(driver.press(.enter)).isEmpty, "a second Enter while loading asks nothing")
    driver.send(
      .explore(.libraryFinished(requestID: more[0].0, .savedTracks, .success(page([.track(MusicFixtures.undertow)])))))
    XCTAssertEqual(
      driver.state.explore.libraryScreen?.rows.compactMap(\.item),
      [.track(MusicFixtures.tide), .track(MusicFixtures.undertow)])
  }

  func testAFailureShowsAndROrTheOfflineCopyAsksAgain() throws {
    var driver = connected()
    driver.press(.character("l"))
    let id = try XCTUnwrap(loads(driver.press(.enter)).first).0
    driver.send(.explore(.libraryFinished(requestID: id, .savedTracks, .failure(.server(status: 503)))))
    XCTAssertEqual(driver.state.explore.libraryScreen?.phase, .failed(.server(status: 503)))
    XCTAssertEqual(driver.state.explore.bindings(context).command(for: .character("r")), .retrySearch)
    let retry = loads(driver.press(.character("r")))
    XCTAssertEqual(retry.count, 1)
    var stale = page([.track(MusicFixtures.tide)])
    stale.isStale = true
    stale.staleReason = .offline
    driver.send(.explore(.libraryFinished(requestID: retry[0].0, .savedTracks, .success(stale))))
    XCTAssertEqual(driver.state.explore.libraryScreen?.loaded?.isStale, true)
    XCTAssertNotNil(driver.state.notice, "says why the offline copy shows")
    XCTAssertEqual(loads(driver.press(.character("r"))).count, 1, "r on an offline copy asks Spotify again")
  }

  func testAStaleAnswerForAClosedListIsIgnored() throws {
    var driver = connected()
    driver.press(.character("l"))
    let effects = driver.press(.enter)
    let id = try XCTUnwrap(loads(effects).first).0
    let back = driver.press(.escape)
    XCTAssertTrue(back.contains(.cancel(requestID: id)))
    driver.send(.explore(.libraryFinished(requestID: id, .savedTracks, .success(page([.track(MusicFixtures.tide)])))))
    XCTAssertNil(driver.state.explore.libraryScreen)
  }
}
