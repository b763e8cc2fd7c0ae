import Foundation
import VibesApp
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let createOutcomes = Driver.Exhaustivity.nonExhaustive(
  because:
    "checks the Create screen text and each test's outcome; the step-by-step state is CreateTabPolishTests' subject"
)

/// The shared driver on the Create tab, with the Create state and the screen at hand.
extension Driver {
  /// On Create (arriving is the premise). Loose unless the test asks for `.exhaustive`.
  fileprivate static func onCreate(
    _ exhaustivity: Exhaustivity = createOutcomes, gemini: Bool = true, spotify: Bool = true, width: Int = 80,
    height: Int = 24
  ) -> Driver {
    var secrets = Set<SetupStep>()
    if gemini { secrets.insert(.gemini) }
    if spotify { secrets.insert(.spotify) }
    var driver = Driver(
      exhaustivity, facts: SetupFacts(storedSecrets: secrets), size: ScreenSize(width: width, height: height))
    driver.arrange { $0.press(.tabKey(.create)) }
    return driver
  }

  fileprivate var create: CreateState { state.create }
  fileprivate var screen: String { render().text }

  /// Types a prompt and presses Enter; returns the generate request id.
  fileprivate mutating func generate(_ prompt: String = "road trip") -> Int? {
    press(.tab)  // length -> history/prompt
    while create.focus != .prompt { press(.tab) }
    type(prompt)
    let effects = press(.enter)
    for effect in effects {
      if case .generate(let id, _, _)? = effect.createEffect { return id }
    }
    return nil
  }
}

private func playlist(
  id: Int64 = 1, songs: Int = 4, notFound: Set<Int> = [], pending: Bool = false,
  saveState: PlaylistSaveState = .notSaved
) -> GeneratedPlaylist {
  let resolved = (0..<songs).map { index -> ResolvedSong in
    let song = SuggestedSong(title: "Song \(index)", artist: "Artist \(index)")
    if pending { return ResolvedSong(song: song, resolution: .pending) }
    if notFound.contains(index) { return ResolvedSong(song: song, resolution: .notFound) }
    return ResolvedSong(
      song: song,
      resolution: .found(
        TrackCandidate(
          id: "t\(index)", uri: "spotify:track:t\(index)", name: "Song \(index)", artists: ["Artist \(index)"],
          album: "Album \(index)", durationMs: 200_000)))
  }
  return GeneratedPlaylist(
    id: id, prompt: "road trip", name: "Road Trip", description: "Songs for the road.", songs: resolved,
    createdAt: Date(timeIntervalSince1970: 0), saveState: saveState)
}

final class CreateTabTests: XCTestCase {
  func testCreateIsRegisteredRightAfterTheFeed() {
    XCTAssertEqual(AppTabs.list.tabBarIDs, [.feed, .explore, .create, .profile, .appStoreConnect, .tracker])
    XCTAssertEqual(AppTabs.list.number(of: .create), 3)
    let driver = Driver.onCreate()
    XCTAssertEqual(driver.state.selectedTab, .create)
    XCTAssertTrue(driver.screen.contains("Create a playlist with Gemini"))
  }

  func testWithoutAGeminiKeyTheTabExplainsAndEnterOpensTheGeminiStep() {
    var driver = Driver.onCreate(gemini: false)
    XCTAssertTrue(driver.screen.contains("needs a Gemini API key"), driver.screen)
    driver.press(.enter)
    XCTAssertEqual(driver.state.selectedTab, .feed)
    XCTAssertEqual(driver.state.feed.path.last.map { "\($0)" }?.contains("gemini"), true)
  }

  func testExamplePromptsAndLengthLimits() {
    var driver = Driver.onCreate()
    XCTAssertEqual(driver.create.length, 20)
    XCTAssertEqual(driver.create.focus, .prompt, "arriving puts the focus into the prompt")
    driver.press(.tab)
    for _ in 0..<30 { driver.press(.right) }
    XCTAssertEqual(driver.create.length, 30)
    for _ in 0..<30 { driver.press(.left) }
    XCTAssertEqual(driver.create.length, 10)
    driver.press(.backTab)
    XCTAssertEqual(driver.create.focus, .prompt)
    driver.press(.down)
    XCTAssertEqual(driver.create.prompt.text, CreateState.examplePrompts(in: .en)[0])
    driver.press(.down)
    XCTAssertEqual(driver.create.prompt.text, CreateState.examplePrompts(in: .en)[1])
    driver.press(.up)
    XCTAssertEqual(driver.create.prompt.text, CreateState.examplePrompts(in: .en)[0])
  }

