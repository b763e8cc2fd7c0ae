import VibesCore
import VibesTestSupport
import XCTest

/// Artwork's core state: each address asked for is loaded once, answers land on their address, the least recently
/// used beyond the capacity are forgotten (and a late answer for one is dropped), and the root routes it all.
final class ArtworkStateTests: XCTestCase {
  let bitmap = ArtworkBitmap(width: 1, height: 1, pixels: [1, 2, 3])!

  func testEachAddressIsLoadedOnceAndItsAnswerKept() {
    var state = ArtworkState()
    XCTAssertEqual(ArtworkState.reduce(&state, .wanted(["a", "b", "a"])), [.load("a"), .load("b")])
    XCTAssertEqual(state.entries, ["a": .loading, "b": .loading])
    XCTAssertEqual(ArtworkState.reduce(&state, .wanted(["a"])), [], "asked again while loading: no second fetch")
    XCTAssertEqual(state.missing(["a", "c", "c"]), ["c"])
    _ = ArtworkState.reduce(&state, .loaded("a", bitmap))
    _ = ArtworkState.reduce(&state, .failed("b", .redirectedElsewhere))
    XCTAssertEqual(state.bitmap("a"), bitmap)
    XCTAssertNil(state.bitmap("b"))
    XCTAssertEqual(state.entries["b"], .failed(.redirectedElsewhere))
    XCTAssertEqual(ArtworkState.reduce(&state, .wanted(["b"])), [], "a failure is not fetched again on every frame")
  }

  func testTheLeastRecentlyUsedAreForgottenAndTheirLateAnswersDropped() {
    var state = ArtworkState(capacity: 2)
    _ = ArtworkState.reduce(&state, .wanted(["a", "b"]))
    _ = ArtworkState.reduce(&state, .wanted(["a"]))  // a is used again: b is now the oldest
    XCTAssertEqual(ArtworkState.reduce(&state, .wanted(["c"])), [.load("c")])
    XCTAssertEqual(Set(state.entries.keys), ["a", "c"])
    XCTAssertEqual(state.recency, ["a", "c"])
    XCTAssertEqual(ArtworkState.reduce(&state, .loaded("b", bitmap)), [])
    XCTAssertNil(state.entries["b"], "an answer for a forgotten address is dropped")
  }

  func testTheRootRoutesArtworkAndRedrawsOnlyAChangedFrame() {
    var driver = Driver()
    driver.send(.artwork(.wanted(["https://i.example/a.jpg"])), expecting: [.artwork(.load("https://i.example/a.jpg"))])
    {
      _ = ArtworkState.reduce(&$0.artwork, .wanted(["https://i.example/a.jpg"]))
    }
    driver.send(.artwork(.loaded("https://i.example/a.jpg", bitmap)), expecting: []) {
      _ = ArtworkState.reduce(&$0.artwork, .loaded("https://i.example/a.jpg", self.bitmap))
    }
    XCTAssertTrue(driver.state.isClockDriven(.artwork(.wanted([]))))
  }
}
