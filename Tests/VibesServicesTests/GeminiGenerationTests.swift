import Foundation
import VibesServices
import VibesTestSupport
import XCTest

final class GeminiGenerationTests: GeminiFakeTestCase {
  override class var validKey: String { "AIzaSyFAKE-gen_0123456789abcdefghijklmno" }

  private func generate(
    _ request: GeminiPlaylistRequest = .new(prompt: "late night drive", count: 10),
    model: String = "gemini-flash-latest", key: String? = nil
  ) async throws(GeminiGenerationError) -> GeminiPlaylist {
    try await client().generatePlaylist(request, model: model, apiKey: key ?? self.key)
  }

  private func generationError(
    _ request: GeminiPlaylistRequest = .new(prompt: "late night drive", count: 10),
    model: String = "gemini-flash-latest", key: String? = nil,
    file: StaticString = #filePath, line: UInt = #line
  ) async -> GeminiGenerationError? {
    do {
      let playlist = try await generate(request, model: model, key: key)
      XCTFail("expected an error, got \(playlist)", file: file, line: line)
      return nil
    } catch {
      return error
    }
  }

  private func lastBody() async throws -> [String: Any] {
    let bodies = await fake.recordedGenerationBodies()
    let data = try XCTUnwrap(bodies.last)
    return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  func testNewPlaylistHasExactlyTheAskedCountAndTheRequestIsStructured() async throws {
    for count in [1, 10, 37, 50] {
      let playlist = try await generate(.new(prompt: "rainy sunday", count: count))
      XCTAssertEqual(playlist.songs.count, count)
      XCTAssertEqual(Set(playlist.songs).count, count)
      XCTAssertEqual(playlist.name, "Neon Night Drive")
      XCTAssertFalse(playlist.description.isEmpty)
    }
    let requests = await fake.recordedRequests()
    let request = try XCTUnwrap(requests.last)
    XCTAssertEqual(request.method, "POST")
    XCTAssertEqual(request.path, "/v1beta/models/gemini-flash-latest:generateContent")
    XCTAssertEqual(request.headers["x-goog-api-key"], key)
    XCTAssertEqual(request.query, "")
    XCTAssertFalse(requests.contains { $0.path.contains(key) || $0.query.contains(key) })

    let body = try await lastBody()
    let config = try XCTUnwrap(body["generationConfig"] as? [String: Any])
    XCTAssertEqual(config["responseMimeType"] as? String, "application/json")
    XCTAssertGreaterThanOrEqual(config["maxOutputTokens"] as? Int ?? 0, 16_384)
    let schema = try XCTUnwrap(config["responseJsonSchema"] as? [String: Any])
    XCTAssertEqual(schema["required"] as? [String], ["name", "description", "songs"])
    let songs = try XCTUnwrap((schema["properties"] as? [String: Any])?["songs"] as? [String: Any])
    XCTAssertEqual(songs["minItems"] as? Int, 50)
    XCTAssertEqual(songs["maxItems"] as? Int, 50)
    // Below 50 the one request asks for a few spares on top (a fifth, at least 2), never a second request.
    XCTAssertEqual(requests.count, 4)
    XCTAssertEqual(GeminiPlaylistRequest.new(prompt: "x", count: 10).requestedCount, 12)
    XCTAssertEqual(GeminiPlaylistRequest.new(prompt: "x", count: 20).requestedCount, 24)
    XCTAssertEqual(GeminiPlaylistRequest.new(prompt: "x", count: 48).requestedCount, 50)
    let contents = try XCTUnwrap(body["contents"] as? [[String: Any]])
    let text = try XCTUnwrap((contents.first?["parts"] as? [[String: Any]])?.first?["text"] as? String)
    XCTAssertTrue(text.contains("exactly 50"))
    XCTAssertTrue(text.contains("\"rainy sunday\""))
  }

  func testCountIsClampedToTheSupportedRange() async throws {
    let large = try await generate(.new(prompt: "x", count: 500))
    let small = try await generate(.new(prompt: "x", count: 0))
    XCTAssertEqual(large.songs.count, 50)
    XCTAssertEqual(small.songs.count, 1)
  }

  func testGrowListsExistingSongsAndNeverReturnsThem() async throws {
    let existing = FakeGeminiServer.catalog.prefix(5).map { GeminiSong(title: $0.title, artist: $0.artist) }
    let excluded = [GeminiSong(title: "Digital Love", artist: "Daft Punk")]
    let playlist = try await generate(
      .grow(playlistName: "Night", description: "Dark synths", existing: existing, excluding: excluded, count: 8))
    XCTAssertEqual(playlist.songs.count, 8)
    let forbidden = Set((existing + excluded).map(\.title))
    XCTAssertTrue(playlist.songs.allSatisfy { !forbidden.contains($0.title) })
    let body = try await lastBody()
    let text = String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
    XCTAssertTrue(text.contains("Midnight City"))
    XCTAssertTrue(text.contains("Digital Love"))
  }

  func testAnswerRepeatingAListedSongIsToppedUpFromTheSameAnswer() async throws {
    // The fake skips only exactly quoted titles, so it answers "Midnight City" first; the client drops it because it
    // folds case and spacing, and the spare songs of the same answer fill its place: 10 of 10, one request.
    let request = GeminiPlaylistRequest.grow(
      playlistName: "N", description: "D", existing: [GeminiSong(title: "midnight  city", artist: "m83")],
      excluding: [], count: 10)
    let playlist = try await generate(request)
    XCTAssertEqual(playlist.songs.count, 10)
    XCTAssertEqual(playlist.alreadyListedCount, 1)
    XCTAssertEqual(playlist.repeatedCount, 0)
    XCTAssertEqual(playlist.spares.count, 1)
    XCTAssertFalse((playlist.songs + playlist.spares).contains { $0.title == "Midnight City" })
    let requests = await fake.recordedRequests()
    XCTAssertEqual(requests.count, 1)
  }

  func testAShortOrRepetitiveAnswerIsKeptWithItsUsableSongs() async throws {
    await fake.enqueueGeneration(.duplicateSongs)
    let repeated = try await generate()
    XCTAssertEqual(repeated.songs, [GeminiSong(title: "Heroes", artist: "David Bowie")])
    XCTAssertEqual(repeated.repeatedCount, 11)
    XCTAssertEqual(repeated.droppedCount, 11)
  }

  func testModelNotFoundNamesTheSetting() async throws {
    let error = await generationError(model: "gemini-2.0-flash")
    XCTAssertEqual(error, .modelNotFound(model: "gemini-2.0-flash"))
    let message = error?.localizedDescription ?? ""
    XCTAssertTrue(message.contains("gemini-model"))
    XCTAssertTrue(message.contains("VIBES_GEMINI_MODEL"))
    await fake.enqueueGeneration(.modelNotFound)
    let scripted = await generationError()
    XCTAssertEqual(scripted, .modelNotFound(model: "gemini-flash-latest"))
  }

  func testInvalidModelNameIsRefusedBeforeAnyRequest() async throws {
    for name in ["", "gemini flash", "../models", "gemini/flash", "gemini?key=1"] {
      let error = await generationError(model: name)
      XCTAssertEqual(error, .invalidModelName, name)
    }
    let count = await fake.recordedRequests().count
    XCTAssertEqual(count, 0)
  }

  func testBlockedAndEmptyAnswersAreTyped() async throws {
    let cases: [(FakeGeminiGenerationMode, GeminiGenerationError)] = [
      (.safetyBlock, .answerBlocked(finishReason: "SAFETY")),
      (.promptBlocked, .promptBlocked(reason: "PROHIBITED_CONTENT")),
      (.maxTokensWithoutContent, .ranOutOfTokens),
      (.malformedJSON, .malformedReply),
      (.quotaPerMinute(retryDelaySeconds: 26), .rateLimitedPerMinute(retryAfterSeconds: 26)),
      (.quotaPerDay, .quotaExhaustedForToday),
      (.serverError, .serverProblem(status: 500)),
    ]
    for (mode, expected) in cases {
      await fake.enqueueGeneration(mode)
      let error = await generationError()
      XCTAssertEqual(error, expected, "\(mode)")
    }
    // And the next call is normal again.
    let normal = try await generate()
    XCTAssertEqual(normal.songs.count, 10)
  }

  func testKeyProblems() async throws {
    let wrong = await generationError(key: "AIzaSyWRONG")
    XCTAssertEqual(wrong, .keyRejected)
    await fake.enqueue(.forbidden(reason: "API_KEY_SERVICE_BLOCKED"))
    let forbidden = await generationError()
    XCTAssertEqual(forbidden, .keyForbidden(reason: "API_KEY_SERVICE_BLOCKED"))
    await fake.enqueue(.status(503))
    let unavailable = await generationError()
    XCTAssertEqual(unavailable, .serverProblem(status: 503))
  }

  func testRawRepliesAreValidatedStrictly() async throws {
    func reply(text: String?, finish: String = "STOP") -> String {
      var candidate: [String: Any] = ["finishReason": finish, "index": 0]
      if let text { candidate["content"] = ["role": "model", "parts": [["text": text]]] }
      let data = try! JSONSerialization.data(withJSONObject: ["candidates": [candidate]])
      return String(decoding: data, as: UTF8.self)
    }
    func songs(_ count: Int, title: (Int) -> String = { "Song \($0)" }) -> String {
      let list = (0..<count).map { ["title": title($0), "artist": "Artist"] }
      let data = try! JSONSerialization.data(withJSONObject: ["name": " Mix ", "description": "d", "songs": list])
      return String(decoding: data, as: UTF8.self)
    }
    let cases: [(String, GeminiGenerationError?)] = [
      (reply(text: songs(10)), nil),
      (reply(text: songs(9)), nil),
      // Short answers are kept as they are: 3 of 10 usable songs beat a retry that spends another request.
      (reply(text: songs(3)), nil),
      (reply(text: songs(10, title: { $0 < 2 ? " " : "S\($0)" })), nil),
      (reply(text: songs(10, title: { $0 == 3 ? "S2" : $0 == 4 ? "s 2!" : "S\($0)" })), nil),
      // Only an answer with no usable song at all fails.
      (reply(text: songs(4, title: { _ in " " })), .invalidReply(.tooFewSongs(asked: 10, usable: 0))),
      (reply(text: "```json\n" + songs(10) + "\n```"), .malformedReply),
      (reply(text: "{\"name\":\"x\",\"songs\":[{\"title\":1,\"artist\":\"a\"}]}"), .malformedReply),
      (reply(text: "{\"name\":\"  \",\"description\":\"\",\"songs\":[]}"), .invalidReply(.missingName)),
      (reply(text: ""), .emptyReply),
      (reply(text: nil, finish: "RECITATION"), .answerBlocked(finishReason: "RECITATION")),
      (reply(text: "{\"name\":\"x\",\"songs\":[{\"ti", finish: "MAX_TOKENS"), .ranOutOfTokens),
      ("{\"candidates\":[]}", .emptyReply),
      ("not json", .service(.invalidResponse)),
    ]
    for (body, expected) in cases {
      await fake.enqueue(.raw(status: 200, body: body))
      do {
        let playlist = try await generate()
        XCTAssertNil(expected, body)
        XCTAssertEqual(playlist.name, "Mix")
        XCTAssertGreaterThanOrEqual(playlist.songs.count, 3)
      } catch {
        XCTAssertEqual(error, expected, body)
      }
    }
  }

  func testThoughtPartsAreNotTheAnswer() async throws {
    let answer = "{\"name\":\"N\",\"description\":\"D\",\"songs\":[{\"title\":\"A\",\"artist\":\"B\"}]}"
    let body: [String: Any] = [
      "candidates": [
        [
          "finishReason": "STOP",
          "content": ["role": "model", "parts": [["text": "Thinking about it…", "thought": true], ["text": answer]]],
        ]
      ]
    ]
    let data = try JSONSerialization.data(withJSONObject: body)
    await fake.enqueue(.raw(status: 200, body: String(decoding: data, as: UTF8.self)))
    let playlist = try await generate(.new(prompt: "x", count: 1))
    XCTAssertEqual(playlist.songs, [GeminiSong(title: "A", artist: "B")])
  }

  func testTransportFailuresAndCancellation() async throws {
    await fake.enqueue(.dropConnection)
    let dropped = await generationError()
    guard case .service(.network)? = dropped else {
      return XCTFail("a dropped connection is a network problem: \(String(describing: dropped))")
    }

    await fake.setGenerationLatency(2)
    let client = self.client()
    let key = self.key
    let task = Task {
      try await client.generatePlaylist(.new(prompt: "x", count: 10), model: "gemini-flash-latest", apiKey: key)
    }
    try await Task.sleep(nanoseconds: 100_000_000)
    task.cancel()
    let started = Date()
    do {
      _ = try await task.value
      XCTFail("expected cancellation")
    } catch let error as GeminiGenerationError {
      XCTAssertEqual(error, .service(.cancelled))
    }
    XCTAssertLessThan(Date().timeIntervalSince(started), 1)
  }

  func testErrorDescriptionsCarryNoSecrets() async throws {
    let errors: [GeminiGenerationError] = [
      .invalidModelName, .modelNotFound(model: "m"), .keyRejected, .keyForbidden(reason: nil),
      .rateLimitedPerMinute(retryAfterSeconds: 3),
      .quotaExhaustedForToday, .ranOutOfTokens, .answerBlocked(finishReason: "SAFETY"), .promptBlocked(reason: "OTHER"),
      .emptyReply, .malformedReply, .invalidReply(.missingName), .serverProblem(status: 500),
      .service(.network(TransportFailure(.timedOut, host: "example.org"))),
    ]
    for error in errors {
      let text = error.localizedDescription
      XCTAssertFalse(text.isEmpty)
      XCTAssertFalse(text.contains(key))
      XCTAssertFalse(text.contains("http"))
    }
  }

  func testLatencyIsConfigurable() async throws {
    await fake.setGenerationLatency(0.1)
    let started = Date()
    _ = try await generate()
    XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.1)
  }
}
