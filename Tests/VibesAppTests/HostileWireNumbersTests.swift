import Foundation
import VibesCore
import XCTest

@testable import VibesApp
@testable import VibesServices

/// The newer decoders fed hostile numbers as the wire would send them (through the real decoders): huge, negative,
/// fractional, one past Int64, text where a number belongs. Nothing traps, no whole answer is lost for one bad
/// number, and what is kept is within `WireNumbers`.
final class HostileWireNumbersTests: XCTestCase {
  /// JSON number tokens that are not a plausible whole number of milliseconds, pixels or percent.
  static let hostile = [
    "9223372036854775808", "-9223372036854775808", "9223372036854775807", "1e30", "-5", "1.5", "\"12\"", "null",
  ]

  func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(json.utf8))
  }

  func testThePlayersPositionLengthAndVolumeAreKeptDrawable() throws {
    for token in Self.hostile {
      let json = """
        {"is_playing": true, "progress_ms": \(token),
         "device": {"id": "d1", "name": "Kitchen", "type": "Speaker", "volume_percent": \(token)},
         "item": {"id": "t1", "name": "Song", "duration_ms": \(token)}}
        """
      let state = try decode(SpotifyPlaybackState.self, json)
      XCTAssertEqual(state.device?.name, "Kitchen", "one bad number keeps the device: \(token)")
      if let volume = state.device?.volumePercent { XCTAssertTrue((0...100).contains(volume), token) }
      let playing = NowPlaying(state)
      XCTAssertTrue((0...WireNumbers.maxTrackDurationMs).contains(playing.progressMs), token)
      XCTAssertTrue((0...WireNumbers.maxTrackDurationMs).contains(playing.durationMs), token)
      XCTAssertEqual(playing.deviceName, "Kitchen")
    }
    // Plausible numbers stay as they were.
    let state = try decode(
      SpotifyPlaybackState.self,
      """
      {"is_playing": true, "progress_ms": 61000, "device": {"id": "d1", "name": "K", "volume_percent": 40},
       "item": {"id": "t1", "name": "Song", "duration_ms": 200000}}
      """)
    XCTAssertEqual(state.device?.volumePercent, 40)
    XCTAssertEqual(NowPlaying(state).progressMs, 61000)
    XCTAssertEqual(NowPlaying(state).durationMs, 200000)
  }

  func testImageSizesNeverTrapNorLoseThePage() throws {
    let tokens = Self.hostile.enumerated().map { "{\"url\": \"https://i.scdn.co/image/\($0)\", \"width\": \($1)}" }
    let images = try decode(
      [SpotifyImage].self,
      "["
        + (tokens + ["{\"url\": \"https://i.scdn.co/image/good\", \"width\": 290}"])
        .joined(separator: ",") + "]")
    XCTAssertEqual(images.count, Self.hostile.count + 1, "every image is kept")
    XCTAssertEqual(SpotifyImage.artwork(images), "https://i.scdn.co/image/good", "only a real size is compared")
    let onlyHostile = [SpotifyImage(url: "https://x/a", width: Int.min), SpotifyImage(url: "https://x/b", width: -1)]
    XCTAssertEqual(SpotifyImage.artwork(onlyHostile), "https://x/a", "no size: the first")
  }

  func testITunesTrackLengthsAreUnknownWhenImpossible() throws {
    // (Text that holds a whole number is read as that number, as every JSONBody reader does.)
    for token in Self.hostile.filter({ !$0.hasPrefix("\"") }) + ["86400001", "0"] {
      let body = """
        {"resultCount": 1, "results": [{"wrapperType": "track", "kind": "song", "trackId": 7, "trackName": "Song",
         "artistName": "A", "trackTimeMillis": \(token)}]}
        """
      let songs = try ITunesTrack.songs(from: Data(body.utf8))
      XCTAssertEqual(songs.count, 1, token)
      XCTAssertNil(PreviewFinder.candidate(songs[0]).durationMilliseconds, token)
    }
    let body = """
      {"resultCount": 1, "results": [{"wrapperType": "track", "trackId": 7, "trackName": "S", "artistName": "A",
       "trackTimeMillis": 215000}]}
      """
    let song = try XCTUnwrap(try ITunesTrack.songs(from: Data(body.utf8)).first)
    XCTAssertEqual(PreviewFinder.candidate(song).durationMilliseconds, 215000)
  }

  func testFirestoreIntegersOutsideInt64AreRefusedAndCountsClamped() throws {
    for raw: Any in ["9223372036854775808", "-9223372036854775809", "1.5", "12abc", 1.5, 1e30, ""] {
      XCTAssertNil(FirestoreValue(json: ["integerValue": raw]), "\(raw)")
    }
    func profile(_ following: String, streak: String) throws -> SocialProfile {
      let json: [String: Any] = [
        "name": "projects/p/databases/(default)/documents/users/uid1",
        "fields": [
          "displayName": ["stringValue": "Ada"], "followingCount": ["integerValue": following],
          "streak": ["integerValue": streak],
        ],
      ]
      return SocialRepository.profile(try XCTUnwrap(FirestoreDocument(json: json)))
    }
    let negative = try profile("-5", streak: "-9223372036854775808")
    XCTAssertEqual(negative.followingCount, 0)
    XCTAssertEqual(negative.streak, 0)
    let huge = try profile("9223372036854775807", streak: "9223372036854775807")
    XCTAssertEqual(huge.followingCount, WireNumbers.maxCount)
    XCTAssertEqual(huge.streak, WireNumbers.maxCount)
    XCTAssertEqual(try profile("12", streak: "3").followingCount, 12)
    // One integer past Int64 makes the document unreadable (typed, never a trap or a wrapped number).
    let past: [String: Any] = [
      "name": "projects/p/databases/(default)/documents/users/uid1",
      "fields": ["followingCount": ["integerValue": "9223372036854775808"]],
    ]
    XCTAssertNil(FirestoreDocument(json: past))
  }
}
