import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// The Explore tab's reducer: debounce as effects (no real time), cancellation, stale answers, navigation
/// and the library and playlist actions.
final class ExploreReducerTests: XCTestCase {
  func connected() -> Driver {
    var driver = Driver(facts: SetupFacts(storedSecrets: [.spotify]))
    driver.press(.tabKey(.explore))
    return driver
  }

  func timers(_ effects: [AppEffect]) -> [Int] {
    effects.compactMap {
      if case .scheduleSearch(let id, let seconds)? = $0.exploreEffect {
        XCTAssertEqual(seconds, 0.3)
        return id
      }
      return nil
    }
  }

  func searches(_ effects: [AppEffect]) -> [(Int, String)] {
    effects.compactMap {
      if case .search(let id, let query)? = $0.exploreEffect { return (id, query) }
      return nil
    }
  }

  func cancelled(_ effects: [AppEffect]) -> [Int] {
    effects.compactMap {
      if case .cancel(let id) = $0 { return id }
      return nil
    }
  }

  /// Types `text`, lets the last timer run out and answers the one search with `results`.
  func search(_ driver: inout Driver, _ text: String, results: SearchResults = MusicFixtures.results()) {
    driver.press(.character("/"))
    let typed = driver.type(text)
    let timer = timers(typed).last!
    let started = driver.send(.explore(.searchDue(timerID: timer)))
    let (requestID, query) = searches(started).first!
    driver.send(.explore(.searchFinished(requestID: requestID, query: query, .success(results))))
  }

  func testWithoutSpotifyTheTabExplainsAndEnterOpensTheSetupStep() {
    var driver = Driver(facts: SetupFacts())
    driver.press(.tabKey(.explore))
    XCTAssertEqual(driver.state.selectedTab, .explore)
    XCTAssertFalse(driver.state.isEditingText)
    driver.press(.enter)
    XCTAssertEqual(driver.state.selectedTab, .feed)
    guard case .spotify? = driver.state.feed.path.last else {
      return XCTFail("the Spotify step should be open: \(driver.state.feed.path)")
    }
  }

  func testTypingMakesOneSearchPerSettledQueryAfterThe300msTimer() {
    var driver = connected()
    driver.press(.character("/"))
    XCTAssertTrue(driver.state.isEditingText)
    let one = driver.type("a")
    XCTAssertTrue(timers(one).isEmpty, "one character does not search")
    let typed = driver.type("urora")
    let ids = timers(typed)
    XCTAssertEqual(ids.count, 5, "a new timer per keystroke from 2 characters on")
    XCTAssertEqual(Set(cancelled(typed)), Set(ids.dropLast()), "each keystroke cancels the previous timer")
    XCTAssertTrue(searches(driver.effects).isEmpty, "nothing is searched while typing")
    for stale in ids.dropLast() {
      XCTAssertTrue(driver.send(.explore(.searchDue(timerID: stale))).isEmpty, "a stale timer is dropped")
    }
    let started = driver.send(.explore(.searchDue(timerID: ids.last!)))
    XCTAssertEqual(searches(started).map(\.1), ["aurora"])
    XCTAssertEqual(searches(driver.effects).count, 1)
    guard case .loading(_, "aurora") = driver.state.explore.search else { return XCTFail("loading indicator") }
  }

  func testANewKeystrokeCancelsTheRequestInFlightAndItsLateAnswerIsDropped() {
    var driver = connected()
    driver.press(.character("/"))
    let timer = timers(driver.type("au")).last!
    let (requestID, _) = searches(driver.send(.explore(.searchDue(timerID: timer)))).first!
    let next = driver.type("r")
    XCTAssertTrue(cancelled(next).contains(requestID))
    XCTAssertEqual(
      next.first { $0.exploreEffect == .search(requestID: requestID, query: "au") }?.cancellationID, nil)
    driver.send(.explore(.searchFinished(requestID: requestID, query: "au", .success(MusicFixtures.results()))))
    if case .loaded = driver.state.explore.search { XCTFail("a cancelled search's answer must not show") }
  }

  func testTheSearchEffectIsCancellableByItsRequestID() {
    let effect = AppEffect.explore(.search(requestID: 42, query: "x"))
    XCTAssertEqual(effect.cancellationID, 42)
    XCTAssertEqual(AppEffect.explore(.scheduleSearch(timerID: 7, seconds: 0.3)).cancellationID, 7)
  }

  func testDigitsAndLettersAreTextInTheField() {
    var driver = connected()
    driver.press(.character("/"))
    driver.type("q2?")
    XCTAssertEqual(driver.state.explore.query.text, "q2?")
    XCTAssertEqual(driver.state.selectedTab, .explore)
    driver.press(.escape)
    XCTAssertFalse(driver.state.isEditingText)
  }

