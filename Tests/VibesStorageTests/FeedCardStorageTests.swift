import Foundation
import GRDB
import VibesCore
import XCTest

@testable import VibesStorage

final class FeedCardStorageTests: XCTestCase {
  private var temp: TemporaryDirectory!
  private var databasePath: String { temp.appending("vibes.sqlite").path }
  private let fetchedAt = Date(timeIntervalSince1970: 1_795_420_800)

  override func setUpWithError() throws {
    temp = try TemporaryDirectory("vibes-feed-cards")
  }

  override func tearDown() {
    temp.remove()
  }

  private func concert(_ id: String, city: String = "Berlin", price: Double = 30) -> FeedCard {
    .concert(
      ConcertCard(
        eventID: id, name: "Show \(id)", attractions: [.init(name: "Band \(id)", id: "K\(id)")],
        localDate: "2026-12-01", localTime: "20:00:00", timezone: "Europe/Berlin", venueName: "Halle",
        addressLine: "Weg 1", city: city, region: "BE",
        priceRanges: [.init(type: "standard", currency: "EUR", min: price, max: 90)], status: .onSale,
        url: "https://www.ticketmaster.de/event/\(id)"))
  }

  private func release(_ id: String) -> FeedCard {
    .newRelease(
      NewReleaseCard(
        albumID: id, name: "Album \(id)", artists: ["A"], albumType: "single", releaseDate: "2026-11-20",
        precision: .day, totalTracks: 1, spotifyURL: "https://open.spotify.com/album/\(id)", fromArtist: "A"))
  }

  private func ids(_ db: AppDatabase, offset: Int = 0, limit: Int = 100) throws -> [String] {
    try db.feedCards(offset: offset, limit: limit).map(\.id)
  }

  func testMigratesAnExistingInstallationKeepingItsRows() throws {
    // The schema as shipped before this migration, with rows in it.
    let old = try DatabaseQueue(path: databasePath)
    try DatabaseMigrations.migrator.migrate(old, upTo: "feed-count-v1")
    try old.write { db in
      for id in 1...3 {
        try db.execute(
          sql: "INSERT INTO feedItem (id, title, subtitle, source, publishedAt) VALUES (?, ?, ?, ?, ?)",
          arguments: [id, "Headline \(id)", "Sub", "Fixture", Date(timeIntervalSince1970: Double(id) * 100)])
      }
      try db.execute(sql: "INSERT INTO stepSetting (step, city, verifiedAt) VALUES ('ticketmaster', 'Köln', NULL)")
    }
    let before = try old.read { db in try DatabaseMigrations.migrator.appliedMigrations(db) }
    XCTAssertFalse(before.contains("feed-cards-v1"))
    try old.close()

    let db = try AppDatabase(path: databasePath)
    XCTAssertTrue(try db.appliedMigrations().contains("feed-cards-v1"))
    XCTAssertFalse(try legacyTableExists(db), "nothing shows the generic items any more: their table is dropped")
    XCTAssertEqual(try db.city(for: .ticketmaster), "Köln")
    XCTAssertEqual(try db.feedCardCount(), 0)
    XCTAssertNil(try db.feedUpdatedAt())
    try db.replaceConcerts(city: "Köln", cards: [concert("a")], fetchedAt: fetchedAt)
    XCTAssertEqual(try ids(db), ["concert:a"])
  }

  private func legacyTableExists(_ db: AppDatabase) throws -> Bool {
    try db.writer.read { db in try db.tableExists("feedItem") || db.tableExists("feedItemCount") }
  }

  /// A database one migration short of `feed-drop-items-v1` (every other migration applied), with feed cards,
  /// refresh times, settings, an offline queue and old generic items: the drop takes only the items.
  func testDroppingTheOldFeedItemTableKeepsCardsAndSettings() throws {
    let migrations = DatabaseMigrations.migrator.migrations
    // Later features append their own migrations after it (previews-v1, social-v1-write-queue, …).
    let drop = try XCTUnwrap(migrations.firstIndex(of: "feed-drop-items-v1"))
    let previous = migrations[drop - 1]
    do {
      let old = try DatabasePool(path: databasePath)
      try DatabaseMigrations.migrator.migrate(old, upTo: previous)
      try old.write { db in
        try db.execute(
          sql: "INSERT INTO feedItem (id, title, subtitle, source, publishedAt) VALUES (1, 'Headline', 's', 'x', ?)",
          arguments: [fetchedAt])
        try db.execute(
          sql: "INSERT INTO stepSetting (step, city, verifiedAt) VALUES ('ticketmaster', 'Köln', ?)",
          arguments: [fetchedAt])
      }
      // Cards, their refresh time and a queued offline action, with the SQL the app writes them with.
      let cards = [concert("k1", city: "Köln"), release("r1"), concert("k2", city: "Köln")]
      try old.write { db in
        for (position, card) in cards.enumerated() {
          try db.execute(
            sql: "INSERT INTO feedCard (key, kind, position, city, payload, fetchedAt) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [
              card.id, card.kind.rawValue, position, card.concert?.city, try card.encodedPayload(), fetchedAt,
            ])
        }
        try db.execute(
          sql: "INSERT INTO feedRefresh (kind, city, fetchedAt) VALUES ('concert', 'Köln', ?)", arguments: [fetchedAt])
        try db.execute(
          sql: "INSERT INTO spotifyActionQueue (payload, createdAt) VALUES (?, ?)",
          arguments: [Data("save".utf8), fetchedAt])
      }
      let applied = try old.read { db in try DatabaseMigrations.migrator.appliedMigrations(db) }
      XCTAssertEqual(applied.last, previous)
      try old.close()
    }

