import VibesApp
import VibesCore
import VibesServices
import XCTest

/// Playback failures say exactly what is missing, in both languages.
final class PlaybackWordingTests: XCTestCase {
  func testSpotifyRefusalsNameWhatIsMissing() {
    let premium = PlaybackWording.spotify(.playerRefused(.premiumRequired))
    XCTAssertEqual(premium?.id, "PlaybackL10n.playbackPremiumRequired")
    XCTAssertTrue(premium?.resolved(.de).contains("Premium") ?? false)
    XCTAssertEqual(PlaybackWording.spotify(.playerRefused(.noActiveDevice))?.id, "PlaybackL10n.playbackNoActiveDevice")
    XCTAssertEqual(PlaybackWording.spotify(.missingScope)?.id, "PlaybackL10n.playbackNeedsPermission")
    XCTAssertEqual(
      PlaybackWording.spotify(.playerRefused(SpotifyPlayerReason("NO_NEXT_TRACK")))?.resolved(.en),
      "Spotify refused the player command (NO_NEXT_TRACK).")
    XCTAssertNil(PlaybackWording.spotify(.notConnected))
  }

  func testThePlayerFailuresAndTheRemoteWarning() {
    let noPlayer = PreviewPlaybackFailure.noPlayer.explanation
    XCTAssertTrue(noPlayer.resolved(.en).contains("mpv"))
    XCTAssertTrue(noPlayer.resolved(.de).contains("mpv"))
    XCTAssertEqual(PlaybackWording.itunes(.rateLimited)?.id, "PlaybackL10n.previewRateLimited")
    XCTAssertNil(PlaybackWording.itunes(.server(status: 500)))
    let remote = PlaybackWording.remoteSession(host: "devbox\u{1B}]0;x\u{07}")
    XCTAssertFalse(remote.resolved(.en).contains("\u{1B}"))
    XCTAssertTrue(remote.resolved(.en).contains("devbox"))
  }
}