  func testResultsAreListedAndARevisitedQueryAnswersFromTheSessionCache() {
    var driver = connected()
    search(&driver, "aurora")
    guard case .loaded("aurora", let results) = driver.state.explore.search else { return XCTFail() }
    XCTAssertEqual(results.rows.count, 6, "2 tracks + more + artist + album + playlist")
    // Searched while typing, the query is not settled yet; leaving the field for the results settles it.
    XCTAssertEqual(driver.state.explore.recentSearches, [])
    driver.press(.down)
    XCTAssertEqual(driver.state.explore.recentSearches.first, "aurora")
    XCTAssertTrue(driver.effects.contains(.explore(.rememberSearch("aurora"))))
    driver.press(.character("/"))
    driver.press(.ctrl("u"))
    let again = driver.type("aurora")
    XCTAssertTrue(searches(again).isEmpty)
    XCTAssertTrue(timers(again).count < 5, "the cached query answers without a timer")
    guard case .loaded("aurora", _) = driver.state.explore.search else { return XCTFail("cached answer") }
  }

  func testEmptyResultsAndFailuresAreStates() {
    var driver = connected()
    search(&driver, "zzz", results: SearchResults())
    guard case .loaded(_, let results) = driver.state.explore.search, results.isEmpty else { return XCTFail() }
    driver.press(.ctrl("u"))
    let timer = timers(driver.type("xy")).last!
    let id = searches(driver.send(.explore(.searchDue(timerID: timer)))).first?.0 ?? 0
    driver.send(.explore(.searchFinished(requestID: id, query: "xy", .failure(.rateLimited(seconds: 30)))))
    XCTAssertEqual(driver.state.explore.search, .failed(query: "xy", .rateLimited(seconds: 30)))
  }

  func testMoreLoadsTheNextPageOfOneGroupByOffset() {
    var driver = connected()
    search(&driver, "aurora")
    driver.press(.enter)  // leave the field? Enter in the field searches; focus moves to the list
    driver.press(.down, .down)
    let effects = driver.press(.enter)
    guard case .searchMore(let id, "aurora", .tracks, offset: 10)? = effects.first?.exploreEffect else {
      return XCTFail("\(effects)")
    }
    var page = SearchResults()
    page.tracks = MusicPage(items: [MusicFixtures.tide], total: 12, nextOffset: nil)
    page.artists = MusicPage(items: [MusicFixtures.basalt], total: 1)
    driver.send(.explore(.moreFinished(requestID: id, .tracks, .success(page))))
    guard case .loaded(_, let results) = driver.state.explore.search else { return XCTFail() }
    XCTAssertEqual(results.tracks.items.count, 3)
    XCTAssertNil(results.tracks.nextOffset)
    XCTAssertEqual(results.artists.items, [MusicFixtures.aurora], "only the asked group grows")
  }

  func testOpeningPushesADetailEscPopsAndReopeningMakesNoRequest() {
    var driver = connected()
    search(&driver, "aurora")
    driver.press(.enter)
    let (opened, effects) = openSelected(&driver)
    XCTAssertEqual(opened, MusicFixtures.tide.link)
    let link = MusicFixtures.tide.link
    guard case .loadDetail(let id, _)? = effects.first?.exploreEffect else { return XCTFail("\(effects)") }
    XCTAssertEqual(driver.state.explore.depth, 1)
    driver.send(.explore(.detailFinished(requestID: id + 100, link, .success(cached(.track(MusicFixtures.tide))))))
    XCTAssertNil(driver.state.explore.path.last?.loaded, "a stale answer is dropped")
    let answered = driver.send(
      .explore(.detailFinished(requestID: id, link, .success(cached(.track(MusicFixtures.tide))))))
    XCTAssertNotNil(driver.state.explore.path.last?.loaded)
    XCTAssertEqual(answered, [AppEffect.explore(.checkLibrary(uris: [MusicFixtures.tide.uri]))])
    driver.press(.escape)
    XCTAssertEqual(driver.state.explore.depth, 0)
    let again = driver.press(.enter)
    XCTAssertTrue(again.isEmpty, "the second open is served from the session cache")
    XCTAssertNotNil(driver.state.explore.path.last?.loaded)
  }

