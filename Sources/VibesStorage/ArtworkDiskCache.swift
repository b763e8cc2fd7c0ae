import Crypto
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Fetched artwork on disk under `$XDG_CACHE_HOME/vibes/artwork`, one file per URL (named by the URL's SHA-256, so
/// no URL text reaches a file name), mode 0600, written whole (temp file + rename), and kept under `maxBytes` by
/// removing the least recently used files. Anything unreadable is treated as a miss.
public struct ArtworkDiskCache: Sendable {
  /// 64 MiB: about 1,000 covers at 300 px.
  public static let defaultMaxBytes = 64 * 1024 * 1024
  /// One file larger than this is not kept.
  public static let maxEntryBytes = 8 * 1024 * 1024

  public let directory: URL
  public let maxBytes: Int

  public init(directory: URL, maxBytes: Int = ArtworkDiskCache.defaultMaxBytes) {
    self.directory = directory
    self.maxBytes = max(0, maxBytes)
  }

  /// The file name for a URL.
  public static func key(for url: String) -> String {
    SHA256.hash(data: Data(url.utf8)).map { String(format: "%02x", $0) }.joined()
  }

  /// The cached bytes, if any (touching the file so it counts as recently used).
  public func data(for url: String) -> Data? {
    let file = directory.appendingPathComponent(Self.key(for: url))
    guard let data = try? Data(contentsOf: file), !data.isEmpty else { return nil }
    utimes(file.path, nil)
    return data
  }

  /// Stores `data` for `url`, then trims the folder to `maxBytes`.
  public func store(_ data: Data, for url: String) throws {
    guard !data.isEmpty, data.count <= Self.maxEntryBytes, data.count <= maxBytes else { return }
    try SecureFile.createPrivateDirectory(directory)
    let name = Self.key(for: url)
    let temp = directory.appendingPathComponent(".\(name).tmp-\(UUID().uuidString)")
    guard FileManager.default.createFile(atPath: temp.path, contents: data, attributes: [.posixPermissions: 0o600])
    else { throw CocoaError(.fileWriteUnknown) }
    if rename(temp.path, directory.appendingPathComponent(name).path) != 0 {
      unlink(temp.path)
      throw CocoaError(.fileWriteUnknown)
    }
    trim()
  }

  /// The bytes the folder holds.
  public func totalBytes() -> Int { entries().reduce(0) { $0 + $1.size } }

  /// Removes the least recently used files until the folder holds at most `maxBytes`.
  public func trim() {
    var files = entries().sorted { $0.modified < $1.modified }
    var total = files.reduce(0) { $0 + $1.size }
    while total > maxBytes, !files.isEmpty {
      let oldest = files.removeFirst()
      unlink(oldest.path)
      total -= oldest.size
    }
  }

  /// Removes every cached file, half-written ones included (sign-out: the artwork was that account's songs,
  /// playlists and friends).
  public func removeAll() {
    for entry in entries() { unlink(entry.path) }
  }

  private func entries() -> [(path: String, size: Int, modified: Date)] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
    return names.compactMap { name in
      let path = directory.appendingPathComponent(name).path
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
        attributes[.type] as? FileAttributeType == .typeRegular
      else { return nil }
      let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
      return (path, size, attributes[.modificationDate] as? Date ?? .distantPast)
    }
  }
}
