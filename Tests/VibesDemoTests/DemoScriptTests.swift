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
      guard case .input(let event) = step else { continue }
      await demo.dispatch(.input(event))
      screens.append(demo.screen)
    }
    let seen = screens.joined(separator: "\n")
    XCTAssertTrue(seen.contains("Neon Night Drive"), "the generated playlist's preview")
    let playlists = await demo.spotifyPlaylists()
    XCTAssertEqual(playlists.map(\.name), ["Neon Night Drive"], "saved to the demo Spotify")
    XCTAssertGreaterThan(playlists.first?.tracks ?? 0, 0)
    let feed = screens.last { $0.contains("You created") } ?? ""
    XCTAssertTrue(feed.contains("You created Neon Night Drive"), "the Feed card:\n\(screens.last ?? "")")
    await demo.finish()
  }
}
