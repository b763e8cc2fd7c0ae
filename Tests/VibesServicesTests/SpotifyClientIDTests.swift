import Foundation
import XCTest

@testable import VibesServices

/// A malformed client ID is refused and the configuration says where it came from (never the value).
final class SpotifyClientIDTests: XCTestCase {
  func testMalformedVariableIsRefusedNamingTheVariable() {
    let configuration = SpotifyConfiguration.load(
      environment: ["VIBES_SPOTIFY_CLIENT_ID": "my-client-id"], configFile: nil)
    XCTAssertNil(configuration.clientID)
    XCTAssertEqual(
      configuration.clientIDProblem, SpotifyClientIDProblem(source: .environment(variable: "VIBES_SPOTIFY_CLIENT_ID")))
    XCTAssertFalse(String(describing: configuration.clientIDProblem).contains("my-client-id"))
  }

  func testMalformedConfigLineIsRefusedNamingFileAndLine() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-config-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: file) }
    try "# vibes\n\nspotify-client-id = abcdefabcdef\n".write(to: file, atomically: true, encoding: .utf8)
    let configuration = SpotifyConfiguration.load(environment: [:], configFile: file)
    XCTAssertNil(configuration.clientID)
    XCTAssertEqual(configuration.clientIDProblem?.source, .configFile(path: file.path, line: 3))
  }

  func testOnlyThirtyTwoHexCharactersAreAClientID() {
    XCTAssertNotNil(SpotifyConfiguration.validClientID("0123456789abcdef0123456789ABCDEF"))
    XCTAssertNil(SpotifyConfiguration.validClientID("0123456789abcdef0123456789abcdeg"), "g is not hex")
    XCTAssertNil(SpotifyConfiguration.validClientID("0123456789abcdef"), "too short")
    let good = SpotifyConfiguration.load(
      environment: ["VIBES_SPOTIFY_CLIENT_ID": "0123456789abcdef0123456789abcdef"], configFile: nil)
    XCTAssertNil(good.clientIDProblem)
    XCTAssertNotNil(good.clientID)
  }
}
