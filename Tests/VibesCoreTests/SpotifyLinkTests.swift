import VibesCore
import VibesTestSupport
import XCTest

/// Links and URIs the Explore tab accepts, and the near misses it refuses.
final class SpotifyLinkTests: XCTestCase {
  let id = "4uLU6hMCjMI75M1A2tKUQC"

  func testOpenSpotifyLinksOfEveryKind() {
    for kind in SpotifyLink.Kind.allCases {
      XCTAssertEqual(
        SpotifyLink.parse("https://open.spotify.com/\(kind.rawValue)/\(id)"), SpotifyLink(kind: kind, id: id))
    }
  }

  func testShareParametersLocalePrefixAndWhitespace() {
    XCTAssertEqual(
      SpotifyLink.parse("https://open.spotify.com/album/\(id)?si=abc123XYZ"), SpotifyLink(kind: .album, id: id))
    XCTAssertEqual(
      SpotifyLink.parse("  https://open.spotify.com/intl-de/track/\(id)\n"), SpotifyLink(kind: .track, id: id))
    XCTAssertEqual(SpotifyLink.parse("open.spotify.com/artist/\(id)"), SpotifyLink(kind: .artist, id: id))
    XCTAssertEqual(
      SpotifyLink.parse("https://open.spotify.com/playlist/\(id)/"), SpotifyLink(kind: .playlist, id: id))
  }

  func testSpotifyURIs() {
    let link = SpotifyLink.parse("spotify:track:\(id)")
    XCTAssertEqual(link, SpotifyLink(kind: .track, id: id))
    XCTAssertEqual(link?.uri, "spotify:track:\(id)")
    XCTAssertEqual(SpotifyLink.parse("spotify:playlist:\(id)")?.kind, .playlist)
  }

  func testRejectsEverythingElse() {
    let rejected = [
      "", "hello", id, "spotify:track:\(id.dropLast())", "spotify:track:\(id)x", "spotify:episode:\(id)",
      "spotify:user:ada:playlist:\(id)", "https://open.spotify.com/episode/\(id)",
      "https://open.spotify.com/track/\(id.dropLast())!", "https://evil.example/track/\(id)",
      "https://open.spotify.com.evil.example/track/\(id)", "https://open.spotify.com/track",
      "https://open.spotify.com/track/\(id)/extra", "ftp://open.spotify.com/track/\(id)",
      "https://user@open.spotify.com/track/\(id)", "https://open.spotify.com:8080/track/\(id)",
      "spotify:track:\(id.dropLast())é", "https://open.spotify.com/intl-de/user/\(id)",
    ]
    for text in rejected {
      XCTAssertNil(SpotifyLink.parse(String(text)), String(text))
    }
  }
}
