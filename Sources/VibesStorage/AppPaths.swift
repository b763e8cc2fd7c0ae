import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// XDG base directories (https://specifications.freedesktop.org/basedir-spec): $XDG_CONFIG_HOME/vibes,
/// $XDG_DATA_HOME/vibes, $XDG_STATE_HOME/vibes; defaults $HOME/.config, $HOME/.local/share, $HOME/.local/state.
/// Relative XDG values are ignored per the spec.
public struct AppPaths: Sendable, Equatable {
  /// The folder name used under each XDG base directory.
  public static let appFolderName = "vibes"

  public var configDirectory: URL
  public var dataDirectory: URL
  public var stateDirectory: URL
  /// $XDG_CACHE_HOME/vibes (default ~/.cache/vibes): things that can be fetched again (artwork). Not created up front.
  public var cacheDirectory: URL

  /// Only the environment passed in is consulted (never the process's), so tests and callers stay explicit.
  /// Without HOME in it, the passwd entry of the current user is used.
  public init(environment: [String: String]) {
    let home = Self.absolute(environment["HOME"]) ?? Self.passwdHome() ?? "/"
    func base(_ variable: String, default relative: String) -> URL {
      let path =
        Self.absolute(environment[variable]) ?? (home as NSString).appendingPathComponent(relative)
      return URL(fileURLWithPath: path, isDirectory: true)
        .appendingPathComponent(Self.appFolderName, isDirectory: true)
    }
    configDirectory = base("XDG_CONFIG_HOME", default: ".config")
    dataDirectory = base("XDG_DATA_HOME", default: ".local/share")
    stateDirectory = base("XDG_STATE_HOME", default: ".local/state")
    cacheDirectory = base("XDG_CACHE_HOME", default: ".cache")
  }

  public var databaseFile: URL { dataDirectory.appendingPathComponent("vibes.sqlite") }
  public var vaultFile: URL { dataDirectory.appendingPathComponent("secrets.vault") }
  /// Under the config directory on purpose: a backup or sync of the data directory alone
  /// does not carry the key next to the vault it opens.
  public var vaultKeyFile: URL { configDirectory.appendingPathComponent("vault.key") }
  public var logFile: URL { stateDirectory.appendingPathComponent("vibes.log") }
  /// Fetched cover art and photos, size-capped (`ArtworkDiskCache`).
  public var artworkCacheDirectory: URL { cacheDirectory.appendingPathComponent("artwork", isDirectory: true) }

  /// Creates the three directories with mode 0700 (and tightens an existing one to 0700).
  /// Missing parents (e.g. ~/.local/share) are created with the default mode; only our own folders are tightened.
  public func createDirectories() throws {
    for directory in [configDirectory, dataDirectory, stateDirectory] {
      try SecureFile.createPrivateDirectory(directory)
    }
  }

  /// The spec says relative values are invalid and must be ignored; empty counts as unset.
  private static func absolute(_ value: String?) -> String? {
    guard let value, value.hasPrefix("/") else { return nil }
    return value
  }

  private static func passwdHome() -> String? {
    guard let entry = getpwuid(geteuid()), let dir = entry.pointee.pw_dir else { return nil }
    return absolute(String(cString: dir))
  }
}