  func testAnOfflineCopyIsAskedForAgainOnTheNextOpen() {
    var driver = connected()
    let link = MusicFixtures.tide.link
    driver.send(.explore(.open(link)))
    let stale = CachedDetail(
      detail: .track(MusicFixtures.tide), fetchedAt: Date(), isStale: true, staleReason: .rateLimited(seconds: 90))
    let answered = driver.send(.explore(.detailFinished(requestID: loadingID(driver), link, .success(stale))))
    XCTAssertTrue(answered.isEmpty, "no library check while offline")
    guard case .localized(let text, true)? = driver.state.notice else { return XCTFail("the reason is said") }
    XCTAssertEqual(text.resolved(.en), "Spotify asks to wait 90 s before trying again. Showing the offline copy.")
    XCTAssertEqual(text.resolved(.de), "Spotify bittet, 90 s zu warten. Zeige die Offline-Kopie.")
    driver.press(.escape)
    driver.send(.explore(.open(link)))
    if case .loading? = driver.state.explore.path.last?.phase {} else { XCTFail("a stale copy is fetched again") }
  }

  func testWebURLsKeepAnIDToOneSegment() {
    XCTAssertEqual(SpotifyLink(kind: .track, id: "../x?y").webURL, "https://open.spotify.com/track/%2E%2E%2Fx%3Fy")
    XCTAssertEqual(
      MusicItem.track(MusicTrack(id: "abc", name: "n", spotifyURL: "javascript:alert(1)")).webURL,
      "https://open.spotify.com/track/abc")
  }

  func testDetailScreensPushEachOther() {
    var driver = connected()
    driver.send(.explore(.open(MusicFixtures.aurora.link)))
    let id = loadingID(driver)
    driver.send(
      .explore(.detailFinished(requestID: id, MusicFixtures.aurora.link, .success(cached(MusicFixtures.artistDetail)))))
    driver.press(.down)  // Popular: Tide, then Albums: Night Swim
    let effects = driver.press(.enter)
    XCTAssertEqual(driver.state.explore.path.last?.link, MusicFixtures.nightSwim.link)
    XCTAssertEqual(driver.state.explore.depth, 2)
    guard case .loadDetail? = effects.first?.exploreEffect else { return XCTFail() }
    driver.press(.escape)
    driver.press(.end)
    let more = driver.press(.enter)
    XCTAssertEqual(
      more.first?.exploreEffect,
      .loadReleases(
        requestID: driver.state.context.nextRequestID - 1, artistID: MusicFixtures.aurora.id, singles: true, offset: 10)
    )
  }

  func testAPastedSpotifyLinkOpensTheItemDirectly() {
    var driver = connected()
    let link = "https://open.spotify.com/album/\(MusicFixtures.nightSwim.id)?si=abc"
    let effects = driver.send(.input(.paste(link)))
    XCTAssertEqual(driver.state.explore.path.last?.link, MusicFixtures.nightSwim.link)
    XCTAssertTrue(searches(effects).isEmpty)
    XCTAssertTrue(timers(effects).isEmpty)
    XCTAssertEqual(driver.state.explore.query.text, "")
  }

  func testSaveTogglesWithTheLibraryStateAndConfirmsOnTheStatusLine() {
    var driver = openTrack()
    var effects = driver.press(.character("s"))
    guard
      case .perform(_, .save(uris: [MusicFixtures.tide.uri]), checkDuplicates: false)? = effects.first?.exploreEffect
    else { return XCTFail("\(effects)") }
    driver.send(.explore(.actionFinished(.save(uris: [MusicFixtures.tide.uri]), .done, queued: 0)))
    guard case .localized(let saved, false)? = driver.state.notice else { return XCTFail("no notice") }
    XCTAssertEqual(saved.resolved(.en), "Saved to your library")
    XCTAssertEqual(saved.resolved(.de), "In deiner Bibliothek gespeichert")
    effects = driver.press(.character("s"))
    guard case .perform(_, .remove(uris: [MusicFixtures.tide.uri]), _)? = effects.first?.exploreEffect else {
      return XCTFail("\(effects)")
    }
    driver.send(.explore(.actionFinished(.remove(uris: [MusicFixtures.tide.uri]), .queued, queued: 2)))
    guard case .localized(let text, true)? = driver.state.notice else { return XCTFail() }
    XCTAssertEqual(text.resolved(.en), "Removed from your library (offline: queued, 2 waiting)")
    XCTAssertEqual(text.resolved(.de), "Aus deiner Bibliothek entfernt (offline: gespeichert, 2 wartend)")
    XCTAssertEqual(driver.state.explore.queuedActions, 2)
  }

