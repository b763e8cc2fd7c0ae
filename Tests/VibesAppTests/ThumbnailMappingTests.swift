import Foundation
import VibesCore
import XCTest

@testable import VibesApp
@testable import VibesServices

/// Which of Spotify's images a list thumbnail asks for: the smallest that still covers its box, and the thumbnail
/// carried on the albums, artists and playlists the screens get.
final class ThumbnailMappingTests: XCTestCase {
  let usual = [
    SpotifyImage(url: "https://i.scdn.co/image/640", width: 640, height: 640),
    SpotifyImage(url: "https://i.scdn.co/image/300", width: 300, height: 300),
    SpotifyImage(url: "https://i.scdn.co/image/64", width: 64, height: 64),
  ]

  func testTheSmallestImageCoveringTheBoxIsChosen() {
    XCTAssertEqual(SpotifyImage.thumbnail(usual), "https://i.scdn.co/image/64")
    XCTAssertEqual(SpotifyImage.artwork(usual), "https://i.scdn.co/image/300", "detail screens keep theirs")
    let tooSmall = [SpotifyImage(url: "https://x/16", width: 16), SpotifyImage(url: "https://x/120", width: 120)]
    XCTAssertEqual(SpotifyImage.thumbnail(tooSmall), "https://x/120", "16 px would not cover a 2-cell box")
    let unsized = [SpotifyImage(url: "https://x/a"), SpotifyImage(url: "https://x/b")]
    XCTAssertEqual(SpotifyImage.thumbnail(unsized), "https://x/a", "no sizes: the artwork's choice")
    XCTAssertEqual(SpotifyImage.thumbnail([SpotifyImage(url: "https://x/20", width: 20)]), "https://x/20")
    XCTAssertNil(SpotifyImage.thumbnail([]))
  }

  func testAlbumsArtistsAndPlaylistsCarryTheirThumbnail() {
    let album = MusicAlbum(SpotifyAlbum(id: "a", name: "A", uri: "spotify:album:a", images: usual))
    XCTAssertEqual(album.thumbnailURL, "https://i.scdn.co/image/64")
    XCTAssertEqual(MusicItem.album(album).thumbnailURL, "https://i.scdn.co/image/64")
    let track = MusicTrack(id: "t", name: "T", album: album)
    XCTAssertEqual(MusicItem.track(track).thumbnailURL, "https://i.scdn.co/image/64", "a track shows its album")
    let artist = MusicArtist(SpotifyArtist(id: "r", name: "R", uri: "spotify:artist:r", images: usual))
    XCTAssertEqual(MusicItem.artist(artist).thumbnailURL, "https://i.scdn.co/image/64")
    let playlist = MusicPlaylist(SpotifyPlaylist(id: "p", name: "P", uri: "spotify:playlist:p", images: []))
    XCTAssertNil(MusicItem.playlist(playlist).thumbnailURL, "no cover, no thumbnail")
  }
}
