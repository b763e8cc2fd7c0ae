import Foundation
import VibesCore
import VibesServices
import VibesTestSupport
import XCTest

@testable import VibesApp

/// Issue 21, item 12: a slow Spotify answer said "No connection", and a 1 MiB key reported "Could not reach the
/// service" (curl refused the giant header before any answer).
final class SlowAnswerAndLongKeyTests: XCTestCase {
  func testASlowSpotifyAnswerIsWordedAsSlowNotAsNoConnection() {
    let slow = MusicFailure(.transport(.network(TransportFailure(.timedOut, host: "api.spotify.com"))))
    XCTAssertEqual(slow, .timedOut)
    XCTAssertEqual(
      slow?.text.resolved(.en), "Spotify did not answer in time. Try again in a moment.")
    XCTAssertEqual(
      slow?.text.resolved(.de), "Spotify hat nicht rechtzeitig geantwortet. Versuche es gleich noch einmal.")
    XCTAssertTrue(slow?.fallsBackToCache == true, "a slow answer still shows the cached copy")
    let refused = MusicFailure(.transport(.network(TransportFailure(.connectionRefused, host: "api.spotify.com"))))
    XCTAssertEqual(refused, .offline)
  }

  func testASlowSpotifyAnswerInTheFeedIsNotCalledOffline() async throws {
    let hang = try FaultServer(.hang)
    defer { hang.stop() }
    let refused = try FaultServer.refusingURL()
    func source(_ url: URL) -> SpotifyNewReleaseSource {
      SpotifyNewReleaseSource(
        client: SpotifyWebClient(
          baseURL: url, transport: URLSessionTransport(timeout: 0.5),
          tokens: SpotifyClosureTokenSource(current: { "t" }, refresh: { "t" }),
          retry: SpotifyRetryPolicy(sleep: { _ in }, random: { 0 })))
    }
    let slow = source(hang.baseURL)
    _ = try? await slow.topArtists()
    XCTAssertFalse(slow.wasOffline, "a slow answer is not offline")
    XCTAssertTrue(slow.problem?.contains("did not answer in time") == true, slow.problem ?? "nil")
    let offline = source(refused)
    _ = try? await offline.topArtists()
    XCTAssertTrue(offline.wasOffline)
  }

  func testAKeyLongerThanAnyKeyIsRefusedBeforeAnythingIsSent() {
    let huge = String(repeating: "A", count: 1 << 20)
    XCTAssertThrowsError(try ServiceLogin.clean(huge + "\n")) { error in
      let text = "\(error)"
      XCTAssertEqual(text, "the key on standard input is 1048576 bytes long (a key is at most 1024); it was not sent")
      XCTAssertFalse(text.contains("AAAAAAAA"), "the key is not echoed")
    }
    XCTAssertThrowsError(try ServiceLogin.clean("AIza key\twith spaces"))
    XCTAssertEqual(try ServiceLogin.clean("AIzaSyGoodKey0123456789\n"), "AIzaSyGoodKey0123456789")
    XCTAssertEqual(try ServiceLogin.clean(String(repeating: "k", count: 1024)).count, 1024)
  }
}
