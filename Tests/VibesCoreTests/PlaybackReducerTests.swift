import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// Play on Spotify in Explore: P starts the item, the controls while it plays, the device picker on
/// NO_ACTIVE_DEVICE, the exact failure texts, the re-consent question, and when the player's state is read.
/// Exhaustive: every change and effect is stated.
final class PlaybackReducerTests: XCTestCase {
  let track = MusicFixtures.tide

  func open(_ detail: MusicDetail) -> Driver {
    var driver = Driver(.exhaustive, facts: SetupFacts(storedSecrets: [.spotify]))
    driver.arrange { driver in
      driver.press(.tabKey(.explore))
      let link = detail.item.link
      driver.send(.explore(.open(link)))
      guard case .loading(let id)? = driver.state.explore.path.last?.phase else { return XCTFail("not loading") }
      driver.send(
        .explore(.detailFinished(requestID: id, link, .success(CachedDetail(detail: detail, fetchedAt: Date())))))
    }
    return driver
  }

  func noticeText(_ driver: Driver, _ language: Language = .en) -> String {
    guard case .localized(let text, _)? = driver.state.notice else { return "" }
    return Localizer(language)[text]
  }

  func keys(_ driver: Driver) -> [ExploreCommand] {
    driver.state.explore.bindings(driver.state.context).map(\.command)
  }

  /// P on the open item: Spotify is asked to play `target` on the active device (a stated step); the request id.
  @discardableResult
  func pressPlay(
    _ driver: inout Driver, _ target: PlaybackTarget, file: StaticString = #filePath, line: UInt = #line
  ) -> Int {
    let id = driver.state.context.nextRequestID
    driver.press(
      .character("P"), expecting: [.explore(.player(.send(requestID: id, .play(target, deviceID: nil))))],
      {
        $0.explore.player.pendingRequestID = id
        $0.context.nextRequestID = id + 1
      }, file: file, line: line)
    return id
  }

  /// P on the open item answered with `failure`, reached without checking the steps (`pressPlay` states them).
  func arrangePlay(_ driver: inout Driver, _ target: PlaybackTarget, answer failure: PlaybackFailure) {
    driver.arrange { driver in
      driver.press(.character("P"))
      let id = driver.state.explore.player.pendingRequestID!
      driver.send(.explore(.player(.commandFinished(requestID: id, .play(target, deviceID: nil), failure: failure))))
    }
  }

  func playing(_ title: String = "Tide", progress: Int = 10_000, duration: Int = 185_000, isPlaying: Bool = true)
    -> NowPlaying
  {
    NowPlaying(
      title: title, artists: "Aurora Lines", uri: "spotify:track:\(title)", isPlaying: isPlaying,
      progressMs: progress, durationMs: duration, deviceName: "Kitchen")
  }