  func testAnEmptyPromptAsksForOneInsteadOfGenerating() {
    var driver = Driver.onCreate(.exhaustive)
    driver.press(.enter, expecting: []) { $0.create.hint = .promptEmpty }  // no generation
    XCTAssertTrue(driver.screen.contains("Type a prompt"))
  }

  func testGenerateShowsElapsedTimeAndEscCancelsDroppingALateAnswer() throws {
    var driver = Driver.onCreate(.exhaustive)
    var generated: Int?
    driver.arrange { generated = $0.generate() }
    let id = try XCTUnwrap(generated)
    guard case .generating(id, let timer, 0) = driver.create.phase else { return XCTFail("\(driver.create.phase)") }
    XCTAssertNotEqual(timer, id, "the timer has its own id: cancelling it never leaves the request running")
    for seconds in 1...2 {
      driver.send(.create(.tick(requestID: timer)), expecting: [.create(.tick(requestID: timer))]) {
        $0.create.phase = .generating(requestID: id, timerID: timer, elapsedSeconds: seconds)
      }
    }
    XCTAssertTrue(driver.screen.contains("Asking Gemini… 2 s"), driver.screen)
    driver.press(.escape, expecting: [.cancel(requestID: id), .cancel(requestID: timer)]) { $0.create.phase = .idle }
    driver.send(.create(.generated(requestID: id, .success(playlist()))), expecting: [])  // a late answer is dropped
    driver.send(.create(.tick(requestID: timer)), expecting: [])  // the timer stops
  }

  func testLifecycleGenerateResolveWithProgressThenPreview() throws {
    var driver = Driver.onCreate()
    let id = try XCTUnwrap(driver.generate())
    let effects = driver.send(.create(.generated(requestID: id, .success(playlist(songs: 20, pending: true)))))
    guard case .resolve(let resolveID, 1)? = effects.first?.createEffect else {
      return XCTFail("expected a resolve, got \(effects)")
    }
    driver.send(.create(.resolveProgress(requestID: resolveID, resolved: 12, total: 20)))
    XCTAssertTrue(driver.screen.contains("Finding songs on Spotify 12/20"), driver.screen)
    driver.send(.create(.resolved(requestID: resolveID, .success(playlist(songs: 20, notFound: [3, 7])))))
    let screen = driver.screen
    XCTAssertTrue(screen.contains("18 of 20 songs found"), screen)
    XCTAssertTrue(screen.contains("not found on Spotify"), screen)
    XCTAssertTrue(screen.contains("Song 0 — Artist 0 · Album 0"), screen)
    XCTAssertTrue(screen.contains("3:20"), screen)
    XCTAssertEqual(driver.create.history.first?.id, 1)
  }

  func testWithoutSpotifyGenerationStillShowsTheSongsAndSaveSaysSpotifyIsNeeded() throws {
    var driver = Driver.onCreate(spotify: false)
    let id = try XCTUnwrap(driver.generate())
    let effects = driver.send(.create(.generated(requestID: id, .success(playlist(pending: true)))))
    XCTAssertTrue(effects.compactMap(\.createEffect).isEmpty, "no resolve without Spotify")
    XCTAssertTrue(driver.screen.contains("Song 2 — Artist 2"))
    XCTAssertTrue(driver.screen.contains("needs Spotify"), driver.screen)
    driver.press(.enter)
    XCTAssertEqual(driver.state.selectedTab, .feed)
  }

