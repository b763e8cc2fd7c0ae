import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let previewScreen = Driver.Exhaustivity.nonExhaustive(
  because: "checks the drawn preview line of a track's screen; the reducer test states every change")

/// The preview line on a track's detail screen at 60×20, in English and German: "▶ 0:12 / 0:30" with the Apple
/// Music link beside it, no match, no player.
final class ExplorePreviewScreenTests: XCTestCase {
  let track = MusicFixtures.tide
  let store = "https://music.apple.com/us/album/tide/1?i=2"

  /// A track's screen at 60×20 after `p`, with the lookup answered by `result`.
  func previewed(_ result: Result<PreviewAvailability, PreviewLookupFailure>) -> Driver {
    var screen = Driver.screen(previewScreen, facts: SetupFacts(storedSecrets: [.spotify]), width: 60, height: 20)
    screen.openTrackDetail(track)
    screen.press(.character("p"))
    guard case .finding(let find)? = screen.state.explore.preview?.phase else {
      XCTFail("p did not look for a preview")
      return screen
    }
    screen.send(.explore(.previewFound(requestID: find, trackID: track.id, result)))
    return screen
  }

  func testPlayingShowsElapsedOfTotalAndTheAppleMusicLink() {
    var screen = previewed(.success(.available(previewURL: "https://a.example/c.m4a", storeURL: store)))
    XCTAssertNotNil(screen.render().row(containing: "Loading the preview…"), screen.render().text)
    screen.send(.explore(.previewProgress(trackID: track.id, PreviewPlayback(phase: .playing, elapsed: 12, total: 30))))
    let grid = screen.render()
    // "▶ ━━━━──── 0:12 / 0:30" (the bar's glyphs follow the terminal: PlaybackScreenTests checks them).
    let row = grid.row(containing: "0:12 / 0:30")
    XCTAssertNotNil(row, grid.text)
    XCTAssertTrue(grid.lines[row ?? 0].contains("▶ ") || grid.lines[row ?? 0].contains("> "), grid.lines[row ?? 0])
    XCTAssertTrue(grid.lines[row ?? 0].contains("Preview from Apple Music"), grid.lines[row ?? 0])
    XCTAssertNotNil(grid.row(containing: store), "the Apple Music page is shown: \(grid.text)")
    XCTAssertTrue(grid.links.contains { $0.url == store }, "and is a hyperlink")
    XCTAssertTrue(grid.lines[19].contains("p "), "p in the footer: \(grid.lines[19])")
    for line in grid.lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line), 60, line) }
    let german = screen.render(.de)
    XCTAssertNotNil(german.row(containing: "0:12 / 0:30  Hörprobe von Apple Music"), german.text)
    screen.send(.explore(.previewProgress(trackID: track.id, PreviewPlayback(phase: .paused, elapsed: 13, total: 30))))
    XCTAssertNotNil(screen.render().row(containing: "0:13 / 0:30"), screen.render().text)
  }

  func testNoMatchSaysSoAndPointsAtSpotify() {
    let screen = previewed(.success(.none))
    XCTAssertNotNil(screen.render().row(containing: "No preview for this song; o opens it in"), screen.render().text)
    XCTAssertNotNil(
      screen.render(.de).row(containing: "Für diesen Titel gibt es keine Hörprobe;"), screen.render(.de).text)
  }

  func testNoPlayerNamesTheDebianPackageAndAFailedOutputIsSaid() {
    var screen = previewed(.success(.available(previewURL: "https://a.example/c.m4a", storeURL: nil)))
    screen.send(.explore(.previewProgress(trackID: track.id, PreviewPlayback(phase: .failed(.noPlayer)))))
    XCTAssertNotNil(
      screen.render().row(containing: "No audio player is installed: install the Debian"), screen.render().text)
    XCTAssertTrue(screen.render().text.contains("sudo apt install mpv"), screen.render().text)
    XCTAssertNotNil(screen.render(.de).row(containing: "Kein Audioplayer installiert"), screen.render(.de).text)
    screen.send(.explore(.previewProgress(trackID: track.id, PreviewPlayback(phase: .failed(.audioOutputFailed)))))
    XCTAssertTrue(screen.render().text.contains("No sound device here"), screen.render().text)
    XCTAssertNil(screen.render().row(containing: "▶"), "no silent progress line")
  }
}
