import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// `p` on a track's detail screen: find the preview, play it, show its progress, pause and resume, and say why not
/// (no match, a rate limit, no player). Exhaustive: every change and effect is stated.
final class ExplorePreviewReducerTests: XCTestCase {
  let track = MusicFixtures.tide
  let clip = "https://audio.example/tide.m4a"
  let store = "https://music.apple.com/us/album/tide/1?i=2"

  func openTrack() -> Driver {
    var driver = Driver(.exhaustive, facts: SetupFacts(storedSecrets: [.spotify]))
    driver.arrange { driver in
      driver.press(.tabKey(.explore))
      driver.send(.explore(.open(self.track.link)))
      guard case .loading(let id)? = driver.state.explore.path.last?.phase else { return XCTFail("not loading") }
      driver.send(
        .explore(
          .detailFinished(
            requestID: id, self.track.link, .success(CachedDetail(detail: .track(self.track), fetchedAt: Date())))))
    }
    return driver
  }

  var query: PreviewQuery {
    PreviewQuery(
      title: "Tide", artists: ["Aurora Lines"], album: "Night Swim", durationMilliseconds: 185_000, trackNumber: 1)
  }

  func noticeText(_ driver: Driver) -> String {
    guard case .localized(let text, _)? = driver.state.notice else { return "" }
    return Localizer(.en)[text]
  }

  func testAnotherSurfaceAsksToPlayThePreviewAndItStartsOnceTheTrackHasLoaded() {
    var driver = Driver(
      .nonExhaustive(because: "only the arrival's effects matter here"), facts: SetupFacts(storedSecrets: [.spotify]))
    driver.press(.tabKey(.explore))
    driver.send(.explore(.openThen(track.link, .playPreview)))
    guard case .loading(let id)? = driver.state.explore.path.last?.phase else { return XCTFail("not loading") }
    XCTAssertEqual(driver.state.explore.path.last?.arrival, .playPreview, "kept until the screen has loaded")
    XCTAssertNil(driver.state.explore.preview)
    let find = driver.state.context.nextRequestID
    let effects = driver.send(
      .explore(
        .detailFinished(requestID: id, track.link, .success(CachedDetail(detail: .track(track), fetchedAt: Date())))))
    XCTAssertTrue(effects.contains(.explore(.findPreview(requestID: find, trackID: track.id, query))), "\(effects)")
    XCTAssertNil(driver.state.explore.path.last?.arrival, "runs once")
    XCTAssertEqual(driver.state.explore.preview, TrackPreview(trackID: track.id, phase: .finding(requestID: find)))

    // Opened again from the cache, the screen is loaded at once and the preview asked for at once.
    driver.press(.escape)
    let again = driver.send(.explore(.openThen(track.link, .playPreview)))
    XCTAssertTrue(again.contains { "\($0)".contains("findPreview") }, "\(again)")
  }

  func testAnArrivalIsDroppedWhenItsScreenIsLeftBeforeItLoads() {
    var driver = Driver(
      .nonExhaustive(because: "only the arrival's effects matter here"), facts: SetupFacts(storedSecrets: [.spotify]))
    driver.press(.tabKey(.explore))
    driver.send(.explore(.openThen(track.link, .playPreview)))
    guard case .loading(let id)? = driver.state.explore.path.last?.phase else { return XCTFail("not loading") }
    driver.press(.escape)
    let effects = driver.send(
      .explore(
        .detailFinished(requestID: id, track.link, .success(CachedDetail(detail: .track(track), fetchedAt: Date())))))
    XCTAssertFalse(effects.contains { "\($0)".contains("findPreview") }, "\(effects)")
    XCTAssertNil(driver.state.explore.preview)
  }

