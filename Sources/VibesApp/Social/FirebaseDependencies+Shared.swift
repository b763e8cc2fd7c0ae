import Foundation
import VibesServices
import VibesStorage

extension FirebaseDependencies {
  /// The app's live Firebase clients, built from `AppDependencies.environment` (the `VIBES_FIREBASE_*` and
  /// `VIBES_GOOGLE_*` settings and the config file) and the app's secret store. One set per data folder and
  /// configuration for the whole process, shared by every area (People, Inbox), so the 1-hour ID token is refreshed
  /// once, not on every request, and one session alone writes the stored account.
  static func shared(_ dependencies: AppDependencies) -> FirebaseDependencies {
    let environment = dependencies.environment
    let paths = AppPaths(environment: environment)
    let configFile = paths.configDirectory.appendingPathComponent("config")
    let configuration = FirebaseConfiguration.load(environment: environment, configFile: configFile)
    let key = [
      paths.dataDirectory.path, configuration.projectID ?? "",
      configuration.authURL.absoluteString, configuration.tokenURL.absoluteString,
      configuration.firestoreURL.absoluteString,
    ].joined(separator: "\n")
    return SharedFirebase.cache.lock.withLock {
      if let existing = SharedFirebase.cache.built[key] { return existing }
      let made = FirebaseDependencies.live(environment: environment, paths: paths, secrets: dependencies.secrets)
      SharedFirebase.cache.built[key] = made
      return made
    }
  }
}

/// The process's Firebase client sets, by data folder and configuration.
private final class SharedFirebase: @unchecked Sendable {
  // @unchecked: `built` is only read and written under `lock`.
  static let cache = SharedFirebase()
  let lock = NSLock()
  var built: [String: FirebaseDependencies] = [:]
}
