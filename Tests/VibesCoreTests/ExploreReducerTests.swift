import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// Why the search-typing tests drive the app loosely (see `Driver.Exhaustivity`).
private let searchEffects = Driver.Exhaustivity.nonExhaustive(
  because: "checks the timer, search and cancel effects of typing; the field state is TextInputModelTests' subject")
/// Why the two cross-tab tests drive the app loosely.
private let whereItOpens = Driver.Exhaustivity.nonExhaustive(
  because: "checks which tab and screen another tab's key opens, not that tab's arrival effects")

/// The Explore tab's reducer: debounce as effects (no real time), cancellation, stale answers, navigation
/// and the library and playlist actions. Opening and stacking detail screens, their actions, the picker and the
/// Profile ranges are exhaustive (every change and effect stated); the typing and cross-tab tests say why not.
final class ExploreReducerTests: XCTestCase {
  /// On Explore with Spotify connected (the premise: arriving is not checked).
  func connected(_ exhaustivity: Driver.Exhaustivity = .exhaustive) -> Driver {
    var driver = Driver(exhaustivity, facts: SetupFacts(storedSecrets: [.spotify]))
    driver.arrange { $0.press(.tabKey(.explore)) }
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
    var driver = Driver(whereItOpens, facts: SetupFacts())
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
    var driver = connected(searchEffects)
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
    var driver = connected(searchEffects)
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
    driver.press(.character("/"), expecting: []) { $0.explore.isEditing = true }
    let first = driver.state.context.nextRequestID
    // From two characters on each key starts a 300 ms timer and cancels the one before.
    let timers = [
      AppEffect.explore(.scheduleSearch(timerID: first, seconds: 0.3)), .cancel(requestID: first),
      .explore(.scheduleSearch(timerID: first + 1, seconds: 0.3)),
    ]
    driver.type("q2?", expecting: timers) { state in
      state.explore.query.input = TextInput("q2?")
      state.explore.pendingTimerID = first + 1
      state.context.nextRequestID = first + 2
    }
    driver.press(.escape, expecting: []) { $0.explore.isEditing = false }
    XCTAssertEqual(driver.state.selectedTab, .explore)
  }

  func testResultsAreListedAndARevisitedQueryAnswersFromTheSessionCache() {
    var driver = connected(searchEffects)
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
    var driver = connected(searchEffects)
    search(&driver, "zzz", results: SearchResults())
    guard case .loaded(_, let results) = driver.state.explore.search, results.isEmpty else { return XCTFail() }
    driver.press(.ctrl("u"))
    let timer = timers(driver.type("xy")).last!
    let id = searches(driver.send(.explore(.searchDue(timerID: timer)))).first?.0 ?? 0
    driver.send(.explore(.searchFinished(requestID: id, query: "xy", .failure(.rateLimited(seconds: 30)))))
    XCTAssertEqual(driver.state.explore.search, .failed(query: "xy", .rateLimited(seconds: 30)))
  }

  func testMoreLoadsTheNextPageOfOneGroupByOffset() {
    var driver = connected(searchEffects)
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
    driver.arrange { driver in
      self.search(&driver, "aurora")
      driver.press(.enter)  // into the results list
    }
    let link = MusicFixtures.tide.link
    let id = driver.state.context.nextRequestID
    driver.press(.enter, expecting: [.explore(.loadDetail(requestID: id, link))]) {
      $0.explore.path = [DetailScreen(link: link, phase: .loading(requestID: id))]
      $0.context.nextRequestID = id + 1
    }
    XCTAssertEqual(driver.state.explore.depth, 1)
    let detail = cached(.track(MusicFixtures.tide))
    driver.send(.explore(.detailFinished(requestID: id + 100, link, .success(detail))), expecting: [])  // stale
    driver.send(
      .explore(.detailFinished(requestID: id, link, .success(detail))),
      expecting: [.explore(.checkLibrary(uris: [MusicFixtures.tide.uri]))]
    ) {
      $0.explore.detailCache[link] = detail
      $0.explore.path = [DetailScreen(link: link, phase: .loaded(detail))]
    }
    driver.press(.escape, expecting: []) { $0.explore.path = [] }
    // The second open is served from the session cache: no request.
    driver.press(.enter, expecting: []) { $0.explore.path = [DetailScreen(link: link, phase: .loaded(detail))] }
  }