  func testPFindsThePreviewPlaysItShowsProgressAndPausesAndResumes() {
    var driver = openTrack()
    XCTAssertTrue(
      driver.state.explore.bindings(driver.state.context).contains { $0.command == .togglePreview },
      "p is offered on a track's screen")
    let find = driver.state.context.nextRequestID
    driver.press(
      .character("p"), expecting: [.explore(.findPreview(requestID: find, trackID: track.id, query))]
    ) {
      $0.explore.preview = TrackPreview(trackID: self.track.id, phase: .finding(requestID: find))
      $0.context.nextRequestID = find + 1
    }
    // A second p while looking does nothing.
    driver.press(.character("p"), expecting: [])
    // A late answer of another request is dropped.
    driver.send(
      .explore(.previewFound(requestID: find + 50, trackID: track.id, .success(.none))), expecting: [])
    let play = find + 1
    driver.send(
      .explore(
        .previewFound(requestID: find, trackID: track.id, .success(.available(previewURL: clip, storeURL: store)))),
      expecting: [.explore(.playPreview(requestID: play, trackID: track.id, url: clip))]
    ) {
      $0.explore.preview = TrackPreview(
        trackID: self.track.id, phase: .ready(previewURL: self.clip, storeURL: self.store),
        playback: PreviewPlayback(phase: .loading))
      $0.context.nextRequestID = play + 1
    }
    // Over ssh the host the sound plays on is named (sanitised) before it plays.
    driver.send(.explore(.previewRemote(trackID: track.id, host: "box\u{1B}]0;x\u{7}")), expecting: []) {
      $0.notice = .localized(
        LocalizedText(PlaybackL10n.previewRemoteSession, ["host": TerminalText.sanitize("box\u{1B}]0;x\u{7}")]),
        isWarning: true)
    }
    XCTAssertFalse(self.noticeText(driver).contains("\u{1B}"), "no escape reaches the status line")
    XCTAssertTrue(self.noticeText(driver).contains("the preview would play on box"), self.noticeText(driver))
    let playing = PreviewPlayback(phase: .playing, elapsed: 12, total: 30, generation: 1)
    driver.send(.explore(.previewProgress(trackID: track.id, playing)), expecting: []) {
      $0.explore.preview?.playback = playing
    }
    driver.press(.character("p"), expecting: [.explore(.pausePreview)]) {
      $0.explore.preview?.playback.phase = .paused
      $0.notice = nil  // a key press clears the notice
    }
    driver.press(.character("p"), expecting: [.explore(.resumePreview)]) {
      $0.explore.preview?.playback.phase = .playing
    }
    // After its end, p plays it again without a new lookup.
    let ended = PreviewPlayback(phase: .ended, elapsed: 30, total: 30, generation: 1)
    driver.send(.explore(.previewProgress(trackID: track.id, ended)), expecting: []) {
      $0.explore.preview?.playback = ended
    }
    driver.press(
      .character("p"), expecting: [.explore(.playPreview(requestID: play + 1, trackID: track.id, url: clip))]
    ) {
      $0.explore.preview?.playback = PreviewPlayback(phase: .loading)
      $0.context.nextRequestID = play + 2
    }
    // Leaving the screen stops it.
    driver.press(.escape, expecting: [.explore(.stopPreview)]) {
      $0.explore.path = []
      $0.explore.preview = nil
    }
  }

  /// A screen opened over the track's (its album, the library) leaves it: the preview stops, as on Esc, instead of
  /// playing on with its progress and keys out of sight.
  func testOpeningAnotherScreenOverTheTrackStopsItsPreview() {
    var driver = openTrack()
    driver.arrange { driver in
      driver.press(.character("p"))
      guard case .finding(let id)? = driver.state.explore.preview?.phase else { return XCTFail("not finding") }
      driver.send(
        .explore(
          .previewFound(
            requestID: id, trackID: self.track.id, .success(.available(previewURL: self.clip, storeURL: self.store)))))
      driver.send(
        .explore(
          .previewProgress(
            trackID: self.track.id, PreviewPlayback(phase: .playing, elapsed: 3, total: 30, generation: 1))
        ))
    }
    let album = MusicFixtures.nightSwim.link
    let load = driver.state.context.nextRequestID
    driver.send(
      .explore(.open(album)), expecting: [.explore(.loadDetail(requestID: load, album)), .explore(.stopPreview)]
    ) {
      $0.explore.path.append(DetailScreen(link: album, phase: .loading(requestID: load)))
      $0.explore.preview = nil
      $0.context.nextRequestID = load + 1
    }
  }

