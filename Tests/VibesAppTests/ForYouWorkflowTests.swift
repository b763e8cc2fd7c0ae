import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesTestSupport
import XCTest

/// For You against the Gemini fake: one request per refresh, reasons shown, library songs left out, and a dismissed
/// song never returns.
final class ForYouWorkflowTests: XCTestCase {
  private let key = "AIzaSyFAKE-foryouflow_0123456789abcdefghi"
  private var fake: FakeGeminiServer!

  /// Finds every catalog song as `spotify:track:t{index}`.
  private struct Searcher: TrackSearching {
    func searchTracks(query: String, limit: Int) async throws -> [TrackCandidate] {
      let title = query.split(separator: "\"").map(String.init)[1]
      guard let index = FakeGeminiServer.catalog.firstIndex(where: { $0.title == title }) else { return [] }
      let artist = FakeGeminiServer.catalog[index].artist
      return [
        TrackCandidate(
          id: "t\(index)", uri: "spotify:track:t\(index)", name: title, artists: [artist], album: "A", durationMs: 1)
      ]
    }
  }

  override func setUp() async throws {
    fake = try await FakeGeminiServer(validKeys: [key])
  }

  override func tearDown() async throws {
    await fake.stop()
  }

  /// Catalog songs 0..<n, each "because of" Radiohead.
  private func answer(_ indices: [Int]) throws -> String {
    let songs = indices.map { index -> [String: String] in
      let (title, artist) = FakeGeminiServer.catalog[index]
      return ["title": title, "artist": artist, "reason": "Moody like \"Radiohead\".", "because_of": "Radiohead"]
    }
    return String(decoding: try JSONSerialization.data(withJSONObject: ["songs": songs]), as: UTF8.self)
  }

  func testReasonsShowLibrarySongsStayOutAndADismissedSongNeverReturns() async throws {
    let flow = ForYouWorkflow(
      gemini: GeminiClient(baseURL: fake.baseURL, transport: URLSessionTransport(timeout: 5)),
      model: "gemini-flash-latest")
    let resolver = SongResolver(searcher: Searcher(), cache: nil)
    // "Everything In Its Right Place" (6) is the seed's own top track; "Heroes" (2) is in the library.
    let listening = ForYouWorkflow.Listening(
      topArtists: [(name: "Radiohead", genres: ["art rock"]), (name: "Portishead", genres: ["trip hop"])],
      topTracks: [ForYouSong(title: "Everything In Its Right Place", artist: "Radiohead")],
      library: [ForYouSong(title: "Heroes", artist: "David Bowie")],
      knownURIs: ["spotify:track:t2", "spotify:track:t6"])

    await fake.enqueueGeneration(.answerText(try answer(Array(0..<16))))
    let (items, memory) = try await flow.refresh(
      listening, memory: ForYouMemory(), count: 12, resolver: resolver, apiKey: key)
    XCTAssertEqual(items.count, 12)
    XCTAssertTrue(items.allSatisfy { $0.reason == "Moody like \"Radiohead\"." && $0.becauseOf == "Radiohead" })
    XCTAssertFalse(items.contains { $0.song.title == "Heroes" }, "in the library")
    XCTAssertFalse(items.contains { $0.song.title == "Everything In Its Right Place" }, "a top track")
    let first = try XCTUnwrap(items.first)
    XCTAssertEqual(first.song.title, "Midnight City")

    var remembered = memory
    remembered.dismiss(first.song)
    // The model answers the same list again; the dismissed song (and everything shown) must not come back.
    await fake.enqueueGeneration(.answerText(try answer(Array(0..<30))))
    let (again, _) = try await flow.refresh(listening, memory: remembered, count: 10, resolver: resolver, apiKey: key)
    XCTAssertFalse(again.contains { $0.song.title == "Midnight City" }, "dismissed")
    XCTAssertTrue(Set(again.map(\.song.title)).isDisjoint(with: items.map(\.song.title)), "already shown")
    XCTAssertFalse(again.isEmpty)

    let bodies = await fake.recordedGenerationBodies()
    XCTAssertEqual(bodies.count, 2, "one Gemini request per refresh")
    let second = String(decoding: bodies[1], as: UTF8.self)
    XCTAssertTrue(second.contains("Midnight City"), "the dismissed song is in the exclusion list")
    XCTAssertTrue(second.contains("suggest them rarely"), "its artist is asked for rarely")
  }
}
