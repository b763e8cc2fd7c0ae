import Foundation
import VibesCore
import XCTest

final class FeedRankingTests: XCTestCase {
  /// 2026-11-23 08:00 UTC.
  private let now = Date(timeIntervalSince1970: 1_795_420_800)

  private func concert(_ id: String, inDays days: Double, artist: String? = nil) -> ConcertCard {
    ConcertCard(
      eventID: id, name: "\(artist ?? id) Live", attractions: artist.map { [.init(name: $0)] } ?? [],
      dateTime: now.addingTimeInterval(days * 86_400))
  }

  private func release(_ id: String, daysAgo: Int, artist: String = "Someone") -> NewReleaseCard {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let day = calendar.date(byAdding: .day, value: -daysAgo, to: now)!
    let parts = calendar.dateComponents([.year, .month, .day], from: day)
    return NewReleaseCard(
      albumID: id, name: id, artists: [artist], albumType: "album",
      releaseDate: String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!), precision: .day,
      fromArtist: artist)
  }

  func testConcertsSoonestFirstAndReleasesNewestFirst() {
    let ranked = FeedRanking.rank(
      concerts: [concert("c3", inDays: 3), concert("c1", inDays: 1), concert("c2", inDays: 2)],
      releases: [release("r10", daysAgo: 10), release("r1", daysAgo: 1), release("r5", daysAgo: 5)],
      topArtists: [], now: now)
    XCTAssertEqual(ranked.compactMap(\.concert).map(\.eventID), ["c1", "c2", "c3"])
    XCTAssertEqual(ranked.compactMap(\.newRelease).map(\.albumID), ["r1", "r5", "r10"])
    XCTAssertEqual(ranked.count, 6)
  }

  func testTopArtistConcertsComeFirstMarkedWithTheArtistIgnoringCaseAndDiacritics() {
    let ranked = FeedRanking.rank(
      concerts: [
        concert("soon", inDays: 1, artist: "Nobody"),
        concert("bey", inDays: 30, artist: "BEYONCE"),
        concert("sigur", inDays: 20, artist: "sigur  rós"),
        concert("multi", inDays: 10, artist: nil),
      ],
      releases: [],
      topArtists: [FeedArtist(name: "Beyoncé", id: "6vWD"), FeedArtist(name: "Sigur Rós", id: "6UUr")], now: now)
    XCTAssertEqual(ranked.compactMap(\.concert).map(\.eventID), ["sigur", "bey", "soon", "multi"])
    XCTAssertEqual(ranked.compactMap(\.concert).map(\.matchedArtist), ["Sigur Rós", "Beyoncé", nil, nil])
  }

  func testSupportActMatchesToo() {
    var show = concert("show", inDays: 5, artist: "Headliner")
    show.attractions.append(.init(name: "Björk"))
    let ranked = FeedRanking.rank(
      concerts: [concert("first", inDays: 1), show], releases: [],
      topArtists: [FeedArtist(name: "bjork", id: "7w29")], now: now)
    XCTAssertEqual(ranked.first?.concert?.eventID, "show")
    XCTAssertEqual(ranked.first?.concert?.matchedArtist, "bjork")
  }

  func testPastEventsAreDroppedUsingLocalTimeInTheEventsTimezone() {
    // 2026-11-23 08:00 UTC is 09:00 in Berlin and 00:00 in Los Angeles.
    let earlierToday = ConcertCard(
      eventID: "berlin-morning", name: "B", localDate: "2026-11-23", localTime: "08:30:00", timezone: "Europe/Berlin")
    let laterToday = ConcertCard(
      eventID: "berlin-evening", name: "B", localDate: "2026-11-23", localTime: "20:00:00", timezone: "Europe/Berlin")
    let laNight = ConcertCard(
      eventID: "la-night", name: "L", localDate: "2026-11-22", localTime: "23:30:00",
      timezone: "America/Los_Angeles")
    let laLate = ConcertCard(
      eventID: "la-late", name: "L", localDate: "2026-11-23", localTime: "00:30:00", timezone: "America/Los_Angeles")
    let yesterdayNoTime = ConcertCard(
      eventID: "yesterday", name: "Y", localDate: "2026-11-22", timezone: "Europe/Berlin")
    let todayNoTime = ConcertCard(eventID: "today", name: "T", localDate: "2026-11-23", timezone: "Europe/Berlin")
    let noZone = ConcertCard(eventID: "nozone", name: "N", localDate: "2026-11-22", localTime: "22:00:00")
    let utcPast = ConcertCard(
      eventID: "utc-past", name: "U", localDate: "2026-11-30", dateTime: now.addingTimeInterval(-60))
    let undated = ConcertCard(eventID: "undated", name: "X")
    let ranked = FeedRanking.rank(
      concerts: [earlierToday, laterToday, laNight, laLate, yesterdayNoTime, todayNoTime, noZone, utcPast, undated],
      releases: [], topArtists: [], now: now)
    XCTAssertEqual(
      Set(ranked.compactMap(\.concert?.eventID)), ["berlin-evening", "la-late", "today", "nozone"],
      "an event without a timezone is kept while the day may still be running somewhere")
  }

  func testReleasesOlderThanSixtyDaysAreLeftOut() {
    let ranked = FeedRanking.rank(
      concerts: [],
      releases: [
        release("d0", daysAgo: 0), release("d59", daysAgo: 59), release("d60", daysAgo: 60),
        release("d61", daysAgo: 61), release("d400", daysAgo: 400), release("d59", daysAgo: 59),
      ], topArtists: [], now: now)
    XCTAssertEqual(ranked.compactMap(\.newRelease?.albumID), ["d0", "d59"])
  }

  func testNeverFiveOfOneKindInARowWhileAnotherRemains() {
    let matched = (0..<12).map { concert("m\($0)", inDays: Double($0) + 1, artist: "Fav") }
    let releases = (0..<3).map { release("r\($0)", daysAgo: $0) }
    let ranked = FeedRanking.rank(
      concerts: matched, releases: releases, topArtists: [FeedArtist(name: "fav", id: "1")], now: now)
    XCTAssertEqual(ranked.count, 15)
    XCTAssertEqual(
      ranked.map { $0.kind == .concert ? "C" : "R" }.joined(), "CCCCRCCCCRCCCCR",
      "each run of four concerts is broken by the newest release left")
    XCTAssertEqual(ranked.compactMap(\.concert?.eventID), matched.map(\.eventID), "concert order is kept")
    XCTAssertEqual(ranked.compactMap(\.newRelease?.albumID), ["r0", "r1", "r2"])

    let onlyConcerts = FeedRanking.rank(
      concerts: (0..<7).map { concert("c\($0)", inDays: Double($0) + 1) }, releases: [], topArtists: [], now: now)
    XCTAssertEqual(onlyConcerts.count, 7, "with one kind left, runs may be longer")
  }

  func testVarietyRuleOnArbitraryOrders() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      let cards: [FeedCard] = (0..<Int.random(in: 0..<40, using: &generator)).map { index in
        Bool.random(using: &generator)
          ? .concert(concert("c\(index)", inDays: 1)) : .newRelease(release("r\(index)", daysAgo: 1))
      }
      let spread = FeedRanking.enforceVariety(cards)
      XCTAssertEqual(spread.count, cards.count)
      XCTAssertEqual(Set(spread.map(\.id)), Set(cards.map(\.id)))
      for kind in [FeedCardKind.concert, .newRelease] {
        XCTAssertEqual(spread.filter { $0.kind == kind }.map(\.id), cards.filter { $0.kind == kind }.map(\.id))
      }
      var run = 0
      for (index, card) in spread.enumerated() {
        run = index > 0 && spread[index - 1].kind == card.kind ? run + 1 : 1
        if run > 4 {
          XCTAssertFalse(
            spread[index...].contains { $0.kind != card.kind }, "a fifth \(card.kind.rawValue) while others remain")
        }
      }
    }
  }

  func testDuplicatesAreDroppedAndTheResultIsDeterministic() {
    let concerts = [concert("a", inDays: 2), concert("b", inDays: 2), concert("a", inDays: 2)]
    let releases = [release("x", daysAgo: 3, artist: "One"), release("x", daysAgo: 3, artist: "Two")]
    let first = FeedRanking.rank(concerts: concerts, releases: releases, topArtists: [], now: now)
    let second = FeedRanking.rank(
      concerts: concerts.reversed(), releases: releases, topArtists: [], now: now)
    XCTAssertEqual(first.map(\.id), ["concert:a", "newRelease:x", "concert:b"])
    XCTAssertEqual(first, second)
  }
}