  /// A search another tab asks for (the Feed's concert → its artist) also leaves the track's screen: the preview
  /// stops there too, not only on the keys of this screen.
  func testASearchFromAnotherTabStopsThePreview() {
    var driver = openTrack()
    driver.arrange { driver in
      driver.press(.character("p"))
      guard case .finding(let id)? = driver.state.explore.preview?.phase else { return XCTFail("not finding") }
      driver.send(
        .explore(
          .previewFound(
            requestID: id, trackID: self.track.id, .success(.available(previewURL: self.clip, storeURL: self.store)))))
    }
    let before = driver.effects.count
    driver.arrange { driver in driver.send(.explore(.search("Aurora Lines"))) }
    let effects = Array(driver.effects.dropFirst(before))
    XCTAssertEqual(effects.last, .explore(.stopPreview), "\(effects)")
    XCTAssertNil(driver.state.explore.preview)
    XCTAssertTrue(driver.state.explore.path.isEmpty)
  }

  func testNoMatchRateLimitAndAFailedPlayerAreSaid() {
    var driver = openTrack()
    let find = driver.state.context.nextRequestID
    driver.press(.character("p"), expecting: [.explore(.findPreview(requestID: find, trackID: track.id, query))]) {
      $0.explore.preview = TrackPreview(trackID: self.track.id, phase: .finding(requestID: find))
      $0.context.nextRequestID = find + 1
    }
    driver.send(.explore(.previewFound(requestID: find, trackID: track.id, .success(.none))), expecting: []) {
      $0.explore.preview?.phase = .none
    }
    // p asks again (a cached "none" answers at once).
    driver.press(.character("p"), expecting: [.explore(.findPreview(requestID: find + 1, trackID: track.id, query))]) {
      $0.explore.preview = TrackPreview(trackID: self.track.id, phase: .finding(requestID: find + 1))
      $0.context.nextRequestID = find + 2
    }
    let limited = LocalizedText(PlaybackL10n.previewRateLimited)
    driver.send(
      .explore(.previewFound(requestID: find + 1, trackID: track.id, .failure(.rateLimited))), expecting: []
    ) {
      $0.explore.preview?.phase = .failed(limited)
      $0.notice = .localized(limited, isWarning: true)
    }
    driver.press(.character("p"), expecting: [.explore(.findPreview(requestID: find + 2, trackID: track.id, query))]) {
      $0.explore.preview = TrackPreview(trackID: self.track.id, phase: .finding(requestID: find + 2))
      $0.context.nextRequestID = find + 3
      $0.notice = nil  // a key press clears the notice
    }
    driver.send(
      .explore(
        .previewFound(requestID: find + 2, trackID: track.id, .success(.available(previewURL: clip, storeURL: nil)))),
      expecting: [.explore(.playPreview(requestID: find + 3, trackID: track.id, url: clip))]
    ) {
      $0.explore.preview = TrackPreview(
        trackID: self.track.id, phase: .ready(previewURL: self.clip, storeURL: nil),
        playback: PreviewPlayback(phase: .loading))
      $0.context.nextRequestID = find + 4
    }
    let noPlayer = PreviewPlayback(phase: .failed(.noPlayer), generation: 1)
    driver.send(.explore(.previewProgress(trackID: track.id, noPlayer)), expecting: []) {
      $0.explore.preview?.playback = noPlayer
      $0.notice = .localized(LocalizedText(PlaybackL10n.previewNoPlayer), isWarning: true)
    }
  }
}
