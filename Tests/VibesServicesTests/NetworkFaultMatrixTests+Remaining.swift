import Foundation
import VibesServices
import VibesTestSupport
import XCTest

/// The rest of issue 15 item 6: every other network call (Ticketmaster events paging, the Spotify Web API reads and
/// writes, Gemini playlist generation, the Spotify token refresh) against every fault, with the same bound, checks
/// and printed table. Retry waits are recorded, not slept, so a retried 5xx or 429 stays within the bound.
extension NetworkFaultMatrixTests {
  /// Ticketmaster's first page is good (3 pages announced); the fault hits the second page.
  static let remainingGoodAnswers: [String: [String]] = [
    "Ticketmaster events (page 2)": [
      """
      {"_embedded": {"events": [{"id": "ev1", "name": "First page"}]},
       "page": {"size": 1, "totalElements": 3, "totalPages": 3, "number": 0}}
      """
    ]
  ]

  static let noWait = SpotifyRetryPolicy(sleep: { _ in }, random: { 0 })

  static func spotify(_ url: URL, _ transport: URLSessionTransport) -> SpotifyWebClient {
    SpotifyWebClient(
      baseURL: url, transport: transport,
      tokens: SpotifyClosureTokenSource(current: { "spotify-token" }, refresh: { "spotify-token" }), retry: noWait)
  }

  static let remainingCalls: [(String, Call)] = [
    (
      "Ticketmaster events (page 2)",
      { url, transport in
        await capture {
          _ = try await TicketmasterEventsClient(
            baseURL: url, transport: transport, limiter: RequestRateLimiter(requestsPerSecond: 1000),
            backoff: BackoffPolicy(random: { _ in 0 }), sleep: { _ in }
          ).musicEvents(apiKey: "tm-key", city: "Berlin", maxEvents: 3)
        }
      }
    ),
    ("Spotify search", { url, transport in await capture { _ = try await spotify(url, transport).search("x") } }),
    (
      "Spotify album read",
      { url, transport in await capture { _ = try await spotify(url, transport).album(id: "alb") } }
    ),
    (
      "Spotify artist read",
      { url, transport in await capture { _ = try await spotify(url, transport).artist(id: "art") } }
    ),
    (
      "Spotify playlist read",
      { url, transport in await capture { _ = try await spotify(url, transport).playlist(id: "pl") } }
    ),
    (
      "Spotify library save",
      { url, transport in
        await capture { try await spotify(url, transport).saveToLibrary(uris: ["spotify:album:alb"]) }
      }
    ),
    (
      "Spotify playlist create",
      { url, transport in
        await capture { _ = try await spotify(url, transport).createPlaylist(name: "vibes") }
      }
    ),
    (
      "Spotify playlist add items",
      { url, transport in
        await capture {
          _ = try await spotify(url, transport).addItems(playlistID: "pl", uris: ["spotify:track:t1"])
        }
      }
    ),
    (
      "Gemini playlist generation",
      { url, transport in
        await capture {
          _ = try await GeminiClient(baseURL: url, transport: transport).generatePlaylist(
            .new(prompt: "rainy day", count: 5), model: "gemini-2.5-flash", apiKey: "AIzaTEST")
        }
      }
    ),
    (
      "Spotify token refresh",
      { url, transport in
        let stored = SpotifyTokens(
          accessToken: "old", refreshToken: "refresh-me", expiresAt: Date(timeIntervalSince1970: 0))
        let storage = MemoryTokenStorage(stored)
        let provider = SpotifyTokenProvider(
          accounts: SpotifyAccountsClient(baseURL: url, clientID: "client", transport: transport), storage: storage)
        let error = await capture { _ = try await provider.accessToken() }
        // A failed refresh keeps the stored tokens exactly as they were (nothing half-saved, nothing dropped).
        XCTAssertEqual(storage.tokens, stored, "a failed refresh changed the stored tokens")
        XCTAssertEqual(storage.dropCount, 0, "a network fault is not invalid_grant")
        return error
      }
    ),
  ]

  func testEveryRemainingClientFailsEveryFaultWithinItsBoundAndSaysWhat() async throws {
    let table = try await Self.runMatrix(Self.remainingCalls)
    print(table.joined(separator: "\n"))
  }
}
