import Foundation
import VibesServices
import VibesTestSupport
import XCTest

/// The Spotify Connect player endpoints against the fake, for a Premium listener with a device, a free listener and
/// a Premium listener with no active device; errors typed by `reason`, the missing-scope 403, 204 as "nothing".
final class SpotifyPlayerClientTests: SpotifyWebFakeTestCase {
  private let laptop = FakeSpotifyDevice(id: "dev-laptop", name: "Ada's Laptop")
  private let speaker = FakeSpotifyDevice(id: "dev-speaker", name: "Kitchen", type: "Speaker")

  override func setUp() async throws {
    try await super.setUp()
    let devices = [laptop, speaker]
    await fake.setPlayer { $0.devices = devices }
  }

  private var nightSwim: Catalog.Album {
    get async { await fake.catalog().albums.first { $0.name == "Night Swim" }! }
  }

  func testNothingPlayingIs204AndDevicesAreListed() async throws {
    let client = client()
    let state = try await client.playbackState()
    XCTAssertNil(state)
    let now = try await client.currentlyPlaying()
    XCTAssertNil(now)
    let devices = try await client.devices()
    XCTAssertEqual(devices.map(\.id), ["dev-laptop", "dev-speaker"])
    XCTAssertEqual(devices.map(\.isActive), [false, false])
    XCTAssertEqual(devices.last?.type, "Speaker")
  }

  func testPremiumPlaysATrackOnADeviceThenPausesAndReadsState() async throws {
    let client = client()
    let album = await nightSwim
    let uri = "spotify:track:\(album.trackIDs[1])"
    try await client.play(.tracks([uri]), deviceID: "dev-laptop")
    let state = try await client.playbackState()
    XCTAssertEqual(state?.isPlaying, true)
    XCTAssertEqual(state?.item?.uri, uri)
    XCTAssertEqual(state?.device?.id, "dev-laptop")
    XCTAssertEqual(state?.device?.isActive, true)
    try await client.pausePlayback()
    let paused = try await client.currentlyPlaying()
    XCTAssertEqual(paused?.isPlaying, false)
    XCTAssertNil(paused?.device)

    let requests = await fake.recordedRequests()
    let play = try XCTUnwrap(requests.first { $0.path == "/v1/me/player/play" })
    XCTAssertEqual(play.method, "PUT")
    XCTAssertEqual(play.queryValue("device_id"), "dev-laptop")
    XCTAssertEqual(play.jsonBody?["uris"] as? [String], [uri])
    let pause = try XCTUnwrap(requests.first { $0.path == "/v1/me/player/pause" })
    XCTAssertEqual(pause.method, "PUT")
    XCTAssertNil(pause.queryValue("device_id"))
  }

  func testAnAlbumFromAnOffsetThenNextAndPrevious() async throws {
    let client = client()
    let album = await nightSwim
    await fake.setPlayer { $0.activeDeviceID = "dev-speaker" }
    try await client.play(.context(uri: "spotify:album:\(album.id)", offset: .position(1)))
    var state = try await client.playbackState()
    XCTAssertEqual(state?.item?.id, album.trackIDs[1])
    XCTAssertEqual(state?.contextURI, "spotify:album:\(album.id)")
    try await client.skipToNext()
    state = try await client.playbackState()
    XCTAssertEqual(state?.item?.id, album.trackIDs[2])
    let noNext = await captureSpotifyError { () async throws(SpotifyWebError) in try await client.skipToNext() }
    XCTAssertEqual(noNext, .playerRefused(SpotifyPlayerReason("NO_NEXT_TRACK")))
    try await client.skipToPrevious()
    state = try await client.playbackState()
    XCTAssertEqual(state?.item?.id, album.trackIDs[1])
    // A playlist from a track in it.
    let playlist = "spotify:playlist:\(Catalog.ownPlaylistID)"
    let catalog = await fake.catalog()
    let second = try XCTUnwrap(catalog.playlists.first { $0.id == Catalog.ownPlaylistID }?.items[2])
    try await client.play(.context(uri: playlist, offset: .uri(second)))
    state = try await client.playbackState()
    XCTAssertEqual(state?.item?.uri, second)
    let requests = await fake.recordedRequests().filter { $0.path == "/v1/me/player/play" }
    let body = try XCTUnwrap(requests.last?.jsonBody)
    XCTAssertEqual(body["context_uri"] as? String, playlist)
    XCTAssertEqual((body["offset"] as? [String: Any])?["uri"] as? String, second)
    XCTAssertEqual(
      (requests.first?.jsonBody?["offset"] as? [String: Any])?["position"] as? Int, 1)
    let moves = await fake.recordedRequests().filter { $0.path.hasSuffix("/next") || $0.path.hasSuffix("/previous") }
    XCTAssertTrue(moves.allSatisfy { $0.method == "POST" })
  }

