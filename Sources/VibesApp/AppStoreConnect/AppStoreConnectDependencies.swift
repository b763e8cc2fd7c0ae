import Foundation
import VibesStorage

/// The live parts the AppStoreConnect feature's effects need; tests build one against loopback fakes.
public struct AppStoreConnectDependencies: Sendable {
  public init() {}

  /// Built from the environment at start-up (base URLs, configuration).
  public static func live(environment: [String: String], paths: AppPaths) -> AppStoreConnectDependencies {
    AppStoreConnectDependencies()
  }
}