  func testAnOfflineCopyIsAskedForAgainOnTheNextOpen() {
    var driver = connected()
    let link = MusicFixtures.tide.link
    let id = driver.state.context.nextRequestID
    driver.send(.explore(.open(link)), expecting: [.explore(.loadDetail(requestID: id, link))]) {
      $0.explore.path = [DetailScreen(link: link, phase: .loading(requestID: id))]
      $0.context.nextRequestID = id + 1
    }
    let stale = CachedDetail(
      detail: .track(MusicFixtures.tide), fetchedAt: Date(), isStale: true, staleReason: .rateLimited(seconds: 90))
    // No library check while offline; the reason is said.
    driver.send(.explore(.detailFinished(requestID: id, link, .success(stale))), expecting: []) { state in
      state.explore.detailCache[link] = stale
      state.explore.path = [DetailScreen(link: link, phase: .loaded(stale))]
      state.notice = .localized(
        LocalizedText(ExploreL10n.exploreOfflineCopyNotice) { t in
          ["reason": t[MusicFailure.rateLimited(seconds: 90).text]]
        }, isWarning: true)
    }
    guard case .localized(let text, true)? = driver.state.notice else { return XCTFail("the reason is said") }
    XCTAssertEqual(text.resolved(.en), "Spotify asks to wait 90 s before trying again. Showing the offline copy.")
    XCTAssertEqual(text.resolved(.de), "Spotify bittet, 90 s zu warten. Zeige die Offline-Kopie.")
    driver.press(.escape, expecting: []) { state in
      state.explore.path = []
      state.notice = nil
    }
    // A stale copy is fetched again.
    driver.send(.explore(.open(link)), expecting: [.explore(.loadDetail(requestID: id + 1, link))]) {
      $0.explore.path = [DetailScreen(link: link, phase: .loading(requestID: id + 1))]
      $0.context.nextRequestID = id + 2
    }
  }

  func testWebURLsKeepAnIDToOneSegment() {
    XCTAssertEqual(SpotifyLink(kind: .track, id: "../x?y").webURL, "https://open.spotify.com/track/%2E%2E%2Fx%3Fy")
    XCTAssertEqual(
      MusicItem.track(MusicTrack(id: "abc", name: "n", spotifyURL: "javascript:alert(1)")).webURL,
      "https://open.spotify.com/track/abc")
  }

  func testDetailScreensPushEachOther() {
    var driver = connected()
    let artist = MusicFixtures.aurora.link
    let album = MusicFixtures.nightSwim.link
    let detail = cached(MusicFixtures.artistDetail)
    driver.arrange { driver in
      driver.send(.explore(.open(artist)))
      driver.send(.explore(.detailFinished(requestID: self.loadingID(driver), artist, .success(detail))))
    }
    let artistScreen = DetailScreen(link: artist, phase: .loaded(detail))
    driver.press(.down, expecting: []) { $0.explore.path[0].list.selected = 1 }  // Popular: Tide, then Night Swim
    let id = driver.state.context.nextRequestID
    driver.press(.enter, expecting: [.explore(.loadDetail(requestID: id, album))]) { state in
      state.explore.path.append(DetailScreen(link: album, phase: .loading(requestID: id)))
      state.context.nextRequestID = id + 1
    }
    XCTAssertEqual(driver.state.explore.depth, 2)
    driver.press(.escape, expecting: [.cancel(requestID: id)]) { $0.explore.path.removeLast() }
    let rows = MusicFixtures.artistDetail.rows.count
    driver.press(.end, expecting: []) { $0.explore.path[0].list.selected = rows - 1 }
    let more = driver.state.context.nextRequestID
    driver.press(
      .enter,
      expecting: [
        .explore(.loadReleases(requestID: more, artistID: MusicFixtures.aurora.id, singles: true, offset: 10))
      ]
    ) { $0.context.nextRequestID = more + 1 }
    XCTAssertEqual(driver.state.explore.path.first?.link, artistScreen.link)
  }

