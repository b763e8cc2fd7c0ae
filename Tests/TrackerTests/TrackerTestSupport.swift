import Foundation
import Logging
import VibesApp
import VibesCore
import VibesServices
import VibesStorage

/// A fresh folder with a real SQLite file and a real vault, removed by `remove()`.
struct TrackerSandbox {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "vibes-tracker-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  var databasePath: String { url.appendingPathComponent("vibes.sqlite").path }

  /// Opens the database file (again): a second call is what a restart sees.
  func openDatabase() throws -> AppDatabase { try AppDatabase(path: databasePath) }

  func secrets() -> VaultSecretStore {
    VaultSecretStore(
      vaultFile: url.appendingPathComponent("secrets.vault"),
      keyFile: url.appendingPathComponent("vault.key"))
  }

  func store() throws -> TrackerConfigurationStore {
    TrackerConfigurationStore(database: try openDatabase(), secrets: secrets())
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}

extension TrackerDependencies {
  static func testing(store: TrackerConfigurationStore, fake: URL) -> TrackerDependencies {
    TrackerDependencies(
      store: store,
      urlOverrides: [
        TrackerEnvironment.qcVariable: fake.appendingPathComponent("qc/api").absoluteString,
        TrackerEnvironment.productionVariable: fake.appendingPathComponent("production/api")
          .absoluteString,
      ],
      transport: URLSessionTransport(timeout: 5), sleep: { _ in })
  }
}

/// An EffectRunner whose Tracker part talks to `tracker`; the Feed parts point nowhere.
func makeRunner(database: AppDatabase, secrets: any SecretStore, tracker: TrackerDependencies)
  -> EffectRunner
{
  let dependencies = AppDependencies(
    database: database, secrets: secrets,
    secretStoreInfo: SecretStoreInfo(kind: .vault, location: "test"),
    gemini: GeminiClient(baseURL: URL(string: "http://127.0.0.1:9")!),
    ticketmaster: TicketmasterClient(baseURL: URL(string: "http://127.0.0.1:9")!),
    browser: BrowserLauncher(environment: [:]), tracker: tracker,
    logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
  return EffectRunner(dependencies: dependencies)
}

/// Collects the actions an effect sends.
final class ActionLog: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [AppAction] = []
  func append(_ action: AppAction) {
    lock.lock()
    items.append(action)
    lock.unlock()
  }
  var actions: [AppAction] {
    lock.lock()
    defer { lock.unlock() }
    return items
  }
}

extension EffectRunner {
  func runCollecting(_ effect: TrackerEffect) async -> [TrackerAction] {
    let log = ActionLog()
    await run(.tracker(effect)) { log.append($0) }
    return log.actions.compactMap {
      $0.trackerAction
    }
  }
}
