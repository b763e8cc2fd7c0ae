import Foundation
import VibesStorage

/// The live parts the Spotify feature's effects need; tests build one against loopback fakes.
public struct SpotifyDependencies: Sendable {
  public init() {}

  /// Built from the environment at start-up (base URLs, configuration).
  public static func live(environment: [String: String], paths: AppPaths) -> SpotifyDependencies {
    SpotifyDependencies()
  }
}