  func testPPlaysTheTrackThenTheControlsApplyAndTheStateIsReadBack() {
    var driver = open(.track(track))
    XCTAssertTrue(keys(driver).contains(.player(.play)), "P on a track's screen")
    XCTAssertFalse(keys(driver).contains(.player(.togglePause)), "no controls before anything plays")
    let id = pressPlay(&driver, .track(uri: track.uri))
    // Spotify took it: the line shows at once, and the state is read back a moment later.
    driver.send(
      .explore(.player(.commandFinished(requestID: id, .play(.track(uri: track.uri), deviceID: nil), failure: nil))),
      expecting: [.explore(.player(.schedulePoll(timerID: id + 1, seconds: SpotifyPlayer.afterCommandDelay)))]
    ) {
      $0.explore.player.pendingRequestID = nil
      $0.explore.player.nowPlaying = NowPlaying(title: "", artists: "", isPlaying: true)
      $0.explore.player.pollTimerID = id + 1
      $0.context.nextRequestID = id + 2
      $0.notice = .localized(LocalizedText(SpotifyPlayerL10n.playerStarted), isWarning: false)
    }
    XCTAssertTrue(keys(driver).contains(.player(.togglePause)))
    XCTAssertTrue(keys(driver).contains(.player(.next)))
    XCTAssertTrue(keys(driver).contains(.player(.previous)))
    driver.send(
      .explore(.player(.pollDue(timerID: id + 1))), expecting: [.explore(.player(.loadState(requestID: id + 2)))]
    ) {
      $0.explore.player.pollTimerID = nil
      $0.explore.player.stateRequestID = id + 2
      $0.context.nextRequestID = id + 3
    }
    driver.send(
      .explore(.player(.stateLoaded(requestID: id + 2, .success(playing())))),
      expecting: [.explore(.player(.schedulePoll(timerID: id + 3, seconds: SpotifyPlayer.pollInterval)))]
    ) {
      $0.explore.player.stateRequestID = nil
      $0.explore.player.nowPlaying = self.playing()
      $0.explore.player.pollTimerID = id + 3
      $0.context.nextRequestID = id + 4
    }
    // Space pauses; once the pause is read back nothing is polled any more.
    driver.press(.character(" "), expecting: [.explore(.player(.send(requestID: id + 4, .pause)))]) {
      $0.explore.player.pendingRequestID = id + 4
      $0.context.nextRequestID = id + 5
      $0.notice = nil
    }
    driver.send(
      .explore(.player(.commandFinished(requestID: id + 4, .pause, failure: nil))),
      expecting: [.explore(.player(.schedulePoll(timerID: id + 5, seconds: SpotifyPlayer.afterCommandDelay)))]
    ) {
      $0.explore.player.pendingRequestID = nil
      $0.explore.player.nowPlaying?.isPlaying = false
      $0.explore.player.pollTimerID = id + 5
      $0.context.nextRequestID = id + 6
    }
    // The older timer is stale.
    driver.send(.explore(.player(.pollDue(timerID: id + 3))), expecting: [])
    driver.send(
      .explore(.player(.pollDue(timerID: id + 5))), expecting: [.explore(.player(.loadState(requestID: id + 6)))]
    ) {
      $0.explore.player.pollTimerID = nil
      $0.explore.player.stateRequestID = id + 6
      $0.context.nextRequestID = id + 7
    }
    driver.send(.explore(.player(.stateLoaded(requestID: id + 6, .success(playing(isPlaying: false))))), expecting: [])
    {
      $0.explore.player.stateRequestID = nil
      $0.explore.player.nowPlaying = self.playing(isPlaying: false)
    }
    driver.press(.character(" "), expecting: [.explore(.player(.send(requestID: id + 7, .resume)))]) {
      $0.explore.player.pendingRequestID = id + 7
      $0.context.nextRequestID = id + 8
    }
    // One command at a time: > while the resume runs does nothing.
    driver.press(.character(">"), expecting: [])
  }

  func testAnAlbumAndAPlaylistPlayAsTheirContext() {
    let album = MusicFixtures.nightSwim
    var driver = open(MusicFixtures.albumDetail)
    pressPlay(&driver, .context(uri: album.uri))
    let playlist = MusicFixtures.lateNight
    var other = open(.playlist(PlaylistDetail(playlist: playlist, tracks: [track])))
    XCTAssertEqual(other.state.explore.playTarget, .context(uri: "spotify:playlist:\(playlist.id)"))
    pressPlay(&other, .context(uri: playlist.link.uri))
    let artist = open(MusicFixtures.artistDetail)
    XCTAssertNil(artist.state.explore.playTarget)
    XCTAssertFalse(keys(artist).contains(.player(.play)), "an artist's screen has nothing P plays")
  }

  func testPremiumRequiredSaysSoAndPointsToTheSpotifyLink() {
    for language in [Language.en, .de] {
      var driver = open(.track(track))
      let id = pressPlay(&driver, .track(uri: track.uri))
      driver.send(
        .explore(
          .player(
            .commandFinished(requestID: id, .play(.track(uri: track.uri), deviceID: nil), failure: .premiumRequired))),
        expecting: []
      ) {
        $0.explore.player.pendingRequestID = nil
        $0.notice = .localized(LocalizedText(SpotifyPlayerL10n.playerPremiumRequired), isWarning: true)
      }
      let text = noticeText(driver, language)
      XCTAssertTrue(text.contains("Spotify Premium"), text)
      XCTAssertTrue(text.contains("PREMIUM_REQUIRED"), text)
      XCTAssertTrue(text.contains(language == .en ? "Press o to open" : "Drücke o,"), "the fallback key: \(text)")
      XCTAssertNil(driver.state.explore.player.nowPlaying, "nothing plays: no line")
      XCTAssertTrue(keys(driver).contains(.openInSpotify), "o still opens the link")
    }
  }

