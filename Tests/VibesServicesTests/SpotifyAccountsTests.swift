import Foundation
import VibesTestSupport
import XCTest

@testable import VibesServices

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The accounts client and the token provider against a strict fake of accounts.spotify.com.
final class SpotifyAccountsTests: XCTestCase {
  var fake: FakeSpotifyServer!

  override func setUp() async throws {
    fake = try await FakeSpotifyServer()
  }

  override func tearDown() async throws {
    await fake?.stop()
  }

  var client: SpotifyAccountsClient {
    SpotifyAccountsClient(baseURL: fake.baseURL, clientID: FakeSpotifyServer.clientID)
  }

  /// Plays the browser: GET the authorize URL and read the redirect's code without following it.
  func authorize(redirectURI: String, verifier: String, state: String = "st") async throws -> String {
    let url = try XCTUnwrap(
      client.authorizeURL(
        redirectURI: redirectURI, state: state, challenge: PKCE.challenge(for: verifier),
        scopes: SpotifyConfiguration.scopes))
    let location = try await redirectLocation(url)
    let items = URLComponents(string: location)?.queryItems ?? []
    XCTAssertEqual(items.first { $0.name == "state" }?.value, state)
    return try XCTUnwrap(items.first { $0.name == "code" }?.value, location)
  }

  func redirectLocation(_ url: URL) async throws -> String {
    let delegate = NoRedirect()
    let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    let (_, response) = try await session.data(from: url)
    let http = try XCTUnwrap(response as? HTTPURLResponse)
    XCTAssertEqual(http.statusCode, 302)
    return try XCTUnwrap(http.value(forHTTPHeaderField: "Location"))
  }

  func testCodeExchangeChecksVerifierRedirectAndSingleUse() async throws {
    let verifier = PKCE.makeVerifier()
    let redirect = "http://127.0.0.1:43210/callback"

    let wrongVerifierCode = try await authorize(redirectURI: redirect, verifier: verifier)
    await assertAuthError(.invalidGrant) {
      try await self.client.exchange(code: wrongVerifierCode, redirectURI: redirect, verifier: PKCE.makeVerifier())
    }

    let wrongRedirectCode = try await authorize(redirectURI: redirect, verifier: verifier)
    await assertAuthError(.invalidGrant) {
      try await self.client.exchange(
        code: wrongRedirectCode, redirectURI: "http://127.0.0.1:43211/callback", verifier: verifier)
    }

    let code = try await authorize(redirectURI: redirect, verifier: verifier)
    let grant = try await client.exchange(code: code, redirectURI: redirect, verifier: verifier)
    XCTAssertFalse(grant.accessToken.isEmpty)
    XCTAssertNotNil(grant.refreshToken)
    XCTAssertEqual(grant.expiresIn, 3600)
    await assertAuthError(.invalidGrant, "a code works once") {
      try await self.client.exchange(code: code, redirectURI: redirect, verifier: verifier)
    }

    let other = SpotifyAccountsClient(baseURL: fake.baseURL, clientID: "ffffffffffffffffffffffffffffffff")
    let code2 = try await authorize(redirectURI: redirect, verifier: verifier)
    await assertAuthError(.oauth(code: "invalid_client")) {
      try await other.exchange(code: code2, redirectURI: redirect, verifier: verifier)
    }

    let profile = try await SpotifyAPIClient(baseURL: fake.baseURL).currentUser(accessToken: grant.accessToken)
    XCTAssertEqual(profile.name, "Ada Lovelace")
    do {
      _ = try await SpotifyAPIClient(baseURL: fake.baseURL).currentUser(accessToken: "nope")
      XCTFail("a wrong token must be refused")
    } catch {
      XCTAssertEqual(error, .invalidCredentials)
    }
  }

