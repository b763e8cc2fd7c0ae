import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The empty folders Linux's Foundation makes in the user's home when a `URLSessionConfiguration` is made, taken away
/// again: vibes uses neither store (its sessions have no cookie storage and no URL cache).
///
/// Every configuration, `.ephemeral` included, starts from `.default`, which reaches `HTTPCookieStorage.shared`
/// (it makes `$XDG_DATA_HOME/<folder of the binary>`: `~/.local/share/bin` for `/usr/local/bin/vibes`) and
/// `URLCache.shared` (`$XDG_CACHE_HOME/org.swift.foundation.URLCache/vibes`), and `.ephemeral` makes a memory-only
/// cache that makes that folder again. No public API avoids them, so the folders that were missing before are
/// removed right after, deepest first, and only while empty (`rmdir`): anything another program put there stays.
public enum FoundationStrayFolders {
  /// The folders Foundation may make, deepest first: the two above and each missing folder above them.
  public static func candidates() -> [String] {
    let manager = FileManager.default
    var leaves: [String] = []
    if let data = manager.urls(for: .applicationSupportDirectory, in: .userDomainMask).first {
      var name = (Bundle.main.bundlePath as NSString).lastPathComponent
      if let dot = name.range(of: ".", options: .backwards) { name = String(name[..<dot.lowerBound]) }
      if !name.isEmpty { leaves.append(data.appendingPathComponent(name).path) }
    }
    if let caches = manager.urls(for: .cachesDirectory, in: .userDomainMask).first {
      let name = (Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName)
        .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "\\", with: "_")
        .replacingOccurrences(of: ":", with: "_")
      leaves.append(caches.appendingPathComponent("org.swift.foundation.URLCache").appendingPathComponent(name).path)
    }
    return leaves
  }

  /// Runs `make`, then removes those of `candidates` (and of their parents) that did not exist before and are empty.
  public static func removingThoseMadeBy<Value>(candidates: [String] = candidates(), _ make: () -> Value) -> Value {
    var missing: [String] = []
    for leaf in candidates {
      var path = leaf
      // The leaf and each missing folder above it, up to the first that exists.
      while !path.isEmpty, path != "/", !exists(path) {
        if !missing.contains(path) { missing.append(path) }
        path = (path as NSString).deletingLastPathComponent
      }
    }
    let value = make()
    // Deepest first, so a parent is empty by the time its turn comes.
    for path in missing.sorted(by: { $0.count > $1.count }) { rmdir(path) }
    return value
  }

  private static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }
}
