/// Why a database file was taken for damaged and moved aside. The app words it for the user in each language;
/// `description` is the English wording for logs and the command line.
public enum DatabaseDamage: Sendable, Hashable, CustomStringConvertible {
  /// The file has no bytes at all.
  case empty
  /// The file does not start with the SQLite header (or SQLite says it is not a database).
  case notSQLite
  /// The SQLite header is there, but its page size is impossible.
  case invalidHeader
  /// The file is not whole pages, or shorter than the pages its header counts: its end is missing.
  case truncated
  /// A readable SQLite database that vibes never made (no vibes migration recorded).
  case foreignDatabase
  /// A write-ahead log (`-wal`/`-shm`) without its database file.
  case orphanLog
  /// SQLite found damaged pages while opening or migrating; `sqliteMessage` is SQLite's own text.
  case unreadable(sqliteMessage: String)

  public var description: String {
    switch self {
    case .empty: return "the file is empty"
    case .notSQLite: return "the file is not an SQLite database"
    case .invalidHeader: return "the file header is invalid"
    case .truncated: return "the file is truncated"
    case .foreignDatabase: return "the file is another program's database"
    case .orphanLog: return "a write-ahead log was found without its database"
    case .unreadable(let message): return message
    }
  }
}