    let db = try AppDatabase(path: databasePath)
    XCTAssertEqual(try db.appliedMigrations().last, migrations.last)
    XCTAssertFalse(try legacyTableExists(db))
    XCTAssertEqual(try ids(db), ["concert:k1", "newRelease:r1", "concert:k2"])
    XCTAssertEqual(try db.feedCards(offset: 0, limit: 10).first?.concert?.city, "Köln", "cards decode whole")
    XCTAssertEqual(try db.feedCardCount(), 3)
    XCTAssertEqual(try db.feedUpdatedAt(), fetchedAt)
    XCTAssertEqual(try db.city(for: .ticketmaster), "Köln")
    XCTAssertEqual(try db.lastVerified(.ticketmaster), fetchedAt)
    XCTAssertEqual(try db.queuedSpotifyActionCount(), 1)
    // The cache still works after the drop.
    try db.replaceConcerts(city: "Köln", cards: [concert("k3", city: "Köln")], fetchedAt: fetchedAt)
    XCTAssertEqual(try ids(db), ["concert:k3", "newRelease:r1"])
  }

  func testReplacingOneKindKeepsTheOtherAndTakesTheRankedOrder() throws {
    let db = try AppDatabase(path: databasePath)
    try db.replaceNewReleases(cards: [release("r1"), release("r2")], fetchedAt: fetchedAt)
    XCTAssertEqual(try ids(db), ["newRelease:r1", "newRelease:r2"])

    let ranked = [concert("c1"), release("r2"), concert("c2"), release("r1"), concert("c3")]
    try db.replaceConcerts(city: "Berlin", cards: ranked, fetchedAt: fetchedAt.addingTimeInterval(60))
    XCTAssertEqual(try ids(db), ranked.map(\.id))
    XCTAssertEqual(try db.feedCards(offset: 0, limit: 10), ranked, "cards round-trip whole")
    XCTAssertEqual(try ids(db, offset: 2, limit: 2), ["concert:c2", "newRelease:r1"])
    XCTAssertEqual(try ids(db, offset: 4, limit: 10), ["concert:c3"])
    XCTAssertEqual(try ids(db, offset: 5, limit: 10), [])
    XCTAssertEqual(try db.feedCardCount(), 5)
    XCTAssertEqual(try db.feedUpdatedAt(), fetchedAt.addingTimeInterval(60))
    XCTAssertEqual(try db.feedUpdatedAt(kind: .concert)?.city, "Berlin")

    // A later concert refresh replaces every concert; releases it does not name keep their order, after it.
    try db.replaceConcerts(city: "Berlin", cards: [concert("c9"), concert("c2")], fetchedAt: fetchedAt)
    XCTAssertEqual(try ids(db), ["concert:c9", "concert:c2", "newRelease:r2", "newRelease:r1"])
    XCTAssertEqual(try db.feedCardCount(), 4)
    XCTAssertEqual(try db.feedCardCountByScanning(), 4)
    XCTAssertEqual(try db.cachedFeedCards(kind: .newRelease).map(\.id), ["newRelease:r2", "newRelease:r1"])
  }

  func testAFailedWriteNeverEmptiesTheCache() throws {
    let db = try AppDatabase(path: databasePath)
    try db.replaceConcerts(city: "Berlin", cards: [concert("a"), concert("b")], fetchedAt: fetchedAt)
    // JSON cannot hold NaN, so this write throws before anything is deleted.
    XCTAssertThrowsError(
      try db.replaceConcerts(city: "Berlin", cards: [concert("c"), concert("d", price: .nan)], fetchedAt: fetchedAt))
    XCTAssertEqual(try ids(db), ["concert:a", "concert:b"])
    XCTAssertEqual(try db.feedCardCount(), 2)
  }

  func testCityChangeAndSpotifyDisconnectRemoveTheirCardsAndCloseTheGaps() throws {
    let db = try AppDatabase(path: databasePath)
    try db.replaceConcertsAndNewReleases(
      city: "Berlin", cards: [concert("b1"), release("r1"), concert("b2"), release("r2")], fetchedAt: fetchedAt)
    try db.removeConcerts(notIn: "berlin")
    XCTAssertEqual(try db.feedCardCount(), 4, "same city, any case: nothing removed")
    try db.removeConcerts(notIn: "Hamburg")
    XCTAssertEqual(try ids(db), ["newRelease:r1", "newRelease:r2"])
    XCTAssertEqual(try ids(db, offset: 1, limit: 1), ["newRelease:r2"], "positions are dense again")
    XCTAssertNil(try db.feedUpdatedAt(kind: .concert))

    try db.replaceConcerts(city: "Hamburg", cards: [concert("h1"), release("r1"), release("r2")], fetchedAt: fetchedAt)
    try db.removeNewReleases()
    XCTAssertEqual(try ids(db), ["concert:h1"])
    XCTAssertEqual(try db.feedCardCount(), 1)
    XCTAssertEqual(try db.feedCardCountByScanning(), 1)
    XCTAssertNil(try db.feedUpdatedAt(kind: .newRelease))
  }

  func testCardsOfAnUnknownKindAreSkippedNotFatal() throws {
    let db = try AppDatabase(path: databasePath)
    try db.replaceConcerts(city: "Berlin", cards: [concert("a"), concert("b")], fetchedAt: fetchedAt)
    try db.writer.write { db in
      try db.execute(
        sql: """
          INSERT INTO feedCard (key, kind, position, city, payload, fetchedAt)
          VALUES ('createdPlaylist:p1', 'createdPlaylist', 1, NULL, '{"playlistID":"p1"}', ?);
          UPDATE feedCard SET position = 2 WHERE key = 'concert:b';
          """, arguments: [fetchedAt])
    }
    XCTAssertEqual(try ids(db), ["concert:a", "concert:b"])
    XCTAssertEqual(try db.feedCardCount(), 3, "the count is of rows, whatever their kind")
  }

  func testOneHundredThousandCardsAreReadAWindowAtATimeOffTheIndex() throws {
    let db = try AppDatabase(path: databasePath)
    let payload = try concert("template").encodedPayload()
    try db.writer.write { db in
      let statement = try db.makeStatement(
        sql:
          "INSERT INTO feedCard (key, kind, position, city, payload, fetchedAt) VALUES (?, 'concert', ?, 'Berlin', ?, ?)"
      )
      for position in 0..<100_000 {
        try statement.execute(arguments: [String(format: "concert:%06d", position), position, payload, fetchedAt])
      }
    }
    XCTAssertEqual(try db.feedCardCount(), 100_000)
    XCTAssertEqual(try db.feedCardCountByScanning(), 100_000)

    let plan = try db.feedCardWindowQueryPlan().joined(separator: " | ")
    XCTAssertTrue(plan.contains("USING INDEX feedCard_order"), plan)
    XCTAssertTrue(plan.contains("position>?"), "the offset is a seek, not rows to skip: \(plan)")
    XCTAssertFalse(plan.contains("TEMP B-TREE"), plan)
    XCTAssertFalse(plan.contains("SCAN"), plan)

    let top = try db.feedCardWindowSteps(offset: 0, limit: 50)
    let deep = try db.feedCardWindowSteps(offset: 99_900, limit: 50)
    XCTAssertLessThan(top, 2_000)
    XCTAssertLessThanOrEqual(deep, top + 10, "a deep window costs what the top one does (\(top) vs \(deep) steps)")
    XCTAssertEqual(try db.feedCards(offset: 99_990, limit: 50).count, 10)
    XCTAssertEqual(try db.feedCards(offset: 50_000, limit: 3).count, 3)

    // The Feed's window read: the total and the same slots in one read.
    let window = try db.feedCardWindow(offset: 99_990, limit: 50)
    XCTAssertEqual(window.total, 100_000)
    XCTAssertEqual(window.slots.map { $0?.id }, try db.feedCardSlots(offset: 99_990, limit: 50).map { $0?.id })
    XCTAssertEqual(window.slots.count, 10)
    XCTAssertEqual(window.slots.first??.id, "concert:template")
    let empty = try db.feedCardWindow(offset: 0, limit: 0)
    XCTAssertEqual(empty.total, 100_000, "the total even for an empty window")
    XCTAssertTrue(empty.slots.isEmpty)
  }
}

final class BenchFeedCardFixtureTests: XCTestCase {
  /// bench/feed_cards.py writes this template's shape into `feedCard`; the app must be able to read it.
  func testBenchTemplateDecodesAsAConcertCard() throws {
    let template = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("bench/concert_card_template.json")
    let card = try XCTUnwrap(FeedCard.decode(kind: "concert", payload: try Data(contentsOf: template)))
    XCTAssertEqual(card.id, "concert:bench000000")
    XCTAssertEqual(card.concert?.attractions.first?.name, "Bench Band 0")
    XCTAssertEqual(card.concert?.dateTime, Date(timeIntervalSince1970: 1_798_311_600))
    XCTAssertEqual(card.concert?.publicSale?.start, Date(timeIntervalSince1970: 1_767_258_000))
  }
}