  func testNoActiveDeviceOffersThePickerAndPlaysOnTheChosenDevice() {
    var driver = open(.track(track))
    let target = PlaybackTarget.track(uri: track.uri)
    let id = pressPlay(&driver, target)
    driver.send(
      .explore(.player(.commandFinished(requestID: id, .play(target, deviceID: nil), failure: .noActiveDevice))),
      expecting: [.explore(.player(.loadDevices(requestID: id + 1)))]
    ) {
      $0.explore.player.pendingRequestID = nil
      $0.explore.player.picker = DevicePicker(target: target, phase: .loading(requestID: id + 1))
      $0.context.nextRequestID = id + 2
    }
    let devices = [
      PlaybackDevice(id: "phone", name: "Phone", type: "Smartphone"),
      PlaybackDevice(id: "kitchen", name: "Kitchen", type: "Speaker"),
    ]
    driver.send(.explore(.player(.devicesLoaded(requestID: id + 1, .success(devices)))), expecting: []) {
      $0.explore.player.picker?.phase = .choosing(devices)
    }
    XCTAssertEqual(keys(driver).last, .player(.chooseDevice), "the picker takes the keys")
    XCTAssertFalse(keys(driver).contains(.player(.play)))
    driver.press(.down, expecting: []) { $0.explore.player.picker?.list.selected = 1 }
    driver.press(.enter, expecting: [.explore(.player(.send(requestID: id + 2, .play(target, deviceID: "kitchen"))))]) {
      $0.explore.player.picker = nil
      $0.explore.player.pendingRequestID = id + 2
      $0.context.nextRequestID = id + 3
    }
  }

  func testNoDeviceAtAllSaysWhichAndEscClosesAPicker() {
    var driver = open(.track(track))
    let target = PlaybackTarget.track(uri: track.uri)
    arrangePlay(&driver, target, answer: .noActiveDevice)
    guard case .loading(let load)? = driver.state.explore.player.picker?.phase else { return XCTFail("no picker") }
    driver.send(.explore(.player(.devicesLoaded(requestID: load, .success([])))), expecting: []) {
      $0.explore.player.picker = nil
      $0.notice = .localized(LocalizedText(SpotifyPlayerL10n.playerNoDevices), isWarning: true)
    }
    XCTAssertTrue(noticeText(driver).contains("NO_ACTIVE_DEVICE"))
    XCTAssertTrue(noticeText(driver, .de).contains("NO_ACTIVE_DEVICE"))
    XCTAssertTrue(noticeText(driver).contains("open Spotify on a"), noticeText(driver))

    // A picker closed with Esc leaves the track's screen where it was.
    arrangePlay(&driver, target, answer: .noActiveDevice)
    driver.press(.escape, expecting: []) {
      $0.explore.player.picker = nil
      $0.notice = nil
    }
    XCTAssertEqual(driver.state.explore.path.count, 1)
  }

  func testAMissingScopeAsksOnceAndEnterRunsTheSignInWithThePlayerScopes() {
    var driver = open(.track(track))
    let target = PlaybackTarget.track(uri: track.uri)
    let id = driver.state.context.nextRequestID
    driver.arrange { driver in driver.press(.character("P")) }
    driver.send(
      .explore(.player(.commandFinished(requestID: id, .play(target, deviceID: nil), failure: .missingPermission))),
      expecting: []
    ) {
      $0.explore.player.pendingRequestID = nil
      $0.explore.player.consent = target
    }
    XCTAssertEqual(keys(driver), [.player(.allowControl)], "the question takes the keys")
    let connect = driver.state.context.nextRequestID
    // The Feed's Spotify step is the Feed's state (its own tests cover it): only what Explore asks is checked here.
    var effects: [AppEffect] = []
    driver.arrange { effects = $0.press(.enter) }
    XCTAssertTrue(effects.contains(.spotify(.connectWithPlayerScopes(requestID: connect))), "\(effects)")
    XCTAssertNil(driver.state.explore.player.consent)
    XCTAssertEqual(driver.state.selectedTab, .feed, "the Spotify sign-in runs on its setup step")
    guard case .spotify(let connectState)? = driver.state.feed.path.last else { return XCTFail("no Spotify step") }
    XCTAssertEqual(connectState.phase, .starting(requestID: connect))
  }

