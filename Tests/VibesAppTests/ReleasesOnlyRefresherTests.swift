import Foundation
import VibesApp
import VibesCore
import VibesStorage
import VibesTestSupport
import XCTest

final class ReleasesOnlyRefresherTests: XCTestCase {
  let now = Date(timeIntervalSince1970: 1_900_000_000)
  var folder: URL!
  var database: AppDatabase!

  override func setUp() async throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-releases-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    database = try AppDatabase(path: folder.appendingPathComponent("vibes.sqlite").path)
  }

  override func tearDown() async throws { try? FileManager.default.removeItem(at: folder) }

  func source(failing: Bool) -> ClosureNewReleaseSource {
    ClosureNewReleaseSource(
      topArtists: {
        if failing { throw URLError(.notConnectedToInternet) }
        return [FeedArtist(name: "Artist 1", id: "a1")]
      },
      recentReleases: { _ in
        [
          NewReleaseCard(
            albumID: "fresh", name: "Fresh", artists: ["Artist 1"], albumType: "single", releaseDate: "2030-03-10",
            precision: .day, fromArtist: "Artist 1"),
          NewReleaseCard(
            albumID: "old", name: "Old", artists: ["Artist 1"], albumType: "album", releaseDate: "2019",
            precision: .year, fromArtist: "Artist 1"),
        ]
      })
  }

  func testReleasesOfTheLastSixtyDaysAreCachedBesideCachedConcerts() async throws {
    try database.replaceConcerts(
      city: "Berlin", cards: [.concert(ConcertCard(eventID: "c", name: "Show", localDate: "2030-06-01"))],
      fetchedAt: now)
    let clock = Date(timeIntervalSince1970: 1_899_000_000)  // 2030-03-05
    let outcome = await ReleasesOnlyRefresher(database: database, now: { clock }).refresh(source(failing: false)) {
      nil
    }
    XCTAssertEqual(outcome, .updated(count: 2, at: clock))
    XCTAssertEqual(try database.cachedFeedCards(kind: .newRelease).map(\.id), ["newRelease:fresh"])
  }

  func testAFailedTopArtistsCallKeepsTheCacheAndSaysWhy() async throws {
    try database.replaceNewReleases(cards: [.newRelease(FeedFixtures.release(1))], fetchedAt: now)
    let outcome = await ReleasesOnlyRefresher(database: database, now: { [now] in now }).refresh(source(failing: true))
    {
      "Spotify: this account is not on the app's user list"
    }
    XCTAssertEqual(outcome, .failed(reason: "Spotify: this account is not on the app's user list"))
    XCTAssertEqual(try database.feedCardCount(), 1)
  }
}
