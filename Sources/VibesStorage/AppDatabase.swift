import Foundation
import GRDB
import VibesCore

/// The app's SQLite database: setup-step settings and the Feed cache. Never holds secrets.
/// All methods are synchronous and thread-safe (GRDB serializes writes); call them off the main thread.
public final class AppDatabase: Sendable {
  /// How long a connection waits for another process's lock before failing with SQLITE_BUSY.
  public static let busyTimeoutMilliseconds = 5_000

  let writer: any DatabaseWriter
  /// What opening found: a first start, an existing database, or a damaged file that was moved aside.
  public let openOutcome: OpenOutcome

  /// The folder holding the database file; nil for an in-memory database (to tell a full disk after a failure).
  public var folder: String? {
    guard let path = (writer as? DatabasePool)?.path else { return nil }
    return (path as NSString).deletingLastPathComponent
  }

  /// Opens (or creates) the database file as a WAL DatabasePool and runs pending migrations. A damaged file
  /// (empty, truncated, garbage, another program's database, a log without its database) is moved aside and
  /// rebuilt, which `openOutcome` reports. Throws `AppDatabaseError` (read-only, busy, cannot open).
  public convenience init(path: String, now: Date = Date()) throws {
    try self.init(path: path, now: now, busyTimeoutMilliseconds: Self.busyTimeoutMilliseconds)
  }

  init(path: String, now: Date, busyTimeoutMilliseconds: Int) throws {
    let configuration = Self.configuration(busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    (writer, openOutcome) = try DatabaseOpening.open(path: path, configuration: configuration, now: now)
  }

  /// Opens an existing database file read-only, without migrating and without creating anything
  /// (for `vibes status` and other read-only commands). A database that lacks the newest tables answers
  /// those reads with an error.
  public init(readOnlyPath path: String) throws {
    var configuration = Self.configuration(busyTimeoutMilliseconds: Self.busyTimeoutMilliseconds)
    configuration.readonly = true
    writer = try DatabaseQueue(path: path, configuration: configuration)
    openOutcome = .opened
  }

  private init(writer: any DatabaseWriter) throws {
    self.writer = writer
    self.openOutcome = .inMemory
    try DatabaseMigrations.migrator.migrate(writer)
  }

  /// A private in-memory database with the same schema, for tests and previews.
  public static func inMemory() throws -> AppDatabase {
    try AppDatabase(writer: DatabaseQueue(configuration: configuration(busyTimeoutMilliseconds: 0)))
  }

  private static func configuration(busyTimeoutMilliseconds: Int) -> Configuration {
    var configuration = Configuration()
    configuration.label = "vibes"
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA busy_timeout = \(busyTimeoutMilliseconds)")
      // REPLACE then fires delete triggers too, which keeps the feed item counter exact (FeedCacheMigrations).
      try db.execute(sql: "PRAGMA recursive_triggers = ON")
    }
    return configuration
  }

  // MARK: Setup step settings

  public func city(for step: SetupStep) throws -> String? {
    try writer.read { db in try StepSettingRecord.fetchOne(db, key: step.rawValue)?.city }
  }

  public func lastVerified(_ step: SetupStep) throws -> Date? {
    try writer.read { db in try StepSettingRecord.fetchOne(db, key: step.rawValue)?.verifiedAt }
  }

  /// The Ticketmaster step's concert search: the chosen radius (nil: never chosen) and the city taken from the
  /// suggestions (nil for a typed one).
  public func concertArea(for step: SetupStep) throws -> (radiusKm: Int?, place: City?) {
    try writer.read { db in
      guard let row = try StepSettingRecord.fetchOne(db, key: step.rawValue) else { return (nil, nil) }
      return (row.radiusKm, row.place)
    }
  }

  /// What the setup facts keep of the database, in one read (they are read before the first complete frame): the
  /// step's city and concert area as `city(for:)` and `concertArea(for:)` give them, and `isArtworkOn()`.
  public func setupSettings(for step: SetupStep) throws -> (
    city: String?, radiusKm: Int?, place: City?, artworkOn: Bool
  ) {
    try writer.read { db in
      let row = try StepSettingRecord.fetchOne(db, key: step.rawValue)
      return (row?.city, row?.radiusKm, row?.place, try Self.isArtworkOn(db))
    }
  }

  /// One transaction: city (nil leaves it NULL), the concert radius and taken city (nil: none) + verifiedAt.
  public func saveStepVerified(
    _ step: SetupStep, city: String?, radiusKm: Int? = nil, place: City? = nil, at date: Date
  ) throws {
    try writer.write { db in
      try StepSettingRecord(
        step: step.rawValue, city: city, verifiedAt: date, radiusKm: radiusKm, placeName: place?.name,
        placeCountry: place?.countryCode, placeLatitude: place?.latitude, placeLongitude: place?.longitude
      ).upsert(db)
    }
  }

  /// Removes the step's row (city and verified time) — used when the credential is removed.
  public func clearStep(_ step: SetupStep) throws {
    _ = try writer.write { db in try StepSettingRecord.deleteOne(db, key: step.rawValue) }
  }

  // MARK: Diagnostics

  /// Names of the migrations applied so far, oldest first.
  public func appliedMigrations() throws -> [String] {
    try writer.read { db in try DatabaseMigrations.migrator.appliedMigrations(db) }
  }
}
