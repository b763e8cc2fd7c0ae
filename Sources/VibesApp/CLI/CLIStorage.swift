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

  public init(
    environment: [String: String], paths: AppPaths, secrets: any SecretStore, secretStoreInfo: SecretStoreInfo,
    database: AppDatabase
  ) {
    self.environment = environment
    self.paths = paths
    self.secrets = secrets
    self.secretStoreInfo = secretStoreInfo
    self.database = database
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
    do {
      if readOnly {
        database =
          FileManager.default.fileExists(atPath: paths.databaseFile.path)
          ? try AppDatabase(readOnlyPath: paths.databaseFile.path) : try AppDatabase.inMemory()
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
    return CLIStorage(
      environment: environment, paths: paths, secrets: store, secretStoreInfo: info, database: database)
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
