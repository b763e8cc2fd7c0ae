import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// A Blend against the Gemini fake and a real SQLite file: one request, the preview's mix and match, and Create's
/// resolve and save (a retried save makes one playlist).
final class BlendWorkflowTests: XCTestCase {
  private let key = "AIzaSyFAKE-blend_0123456789abcdefghijklmn"
  private var fake: FakeGeminiServer!
  private var directory: URL!

  /// Finds every catalog song.
  private struct Searcher: TrackSearching {
    func searchTracks(query: String, limit: Int) async throws -> [TrackCandidate] {
      let title = query.split(separator: "\"").map(String.init)[1]
      let index = FakeGeminiServer.catalog.firstIndex { $0.title == title } ?? 999
      let artist = FakeGeminiServer.catalog.first { $0.title == title }?.artist ?? "?"
      return [
        TrackCandidate(
          id: "t\(index)", uri: "spotify:track:t\(index)", name: title, artists: [artist], album: "A", durationMs: 1)
      ]
    }
  }

  /// Fails the first `addItems` once.
  private actor Saver: PlaylistSaving {
    struct Failure: Error {}
    var created: [String] = []
    var added: [String] = []
    var failNextAdd = true

    func createPlaylist(name: String, description: String) async throws -> CreatedSpotifyPlaylist {
      created.append(name)
      return CreatedSpotifyPlaylist(
        id: "PL\(created.count)", url: "https://open.spotify.com/playlist/PL\(created.count)")
    }

    func addItems(playlistID: String, uris: [String]) async throws {
      if failNextAdd {
        failNextAdd = false
        throw Failure()
      }
      added += uris
    }
  }

  override func setUp() async throws {
    fake = try await FakeGeminiServer(validKeys: [key])
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-blend-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDown() async throws {
    await fake.stop()
    try? FileManager.default.removeItem(at: directory)
  }

  private func summary(_ artists: [String], _ genres: [String]) -> TasteSummary {
    TasteSummary(
      artists: artists.map { .init(name: $0, weight: 1) }, genres: genres.map { .init(name: $0, weight: 1) })
  }

  func testABlendIsOneRequestAMixedPreviewAndOneSavedPlaylistDespiteARetry() async throws {
    let flow = CreateWorkflow(
      gemini: GeminiClient(baseURL: fake.baseURL, transport: URLSessionTransport(timeout: 5)),
      model: "gemini-flash-latest",
      database: try AppDatabase(path: directory.appendingPathComponent("vibes.sqlite").path))
    let mine = summary(["M83", "Radiohead", "Björk"], ["synthpop", "art rock"])
    let theirs = summary(["m83", "Daft Punk", "Portishead"], ["french house", "synthpop"])
    XCTAssertNil(BlendPreview.problem(mine: mine, theirs: theirs))
    XCTAssertEqual(BlendPreview.problem(mine: mine, theirs: nil), .noTasteSummary)

    let (generated, preview) = try await flow.generateBlend(
      mine: mine, theirs: theirs, label: "Blend with @sam", count: 25, apiKey: key)
    XCTAssertEqual(generated.songs.count, 25)
    XCTAssertEqual(generated.prompt, "Blend with @sam")
    XCTAssertEqual(preview.tracks.count, 25)
    XCTAssertTrue(preview.isAMix)
    XCTAssertEqual(preview.mix[.mutual], 1, "Midnight City by M83")
    XCTAssertEqual(preview.mix[.fromThem], 2, "Digital Love, Glory Box")
    XCTAssertEqual(preview.mix[.fromMe], 1, "Everything In Its Right Place")
    XCTAssertEqual(preview.matchPercent, TasteMatch.percent(mine, theirs))
    let bodies = await fake.recordedGenerationBodies()
    XCTAssertEqual(bodies.count, 1)
    let prompt = String(decoding: bodies[0], as: UTF8.self)
    for needle in ["Daft Punk", "Portishead", "Radiohead", "exactly 25"] {
      XCTAssertTrue(prompt.contains(needle), needle)
    }

    _ = try await flow.resolve(generated.id, using: SongResolver(searcher: Searcher(), cache: flow.database))
    let saver = Saver()
    do {
      _ = try await flow.save(generated.id, to: saver)
      XCTFail("expected the scripted failure")
    } catch is Saver.Failure {}
    let saved = try await flow.save(generated.id, to: saver)
    XCTAssertEqual(saved.saveState, .saved(playlistID: "PL1", url: "https://open.spotify.com/playlist/PL1"))
    let created = await saver.created
    let added = await saver.added
    XCTAssertEqual(created, [preview.name])
    XCTAssertEqual(added.count, 25)
  }

  func testBlendCountsStayIn20To30() {
    let seeds = GeminiBlendSeeds(mine: [], theirs: [], myGenres: [], theirGenres: [])
    XCTAssertEqual(GeminiPlaylistRequest.blend(seeds, count: 5).count, 20)
    XCTAssertEqual(GeminiPlaylistRequest.blend(seeds, count: 50).count, 30)
    XCTAssertEqual(GeminiPlaylistRequest.blend(seeds, count: 25).minimumAccepted, 20)
  }
}
