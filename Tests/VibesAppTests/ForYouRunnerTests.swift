import Foundation
import Logging
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// For You's effects against the loopback Spotify Web API fake (the user's top artists, top tracks and saved songs),
/// the Gemini fake (one request per refresh), a real SQLite file and a vault: reasons shown, an invented reason
/// dropped, a dismissed song never back after a refresh, the offline copy with its age, no key, the daily quota.
final class ForYouRunnerTests: XCTestCase {
  static let token = "access-foryou-good"
  let key = "AIzaSyFAKE-foryourunner_0123456789abcdefgh"

  var home: URL!
  var database: AppDatabase!
  var secrets: (any SecretStore)!
  var web: FakeSpotifyWebServer!
  var gemini: FakeGeminiServer!

  /// Finds every Gemini-fake catalog song as `spotify:track:fy{index}`.
  private struct Searcher: TrackSearching {
    func searchTracks(query: String, limit: Int) async throws -> [TrackCandidate] {
      let title = query.split(separator: "\"").map(String.init)[1]
      guard let index = FakeGeminiServer.catalog.firstIndex(where: { $0.title == title }) else { return [] }
      return [
        TrackCandidate(
          id: "fy\(index)", uri: "spotify:track:fy\(index)", name: title,
          artists: [FakeGeminiServer.catalog[index].artist], album: "A", durationMs: 1)
      ]
    }
  }

  override func setUp() async throws {
    let sandbox = try await SpotifyAccountSandbox.make(name: "foryou", token: Self.token)
    (home, database, secrets, web) = (sandbox.home, sandbox.database, sandbox.secrets, sandbox.web)
    gemini = try await FakeGeminiServer(validKeys: [key])
    try secrets.write(key, for: .geminiAPIKey)
  }

  override func tearDown() async throws {
    await web.stop()
    await gemini.stop()
    try? FileManager.default.removeItem(at: home)
  }

  func runner(spotifyURL: URL? = nil) -> EffectRunner {
    let configuration = SpotifyConfiguration(
      clientID: "foryou-client", accountsURL: URL(string: "http://127.0.0.1:9")!, apiURL: spotifyURL ?? web.baseURL)
    let spotify = SpotifyDependencies(
      configuration: configuration, database: database, secrets: secrets, configFilePath: home.path,
      isRemoteSession: false, hostName: "test")
    let create = CreateDependencies(
      gemini: GeminiClient(baseURL: gemini.baseURL, transport: URLSessionTransport(timeout: 5)), searcher: Searcher())
    return EffectRunner(
      dependencies: AppDependencies(
        database: database, secrets: secrets, secretStoreInfo: SecretStoreInfo(kind: .vault, location: home.path),
        gemini: GeminiClient(), ticketmaster: TicketmasterClient(), browser: BrowserLauncher(environment: [:]),
        spotify: spotify, create: create, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
        now: { Date(timeIntervalSince1970: 1_763_000_000) }))
  }

  func load(refresh: Bool, _ runner: EffectRunner? = nil) async -> Result<CachedForYou, CreateFailure>? {
    let action = await (runner ?? self.runner()).run(.explore(.loadForYou(requestID: 5, refresh: refresh)))
    guard case .forYouFinished(5, let result)? = action?.exploreAction else { return nil }
    return result
  }

  /// Catalog songs `indices`, each "because of" Basalt (a top artist of the Spotify fake); `invented` songs give
  /// a reason naming an artist the user never played.
  func answer(_ indices: [Int], invented: Set<Int> = []) throws -> String {
    let songs = indices.map { index -> [String: String] in
      let (title, artist) = FakeGeminiServer.catalog[index]
      if invented.contains(index) {
        return ["title": title, "artist": artist, "reason": "You love \"Radiohead\".", "because_of": "Radiohead"]
      }
      return ["title": title, "artist": artist, "reason": "Heavy and slow like Basalt.", "because_of": "Basalt"]
    }
    return String(decoding: try JSONSerialization.data(withJSONObject: ["songs": songs]), as: UTF8.self)
  }

  func testReasonsShowAnInventedReasonIsDroppedAndADismissedSongNeverReturns() async throws {
    await gemini.enqueueGeneration(.answerText(try answer(Array(0..<18), invented: [1])))
    guard case .success(let first)? = await load(refresh: false) else { return XCTFail("no list") }
    XCTAssertFalse(first.isStale)
    XCTAssertEqual(first.entries.count, 15)
    XCTAssertTrue(first.entries.allSatisfy { $0.reason == "Heavy and slow like Basalt." })
    XCTAssertFalse(first.entries.contains { $0.title == "Dreams" }, "its reason named an artist never played")
    XCTAssertEqual(first.entries.first?.trackID, "fy0")

    // x on the first song: gone from the copy and remembered.
    let dismissed = try XCTUnwrap(first.entries.first)
    _ = await runner().run(.explore(.dismissForYou(dismissed)))
    XCTAssertEqual(try database.forYouList()?.entries.count, 14)
    XCTAssertTrue(try database.forYouMemory().dismissedSongs.contains(dismissed.song.key))

    // The model sends the dismissed song again: it never comes back.
    await gemini.enqueueGeneration(.answerText(try answer([0] + Array(18..<30))))
    guard case .success(let second)? = await load(refresh: true) else { return XCTFail("no refresh") }
    XCTAssertFalse(second.entries.contains { $0.title == dismissed.title }, "dismissed")
    XCTAssertEqual(second.entries.count, 12)
    let bodies = await gemini.recordedGenerationBodies()
    XCTAssertEqual(bodies.count, 2, "one Gemini request per refresh")
    XCTAssertTrue(String(decoding: bodies[1], as: UTF8.self).contains("Midnight City"), "sent as excluded")
  }

  func testTheCopyOpensOfflineWithItsAgeAndAFailedRefreshKeepsIt() async throws {
    await gemini.enqueueGeneration(.answerText(try answer(Array(0..<15))))
    guard case .success(let fresh)? = await load(refresh: true) else { return XCTFail("no list") }
    let offline = runner(spotifyURL: URL(string: "http://127.0.0.1:1")!)
    // Opening reads the copy: no request at all.
    guard case .success(let copy)? = await load(refresh: false, offline) else { return XCTFail("no copy") }
    XCTAssertTrue(copy.isStale)
    XCTAssertNil(copy.staleReason, "opening reads the copy without asking anyone")
    XCTAssertEqual(copy.entries, fresh.entries)
    XCTAssertEqual(copy.fetchedAt, Date(timeIntervalSince1970: 1_763_000_000))
    // r without a network: the copy stays, with why.
    guard case .success(let kept)? = await load(refresh: true, offline) else { return XCTFail("copy lost") }
    XCTAssertEqual(kept.staleReason, .offline)
    XCTAssertEqual(kept.entries, fresh.entries)
    let bodies = await gemini.recordedGenerationBodies()
    XCTAssertEqual(bodies.count, 1)
  }

  func testWithoutAGeminiKeyItSaysWhatItNeeds() async throws {
    try secrets.delete(.geminiAPIKey)
    guard case .failure(.geminiKeyMissing)? = await load(refresh: false) else { return XCTFail("should need a key") }
    let bodies = await gemini.recordedGenerationBodies()
    XCTAssertTrue(bodies.isEmpty)
  }

  func testTheDailyQuotaSaysWhenToTryAgain() async throws {
    await gemini.enqueueGeneration(.quotaPerDay)
    guard case .failure(.quotaExhaustedForToday(let resetsAt))? = await load(refresh: false) else {
      return XCTFail("should be the daily quota")
    }
    XCTAssertNotNil(resetsAt)
  }
}
