import Foundation
import VibesCore
import VibesTestSupport
import XCTest

@testable import VibesUI

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let playbackScreen = Driver.Exhaustivity.nonExhaustive(
  because: "checks what Play on Spotify draws; PlaybackReducerTests states every change")

/// Play on Spotify and the preview's progress bar on screen, at 60×20 in English and German: the now-playing line,
/// P and the controls in the footer, the device picker, the re-consent question, and "▶ ━━━━──── 0:12 / 0:30".
final class PlaybackScreenTests: XCTestCase {
  let track = MusicFixtures.tide

  func trackScreen() -> Driver {
    var screen = Driver.screen(playbackScreen, facts: SetupFacts(storedSecrets: [.spotify]), width: 60, height: 20)
    screen.openTrackDetail(track)
    return screen
  }

  /// P pressed and answered with `failure` (nil: Spotify took it).
  func pressPlay(_ screen: inout Driver, _ failure: PlaybackFailure?) {
    screen.press(.character("P"))
    guard let id = screen.state.explore.player.pendingRequestID else { return XCTFail("P sent nothing") }
    let command = PlaybackCommand.play(.track(uri: track.uri), deviceID: nil)
    screen.send(.explore(.player(.commandFinished(requestID: id, command, failure: failure))))
  }

  func checkFits(_ grid: Grid, file: StaticString = #filePath, line: UInt = #line) {
    for text in grid.lines { XCTAssertLessThanOrEqual(DisplayWidth.of(text), 60, text, file: file, line: line) }
  }

  func testPIsInTheFooterAndTheNowPlayingLineShowsTitleArtistAndState() {
    var screen = trackScreen()
    let before = screen.render()
    XCTAssertTrue(before.text.contains("P play on Spotify") || before.lines[19].contains("P "), before.text)
    pressPlay(&screen, nil)
    XCTAssertNotNil(screen.render().row(containing: "Starting on Spotify…"), screen.render().text)
    guard let poll = screen.state.explore.player.pollTimerID else { return XCTFail("no read-back scheduled") }
    screen.send(.explore(.player(.pollDue(timerID: poll))))
    guard let read = screen.state.explore.player.stateRequestID else { return XCTFail("no read") }
    let now = NowPlaying(
      title: "Tide\u{1B}[31m", artists: "Aurora Lines", uri: track.uri, isPlaying: true, progressMs: 1000,
      durationMs: 185_000, deviceName: "Kitchen")
    screen.send(.explore(.player(.stateLoaded(requestID: read, .success(now)))))
    let grid = screen.render()
    let row = grid.row(containing: "▶ Tide")
    XCTAssertNotNil(row, grid.text)
    XCTAssertTrue(grid.lines[row ?? 0].contains("— Aurora Lines  on Kitchen"), grid.lines[row ?? 0])
    XCTAssertFalse(grid.text.contains("\u{1B}"), "network text is sanitised")
    XCTAssertTrue(grid.text.contains("Space"), "pause is offered while it plays: \(grid.lines[19])")
    checkFits(grid)
    let german = screen.render(.de)
    XCTAssertTrue(german.text.contains("— Aurora Lines  auf Kitchen"), german.text)
    checkFits(german)
    // Paused: the glyph changes.
    var paused = now
    paused.isPlaying = false
    screen.send(.explore(.player(.pollDue(timerID: screen.state.explore.player.pollTimerID ?? -1))))
    guard let again = screen.state.explore.player.stateRequestID else { return XCTFail("no second read") }
    screen.send(.explore(.player(.stateLoaded(requestID: again, .success(paused)))))
    XCTAssertNotNil(screen.render().row(containing: "‖ Tide"), screen.render().text)
  }

  func testThePickerListsTheDevicesInTheOneList() {
    var screen = trackScreen()
    pressPlay(&screen, .noActiveDevice)
    XCTAssertNotNil(screen.render().row(containing: "Looking for your Spotify devices…"), screen.render().text)
    guard case .loading(let id)? = screen.state.explore.player.picker?.phase else { return XCTFail("no picker") }
    screen.send(
      .explore(
        .player(
          .devicesLoaded(
            requestID: id,
            .success([
              PlaybackDevice(id: "a", name: "Ada's Laptop", type: "Computer"),
              PlaybackDevice(id: "b", name: "Kitchen\u{7}", type: "Speaker", isActive: true),
            ])))))
    let grid = screen.render()
    XCTAssertNotNil(grid.row(containing: "Play on which device?"), grid.text)
    XCTAssertNotNil(grid.row(containing: "› Ada's Laptop  Computer"), grid.text)
    XCTAssertNotNil(grid.row(containing: "Kitchen  Speaker (active)"), grid.text)
    XCTAssertTrue(grid.lines[19].contains("Enter play here"), grid.lines[19])
    checkFits(grid)
    let german = screen.render(.de)
    XCTAssertNotNil(german.row(containing: "Auf welchem Gerät abspielen?"), german.text)
    XCTAssertNotNil(german.row(containing: "Kitchen  Speaker (aktiv)"), german.text)
  }

  func testTheReconsentQuestionExplainsAndNamesItsKeys() {
    var screen = trackScreen()
    pressPlay(&screen, .missingPermission)
    for language in [Language.en, .de] {
      let grid = screen.render(language)
      let title = language == .en ? "Allow playback control" : "Wiedergabesteuerung erlauben"
      let hint = language == .en ? "Enter: sign in again and allow" : "Enter: erneut anmelden und erlauben"
      XCTAssertNotNil(grid.row(containing: title), grid.text)
      XCTAssertNotNil(grid.row(containing: hint), grid.text)
      checkFits(grid)
    }
    let cuts = Grid.$recordsWrites.withValue(true) { screen.render().wordCuts() }
    XCTAssertEqual(cuts, [], "the explanation is shortened with an ellipsis, never cut mid-word")
  }