  func testRemoveATrackAndOpenATrackAndRegenerate() throws {
    var driver = Driver.onCreate()
    let id = try XCTUnwrap(driver.generate())
    driver.send(.create(.generated(requestID: id, .success(playlist()))))
    driver.press(.down)
    let removed = driver.press(.character("x"))
    XCTAssertEqual(removed.first?.createEffect, .removeSong(playlistID: 1, index: 1))
    XCTAssertEqual(driver.create.preview?.playlist.songs.map(\.song.title), ["Song 0", "Song 2", "Song 3"])
    driver.press(.enter)
    XCTAssertEqual(driver.state.create.preview?.list.selected, 1)
    XCTAssertNil(driver.state.context.navigationRequest, "the root acted on it")
    XCTAssertEqual(driver.state.selectedTab, .explore, "the track opens in Explore")
    driver.press(.tabKey(.create))
    // Regenerate: same prompt, a new request; the preview comes back with the new answer.
    let regenerate = driver.press(.character("r"))
    guard case .generate(let second, "road trip", 20)? = regenerate.first?.createEffect else {
      return XCTFail("expected a regenerate, got \(regenerate)")
    }
    XCTAssertNotEqual(second, id)
    XCTAssertTrue(driver.create.path.isEmpty)
    driver.send(.create(.generated(requestID: second, .success(playlist(id: 2)))))
    XCTAssertEqual(driver.create.preview?.playlist.id, 2)
  }

  func testOpenTrackAsksTheRootToShowItInExplore() throws {
    var driver = Driver.onCreate()
    let id = try XCTUnwrap(driver.generate())
    driver.send(.create(.generated(requestID: id, .success(playlist()))))
    var context = driver.state.context
    var create = driver.state.create
    _ = create.perform(.openTrack, &context)
    XCTAssertEqual(context.navigationRequest, .openSpotifyItem(SpotifyLink(kind: .track, id: "t0")))
  }

  func testEditTheName() throws {
    var driver = Driver.onCreate()
    let id = try XCTUnwrap(driver.generate())
    driver.send(.create(.generated(requestID: id, .success(playlist()))))
    driver.press(.tab)
    XCTAssertTrue(driver.state.isEditingText)
    driver.press(.ctrl("u"))
    driver.type("Highway 9")
    let effects = driver.press(.enter)
    XCTAssertEqual(effects.first?.createEffect, .rename(playlistID: 1, name: "Highway 9"))
    XCTAssertTrue(driver.screen.contains("Highway 9"))
  }

  func testSaveSuccessShowsTheLinkOpenAndCopy() throws {
    var driver = Driver.onCreate()
    let id = try XCTUnwrap(driver.generate())
    driver.send(.create(.generated(requestID: id, .success(playlist()))))
    let save = driver.press(.character("s"))
    guard case .save(let saveID, 1, "Road Trip")? = save.first?.createEffect else { return XCTFail("\(save)") }
    XCTAssertTrue(driver.screen.contains("Saving to Spotify"))
    let url = "https://open.spotify.com/playlist/PL1"
    driver.send(.create(.saved(requestID: saveID, .success(playlist(saveState: .saved(playlistID: "PL1", url: url))))))
    XCTAssertTrue(driver.screen.contains(url), driver.screen)
    let grid = AppView.render(driver.state, Localizer(.en))
    XCTAssertTrue(grid.links.contains { $0.url == url }, "announced as an OSC 8 link")
    XCTAssertEqual(driver.press(.character("o")), [.openURL(url)])
    XCTAssertEqual(driver.press(.character("c")), [.copyToClipboard(url)])
    XCTAssertTrue(driver.press(.character("s")).isEmpty, "a saved playlist is not saved again")
  }

  /// Issue 21, item 12: a playlist with 0 of 20 songs found was saved to Spotify empty.
  func testAPlaylistWithNoSongFoundIsNotSaved() throws {
    var driver = Driver.onCreate(width: 120, height: 40)
    let id = try XCTUnwrap(driver.generate())
    driver.send(.create(.generated(requestID: id, .success(playlist(songs: 20, notFound: Set(0..<20))))))
    let save = driver.press(.character("s"))
    XCTAssertTrue(save.compactMap(\.createEffect).isEmpty, "no save effect: \(save)")
    XCTAssertEqual(driver.create.preview?.phase, .failed(.noSongsFound))
    XCTAssertTrue(driver.screen.contains("None of the songs was found on Spotify"), driver.screen)
    // One song found is enough to save.
    var one = Driver.onCreate()
    let second = try XCTUnwrap(one.generate())
    one.send(.create(.generated(requestID: second, .success(playlist(songs: 20, notFound: Set(1..<20))))))
    guard case .save? = one.press(.character("s")).first?.createEffect else { return XCTFail("not saved") }
  }

