import Foundation
import GRDB

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Opens the database file, telling a first start (no file) from a damaged file (empty, truncated, garbage,
/// a foreign database, a write-ahead log without its database). A damaged file is renamed
/// `<name>.damaged-<UTC timestamp>` (with its -wal/-shm) and a fresh database is built in its place.
enum DatabaseOpening {
  /// The first 16 bytes of every SQLite 3 database file.
  static let header = Array("SQLite format 3\0".utf8)

  /// Opens under an exclusive flock on the database's folder, so two processes starting at once cannot take
  /// the other's half-created file for a damaged one.
  static func open(
    path: String, configuration: Configuration, now: Date
  ) throws -> (DatabasePool, AppDatabase.OpenOutcome) {
    let folder = (path as NSString).deletingLastPathComponent
    let folderDescriptor = Glibc.open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    defer { if folderDescriptor >= 0 { close(folderDescriptor) } }
    if folderDescriptor >= 0 {
      while flock(folderDescriptor, LOCK_EX) != 0 && errno == EINTR {}
    }
    return try openUnlocked(path: path, configuration: configuration, now: now)
  }

  static func openUnlocked(
    path: String, configuration: Configuration, now: Date
  ) throws -> (DatabasePool, AppDatabase.OpenOutcome) {
    let manager = FileManager.default
    let mainExists = manager.fileExists(atPath: path)
    if !mainExists {
      // A -wal or -shm without its database: what it logs belongs to a file that is gone.
      let orphans = ["-wal", "-shm"].filter { manager.fileExists(atPath: path + $0) }
      guard orphans.isEmpty else {
        let reason = DatabaseDamage.orphanLog
        let movedTo = try moveAside(path: path, now: now)
        return (
          try build(path: path, configuration: configuration), .recoveredFromDamage(movedTo: movedTo, reason: reason)
        )
      }
      return (try build(path: path, configuration: configuration), .createdFresh)
    }
    let inspection = try inspectFile(path: path)
    if let reason = inspection.damage {
      return try recover(path: path, reason: reason, configuration: configuration, now: now)
    }
    if inspection.isWAL { placeWriteAheadLog(path: path) }
    let pool: DatabasePool
    do {
      pool = try DatabasePool(path: path, configuration: configuration)
    } catch let error as DatabaseError where isDamage(error) {
      return try recover(
        path: path, reason: damage(error), configuration: configuration, now: now)
    } catch {
      throw classify(error, path: path)
    }
    do {
      if let reason = try damageInContents(pool) {
        try pool.close()
        return try recover(path: path, reason: reason, configuration: configuration, now: now)
      }
      try DatabaseMigrations.migrator.migrate(pool)
    } catch let error as DatabaseError where isDamage(error) {
      try? pool.close()
      return try recover(
        path: path, reason: damage(error), configuration: configuration, now: now)
    } catch {
      throw classify(error, path: path)
    }
    return (pool, .opened)
  }

  /// Checks on the bytes, before SQLite sees them: empty, too short, wrong header, or not whole pages.
  static func damageInFile(path: String) throws -> DatabaseDamage? {
    try inspectFile(path: path).damage
  }

  /// Gives the pool a write-ahead log to find when SQLite deleted it (it does when the last connection closes,
  /// i.e. after every clean quit). Without one, GRDB's `DatabasePool` makes one by a write transaction
  /// (`CREATE TABLE grdb_issue_102`, dropped again) before anything can be read: a new log header, an fdatasync of
  /// the log and one of the folder, five page writes and a schema change, at every start, before the first frame
  /// (Docs/performance.md, "Issue 26: after `main`"). A log shorter than its 32-byte header holds no frames to
  /// SQLite (`walIndexRecover`), so 32 zero bytes are an empty log: the first write gives it a real header, as it
  /// does to any log SQLite resets. Only for a file whose header says WAL (bytes 18-19 are 2), only when no log
  /// exists (`O_EXCL`: a log that exists belongs to SQLite and may be in use), with the database file's permissions.
  /// Nothing is synced: a log lost with its folder entry is an empty log again.
  static func placeWriteAheadLog(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return }
    let fd = Glibc.open(path + "-wal", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, status.st_mode & 0o777)
    guard fd >= 0 else { return }
    let zeros = [UInt8](repeating: 0, count: walHeaderSize)
    let written = zeros.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    // A short write leaves a log GRDB sees as empty or SQLite as headerless: both are what it was without this.
    if written != walHeaderSize { _ = unlink(path + "-wal") }
  }

  /// The size of a write-ahead log's header; a shorter log holds no frames.
  static let walHeaderSize = 32

  /// What the first 100 bytes say: damage (see `damageInFile`), and whether the file is in WAL mode.
  static func inspectFile(path: String) throws -> (damage: DatabaseDamage?, isWAL: Bool) {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw AppDatabaseError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
    }
    defer { try? handle.close() }
    let size = (try? handle.seekToEnd()) ?? 0
    guard size > 0 else { return (.empty, false) }
    try? handle.seek(toOffset: 0)
    let start = [UInt8]((try? handle.read(upToCount: 100)) ?? Data())
    guard start.count == 100, Array(start[0..<16]) == header else { return (.notSQLite, false) }
    let rawPageSize = Int(start[16]) << 8 | Int(start[17])
    let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
    guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else { return (.invalidHeader, false) }
    guard size % UInt64(pageSize) == 0 else { return (.truncated, false) }
    // The header's page count is valid when "version-valid-for" equals the change counter: a file shorter
    // than that many pages lost its end (cut at a page boundary). Reading 100 bytes keeps start-up flat.
    func word(_ offset: Int) -> UInt32 {
      start[offset..<(offset + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }
    let pageCount = UInt64(word(28))
    if word(92) == word(24), pageCount > 0, size < pageCount * UInt64(pageSize) {
      return (.truncated, false)
    }
    return (nil, start[18] == 2 && start[19] == 2)
  }

  /// Checks through SQLite whether this is a vibes database at all. No integrity scan here: it reads every
  /// page, so start-up would grow with the cache (a damaged page still fails as SQLITE_CORRUPT when read).
  static func damageInContents(_ pool: DatabasePool) throws -> DatabaseDamage? {
    try pool.read { db in
      let tables = try String.fetchAll(
        db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      guard !tables.isEmpty else { return nil }  // an empty database: migrations will fill it
      let known = Set(DatabaseMigrations.migrator.migrations)
      guard tables.contains("grdb_migrations"),
        try !Set(String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")).isDisjoint(with: known)
      else { return .foreignDatabase }
      return nil
    }
  }

  /// The damage an SQLite error means: "not a database" is the header case, the rest damaged pages.
  static func damage(_ error: DatabaseError) -> DatabaseDamage {
    error.resultCode == .SQLITE_NOTADB ? .notSQLite : .unreadable(sqliteMessage: error.message ?? "\(error.resultCode)")
  }

  static func isDamage(_ error: DatabaseError) -> Bool {
    [.SQLITE_NOTADB, .SQLITE_CORRUPT, .SQLITE_FORMAT].contains(error.resultCode)
  }

  static func recover(
    path: String, reason: DatabaseDamage, configuration: Configuration, now: Date
  ) throws -> (DatabasePool, AppDatabase.OpenOutcome) {
    let movedTo = try moveAside(path: path, now: now)
    let pool = try build(path: path, configuration: configuration)
    return (pool, .recoveredFromDamage(movedTo: movedTo, reason: reason))
  }

  /// A new database at `path`, migrated. It is built whole under `<path>.creating` (synced once when complete)
  /// and renamed into place, so a start killed half-way leaves no half-made `path` for the next start to take
  /// for damage (an empty file, or GRDB's migrations table with no migration recorded yet); the staging files
  /// such a start leaves are removed here (callers hold the folder's flock), as are those of a failed build.
  static func build(path: String, configuration: Configuration) throws -> DatabasePool {
    let staging = path + stagingSuffix
    do {
      removeStaging(staging)
      let queue = try DatabaseQueue(path: staging, configuration: configuration)
      // A staging file that a crash cuts is thrown away, so no journal on disk and no sync per migration:
      // the whole file is synced once before the rename.
      try queue.writeWithoutTransaction { db in
        _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = MEMORY")
        try db.execute(sql: "PRAGMA synchronous = OFF")
      }
      try DatabaseMigrations.migrator.migrate(queue)
      try queue.close()
      try syncFile(staging)
      guard rename(staging, path) == 0 else {
        throw AppDatabaseError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
      }
      let folder = (path as NSString).deletingLastPathComponent
      try? SecureFile.syncDirectory(folder.isEmpty ? "." : folder)
      let pool = try DatabasePool(path: path, configuration: configuration)
      try DatabaseMigrations.migrator.migrate(pool)
      return pool
    } catch {
      removeStaging(staging)
      throw classify(error, path: path)
    }
  }

  /// fsync(2) on a file, so its contents are on disk before it is renamed into place.
  static func syncFile(_ path: String) throws {
    let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0, fsync(fd) == 0 else {
      let reason = String(cString: strerror(errno))
      if fd >= 0 { close(fd) }
      throw AppDatabaseError.cannotOpen(path: path, reason: reason)
    }
    close(fd)
  }

  /// Appended to the database's path while a new database is being built.
  static let stagingSuffix = ".creating"

  /// Removes a staging database and its journal/log files left by a start that was killed while building.
  static func removeStaging(_ staging: String) {
    for suffix in ["", "-journal", "-wal", "-shm"] { _ = unlink(staging + suffix) }
  }

  /// Renames the file and its -wal/-shm to `<path>.damaged-<timestamp>[-wal|-shm]`; returns the new main path.
  static func moveAside(path: String, now: Date) throws -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    var target = "\(path).damaged-\(formatter.string(from: now))"
    var attempt = 1
    while ["", "-wal", "-shm"].contains(where: { FileManager.default.fileExists(atPath: target + $0) }) {
      attempt += 1
      target = "\(path).damaged-\(formatter.string(from: now))-\(attempt)"
    }
    for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
      guard rename(path + suffix, target + suffix) == 0 else {
        let reason = String(cString: strerror(errno))
        throw AppDatabaseError.cannotMoveAside(path: path + suffix, reason: reason)
      }
    }
    let folder = (path as NSString).deletingLastPathComponent
    try? SecureFile.syncDirectory(folder.isEmpty ? "." : folder)
    return FileManager.default.fileExists(atPath: target) ? target : target + "-wal"
  }

  /// Maps an open/migrate failure to a typed error.
  static func classify(_ error: any Error, path: String) -> any Error {
    if error is AppDatabaseError { return error }
    guard let error = error as? DatabaseError else {
      return AppDatabaseError.cannotOpen(path: path, reason: "\(type(of: error))")
    }
    let reason = error.message ?? "\(error.resultCode)"
    switch error.resultCode {
    case .SQLITE_BUSY, .SQLITE_LOCKED:
      return AppDatabaseError.busy(path: path)
    case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH:
      return AppDatabaseError.readOnly(path: path, reason: reason)
    case .SQLITE_CANTOPEN:
      let folder = (path as NSString).deletingLastPathComponent
      if access(folder.isEmpty ? "." : folder, W_OK) != 0 {
        return AppDatabaseError.readOnly(path: path, reason: String(cString: strerror(errno)))
      }
      return AppDatabaseError.cannotOpen(path: path, reason: reason)
    default:
      return AppDatabaseError.cannotOpen(path: path, reason: reason)
    }
  }
}
