import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// Finds every song of the fake Gemini catalog except the ones named in `missing`.
private struct CatalogSearcher: TrackSearching {
  var missing: Set<String> = []

  func searchTracks(query: String, limit: Int) async throws -> [TrackCandidate] {
    let parts = query.split(separator: "\"").map(String.init)
    let title = parts[1]
    guard !missing.contains(title) else { return [] }
    let index = FakeGeminiServer.catalog.firstIndex { $0.title == title } ?? 999
    let artist = FakeGeminiServer.catalog.first { $0.title == title }?.artist ?? parts[3]
    return [
      TrackCandidate(
        id: "t\(index)", uri: "spotify:track:t\(index)", name: title, artists: [artist], album: "A", durationMs: 1)
    ]
  }
}

/// Records created playlists and added chunks; fails the n-th `addItems` once when told to.
private actor RecordingSaver: PlaylistSaving {
  struct Failure: Error {}
  var created: [String] = []
  var added: [(String, [String])] = []
  var failOnAddCall: Int?
  private var addCalls = 0

  func failOnce(atAddCall call: Int) { failOnAddCall = call }

  func createPlaylist(name: String, description: String) async throws -> CreatedSpotifyPlaylist {
    created.append(name)
    let id = "PL\(created.count)"
    return CreatedSpotifyPlaylist(id: id, url: "https://open.spotify.com/playlist/\(id)")
  }

  func addItems(playlistID: String, uris: [String]) async throws {
    addCalls += 1
    if addCalls == failOnAddCall {
      failOnAddCall = nil
      throw Failure()
    }
    added.append((playlistID, uris))
  }
}

final class CreateWorkflowTests: XCTestCase {
  private let key = "AIzaSyFAKE-workflow_0123456789abcdefghij"
  private var fake: FakeGeminiServer!
  private var directory: URL!

  override func setUp() async throws {
    fake = try await FakeGeminiServer(validKeys: [key])
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-workflow-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDown() async throws {
    await fake.stop()
    try? FileManager.default.removeItem(at: directory)
  }

  private func workflow() throws -> CreateWorkflow {
    CreateWorkflow(
      gemini: GeminiClient(baseURL: fake.baseURL, transport: URLSessionTransport(timeout: 5)),
      model: "gemini-flash-latest",
      database: try AppDatabase(path: directory.appendingPathComponent("vibes.sqlite").path))
  }

  func testGenerateResolveSaveEndToEndAgainstTheFakeAndRealSQLite() async throws {
    let flow = try workflow()
    let generated = try await flow.generate(prompt: "night drive", count: 12, apiKey: key)
    XCTAssertEqual(generated.songs.count, 12)
    XCTAssertTrue(generated.songs.allSatisfy { $0.resolution == .pending })
    XCTAssertEqual(generated.prompt, "night drive")

    let searcher = CatalogSearcher(missing: ["Heroes"])
    let resolved = try await flow.resolve(generated.id, using: SongResolver(searcher: searcher, cache: flow.database))
    XCTAssertEqual(resolved.songs.filter { $0.resolution == .notFound }.map(\.song.title), ["Heroes"])
    XCTAssertEqual(resolved.songs.compactMap(\.uri).count, 11)

    let grown = try await flow.grow(generated.id, count: 5, apiKey: key)
    XCTAssertEqual(grown.songs.count, 17)
    XCTAssertEqual(Set(grown.songs.map(\.song.title)).count, 17)
    let again = try await flow.resolve(generated.id, using: SongResolver(searcher: searcher, cache: flow.database))
    XCTAssertEqual(again.songs.compactMap(\.uri).count, 16)

    let saver = RecordingSaver()
    let saved = try await flow.save(generated.id, to: saver)
    XCTAssertEqual(saved.saveState, .saved(playlistID: "PL1", url: "https://open.spotify.com/playlist/PL1"))
    let added = await saver.added
    XCTAssertEqual(added.flatMap(\.1), SavePlan.uris(for: again.songs))
    XCTAssertEqual(Set(added.map(\.0)), ["PL1"])
    // Saving again does nothing more.
    _ = try await flow.save(generated.id, to: saver)
    let created = await saver.created
    XCTAssertEqual(created.count, 1)
  }

  func testRetryAfterAFailedChunkAddsTheRestToTheSamePlaylist() async throws {
    let flow = try workflow()
    // 230 found songs → chunks of 100, 100, 30; the second chunk fails once.
    let songs = (0..<230).map { SuggestedSong(title: "Song \($0)", artist: "Artist") }
    let id = try flow.database.recordGeneratedPlaylist(
      prompt: "p", name: "Big", description: "d", songs: songs, at: Date())
    var answers: [Int: SongResolution] = [:]
    for index in 0..<230 {
      answers[index] = .found(
        TrackCandidate(
          id: "\(index)", uri: "spotify:track:\(index)", name: "Song \(index)", artists: ["Artist"], album: "",
          durationMs: 1))
    }
    try flow.database.recordSongResolutions(answers, inGeneratedPlaylist: id)

    let saver = RecordingSaver()
    await saver.failOnce(atAddCall: 2)
    do {
      _ = try await flow.save(id, to: saver)
      XCTFail("expected the scripted failure")
    } catch is RecordingSaver.Failure {}
    let halfway = try XCTUnwrap(try flow.database.generatedPlaylist(id: id))
    XCTAssertEqual(halfway.saveState, .saving(playlistID: "PL1"))
    XCTAssertEqual(halfway.addedItemCount, 100)

    // A fresh workflow on the same file (as after a restart) resumes.
    let saved = try await workflow().save(id, to: saver)
    XCTAssertEqual(saved.saveState, .saved(playlistID: "PL1", url: "https://open.spotify.com/playlist/PL1"))
    XCTAssertEqual(saved.addedItemCount, 230)
    let created = await saver.created
    let added = await saver.added
    XCTAssertEqual(created, ["Big"])
    XCTAssertEqual(added.map(\.1.count), [100, 100, 30])
    XCTAssertEqual(added.flatMap(\.1), (0..<230).map { "spotify:track:\($0)" })
  }

  func testGenerationErrorsPassThroughAndRecordNothing() async throws {
    let flow = try workflow()
    await fake.enqueueGeneration(.quotaPerDay)
    do {
      _ = try await flow.generate(prompt: "x", count: 5, apiKey: key)
      XCTFail("expected the quota error")
    } catch let error as GeminiGenerationError {
      XCTAssertEqual(error, .quotaExhaustedForToday)
    }
    XCTAssertEqual(try flow.database.generatedPlaylistCount(), 0)
  }
}