  func testRetryAfterAFailedAddSendsTheSameSaveOnTheSamePlaylist() throws {
    var driver = Driver.onCreate()
    let id = try XCTUnwrap(driver.generate())
    driver.send(.create(.generated(requestID: id, .success(playlist()))))
    guard case .save(let first, 1, _)? = driver.press(.character("s")).first?.createEffect else { return XCTFail() }
    driver.send(
      .create(.saved(requestID: first, .failure(.spotify("Spotify had a problem")))))
    XCTAssertTrue(driver.screen.contains("Spotify had a problem"))
    guard case .save(let second, 1, _)? = driver.press(.character("s")).first?.createEffect else { return XCTFail() }
    XCTAssertNotEqual(first, second)
  }

  func testOfflineSaveIsQueuedAndSaidSo() throws {
    var driver = Driver.onCreate()
    let id = try XCTUnwrap(driver.generate())
    driver.send(.create(.generated(requestID: id, .success(playlist()))))
    guard case .save(let saveID, _, _)? = driver.press(.character("s")).first?.createEffect else { return XCTFail() }
    let effects = driver.send(.create(.saved(requestID: saveID, .failure(.offline))))
    XCTAssertEqual(effects.first?.createEffect, .retryQueuedSaves(afterSeconds: CreateState.queueRetrySeconds))
    XCTAssertTrue(driver.screen.contains("will be saved to Spotify when the network returns"), driver.screen)
    XCTAssertTrue(driver.press(.character("s")).compactMap(\.createEffect).isEmpty, "queued: no second save")
    let url = "https://open.spotify.com/playlist/PL9"
    driver.send(
      .create(.queueRetried(saved: [playlist(saveState: .saved(playlistID: "PL9", url: url))], remaining: [])))
    XCTAssertTrue(driver.screen.contains(url))
    XCTAssertTrue(driver.create.queuedSaves.isEmpty)
  }

  func testLeavingThePreviewWhileSavingStillRetriesAnOfflineSave() throws {
    var driver = Driver.onCreate()
    let id = try XCTUnwrap(driver.generate())
    driver.send(.create(.generated(requestID: id, .success(playlist()))))
    guard case .save(let saveID, _, _)? = driver.press(.character("s")).first?.createEffect else { return XCTFail() }
    driver.press(.escape)
    XCTAssertTrue(driver.create.path.isEmpty)
    let effects = driver.send(.create(.saved(requestID: saveID, .failure(.offline))))
    XCTAssertEqual(effects.first?.createEffect, .retryQueuedSaves(afterSeconds: CreateState.queueRetrySeconds))
  }

  func testPerMinuteLimitCountsDownThenAllowsARetry() throws {
    var driver = Driver.onCreate()
    let id = try XCTUnwrap(driver.generate())
    let effects = driver.send(.create(.generated(requestID: id, .failure(.rateLimitedPerMinute(retryAfterSeconds: 2)))))
    guard case .tick(let timer)? = effects.first?.createEffect else { return XCTFail("\(effects)") }
    XCTAssertTrue(driver.screen.contains("Retry in 2 s"), driver.screen)
    XCTAssertTrue(driver.press(.enter).compactMap(\.createEffect).isEmpty, "no retry during the countdown")
    XCTAssertTrue(driver.screen.contains("retry in 2 s"), driver.screen)
    driver.send(.create(.tick(requestID: timer)))
    XCTAssertTrue(driver.screen.contains("Retry in 1 s"), driver.screen)
    XCTAssertTrue(driver.send(.create(.tick(requestID: timer))).isEmpty)
    XCTAssertNil(driver.create.countdown)
    let retry = driver.press(.enter)
    guard case .generate? = retry.first?.createEffect else { return XCTFail("\(retry)") }
  }