  func testEscDeclinesTheQuestionAndEverythingElseKeepsWorking() {
    var driver = open(.track(track))
    let target = PlaybackTarget.track(uri: track.uri)
    arrangePlay(&driver, target, answer: .missingPermission)
    driver.press(.escape, expecting: []) { $0.explore.player.consent = nil }
    XCTAssertTrue(keys(driver).contains(.toggleSave), "the screen's own keys are back")
    XCTAssertTrue(keys(driver).contains(.togglePreview))
  }

  /// The cadence with a virtual clock: a 3-minute track polled from 10 s in is read at most every 8 s, once at
  /// its expected end, never faster than 2 s, and not at all once paused or idle.
  /// Plays the track and reads its state back once, so the next read waits on timer `id + 3`.
  func playingTrack(_ driver: inout Driver, readBack: Bool = true) -> Int {
    let id = driver.state.context.nextRequestID
    driver.arrange { driver in
      driver.press(.character("P"))
      driver.send(
        .explore(.player(.commandFinished(requestID: id, .play(.track(uri: track.uri), deviceID: nil), failure: nil))))
      driver.send(.explore(.player(.pollDue(timerID: id + 1))))
      if readBack { driver.send(.explore(.player(.stateLoaded(requestID: id + 2, .success(playing()))))) }
    }
    return id
  }

  func testLeavingExploreStopsThePollingAndComingBackReadsTheStateOnce() {
    var driver = open(.track(track))
    let id = playingTrack(&driver)
    XCTAssertEqual(driver.state.explore.player.pollTimerID, id + 3)
    // Another tab: the timer that would read the state next is cancelled.
    driver.press(.tabKey(.create), expecting: [.cancel(requestID: id + 3)]) {
      $0.selectedTab = .create
      $0.explore.player.pollTimerID = nil
      $0.explore.player.isAway = true
      $0.notice = nil
    }
    // Had it fired anyway, it asks Spotify nothing.
    driver.send(.explore(.player(.pollDue(timerID: id + 3))), expecting: [])
    // Back on Explore: one read at once (it may have changed on the device), then the usual pace.
    driver.press(.tabKey(.explore), expecting: [.explore(.player(.loadState(requestID: id + 4)))]) {
      $0.selectedTab = .explore
      $0.explore.player.isAway = false
      $0.explore.player.stateRequestID = id + 4
      $0.context.nextRequestID = id + 5
    }
    driver.send(
      .explore(.player(.stateLoaded(requestID: id + 4, .success(playing(progress: 60_000))))),
      expecting: [.explore(.player(.schedulePoll(timerID: id + 5, seconds: SpotifyPlayer.pollInterval)))]
    ) {
      $0.explore.player.stateRequestID = nil
      $0.explore.player.nowPlaying = self.playing(progress: 60_000)
      $0.explore.player.pollTimerID = id + 5
      $0.context.nextRequestID = id + 6
    }
  }

  func testTheSongMenuOverExploreStopsThePollingAndClosingItReadsOnce() {
    var driver = open(.track(track))
    let id = playingTrack(&driver)
    var state = driver.state
    // `.` opens the one song menu, an area that hides Explore.
    let opened = AppReducer.reduce(&state, .input(.key(.character("."))))
    XCTAssertEqual(state.selectedTab, .songMenu)
    XCTAssertTrue(opened.contains(.cancel(requestID: id + 3)), "\(opened)")
    XCTAssertTrue(state.explore.player.isAway)
    XCTAssertNil(state.explore.player.pollTimerID)
    // Esc closes it: back on Explore, the state is read once at once.
    let closed = AppReducer.reduce(&state, .input(.key(.escape)))
    XCTAssertEqual(state.selectedTab, .explore)
    XCTAssertFalse(state.explore.player.isAway)
    XCTAssertNotNil(state.explore.player.stateRequestID)
    let read = state.explore.player.stateRequestID
    XCTAssertEqual(
      closed.filter { $0.effect(of: ExploreState.self) == .player(.loadState(requestID: read ?? -1)) }.count, 1)
  }