  func testAPastedSpotifyLinkOpensTheItemDirectly() {
    var driver = connected()
    let link = MusicFixtures.nightSwim.link
    let id = driver.state.context.nextRequestID
    // No search, no timer, nothing typed: the item opens.
    driver.send(
      .input(.paste("https://open.spotify.com/album/\(MusicFixtures.nightSwim.id)?si=abc")),
      expecting: [.explore(.loadDetail(requestID: id, link))]
    ) {
      $0.explore.path = [DetailScreen(link: link, phase: .loading(requestID: id))]
      $0.context.nextRequestID = id + 1
    }
  }

  func testSaveTogglesWithTheLibraryStateAndConfirmsOnTheStatusLine() {
    var driver = openTrack()
    let uri = MusicFixtures.tide.uri
    let saveID = driver.state.context.nextRequestID
    driver.press(
      .character("s"), expecting: [.explore(.perform(requestID: saveID, .save(uris: [uri]), checkDuplicates: false))]
    ) { $0.context.nextRequestID = saveID + 1 }
    driver.send(.explore(.actionFinished(.save(uris: [uri]), .done, queued: 0)), expecting: []) { state in
      state.explore.library[uri] = true
      state.notice = .localized(LocalizedText(ExploreL10n.exploreSaved, ["waiting": "0"]), isWarning: false)
    }
    guard case .localized(let saved, false)? = driver.state.notice else { return XCTFail("no notice") }
    XCTAssertEqual(saved.resolved(.en), "Saved to your library")
    XCTAssertEqual(saved.resolved(.de), "In deiner Bibliothek gespeichert")
    let removeID = driver.state.context.nextRequestID
    driver.press(
      .character("s"),
      expecting: [.explore(.perform(requestID: removeID, .remove(uris: [uri]), checkDuplicates: false))]
    ) { state in
      state.context.nextRequestID = removeID + 1
      state.notice = nil  // a key clears the last notice
    }
    driver.send(.explore(.actionFinished(.remove(uris: [uri]), .queued, queued: 2)), expecting: []) { state in
      state.explore.library[uri] = false
      state.explore.queuedActions = 2
      state.notice = .localized(LocalizedText(ExploreL10n.exploreRemovedQueued, ["waiting": "2"]), isWarning: true)
    }
    guard case .localized(let text, true)? = driver.state.notice else { return XCTFail() }
    XCTAssertEqual(text.resolved(.en), "Removed from your library (offline: queued, 2 waiting)")
    XCTAssertEqual(text.resolved(.de), "Aus deiner Bibliothek entfernt (offline: gespeichert, 2 wartend)")
  }

