import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

final class FeedRefresherTests: XCTestCase {
  private let key = "TmRefresherKey0123456789"
  /// Whole seconds: the cache keeps dates to the millisecond.
  private let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded())
  private var fake: FakeTicketmasterServer!
  private var folder: URL!
  private var database: AppDatabase!

  override func setUp() async throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-refresher-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    database = try AppDatabase(path: folder.appendingPathComponent("vibes.sqlite").path)
    fake = try await FakeTicketmasterServer(
      validKeys: [key], eventsByCity: ["Berlin": 30], style: .varied(now: now, pastEvents: 4))
  }

  override func tearDown() async throws {
    await fake.stop()
    try? FileManager.default.removeItem(at: folder)
  }

  private func refresher(
    base: URL? = nil, at date: Date? = nil,
    area: @escaping @Sendable (String) -> TicketmasterArea? = { CityList.area(for: $0, in: CityList.index) }
  ) -> FeedRefresher {
    let clock = date ?? now
    return FeedRefresher(
      database: database,
      events: TicketmasterEventsClient(
        baseURL: base ?? fake.baseURL, transport: URLSessionTransport(timeout: 5),
        limiter: RequestRateLimiter(requestsPerSecond: 1_000),
        backoff: BackoffPolicy(maxAttempts: 2, baseDelay: 0.01, maxDelay: 30), sleep: { _ in }),
      area: area, now: { clock })
  }

  /// Top artists "Artist 22" (plays in Berlin in the fake) and "Nobody", each with one fresh and one old release.
  private func spotify(failing: Bool = false) -> ClosureNewReleaseSource {
    let today = now
    return ClosureNewReleaseSource(
      topArtists: {
        if failing { throw URLError(.notConnectedToInternet) }
        return [FeedArtist(name: "ARTIST 22", id: "sp22"), FeedArtist(name: "Nobody", id: "sp0")]
      },
      recentReleases: { artistID in
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        let fresh = formatter.string(from: today.addingTimeInterval(-3 * 86_400))
        return [
          NewReleaseCard(
            albumID: "\(artistID)-new", name: "New", artists: [artistID], albumType: "single", releaseDate: fresh,
            precision: .day, fromArtist: artistID),
          NewReleaseCard(
            albumID: "\(artistID)-old", name: "Old", artists: [artistID], albumType: "album", releaseDate: "2019",
            precision: .year, fromArtist: artistID),
        ]
      })
  }

  private func allCards() throws -> [FeedCard] { try database.feedCards(offset: 0, limit: 1_000) }

  func testRefreshFetchesRanksAndCachesConcertsAndReleases() async throws {
    let outcome = await refresher().refresh(apiKey: key, city: "Berlin", releases: spotify())
    let cards = try allCards()
    XCTAssertEqual(outcome, .updated(count: cards.count, at: now))
    let concerts = cards.compactMap(\.concert)
    XCTAssertEqual(concerts.count, 26, "30 events, 4 of them over")
    XCTAssertEqual(concerts.first?.matchedArtist, "ARTIST 22", "the top artist's show leads")
    XCTAssertEqual(concerts.first?.eventID, "vv000022FAKE")
    XCTAssertEqual(cards.compactMap(\.newRelease).map(\.albumID).sorted(), ["sp0-new", "sp22-new"])
    XCTAssertEqual(try database.feedCardCount(), 28)
    XCTAssertEqual(try database.feedUpdatedAt(), now)
    XCTAssertTrue(concerts.contains { $0.status == .canceled || $0.status == .offSale })
  }

  /// Issue 20 item 9 (FR-1.5): a city of the shipped list is searched by its coordinates and a 50 km radius; a
  /// city the list does not know falls back to the typed name.
  func testAKnownCityIsSearchedByCoordinatesAndRadiusAndAnUnknownOneByName() async throws {
    _ = await refresher().refresh(apiKey: key, city: "köln", releases: nil)
    var requests = await fake.recordedRequests()
    let known = try XCTUnwrap(requests.last)
    XCTAssertEqual(known.queryValue("latlong"), "50.9333,6.9500")
    XCTAssertEqual(known.queryValue("radius"), "50")
    XCTAssertEqual(known.queryValue("unit"), "km")
    XCTAssertNil(known.queryValue("city"))

    _ = await refresher().refresh(apiKey: key, city: "Nowhere Village", releases: nil)
    requests = await fake.recordedRequests()
    let unknown = try XCTUnwrap(requests.last)
    XCTAssertEqual(unknown.queryValue("city"), "Nowhere Village")
    XCTAssertNil(unknown.queryValue("latlong"))
    XCTAssertNil(unknown.queryValue("radius"))
  }

  /// Issue 20 item 9: the chosen radius is what is searched. Potsdam is 27 km from the fake's Berlin: 10 km finds
  /// nothing there, 50 km finds Berlin's concerts.
  func testTheChosenRadiusIsSearched() async throws {
    let potsdam = City(name: "Potsdam", countryCode: "DE", latitude: 52.3989, longitude: 13.0657, population: 0)
    _ = await refresher().refresh(apiKey: key, city: "Potsdam, DE", radiusKm: 10, place: potsdam, releases: nil)
    var recorded = await fake.recordedRequests()
    var request = try XCTUnwrap(recorded.last)
    XCTAssertEqual(request.queryValue("radius"), "10")
    XCTAssertEqual(request.queryValue("latlong"), "52.3989,13.0657")
    XCTAssertEqual(try database.feedCardCount(), 0, "nothing within 10 km")

    _ = await refresher().refresh(apiKey: key, city: "Potsdam, DE", radiusKm: 50, place: potsdam, releases: nil)
    recorded = await fake.recordedRequests()
    request = try XCTUnwrap(recorded.last)
    XCTAssertEqual(request.queryValue("radius"), "50")
    XCTAssertGreaterThan(try database.feedCardCount(), 0, "Berlin's concerts are within 50 km")

    // A typed city the list knows gets the chosen radius too.
    _ = await refresher().refresh(apiKey: key, city: "Berlin", radiusKm: 25, releases: nil)
    recorded = await fake.recordedRequests()
    request = try XCTUnwrap(recorded.last)
    XCTAssertEqual(request.queryValue("radius"), "25")
    XCTAssertEqual(request.queryValue("latlong"), "52.5244,13.4105")
  }

  /// Issue 20 item 9: a city taken from the suggestions is searched at its stored coordinates; its name is not looked
  /// up again, so Berlin, New Hampshire stays in New Hampshire (the list's largest Berlin is Germany's).
  func testAStoredPlaceIsSearchedWithoutLookingTheNameUp() async throws {
    let lookups = LockedCounter()
    let berlinNH = City(name: "Berlin", countryCode: "US", latitude: 44.4687, longitude: -71.1851, population: 0)
    let outcome = await refresher(area: { _ in
      lookups.increment()
      return TicketmasterArea(latitude: 52.5244, longitude: 13.4105)
    }).refresh(apiKey: key, city: "Berlin, US", radiusKm: 50, place: berlinNH, releases: nil)
    XCTAssertEqual(lookups.value, 0, "no lookup (and no city list read) when the coordinates are stored")
    let recorded = await fake.recordedRequests()
    let request = try XCTUnwrap(recorded.last)
    XCTAssertEqual(request.queryValue("latlong"), "44.4687,-71.1851")
    XCTAssertNil(request.queryValue("city"))
    guard case .updated(let count, _) = outcome else { return XCTFail("\(outcome)") }
    XCTAssertEqual(count, 0, "no concerts of Berlin, Germany")
  }

  func testTheShippedCityListLoadsAndCompletes() throws {
    let index = try XCTUnwrap(CityList.index, "the city list ships with the build")
    XCTAssertGreaterThan(index.count, 30_000)
    XCTAssertEqual(index.suggestions(for: "koln").first?.label, "Köln, DE")
    XCTAssertEqual(index.suggestions(for: "SAO PA").first?.name, "São Paulo")
    XCTAssertEqual(index.suggestions(for: "berl").first?.label, "Berlin, DE")
    XCTAssertEqual(index.city(named: "Paris, US")?.countryCode, "US")
    XCTAssertEqual(index.city(named: "paris")?.countryCode, "FR", "the largest of the name")
  }

  func testOfflineKeepsTheCacheAndSaysWhenItWasFetched() async throws {
    _ = await refresher().refresh(apiKey: key, city: "Berlin", releases: spotify())
    let before = try allCards()
    let closed = try await closedBaseURL()
    let outcome = await refresher(base: closed, at: now.addingTimeInterval(3_600)).refresh(
      apiKey: key, city: "Berlin", releases: nil)
    XCTAssertEqual(outcome, .offline(cachedAt: now))
    XCTAssertEqual(try allCards(), before)
  }

  func testRateLimitIsReportedAndTheCacheKept() async throws {
    _ = await refresher().refresh(apiKey: key, city: "Berlin", releases: nil)
    let before = try allCards()
    await fake.enqueue(.tooManyRequests(resetInSeconds: 7_200))
    let outcome = await refresher().refresh(apiKey: key, city: "Berlin", releases: nil)
    guard case .rateLimited(let seconds?) = outcome else { return XCTFail("\(outcome)") }
    XCTAssertEqual(Double(seconds), 7_200, accuracy: 5)
    XCTAssertEqual(try allCards(), before)
  }

  func testRejectedKeyFailsWithoutTheKey() async throws {
    let wrong = "TmWrongRefresherKey_SECRET"
    let outcome = await refresher().refresh(apiKey: wrong, city: "Berlin", releases: nil)
    guard case .failed(let reason) = outcome else { return XCTFail("\(outcome)") }
    XCTAssertFalse(reason.contains(wrong) || reason.contains("apikey"), reason)
    XCTAssertEqual(try database.feedCardCount(), 0)
  }

  func testSpotifyFailureKeepsCachedReleasesAndStillUpdatesConcerts() async throws {
    _ = await refresher().refresh(apiKey: key, city: "Berlin", releases: spotify())
    let later = now.addingTimeInterval(60)
    let outcome = await refresher(at: later).refresh(apiKey: key, city: "Berlin", releases: spotify(failing: true))
    let cards = try allCards()
    XCTAssertEqual(outcome, .updated(count: 28, at: later))
    XCTAssertEqual(cards.compactMap(\.newRelease).count, 2)
    XCTAssertEqual(cards.first?.concert?.matchedArtist, "ARTIST 22", "the cached mark still ranks the show first")
    XCTAssertEqual(try database.feedUpdatedAt(kind: .newRelease)?.at, now)
    XCTAssertEqual(try database.feedUpdatedAt(kind: .concert)?.at, later)
  }

  func testFreshReleasesAreSavedEvenWhenTicketmasterIsDown() async throws {
    let closed = try await closedBaseURL()
    let outcome = await refresher(base: closed).refresh(apiKey: key, city: "Berlin", releases: spotify())
    XCTAssertEqual(outcome, .offline(cachedAt: now))
    XCTAssertEqual(try allCards().compactMap(\.newRelease).count, 2)
    XCTAssertEqual(try database.feedCardCount(), 2)
  }

  private func closedBaseURL() async throws -> URL {
    let other = try await FakeTicketmasterServer(validKeys: [], eventsByCity: [:])
    let url = other.baseURL
    await other.stop()
    return url
  }
}

/// Counts calls from a `@Sendable` closure.
final class LockedCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func increment() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}
