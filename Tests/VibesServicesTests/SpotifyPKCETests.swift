import Foundation
import XCTest

@testable import VibesServices

final class SpotifyPKCETests: XCTestCase {
  func testRFC7636AppendixBVector() {
    XCTAssertEqual(
      PKCE.challenge(for: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"), "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
  }

  func testVerifiersAreAlways43To128UnreservedCharacters() {
    for _ in 0..<300 {
      let verifier = PKCE.makeVerifier()
      XCTAssertEqual(verifier.count, 43)
      XCTAssertTrue(PKCE.isValidVerifier(verifier), verifier)
    }
    var generator = SystemRandomNumberGenerator()
    for bytes in [0, 1, 31, 32, 33, 64, 95, 96, 97, 500] {
      let verifier = PKCE.makeVerifier(byteCount: bytes, using: &generator)
      XCTAssertTrue((43...128).contains(verifier.count), "\(bytes) bytes -> \(verifier.count) characters")
      XCTAssertTrue(verifier.allSatisfy { PKCE.unreservedCharacters.contains($0) }, verifier)
      XCTAssertEqual(PKCE.challenge(for: verifier).count, 43)
    }
    XCTAssertFalse(PKCE.isValidVerifier(String(repeating: "a", count: 42)))
    XCTAssertFalse(PKCE.isValidVerifier(String(repeating: "a", count: 129)))
    XCTAssertFalse(PKCE.isValidVerifier(String(repeating: "a", count: 42) + "+"))
  }

  func testStatesAndVerifiersAreNeverReused() {
    let states = (0..<2000).map { _ in PKCE.makeState() }
    XCTAssertEqual(Set(states).count, states.count)
    XCTAssertTrue(states.allSatisfy { $0.count == 22 })
    let verifiers = (0..<2000).map { _ in PKCE.makeVerifier() }
    XCTAssertEqual(Set(verifiers).count, verifiers.count)
  }

  func testAuthorizeURLCarriesEveryParameterEncoded() throws {
    let client = SpotifyAccountsClient(
      baseURL: URL(string: "http://127.0.0.1:9/prefix")!, clientID: "0123456789abcdef0123456789abcdef")
    let url = try XCTUnwrap(
      client.authorizeURL(
        redirectURI: "http://127.0.0.1:4242/callback", state: "st-1_~", challenge: "E9Melhoa",
        scopes: SpotifyConfiguration.scopes))
    let components = try XCTUnwrap(URLComponents(url: url, resolvingAgainstBaseURL: false))
    XCTAssertEqual(components.path, "/prefix/authorize")
    let items = Dictionary(uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
    XCTAssertEqual(items["response_type"], "code")
    XCTAssertEqual(items["client_id"], "0123456789abcdef0123456789abcdef")
    XCTAssertEqual(items["redirect_uri"], "http://127.0.0.1:4242/callback")
    XCTAssertEqual(items["state"], "st-1_~")
    XCTAssertEqual(items["code_challenge_method"], "S256")
    XCTAssertEqual(items["code_challenge"], "E9Melhoa")
    let scopes = Set((items["scope"] ?? "").split(separator: " ").map(String.init))
    for needed in [
      "user-read-private", "user-read-email", "user-top-read", "user-library-read", "playlist-read-private",
      "playlist-modify-public", "playlist-modify-private",
    ] {
      XCTAssertTrue(scopes.contains(needed), needed)
    }
    XCTAssertFalse(url.absoluteString.contains("redirect_uri=http://"), "the redirect URI is percent-encoded")
  }

  func testConfigurationFromEnvironmentAndFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-spotify-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("config")
    try "# vibes\nspotify-client-id = \"abcdef0123456789abcdef0123456789\"\nspotify-redirect-port: 8888\n".write(
      to: file, atomically: true, encoding: .utf8)

    let fromFile = SpotifyConfiguration.load(environment: [:], configFile: file)
    XCTAssertEqual(fromFile.clientID, "abcdef0123456789abcdef0123456789")
    XCTAssertEqual(fromFile.redirectPort, 8888)
    XCTAssertEqual(fromFile.registeredRedirectURI, "http://127.0.0.1:8888/callback")
    XCTAssertEqual(fromFile.accountsURL, SpotifyConfiguration.defaultAccountsURL)

    let fromEnvironment = SpotifyConfiguration.load(
      environment: [
        "VIBES_SPOTIFY_CLIENT_ID": "ffff0123456789abcdef0123456789ab", "VIBES_SPOTIFY_REDIRECT_PORT": "",
        "VIBES_SPOTIFY_ACCOUNTS_URL": "http://127.0.0.1:5/a", "VIBES_SPOTIFY_API_URL": "http://127.0.0.1:6",
      ], configFile: nil)
    XCTAssertEqual(fromEnvironment.clientID, "ffff0123456789abcdef0123456789ab")
    XCTAssertNil(fromEnvironment.redirectPort)
    XCTAssertEqual(fromEnvironment.registeredRedirectURI, "http://127.0.0.1/callback")
    XCTAssertEqual(fromEnvironment.accountsURL.absoluteString, "http://127.0.0.1:5/a")
    XCTAssertEqual(fromEnvironment.apiURL.absoluteString, "http://127.0.0.1:6")

    XCTAssertNil(
      SpotifyConfiguration.load(environment: ["VIBES_SPOTIFY_CLIENT_ID": "x y; rm"], configFile: nil).clientID)
    XCTAssertNil(SpotifyConfiguration.load(environment: [:], configFile: nil).clientID)
    XCTAssertFalse(
      SpotifyConfiguration.load(environment: [:], configFile: nil).registeredRedirectURI.contains("localhost"))
  }

  func testPastedRedirectIsAcceptedOnlyWithTheAttemptsState() {
    let state = "S7ate-abc"
    XCTAssertEqual(
      SpotifyRedirectParser.parse("http://127.0.0.1:4242/callback?code=AQc0de&state=S7ate-abc", expectedState: state),
      .code("AQc0de"))
    XCTAssertEqual(
      SpotifyRedirectParser.parse("  http://127.0.0.1/callback?state=S7ate-abc&code=A%2BB#x \n", expectedState: state),
      .code("A+B"))
    XCTAssertEqual(
      SpotifyRedirectParser.parse("http://127.0.0.1/callback?code=AQc0de&state=other", expectedState: state),
      .stateMismatch)
    XCTAssertEqual(
      SpotifyRedirectParser.parse("http://127.0.0.1/callback?code=AQc0de", expectedState: state), .stateMismatch)
    XCTAssertEqual(
      SpotifyRedirectParser.parse(
        "http://127.0.0.1/callback?error=access_denied&state=S7ate-abc", expectedState: state),
      .denied)
    XCTAssertEqual(SpotifyRedirectParser.parse("http://127.0.0.1/callback", expectedState: state), .noCode)
    XCTAssertEqual(SpotifyRedirectParser.parse("AQc0de-only_code", expectedState: state), .code("AQc0de-only_code"))
    XCTAssertEqual(SpotifyRedirectParser.parse("not a code!", expectedState: state), .noCode)
  }
}