  func testAddToPlaylistPicksAPlaylistAndWarnsBeforeADuplicate() {
    var driver = openTrack()
    let tide = MusicFixtures.tide
    let listID = driver.state.context.nextRequestID
    driver.press(.character("a"), expecting: [.explore(.loadPlaylists(requestID: listID))]) { state in
      state.explore.picker = PlaylistPicker(uris: [tide.uri], title: tide.name, phase: .loading(requestID: listID))
      state.context.nextRequestID = listID + 1
    }
    let playlists = [MusicFixtures.lateNight, MusicFixtures.running]
    driver.send(.explore(.playlistsLoaded(requestID: listID, .success(playlists))), expecting: []) { state in
      state.explore.picker?.playlists = playlists
      state.explore.picker?.phase = .choosing
    }
    let action = MusicAction.addToPlaylist(playlistID: MusicFixtures.lateNight.id, uris: [tide.uri])
    let addID = driver.state.context.nextRequestID
    driver.press(.enter, expecting: [.explore(.perform(requestID: addID, action, checkDuplicates: true))]) { state in
      state.explore.picker?.phase = .adding(requestID: addID, MusicFixtures.lateNight)
      state.context.nextRequestID = addID + 1
    }
    driver.send(.explore(.duplicateFound(requestID: addID)), expecting: []) {
      $0.explore.picker?.phase = .confirmDuplicate(MusicFixtures.lateNight)
    }
    let anywayID = driver.state.context.nextRequestID
    driver.press(.enter, expecting: [.explore(.perform(requestID: anywayID, action, checkDuplicates: false))]) {
      $0.explore.picker?.phase = .adding(requestID: anywayID, MusicFixtures.lateNight)
      $0.context.nextRequestID = anywayID + 1
    }
    driver.send(.explore(.actionFinished(action, .done, queued: 0)), expecting: []) { state in
      state.explore.picker = nil
      state.notice = .localized(
        LocalizedText(ExploreL10n.exploreAdded, ["name": "Late Night", "waiting": "0"]), isWarning: false)
    }
    guard case .localized(let added, false)? = driver.state.notice else { return XCTFail("no notice") }
    XCTAssertEqual(added.resolved(.en), "Added to Late Night")
    XCTAssertEqual(added.resolved(.de), "Zu Late Night hinzugefügt")
  }

  func testEscClosesThePickerBeforePopping() {
    var driver = openTrack()
    let listID = driver.state.context.nextRequestID
    driver.arrange { $0.press(.character("a")) }
    driver.press(.escape, expecting: [.cancel(requestID: listID)]) { $0.explore.picker = nil }
    XCTAssertEqual(driver.state.explore.depth, 1)
  }

  func testOpenInSpotifyAndCopyLink() {
    var driver = openTrack()
    let url = "https://open.spotify.com/track/\(MusicFixtures.tide.id)"
    driver.press(.character("o"), expecting: [.openURL(url)])
    driver.press(.character("c"), expecting: [.copyToClipboard(url)]) { $0.notice = .linkCopied }
  }

  func testSlashFromADetailScreenGoesBackToTheFocusedSearch() {
    var driver = openTrack()
    driver.press(.character("/"), expecting: []) { state in
      state.explore.path = []
      state.explore.isEditing = true
    }
    XCTAssertTrue(driver.state.isEditingText)
  }

  func testProfileOpensAnEntryInExplore() {
    var driver = Driver(whereItOpens, facts: SetupFacts(storedSecrets: [.spotify]))
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
    let first = driver.state.context.nextRequestID
    driver.press(
      .tabKey(.profile),
      expecting: [
        .feature(ProfileState.self, .loadStats(requestID: first, .shortTerm)), .feature(ProfileState.self, .loadInfo),
      ]
    ) {
      state in
      state.selectedTab = .profile
      state.profile.loading[.shortTerm] = first
      state.context.nextRequestID = first + 1
    }
    driver.press(.right, expecting: [.feature(ProfileState.self, .loadStats(requestID: first + 1, .mediumTerm))]) {
      state in
      state.profile.range = .mediumTerm
      state.profile.loading[.mediumTerm] = first + 1
      state.context.nextRequestID = first + 2
    }
    driver.press(.character("a"), expecting: [.feature(ProfileState.self, .loadStats(requestID: first + 2, .longTerm))])
    { state in
      state.profile.range = .longTerm
      state.profile.loading[.longTerm] = first + 2
      state.context.nextRequestID = first + 3
    }
    driver.press(.character("m"), expecting: []) { $0.profile.range = .mediumTerm }
    driver.press(.character("m"), expecting: [])  // a range already loading is not asked again
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

  /// A track's detail screen, loaded (the premise: opening is `testOpeningPushesADetail…`'s subject).
  func openTrack() -> Driver {
    var driver = connected()
    driver.arrange { driver in
      driver.send(.explore(.open(MusicFixtures.tide.link)))
      driver.send(
        .explore(
          .detailFinished(
            requestID: self.loadingID(driver), MusicFixtures.tide.link,
            .success(self.cached(.track(MusicFixtures.tide))))))
    }
    return driver
  }
}
