import VibesCore
import XCTest

final class SavePlanTests: XCTestCase {
  private func song(_ index: Int, _ resolution: SongResolution) -> ResolvedSong {
    ResolvedSong(song: SuggestedSong(title: "T\(index)", artist: "A"), resolution: resolution)
  }

  private func found(_ index: Int) -> ResolvedSong {
    song(
      index,
      .found(
        TrackCandidate(
          id: "\(index)", uri: "spotify:track:\(index)", name: "T", artists: ["A"], album: "", durationMs: 1)))
  }

  func testChunksOfAtMostHundredInOrderSkippingUnresolved() {
    var songs: [ResolvedSong] = []
    for index in 0..<250 {
      songs.append(index % 10 == 3 ? song(index, .notFound) : index % 10 == 7 ? song(index, .pending) : found(index))
    }
    let chunks = SavePlan.uriChunks(for: songs)
    let expected = (0..<250).filter { $0 % 10 != 3 && $0 % 10 != 7 }.map { "spotify:track:\($0)" }
    XCTAssertEqual(chunks.map(\.count), [100, 100])
    XCTAssertEqual(chunks.flatMap { $0 }, expected)
  }

  func testChunkBoundariesAndDuplicates() {
    XCTAssertEqual(SavePlan.uriChunks(for: []), [])
    XCTAssertEqual(SavePlan.uriChunks(for: (0..<100).map(found)).map(\.count), [100])
    XCTAssertEqual(SavePlan.uriChunks(for: (0..<101).map(found)).map(\.count), [100, 1])
    XCTAssertEqual(SavePlan.uriChunks(for: [found(1), found(2), found(1)]), [["spotify:track:1", "spotify:track:2"]])
    XCTAssertEqual(SavePlan.uriChunks(for: (0..<5).map(found), chunkSize: 2).map(\.count), [2, 2, 1])
    XCTAssertEqual(SavePlan.uriChunks(for: (0..<150).map(found), chunkSize: 500).map(\.count), [100, 50])
    XCTAssertEqual(SavePlan.uriChunks(for: [song(0, .notFound), song(1, .pending)]), [])
  }
}

final class SavePlanResumeTests: XCTestCase {
  func testAlreadyAddedURIsAreSkipped() {
    let songs = (0..<250).map {
      ResolvedSong(
        song: SuggestedSong(title: "T\($0)", artist: "A"),
        resolution: .found(
          TrackCandidate(id: "\($0)", uri: "spotify:track:\($0)", name: "T", artists: ["A"], album: "", durationMs: 1)))
    }
    let resumed = SavePlan.uriChunks(for: songs, alreadyAdded: 100)
    XCTAssertEqual(resumed.map(\.count), [100, 50])
    XCTAssertEqual(resumed.first?.first, "spotify:track:100")
    XCTAssertEqual(SavePlan.uriChunks(for: songs, alreadyAdded: 250), [])
    XCTAssertEqual(SavePlan.uriChunks(for: songs, alreadyAdded: -3).map(\.count), [100, 100, 50])
  }
}