  func testTransferTakesExactlyOneDevice() async throws {
    try await client().transferPlayback(to: "dev-speaker", play: false)
    let player = await fake.player()
    XCTAssertEqual(player.activeDeviceID, "dev-speaker")
    let recorded = await fake.recordedRequests()
    let request = try XCTUnwrap(recorded.last)
    XCTAssertEqual(request.method, "PUT")
    XCTAssertEqual(request.path, "/v1/me/player")
    XCTAssertEqual(request.jsonBody?["device_ids"] as? [String], ["dev-speaker"])
    XCTAssertEqual(request.jsonBody?["play"] as? Bool, false)
  }

  func testAFreeListenerGetsPremiumRequired() async throws {
    await fake.setPlayer { $0.account = .free }
    let error = await captureSpotifyError { () async throws(SpotifyWebError) in
      try await self.client().play(.tracks(["spotify:track:x"]))
    }
    XCTAssertEqual(error, .playerRefused(.premiumRequired))
    XCTAssertEqual(error?.localizedDescription.contains("PREMIUM_REQUIRED"), true)
    // Reading devices still works without Premium.
    let devices = try await client().devices()
    XCTAssertEqual(devices.count, 2)
  }

  func testNoActiveDeviceIsItsOwnReason() async throws {
    let error = await captureSpotifyError { () async throws(SpotifyWebError) in try await self.client().play(.resume) }
    XCTAssertEqual(error, .playerRefused(.noActiveDevice))
    let pause = await captureSpotifyError { () async throws(SpotifyWebError) in try await self.client().pausePlayback()
    }
    XCTAssertEqual(pause, .playerRefused(.noActiveDevice))
  }

  func testRestrictionViolatedIsUnknownAndMissingScopeIsTyped() async throws {
    await fake.setPlayer { $0.activeDeviceID = "dev-laptop" }
    let error = await captureSpotifyError { () async throws(SpotifyWebError) in try await self.client().pausePlayback()
    }
    XCTAssertEqual(error, .playerRefused(.unknown))
    await fake.setPlayer { $0.scopesGranted = false }
    let scope = await captureSpotifyError { () async throws(SpotifyWebError) in try await self.client().devices() }
    XCTAssertEqual(scope, .missingScope)
  }

  func testPlayerScopesAreASeparateSet() {
    let base = SpotifyConfiguration.scopes(includingPlayer: false)
    let all = SpotifyConfiguration.scopes(includingPlayer: true)
    XCTAssertEqual(base, SpotifyConfiguration.scopes)
    XCTAssertFalse(base.contains("user-modify-playback-state"))
    XCTAssertEqual(Set(all).subtracting(base), Set(SpotifyConfiguration.playerScopes))
    XCTAssertEqual(
      SpotifyConfiguration.missingScopes(
        SpotifyConfiguration.playerScopes, granted: "user-read-playback-state user-top-read"),
      ["user-read-currently-playing", "user-modify-playback-state"])
    XCTAssertEqual(SpotifyConfiguration.missingScopes(SpotifyConfiguration.playerScopes, granted: nil), [])
    let url = SpotifyAccountsClient(clientID: "abc").authorizeURL(
      redirectURI: "http://127.0.0.1/callback", state: "s", challenge: "c", scopes: all)
    XCTAssertTrue(url?.absoluteString.contains("user-modify-playback-state") ?? false)
  }

  func testAReasonIsReducedToAMachineCode() {
    XCTAssertEqual(SpotifyPlayerReason("PREMIUM_REQUIRED"), .premiumRequired)
    XCTAssertEqual(SpotifyPlayerReason("\u{1B}]0;pwned\u{07}"), .unknown)
    XCTAssertEqual(SpotifyPlayerReason(String(repeating: "A", count: 41)), .unknown)
  }
}
