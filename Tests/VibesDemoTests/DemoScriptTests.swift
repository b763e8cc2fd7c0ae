import Foundation
import VibesApp
import VibesCore
import XCTest

@testable import VibesDemo

/// Docs/demo-script.txt played without a terminal against the demo fakes (pauses skipped, each effect run to its
/// end): the tour connects Spotify, creates a playlist from a prompt and saves it, and the Feed shows it.
final class DemoScriptTests: XCTestCase {
  static var sampleScript: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Docs/demo-script.txt")
  }

  @MainActor
  func testTheSampleScriptCreatesAndSavesAPlaylistThatTheFeedShows() async throws {
    guard let browser = HeadlessDemo.demoBrowser else { throw XCTSkip("the vibes executable is not built") }
    let demo = try await HeadlessDemo(effectLimit: 3, browser: browser, tutorial: true)
    var script = try String(contentsOf: Self.sampleScript, encoding: .utf8)
    // Stop before quitting, to look at the state the tour left.
    script = script.replacingOccurrences(of: "\nkey q\n", with: "\n")
    var screens: [String] = []
    for step in try KeyScript(parsing: script).steps {
      // A pause moves the demo timeline instead of waiting.
      await demo.perform(step)
      if case .input = step { screens.append(demo.screen) }
    }
    let seen = screens.joined(separator: "\n")
    XCTAssertTrue(seen.contains("Neon Night Drive"), "the generated playlist's preview")
    let playlists = await demo.spotifyPlaylists()
    XCTAssertEqual(playlists.map(\.name), ["Neon Night Drive"], "saved to the demo Spotify")
    XCTAssertGreaterThan(playlists.first?.tracks ?? 0, 0)
    let feed = screens.last { $0.contains("You created") } ?? ""
    XCTAssertTrue(feed.contains("You created Neon Night Drive"), "the Feed card:\n\(screens.last ?? "")")

    // The social segment: People lists the friends; the Inbox first holds Aisha's conversation alone, and after
    // the friends' moment on the timeline its refresh brings Jonas's song with his message.
    XCTAssertTrue(seen.contains("Mika Tanaka"), "People")
    XCTAssertFalse(seen.contains("Rex"), "the blocked user never shows")
    let firstInbox = try XCTUnwrap(screens.firstIndex { $0.contains("Inbox") && $0.contains("@aisha") }, "the Inbox")
    XCTAssertFalse(screens[firstInbox].contains("@jonas_w"), "not yet:\n\(screens[firstInbox])")
    let jonas = try XCTUnwrap(screens.lastIndex { $0.contains("For your night-drive playlist") }, seen)
    XCTAssertGreaterThan(jonas, firstInbox)
    XCTAssertTrue(screens[jonas].contains("Space Song"), screens[jonas])
    await demo.finish()
  }

  /// Issue 20 item 5: after the tour saved its playlist (far more than 6 songs), Grow on it still suggests songs —
  /// the few the demo catalog has left — instead of refusing the answer as too short.
  @MainActor
  func testGrowSucceedsOnTheToursPlaylist() async throws {
    guard let browser = HeadlessDemo.demoBrowser else { throw XCTSkip("the vibes executable is not built") }
    let demo = try await HeadlessDemo(effectLimit: 3, browser: browser, tutorial: true)
    var script = try String(contentsOf: Self.sampleScript, encoding: .utf8)
    script = script.replacingOccurrences(of: "\nkey q\n", with: "\n")
    try await demo.play(script)
    let saved = await demo.spotifyPlaylists()
    XCTAssertGreaterThan(saved.first?.tracks ?? 0, 6, "the tour's playlist")

    let loaded = await demo.run(.create(.loadMyPlaylists(requestID: 9_001)))
    guard case .myPlaylistsLoaded(_, .success(let own))? = loaded.first?.createAction, let playlist = own.first else {
      return XCTFail("\(loaded)")
    }
    let grown = await demo.run(.create(.grow(requestID: 9_002, playlist: playlist, count: 15, excluding: [])))
    guard case .growSuggested(_, .success(let answer))? = grown.first?.createAction else {
      return XCTFail("Grow failed: \(grown)")
    }
    XCTAssertFalse(answer.songs.isEmpty)
    XCTAssertTrue(answer.songs.allSatisfy { $0.uri != nil })
    await demo.finish()
  }
}
