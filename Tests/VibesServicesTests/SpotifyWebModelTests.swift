import Foundation
import VibesServices
import XCTest

/// Decoding tolerance: legacy keys, nulls, missing optional fields, entries that are not tracks.
final class SpotifyWebModelTests: XCTestCase {
  private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(json.utf8))
  }

  func testPlaylistItemPrefersItemAndAcceptsLegacyTrack() throws {
    let modern = try decode(
      SpotifyPlaylistItem.self, #"{"added_at":"2026-02-01T00:00:00Z","item":{"id":"a","name":"New","type":"track"}}"#)
    XCTAssertEqual(modern.track?.name, "New")
    XCTAssertEqual(modern.track?.uri, "spotify:track:a")
    let legacy = try decode(SpotifyPlaylistItem.self, #"{"track":{"id":"b","name":"Old"}}"#)
    XCTAssertEqual(legacy.track?.name, "Old")
    let episode = try decode(SpotifyPlaylistItem.self, #"{"item":{"id":"c","name":"Pod","type":"episode"}}"#)
    XCTAssertNil(episode.track)
    let local = try decode(SpotifyPlaylistItem.self, #"{"item":{"id":null,"name":"Local","type":"track"}}"#)
    XCTAssertNil(local.track)
  }

  func testPagingDropsNullAndUndecodableEntries() throws {
    let page = try decode(
      SpotifyPaging<SpotifyArtist>.self,
      #"{"items":[null,{"id":"x","name":"X"},{"name":"no id"}],"total":3,"limit":10,"offset":0,"next":null}"#)
    XCTAssertEqual(page.items.map(\.id), ["x"])
    XCTAssertEqual(page.total, 3)
    XCTAssertFalse(page.hasNext)
    let bare = try decode(SpotifyPaging<SpotifyArtist>.self, "{}")
    XCTAssertEqual(bare.items, [])
  }

  func testMissingOptionalFieldsAndNullImages() throws {
    let playlist = try decode(
      SpotifyPlaylist.self, #"{"id":"p","name":"P","images":null,"owner":{"id":"bob"},"tracks":{"total":7}}"#)
    XCTAssertEqual(playlist.images, [])
    XCTAssertEqual(playlist.itemsTotal, 7, "the legacy tracks.total is read when items is absent")
    XCTAssertEqual(playlist.owner?.displayName, nil)
    let album = try decode(SpotifyAlbum.self, #"{"id":"a","name":"A"}"#)
    XCTAssertNil(album.releaseDate)
    XCTAssertNil(album.releaseYear)
    XCTAssertEqual(album.artists, [])
    let track = try decode(SpotifyTrack.self, #"{"id":"t","name":"T","popularity":80,"preview_url":null}"#)
    XCTAssertEqual(track.durationMs, 0)
    XCTAssertFalse(track.explicit)
    XCTAssertThrowsError(try decode(SpotifyTrack.self, #"{"name":"no id"}"#))
  }

  func testRawStringsAreKeptForTheUIToSanitise() throws {
    let artist = try decode(SpotifyArtist.self, #"{"id":"e","name":"Evil\u001b[2J"}"#)
    XCTAssertEqual(artist.name, "Evil\u{1B}[2J")
  }
}
