import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Fills a (small, mounted) file system for the disk-full tests.
public enum DiskFiller {
  /// Writes the file `name` in `folder` until the file system is full: 4 KiB blocks, then single bytes, so not a
  /// byte is left. Returns its path, or nil when the file could not be created.
  @discardableResult
  public static func fill(_ folder: URL, name: String = "filler") -> String? {
    let path = folder.appendingPathComponent(name).path
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    let block = [UInt8](repeating: 0x5a, count: 4096)
    while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
    var small: UInt8 = 0
    while write(fd, &small, 1) > 0 {}
    return path
  }
}