  func testPremiumRequiredIsOnTheStatusLine() {
    var screen = trackScreen()
    pressPlay(&screen, .premiumRequired)
    let grid = screen.render()
    XCTAssertNotNil(grid.row(containing: "PREMIUM_REQUIRED"), grid.text)
    XCTAssertNotNil(grid.row(containing: "Spotify Premium"), grid.text)
    XCTAssertNil(grid.row(containing: "▶"), "nothing plays: no line")
    XCTAssertTrue(screen.render(.de).text.contains("braucht Spotify Premium"), screen.render(.de).text)
  }

  // MARK: The preview's progress bar

  func testTheBarFillsWithTheElapsedShareAndFitsTheWidth() {
    let playback = PreviewPlayback(phase: .playing, elapsed: 12, total: 30)
    let line = PreviewLineView.progressLine(playback, width: 30, glyphs: .unicode)
    // 30 columns: "▶ ", 16 of bar (40 % of it played: 6), " 0:12 / 0:30".
    XCTAssertEqual(line, "▶ " + String(repeating: "━", count: 6) + String(repeating: "─", count: 10) + " 0:12 / 0:30")
    XCTAssertEqual(DisplayWidth.of(line), 30)
    let plain = PreviewLineView.progressLine(playback, width: 30, glyphs: .plain)
    XCTAssertEqual(plain, "> ======---------- 0:12 / 0:30")
    XCTAssertEqual(
      PreviewLineView.progressLine(
        PreviewPlayback(phase: .paused, elapsed: 30, total: 30), width: 24, glyphs: .unicode),
      "‖ " + String(repeating: "━", count: 10) + " 0:30 / 0:30")
    // Too narrow for a bar: the times alone; unknown total: an empty bar.
    XCTAssertEqual(PreviewLineView.progressLine(playback, width: 16, glyphs: .unicode), "▶ 0:12 / 0:30")
    XCTAssertEqual(
      PreviewLineView.progressLine(PreviewPlayback(phase: .playing, elapsed: 3), width: 14, glyphs: .unicode),
      "▶ " + String(repeating: "─", count: 7) + " 0:03")
    for width in 0...120 {
      XCTAssertLessThanOrEqual(
        DisplayWidth.of(PreviewLineView.progressLine(playback, width: width, glyphs: .unicode)), max(width, 13))
    }
    XCTAssertLessThanOrEqual(
      DisplayWidth.of(PreviewLineView.progressLine(playback, width: 300, glyphs: .unicode)),
      PreviewLineView.maximumBarWidth + 16)
  }

  func testGlyphsFollowTheTerminalAndTheLocale() {
    XCTAssertEqual(ProgressGlyphs.choose(environment: ["TERM": "xterm-256color", "LANG": "de_DE.UTF-8"]), .unicode)
    XCTAssertEqual(ProgressGlyphs.choose(environment: ["TERM": "xterm-256color"]), .unicode)
    XCTAssertEqual(ProgressGlyphs.choose(environment: ["TERM": "linux", "LANG": "en_US.UTF-8"]), .plain)
    XCTAssertEqual(ProgressGlyphs.choose(environment: ["TERM": "dumb"]), .plain)
    XCTAssertEqual(ProgressGlyphs.choose(environment: ["TERM": "xterm", "LANG": "C"]), .plain)
    XCTAssertEqual(
      ProgressGlyphs.choose(environment: ["TERM": "xterm", "LC_ALL": "POSIX", "LANG": "en_US.UTF-8"]), .plain)
    XCTAssertEqual(ProgressGlyphs.choose(environment: ["TERM": "xterm", "LC_ALL": "", "LANG": "en_US.utf8"]), .unicode)
  }

  func testThePreviewLineDrawsTheBarBesideTheAppleMusicLabel() {
    var screen = trackScreen()
    screen.press(.character("p"))
    guard case .finding(let find)? = screen.state.explore.preview?.phase else { return XCTFail("no lookup") }
    let store = "https://music.apple.com/us/album/tide/1?i=2"
    screen.send(
      .explore(
        .previewFound(
          requestID: find, trackID: track.id,
          .success(.available(previewURL: "https://a.example/c.m4a", storeURL: store)))))
    screen.send(.explore(.previewProgress(trackID: track.id, PreviewPlayback(phase: .playing, elapsed: 12, total: 30))))
    ProgressGlyphs.$override.withValue(.unicode) {
      let grid = screen.render()
      let row = grid.row(containing: "0:12 / 0:30")
      XCTAssertNotNil(row, grid.text)
      let line = grid.lines[row ?? 0]
      XCTAssertTrue(line.contains("▶ ━"), line)
      XCTAssertTrue(line.contains("─ 0:12 / 0:30  Preview from Apple Music"), line)
      XCTAssertNotNil(grid.row(containing: store), "the Apple Music page stays beside it: \(grid.text)")
      checkFits(grid)
      let german = screen.render(.de)
      XCTAssertNotNil(german.row(containing: "0:12 / 0:30  Hörprobe von Apple Music"), german.text)
    }
    ProgressGlyphs.$override.withValue(.plain) {
      XCTAssertNotNil(screen.render().row(containing: "> ===="), screen.render().text)
    }
  }
}