  /// Issue 21, item 9: a wait of Int.max locked generate until restart and was shown verbatim.
  func testAnAbsurdPerMinuteWaitIsCappedAtOneHourThenAllowsARetry() throws {
    var driver = Driver.onCreate()
    let id = try XCTUnwrap(driver.generate())
    let effects = driver.send(
      .create(.generated(requestID: id, .failure(.rateLimitedPerMinute(retryAfterSeconds: Int.max)))))
    guard case .tick(let timer)? = effects.first?.createEffect else { return XCTFail("\(effects)") }
    XCTAssertEqual(driver.create.countdown?.secondsLeft, CreateState.maxCountdownSeconds)
    XCTAssertEqual(CreateState.maxCountdownSeconds, 3600)
    XCTAssertTrue(driver.screen.contains("Retry in 3600 s"), driver.screen)
    XCTAssertFalse(driver.screen.contains("9223372036854775807"), driver.screen)
    for _ in 0..<CreateState.maxCountdownSeconds { driver.send(.create(.tick(requestID: timer))) }
    XCTAssertNil(driver.create.countdown)
    let retry = driver.press(.enter)
    guard case .generate? = retry.first?.createEffect else { return XCTFail("\(retry)") }
  }

  func testEachGeminiFailureHasItsOwnMessage() throws {
    let cases: [(CreateFailure, String)] = [
      (.quotaExhaustedForToday(resetsAt: nil), "used today's free quota"),
      (.ranOutOfTokens, "ran out of output tokens"),
      (.answerBlocked(reason: "SAFETY"), "stopped its answer (SAFETY)"),
      (.promptBlocked(reason: "PROHIBITED_CONTENT"), "refused the prompt"),
      (.emptyReply, "empty answer"),
      (.malformedReply, "not the playlist format"),
      (.modelNotFound(model: "gemini-9"), "gemini-model = …"),
      (.keyRejected, "rejected the API key"),
    ]
    for (failure, text) in cases {
      var driver = Driver.onCreate()
      let id = try XCTUnwrap(driver.generate())
      driver.send(.create(.generated(requestID: id, .failure(failure))))
      XCTAssertTrue(driver.screen.contains(text), "\(failure): \(driver.screen)")
    }
    var driver = Driver.onCreate()
    let id = try XCTUnwrap(driver.generate())
    driver.send(.create(.generated(requestID: id, .failure(.keyRejected))))
    driver.press(.enter)
    XCTAssertEqual(driver.state.selectedTab, .feed, "key problems point to the Gemini step")
  }

  func testHistoryIsListedAndOpensAPreview() {
    var driver = Driver.onCreate()
    driver.send(
      .create(
        .historyLoaded([playlist(id: 5), playlist(id: 4, saveState: .saved(playlistID: "P", url: "u"))], queued: [])))
    XCTAssertTrue(driver.screen.contains("Road Trip · 4 songs · not saved"), driver.screen)
    XCTAssertTrue(driver.screen.contains("Road Trip · 4 songs · saved"), driver.screen)
    driver.press(.tab, .tab)
    XCTAssertEqual(driver.create.focus, .history)
    driver.press(.down, .enter)
    XCTAssertEqual(driver.create.preview?.playlist.id, 4)
  }

  /// Issue 20 item 5: a Grow answer with fewer songs than asked is shown, and the status line says what was left out.
  func testGrowKeepsAShortAnswerAndSaysWhatWasLeftOut() throws {
    var driver = Driver.onCreate()
    let load = driver.press(.ctrl("g"))
    guard case .loadMyPlaylists(let loadID)? = load.first?.createEffect else { return XCTFail("\(load)") }
    let own = OwnPlaylist(id: "PLX", name: "Late Night", description: "", trackCount: 9)
    driver.send(.create(.myPlaylistsLoaded(requestID: loadID, .success([own]))))
    let suggest = driver.press(.enter)
    guard case .grow(let growID, _, _, _)? = suggest.first?.createEffect else { return XCTFail("\(suggest)") }
    let answer = GrowSuggestions(
      songs: playlist(songs: 11).songs, asked: 15, repeated: 1, alreadyInPlaylist: 2, notFound: 3)
    driver.send(.create(.growSuggested(requestID: growID, .success(answer))))
    XCTAssertEqual(driver.create.grow?.suggestions.count, 11)
    XCTAssertEqual(driver.create.grow?.phase, .ready)
    let screen = driver.screen
    XCTAssertTrue(screen.contains("11 of 15 songs suggested."), screen)
    XCTAssertTrue(screen.contains("1 repeated"), screen)
    XCTAssertTrue(screen.contains("2 already in the playlist"), screen)
    XCTAssertTrue(screen.contains("3 not found on Spotify"), screen)
  }

