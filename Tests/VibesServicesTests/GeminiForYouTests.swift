import Foundation
import VibesServices
import VibesTestSupport
import XCTest

/// For You (FR-3.2) over the Gemini fake: one request grounded in the seeds, the reason check, exclusions and
/// per-artist caps.
final class GeminiForYouTests: GeminiFakeTestCase {
  override class var validKey: String { "AIzaSyFAKE-foryou_0123456789abcdefghijklm" }

  private let seeds = GeminiForYouSeeds(
    artists: [
      GeminiSeedArtist(name: "Radiohead", genres: ["art rock", "alternative"]),
      GeminiSeedArtist(name: "Björk", genres: ["art pop"]),
      GeminiSeedArtist(name: "Portishead", genres: ["trip hop"]),
    ],
    tracks: [GeminiSong(title: "Teardrop", artist: "Massive Attack")],
    excluding: [GeminiSong(title: "Glory Box", artist: "Portishead")],
    lessOf: ["Burial"])

  private func item(_ title: String, _ artist: String, _ reason: String, _ because: String) -> [String: String] {
    ["title": title, "artist": artist, "reason": reason, "because_of": because]
  }

  private func answer(_ items: [[String: String]]) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: ["songs": items]), as: UTF8.self)
  }

  /// Twelve good songs by twelve artists, each with a reason that names only its seed.
  private var goodItems: [[String: String]] {
    let artists = [
      "Artist \(0)", "Artist 1", "Artist 2", "Artist 3", "Artist 4", "Artist 5", "Artist 6", "Artist 7",
      "Artist 8", "Artist 9", "Artist 10", "Artist 11",
    ]
    return artists.enumerated().map { index, artist in
      item("Song \(index)", artist, "Brooding textures like \"Radiohead\".", "Radiohead")
    }
  }

  func testTheRequestIsGroundedInTheSeedsWithTheBecauseOfEnumAndAMargin() async throws {
    await fake.enqueueGeneration(.answerText(try answer(goodItems)))
    let result = try await client().generatePlaylist(
      .forYou(seeds, count: 10), model: "gemini-flash-latest", apiKey: key)
    XCTAssertEqual(result.songs.count, 10)
    XCTAssertEqual(result.name, "For You")
    let bodies = await fake.recordedGenerationBodies()
    XCTAssertEqual(bodies.count, 1, "one Gemini request per refresh")
    let body = try XCTUnwrap(try JSONSerialization.jsonObject(with: bodies[0]) as? [String: Any])
    let config = try XCTUnwrap(body["generationConfig"] as? [String: Any])
    let schema = try XCTUnwrap(config["responseJsonSchema"] as? [String: Any])
    let songs = try XCTUnwrap((schema["properties"] as? [String: Any])?["songs"] as? [String: Any])
    XCTAssertEqual(songs["maxItems"] as? Int, 15, "10 wanted plus a margin of 5")
    let items = try XCTUnwrap(songs["items"] as? [String: Any])
    XCTAssertEqual(
      Set(try XCTUnwrap(items["required"] as? [String])), ["title", "artist", "reason", "because_of"])
    let because = try XCTUnwrap((items["properties"] as? [String: Any])?["because_of"] as? [String: Any])
    XCTAssertEqual(because["enum"] as? [String], ["Radiohead", "Björk", "Portishead", "Teardrop"])
    let contents = try XCTUnwrap(body["contents"] as? [[String: Any]])
    let parts = try XCTUnwrap(contents.first?["parts"] as? [[String: Any]])
    let prompt = try XCTUnwrap(parts.first?["text"] as? String)
    for needle in [
      "\"Radiohead\" (genres: \"art rock\", \"alternative\")", "\"Teardrop\" by \"Massive Attack\"",
      "\"Glory Box\" by \"Portishead\"", "\"Burial\"", "exactly 15",
    ] {
      XCTAssertTrue(prompt.contains(needle), "prompt lacks \(needle): \(prompt)")
    }
  }

  func testInventedReasonsUnknownSeedsExcludedSongsAndOverCapArtistsAreDropped() async throws {
    var items = Array(goodItems.prefix(10))
    items += [
      // Names an artist that was never sent.
      item("Invented", "Artist X", "Like \"Radiohead\" with \"Taylor Swift\" hooks.", "Radiohead"),
      // A because_of outside the enum.
      item("Unknown Seed", "Artist Y", "Like \"Drake\".", "Drake"),
      // A reason that does not name its because_of.
      item("Vague", "Artist Z", "You will like it.", "Björk"),
      // In the exclusion list (a top track of the user / library).
      item("Glory Box", "Portishead", "Straight from \"Portishead\".", "Portishead"),
      item("Teardrop", "Massive Attack", "It is \"Teardrop\".", "Teardrop"),
      // A third song by one artist; the cap is two.
      item("Song 0b", "Artist 0", "More like \"Radiohead\".", "Radiohead"),
      item("Song 0c", "Artist 0", "Even more like \"Radiohead\".", "Radiohead"),
      // A dismissed artist gets one song at most.
      item("Archangel", "Burial", "Night bus gloom like \"Portishead\".", "Portishead"),
      item("Near Dark", "Burial", "Rain like \"Portishead\".", "Portishead"),
      // Names a seed track's artist and the song's own artist: allowed.
      item("Angel", "Massive Attack2", "\"Massive Attack2\" echo \"Massive Attack\" and \"Teardrop\".", "Teardrop"),
    ]
    // Drop two of the good ones so the over-cap and dismissed-artist cases decide what remains.
    items.removeSubrange(2...3)
    await fake.enqueueGeneration(.answerText(try answer(items)))
    let result = try await client().generatePlaylist(
      .forYou(seeds, count: 20), model: "gemini-flash-latest", apiKey: key)
    let titles = result.songs.map(\.title)
    XCTAssertEqual(
      titles,
      ["Song 0", "Song 1", "Song 4", "Song 5", "Song 6", "Song 7", "Song 8", "Song 9", "Song 0b", "Archangel", "Angel"])
    XCTAssertFalse(titles.contains("Song 0c"), "two songs per artist")
    XCTAssertFalse(titles.contains("Invented"))
    XCTAssertFalse(titles.contains("Glory Box"))
    XCTAssertFalse(titles.contains("Near Dark"), "one song for a dismissed artist")
    XCTAssertEqual(result.droppedCount, items.count - result.songs.count)
    XCTAssertEqual(result.songs.last?.becauseOf, "Teardrop")
    XCTAssertEqual(result.songs.first?.reason, "Brooding textures like \"Radiohead\".")
  }

  func testTooFewSongsAfterTheChecksIsATypedError() async throws {
    let items = (0..<15).map { item("S\($0)", "A\($0)", "Like \"Nobody Sent\".", "Radiohead") }
    await fake.enqueueGeneration(.answerText(try answer(items)))
    do {
      let result = try await client().generatePlaylist(
        .forYou(seeds, count: 10), model: "gemini-flash-latest", apiKey: key)
      XCTFail("expected an error, got \(result)")
    } catch {
      XCTAssertEqual(error, .invalidReply(.tooFewSongs(asked: 10, usable: 0)))
    }
  }

  func testTheReasonCheckAlone() {
    let song = GeminiSong(title: "Hyperballad", artist: "Björk")
    func check(_ reason: String, _ because: String) -> String? {
      GeminiReasonCheck.checked(reason: reason, becauseOf: because, song: song, seeds: seeds)
    }
    XCTAssertEqual(check("  More of \"Bjork\"'s art pop. ", "Björk"), "More of \"Bjork\"'s art pop.")
    XCTAssertEqual(
      check("“Hyperballad” by “Björk” sits next to “Portishead”.", "Portishead"),
      "“Hyperballad” by “Björk” sits next to “Portishead”.")
    XCTAssertNil(check("Like \"Radiohead\" and \"Coldplay\".", "Radiohead"), "Coldplay was not sent")
    XCTAssertNil(check("Like Radiohead.\nAnd more.", "Radiohead"), "one line")
    XCTAssertNil(check("", "Radiohead"))
    XCTAssertNil(check("Like \"Radiohead\".", "Coldplay"), "because_of outside the seeds")
    XCTAssertNil(check("Like \"Portishead\".", "Radiohead"), "the reason must name its because_of")
    XCTAssertNil(check(String(repeating: "Radiohead ", count: 30), "Radiohead"), "too long")
  }
}
