import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Free space on the file system holding a folder, to tell a full disk from other storage failures.
enum DiskSpace {
  /// Below this many free bytes a failed write is put down to a full disk.
  static let fullBelowBytes: UInt64 = 256 * 1024

  /// Bytes an unprivileged process may still write there; nil when the folder cannot be examined.
  static func availableBytes(in folder: String) -> UInt64? {
    var info = statvfs()
    guard statvfs(folder, &info) == 0 else { return nil }
    return UInt64(info.f_bavail) * UInt64(info.f_frsize)
  }

  /// True when the folder's file system has (almost) no room left.
  static func isFull(_ folder: String) -> Bool {
    guard let available = availableBytes(in: folder) else { return false }
    return available < fullBelowBytes
  }
}
