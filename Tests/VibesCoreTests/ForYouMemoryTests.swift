import Foundation
import XCTest

@testable import VibesCore

final class ForYouMemoryTests: XCTestCase {
  func testADismissedSongNeverReturnsAndItsArtistWeighsLess() {
    var memory = ForYouMemory()
    let song = ForYouSong(title: "Midnight City", artist: "M83")
    memory.dismiss(song)
    memory.dismiss(song)
    XCTAssertEqual(memory.weight(ofArtist: "m83"), 0.5, "a repeated dismissal of one song counts once")
    // The same song spelt as a remaster is still dismissed, and it is in the next request's exclusion list.
    let remaster = ForYouSong(title: "Midnight City - Remastered 2015", artist: "M83")
    XCTAssertEqual(
      memory.filter([remaster, ForYouSong(title: "Wait", artist: "M83")], library: [], topTracks: []).map(\.title),
      ["Wait"])
    XCTAssertEqual(memory.exclusions(library: [], topTracks: []).map(\.key), [song.key])
    XCTAssertEqual(memory.lessOf, ["M83"])
  }

  func testSeedsPutDismissedArtistsLowerAndDropThemAfterTwoDismissals() {
    var memory = ForYouMemory()
    let ranked = ["A", "B", "C", "D"]
    XCTAssertEqual(memory.seedArtists(ranked), ranked)
    memory.dismiss(ForYouSong(title: "a1", artist: "A"))
    // A: 1 × 0.5 = 0.5 ties B? B is 0.75, C 0.5 (A first on ties by rank), D 0.25.
    XCTAssertEqual(memory.seedArtists(ranked), ["B", "A", "C", "D"])
    memory.dismiss(ForYouSong(title: "a2", artist: "A"))
    XCTAssertEqual(memory.seedArtists(ranked), ["B", "C", "D"])
  }

  func testExclusionsJoinLibraryTopTracksShownAndDismissedOnce() {
    var memory = ForYouMemory()
    let lib = ForYouSong(title: "Heroes", artist: "David Bowie")
    let top = ForYouSong(title: "Dreams", artist: "Fleetwood Mac")
    memory.markShown([lib, ForYouSong(title: "Teardrop", artist: "Massive Attack")])
    memory.dismiss(ForYouSong(title: "Kids", artist: "MGMT"))
    let keys = memory.exclusions(library: [lib], topTracks: [top]).map(\.title)
    XCTAssertEqual(keys, ["Heroes", "Dreams", "Teardrop", "Kids"])
    XCTAssertEqual(
      memory.filter([lib, top, ForYouSong(title: "Nightcall", artist: "Kavinsky")], library: [lib], topTracks: [top])
        .map(\.title), ["Nightcall"])
  }
}
