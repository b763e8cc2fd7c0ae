import Foundation
import Logging
import VibesCore
import VibesServices
import VibesStorage

/// Storage for the command line: the app's secret store and database, opened either read-only (creates
/// no file or folder: a missing database reads as an empty in-memory one) or for writing.
public struct CLIStorage: Sendable {
  public let environment: [String: String]
  public let paths: AppPaths
  public let secrets: any SecretStore
  public let secretStoreInfo: SecretStoreInfo
  public let database: AppDatabase
  /// A private copy of the database read instead of the original (see `openReadOnly`); removed with the last
  /// copy of this storage.
  let readCopy: ReadOnlyCopy?

  public init(
    environment: [String: String], paths: AppPaths, secrets: any SecretStore, secretStoreInfo: SecretStoreInfo,
    database: AppDatabase
  ) {
    self.environment = environment
    self.paths = paths
    self.secrets = secrets
    self.secretStoreInfo = secretStoreInfo
    self.database = database
    self.readCopy = nil
  }

  init(_ storage: CLIStorage, readCopy: ReadOnlyCopy?) {
    self.environment = storage.environment
    self.paths = storage.paths
    self.secrets = storage.secrets
    self.secretStoreInfo = storage.secretStoreInfo
    self.database = storage.database
    self.readCopy = readCopy
  }

  /// Why storage could not be opened; the text names files, never a secret.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Opens the secret store (VIBES_SECRET_STORE) and the database; `readOnly` touches nothing on disk.
  public static func open(environment: [String: String], readOnly: Bool) throws(Failure) -> CLIStorage {
    let paths = AppPaths(environment: environment)
    let english = Localizer(.en)
    let database: AppDatabase
    var readCopy: ReadOnlyCopy?
    do {
      if readOnly {
        (database, readCopy) = try openReadOnly(paths.databaseFile)
      } else {
        try paths.createDirectories()
        database = try AppDatabase(path: paths.databaseFile.path)
      }
    } catch {
      throw Failure(description: "cannot open the database in \(paths.dataDirectory.path): \(error)")
    }
    let selection: SecretStoreSelection
    do {
      selection = try SecretStoreFactory.make(environment: environment, paths: paths)
    } catch {
      throw Failure(description: "cannot open the secret store: \(error)")
    }
    let store = selection.store
    let info = SecretStoreInfo(
      kind: store.kind == .secretService ? .secretService : .vault,
      location: store.kind == .vault ? paths.vaultFile.path : store.locationDescription,
      fallbackReason: selection.fallback.map(english.fallbackReason))
    let storage = CLIStorage(
      environment: environment, paths: paths, secrets: store, secretStoreInfo: info, database: database)
    return CLIStorage(storage, readCopy: readCopy)
  }

  /// The database for reading only: a missing file reads as an empty in-memory database. SQLite cannot open a
  /// WAL database read-only when its `-shm` file is missing and the folder is not writable (a read-only mount,
  /// mode 0500), so then the file (with its `-wal`) is copied into a private temporary folder and read there:
  /// the status is reported, not refused.
  static func openReadOnly(_ file: URL) throws -> (AppDatabase, ReadOnlyCopy?) {
    guard FileManager.default.fileExists(atPath: file.path) else { return (try AppDatabase.inMemory(), nil) }
    do {
      let database = try AppDatabase(readOnlyPath: file.path)
      _ = try database.appliedMigrations()
      return (database, nil)
    } catch {
      guard access(file.deletingLastPathComponent().path, W_OK) != 0 else { throw error }
      let copy = try ReadOnlyCopy(of: file)
      return (try AppDatabase(readOnlyPath: copy.file.path), copy)
    }
  }

  /// Whether the app's database file exists (opening it for writing would otherwise create it).
  public static func databaseExists(environment: [String: String]) -> Bool {
    FileManager.default.fileExists(atPath: AppPaths(environment: environment).databaseFile.path)
  }

  /// The app's dependencies over this storage (no log file: the command line logs nothing).
  public func dependencies() -> AppDependencies {
    let gemini = ServiceEndpoints.baseURL(
      "VIBES_GEMINI_API_URL", default: GeminiClient.defaultBaseURL, environment: environment)
    let ticketmaster = ServiceEndpoints.baseURL(
      "VIBES_TICKETMASTER_API_URL", default: TicketmasterClient.defaultBaseURL, environment: environment)
    return AppDependencies(
      database: database, secrets: secrets, secretStoreInfo: secretStoreInfo, gemini: GeminiClient(baseURL: gemini.url),
      ticketmaster: TicketmasterClient(baseURL: ticketmaster.url), browser: BrowserLauncher(environment: environment),
      spotify: .live(environment: environment, paths: paths, database: database, secrets: secrets),
      appStoreConnect: .live(environment: environment, paths: paths),
      tracker: .live(environment: environment, paths: paths, database: database, secrets: secrets),
      logger: Logger(label: "vibes-cli") { _ in SwiftLogNoOpLogHandler() })
  }
}

/// A copy of the database (and its `-wal`) in a fresh 0700 folder under the temporary directory, removed on
/// deinit. Holds no secret (secrets never go to SQLite).
final class ReadOnlyCopy: Sendable {
  let folder: URL
  let file: URL

  init(of original: URL) throws {
    let manager = FileManager.default
    folder = manager.temporaryDirectory.appendingPathComponent("vibes-read-\(UUID().uuidString)")
    try manager.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    file = folder.appendingPathComponent(original.lastPathComponent)
    do {
      try manager.copyItem(at: original, to: file)
      let wal = URL(fileURLWithPath: original.path + "-wal")
      if manager.fileExists(atPath: wal.path) {
        try manager.copyItem(at: wal, to: URL(fileURLWithPath: file.path + "-wal"))
      }
    } catch {
      try? manager.removeItem(at: folder)
      throw error
    }
  }

  deinit { try? FileManager.default.removeItem(at: folder) }
}