  func testFakeRefusesLocalhostAndForeignRedirects() async throws {
    for redirect in ["http://localhost:4242/callback", "http://127.0.0.1:4242/other", "https://evil.example/callback"] {
      let url = try XCTUnwrap(
        client.authorizeURL(
          redirectURI: redirect, state: "s", challenge: PKCE.challenge(for: PKCE.makeVerifier()), scopes: []))
      let (data, response) = try await URLSession(configuration: .ephemeral).data(from: url)
      XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 400, redirect)
      XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("INVALID_CLIENT"))
    }
  }

  func testRefreshRotatesTheRefreshToken() async throws {
    let pair = await fake.issueTokens()
    let first = try await client.refresh(refreshToken: pair.refresh)
    let rotated = try XCTUnwrap(first.refreshToken)
    XCTAssertNotEqual(rotated, pair.refresh)
    await assertAuthError(.invalidGrant, "the old refresh token stops working") {
      try await self.client.refresh(refreshToken: pair.refresh)
    }
    _ = try await client.refresh(refreshToken: rotated)
  }

  func testConcurrentCallersShareOneRefreshAndStoreTheRotatedToken() async throws {
    let pair = await fake.issueTokens()
    let storage = MemoryTokenStorage(
      SpotifyTokens(accessToken: pair.access, refreshToken: pair.refresh, expiresAt: Date().addingTimeInterval(-5)))
    let provider = SpotifyTokenProvider(accounts: client, storage: storage)
    let tokens = try await withThrowingTaskGroup(of: String.self) { group in
      for _ in 0..<12 { group.addTask { try await provider.accessToken() } }
      var all: [String] = []
      for try await token in group { all.append(token) }
      return all
    }
    XCTAssertEqual(Set(tokens).count, 1, "everyone got the same fresh token")
    XCTAssertNotEqual(tokens.first, pair.access)
    let refreshes = await fake.tokenRequestCount(grantType: "refresh_token")
    XCTAssertEqual(refreshes, 1, "one refresh for twelve callers")
    let stored = try XCTUnwrap(storage.tokens)
    XCTAssertNotEqual(stored.refreshToken, pair.refresh, "the rotated refresh token replaced the old one")
    XCTAssertEqual(stored.accessToken, tokens.first)
    XCTAssertGreaterThan(stored.expiresAt, Date().addingTimeInterval(3000))

    // Fresh token: no more network.
    _ = try await provider.accessToken()
    let refreshesAfter = await fake.tokenRequestCount(grantType: "refresh_token")
    XCTAssertEqual(refreshesAfter, 1)
    let profile = try await SpotifyAPIClient(baseURL: fake.baseURL).currentUser(accessToken: stored.accessToken)
    XCTAssertEqual(profile.id, "ada")
  }

  func testInvalidGrantDropsTheTokensOnceAndStopsRetrying() async throws {
    let pair = await fake.issueTokens()
    await fake.revokeRefreshTokens()
    let storage = MemoryTokenStorage(
      SpotifyTokens(accessToken: pair.access, refreshToken: pair.refresh, expiresAt: .distantPast))
    let provider = SpotifyTokenProvider(accounts: client, storage: storage)
    for _ in 0..<3 {
      do {
        _ = try await provider.accessToken()
        XCTFail("must ask for a reconnection")
      } catch {
        XCTAssertEqual(error, .reconnectNeeded)
      }
    }
    XCTAssertNil(storage.tokens)
    XCTAssertEqual(storage.dropCount, 1)
    let refreshes = await fake.tokenRequestCount(grantType: "refresh_token")
    XCTAssertEqual(refreshes, 1, "no refresh loop")
  }

  func assertAuthError<T>(
    _ expected: SpotifyAuthError, _ message: String = "", file: StaticString = #filePath, line: UInt = #line,
    _ operation: () async throws -> T
  ) async {
    do {
      _ = try await operation()
      XCTFail("expected \(expected) \(message)", file: file, line: line)
    } catch {
      XCTAssertEqual(error as? SpotifyAuthError, expected, message, file: file, line: line)
    }
  }
}

final class MemoryTokenStorage: SpotifyTokenStorage, @unchecked Sendable {
  private let lock = NSLock()
  private var stored: SpotifyTokens?
  private var drops = 0

  init(_ tokens: SpotifyTokens?) { stored = tokens }

  var tokens: SpotifyTokens? { lock.withLock { stored } }
  var dropCount: Int { lock.withLock { drops } }

  func load() throws -> SpotifyTokens? { lock.withLock { stored } }
  func save(_ tokens: SpotifyTokens) throws { lock.withLock { stored = tokens } }
  func dropForReconnect() throws {
    lock.withLock {
      stored = nil
      drops += 1
    }
  }
}

final class NoRedirect: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}