  /// Issue 20 item 5: a generated playlist shorter than asked opens its preview and says how many came.
  func testAShortGeminiAnswerOpensThePreviewAndSaysSo() throws {
    var driver = Driver.onCreate()
    let id = try XCTUnwrap(driver.generate())
    let count = try XCTUnwrap(driver.create.lastRequest?.count)
    driver.send(.create(.generated(requestID: id, .success(playlist(songs: count - 3)))))
    XCTAssertNotNil(driver.create.preview)
    XCTAssertTrue(driver.screen.contains("Gemini gave \(count - 3) of \(count) songs"), driver.screen)
  }

  func testGrowListsOwnPlaylistsSuggestsAndAddRemovesTheSong() throws {
    var driver = Driver.onCreate()
    let load = driver.press(.ctrl("g"))
    guard case .loadMyPlaylists(let loadID)? = load.first?.createEffect else { return XCTFail("\(load)") }
    let own = OwnPlaylist(id: "PLX", name: "Late Night", description: "", trackCount: 3)
    driver.send(.create(.myPlaylistsLoaded(requestID: loadID, .success([own]))))
    XCTAssertTrue(driver.screen.contains("Late Night · 3 songs"), driver.screen)
    let suggest = driver.press(.enter)
    guard case .grow(let growID, own, CreateState.growCount, [])? = suggest.first?.createEffect else {
      return XCTFail("\(suggest)")
    }
    driver.send(
      .create(
        .growSuggested(
          requestID: growID, .success(GrowSuggestions(songs: playlist(songs: 3, notFound: [2]).songs, asked: 15)))))
    XCTAssertTrue(driver.screen.contains("Song 0 — Artist 0"), driver.screen)
    let add = driver.press(.character("a"))
    XCTAssertEqual(add.first?.createEffect, .addToPlaylist(playlistID: "PLX", uri: "spotify:track:t0"))
    driver.send(.create(.growAdded(uri: "spotify:track:t0", failure: nil)))
    XCTAssertEqual(driver.create.grow?.suggestions.count, 2)
    let again = driver.press(.character("r"))
    guard case .grow(_, _, _, let excluding)? = again.first?.createEffect else { return XCTFail("\(again)") }
    XCTAssertEqual(excluding.count, 3, "songs suggested before are excluded")
  }

  func testGrowWithoutSpotifySaysSoAndEnterOpensTheSpotifyStep() {
    var driver = Driver.onCreate(spotify: false)
    driver.press(.ctrl("g"))
    XCTAssertTrue(driver.screen.contains("needs Spotify"), driver.screen)
    driver.press(.enter)
    XCTAssertEqual(driver.state.selectedTab, .feed)
    XCTAssertTrue(driver.state.create.path.isEmpty)
  }

  func testScreensFitAt80x24And60x20WithoutSpillingNetworkText() throws {
    for (width, height) in [(80, 24), (60, 20)] {
      var driver = Driver.onCreate(width: width, height: height)
      let id = try XCTUnwrap(driver.generate())
      var hostile = playlist(songs: 20, notFound: [1])
      hostile.name = "Evil\u{1B}[31m Name"
      hostile.songs[0].song.title = "Title\u{07}bell"
      driver.send(.create(.generated(requestID: id, .success(hostile))))
      let grid = AppView.render(driver.state, Localizer(.en))
      XCTAssertEqual(grid.lines.count, height)
      XCTAssertTrue(grid.lines.allSatisfy { DisplayWidthProbe.width($0) <= width })
      XCTAssertFalse(grid.lines.joined().contains("\u{1B}"), "escape sequences are sanitised")
      XCTAssertTrue(grid.lines.joined().contains("found"), grid.lines.joined(separator: "\n"))
      let root = Driver.onCreate(width: width, height: height).screen
      XCTAssertTrue(root.contains("Prompt"), root)
      XCTAssertTrue(root.contains("Songs"), root)
    }
  }
}

private enum DisplayWidthProbe {
  static func width(_ line: String) -> Int { line.count }
}