  func testAReadAnsweredAfterLeavingSchedulesNoOther() {
    var driver = open(.track(track))
    let id = playingTrack(&driver, readBack: false)
    XCTAssertEqual(driver.state.explore.player.stateRequestID, id + 2, "a read is in flight")
    driver.press(.tabKey(.create), expecting: []) {
      $0.selectedTab = .create
      $0.explore.player.isAway = true
      $0.notice = nil
    }
    // The answer updates the line but waits for nothing: no timer, so no further request.
    driver.send(.explore(.player(.stateLoaded(requestID: id + 2, .success(playing())))), expecting: []) {
      $0.explore.player.stateRequestID = nil
      $0.explore.player.nowPlaying = self.playing()
    }
    // Nothing plays and nothing was ever started: coming back asks nothing either.
    var idle = open(.track(track))
    idle.press(.tabKey(.create), expecting: []) { $0.selectedTab = .create }
    idle.press(.tabKey(.explore), expecting: []) { $0.selectedTab = .explore }
  }

  func testPollingNeverRunsFasterThanTheRule() {
    var player = SpotifyPlayer()
    var context = AppContext(size: ScreenSize(width: 80, height: 24))
    var clock = 0.0
    var reads: [Double] = []
    var position = 10_000  // ms into the track at clock 0
    let duration = 185_000
    player.nowPlaying = playing(progress: position, duration: duration)
    player.pendingRequestID = 0
    var effects = player.reduce(.commandFinished(requestID: 0, .resume, failure: nil), &context)
    for _ in 0..<200 {
      guard case .schedulePoll(let timer, let seconds)? = effects.first else { break }
      XCTAssertGreaterThanOrEqual(seconds, min(SpotifyPlayer.minimumPollDelay, SpotifyPlayer.afterCommandDelay))
      XCTAssertLessThanOrEqual(seconds, SpotifyPlayer.pollInterval)
      clock += seconds
      let load = player.reduce(.pollDue(timerID: timer), &context)
      guard case .loadState(let request)? = load.first else { return XCTFail("\(load)") }
      reads.append(clock)
      position = 10_000 + Int(clock * 1000)
      // The track ends at 175 s on the clock; the next one starts (the player advanced its context).
      let now: NowPlaying =
        position < duration
        ? playing(progress: position, duration: duration)
        : playing("Undertow", progress: position - duration, duration: duration)
      effects = player.reduce(.stateLoaded(requestID: request, .success(clock > 400 ? nil : now)), &context)
    }
    XCTAssertTrue(effects.isEmpty, "idle: no more reads")
    XCTAssertNil(player.nowPlaying)
    let gaps = zip(reads.dropFirst(), reads).map { $0 - $1 }
    XCTAssertTrue(gaps.allSatisfy { $0 >= SpotifyPlayer.minimumPollDelay }, "\(gaps)")
    XCTAssertTrue(gaps.allSatisfy { $0 <= SpotifyPlayer.pollInterval }, "\(gaps)")
    XCTAssertTrue(reads.contains { abs($0 - 175.5) < 0.01 }, "read at the first track's expected end: \(reads)")
    XCTAssertLessThanOrEqual(reads.count, Int(410 / 5) + 2, "never more often than every ~5 s on average")
    // Paused: no read is scheduled at all.
    var paused = SpotifyPlayer()
    paused.nowPlaying = playing(isPlaying: false)
    XCTAssertNil(paused.nextPollDelay())
  }

  func testAFailedReadKeepsTheLineAndRetriesAtTheSlowPace() {
    var player = SpotifyPlayer()
    var context = AppContext(size: ScreenSize(width: 80, height: 24))
    player.nowPlaying = playing()
    player.stateRequestID = 4
    let effects = player.reduce(.stateLoaded(requestID: 4, .failure(.music(.offline))), &context)
    XCTAssertEqual(effects, [.schedulePoll(timerID: 1, seconds: SpotifyPlayer.pollInterval)])
    XCTAssertEqual(player.nowPlaying, playing())
  }
}
