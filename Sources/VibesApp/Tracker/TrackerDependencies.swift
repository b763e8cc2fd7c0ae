import Foundation
import VibesStorage

/// The live parts the Tracker feature's effects need; tests build one against loopback fakes.
public struct TrackerDependencies: Sendable {
  public init() {}

  /// Built from the environment at start-up (base URLs, configuration).
  public static func live(environment: [String: String], paths: AppPaths) -> TrackerDependencies {
    TrackerDependencies()
  }
}