  func testAddToPlaylistPicksAPlaylistAndWarnsBeforeADuplicate() {
    var driver = openTrack()
    let load = driver.press(.character("a"))
    guard case .loadPlaylists(let listID)? = load.first?.exploreEffect else { return XCTFail("\(load)") }
    driver.send(
      .explore(.playlistsLoaded(requestID: listID, .success([MusicFixtures.lateNight, MusicFixtures.running]))))
    XCTAssertEqual(driver.state.explore.picker?.phase, .choosing)
    let add = driver.press(.enter)
    let action = MusicAction.addToPlaylist(playlistID: MusicFixtures.lateNight.id, uris: [MusicFixtures.tide.uri])
    guard case .perform(let addID, action, checkDuplicates: true)? = add.first?.exploreEffect else {
      return XCTFail("\(add)")
    }
    driver.send(.explore(.duplicateFound(requestID: addID)))
    XCTAssertEqual(driver.state.explore.picker?.phase, .confirmDuplicate(MusicFixtures.lateNight))
    let anyway = driver.press(.enter)
    guard case .perform(_, action, checkDuplicates: false)? = anyway.first?.exploreEffect else {
      return XCTFail("\(anyway)")
    }
    driver.send(.explore(.actionFinished(action, .done, queued: 0)))
    XCTAssertNil(driver.state.explore.picker)
    guard case .localized(let added, false)? = driver.state.notice else { return XCTFail("no notice") }
    XCTAssertEqual(added.resolved(.en), "Added to Late Night")
    XCTAssertEqual(added.resolved(.de), "Zu Late Night hinzugefügt")
  }

  func testEscClosesThePickerBeforePopping() {
    var driver = openTrack()
    driver.press(.character("a"))
    driver.press(.escape)
    XCTAssertNil(driver.state.explore.picker)
    XCTAssertEqual(driver.state.explore.depth, 1)
  }

  func testOpenInSpotifyAndCopyLink() {
    var driver = openTrack()
    XCTAssertEqual(driver.press(.character("o")), [.openURL("https://open.spotify.com/track/\(MusicFixtures.tide.id)")])
    XCTAssertEqual(
      driver.press(.character("c")), [.copyToClipboard("https://open.spotify.com/track/\(MusicFixtures.tide.id)")])
    XCTAssertEqual(driver.state.notice, .linkCopied)
  }

  func testSlashFromADetailScreenGoesBackToTheFocusedSearch() {
    var driver = openTrack()
    driver.press(.character("/"))
    XCTAssertEqual(driver.state.explore.depth, 0)
    XCTAssertTrue(driver.state.isEditingText)
  }

  func testProfileOpensAnEntryInExplore() {
    var driver = Driver(facts: SetupFacts(storedSecrets: [.spotify]))
    let arrive = driver.press(.tabKey(.profile))
    guard case .loadStats(let id, .shortTerm)? = arrive.first?.profileEffect else { return XCTFail("\(arrive)") }
    driver.send(
      .profile(
        .statsFinished(requestID: id, .shortTerm, .success(CachedStats(stats: MusicFixtures.stats, fetchedAt: Date()))))
    )
    driver.press(.down, .down)  // artists: Aurora, Basalt; tracks: Tide
    let effects = driver.press(.enter)
    XCTAssertEqual(driver.state.selectedTab, .explore)
    XCTAssertEqual(driver.state.explore.path.last?.link, MusicFixtures.tide.link)
    XCTAssertNotNil(effects.first?.exploreEffect)
  }

  func testProfileSwitchesRangesWithArrowsAndLetters() {
    var driver = Driver(facts: SetupFacts(storedSecrets: [.spotify]))
    driver.press(.tabKey(.profile))
    let right = driver.press(.right)
    guard case .loadStats(_, .mediumTerm)? = right.first?.profileEffect else { return XCTFail("\(right)") }
    let all = driver.press(.character("a"))
    guard case .loadStats(_, .longTerm)? = all.first?.profileEffect else { return XCTFail("\(all)") }
    driver.press(.character("m"))
    XCTAssertEqual(driver.state.profile.range, .mediumTerm)
    XCTAssertTrue(driver.press(.character("m")).isEmpty, "a range already loading is not asked again")
  }

  func testTopGenresAreCountedFromTheTopArtists() {
    let genres = MusicFixtures.stats.topGenres
    XCTAssertEqual(genres.first?.genre, "dream pop")
    XCTAssertEqual(genres.first?.count, 2)
    XCTAssertEqual(genres.count, 3)
  }

  // MARK: Helpers

  func cached(_ detail: MusicDetail) -> CachedDetail { CachedDetail(detail: detail, fetchedAt: Date()) }

  func loadingID(_ driver: Driver) -> Int {
    if case .loading(let id)? = driver.state.explore.path.last?.phase { return id }
    XCTFail("not loading")
    return 0
  }

  func openSelected(_ driver: inout Driver) -> (SpotifyLink?, [AppEffect]) {
    let effects = driver.press(.enter)
    return (driver.state.explore.path.last?.link, effects)
  }

  func openTrack() -> Driver {
    var driver = connected()
    driver.send(.explore(.open(MusicFixtures.tide.link)))
    driver.send(
      .explore(
        .detailFinished(
          requestID: loadingID(driver), MusicFixtures.tide.link, .success(cached(.track(MusicFixtures.tide))))))
    return driver
  }
}
