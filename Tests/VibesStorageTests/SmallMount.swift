import Foundation
import VibesTestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// A small tmpfs mounted on a fresh temp folder (needs root or CAP_SYS_ADMIN; tests skip without it).
final class SmallMount {
  let url: URL
  private var mounted = false

  /// Mounts a tmpfs of `kilobytes` KiB, or throws XCTSkip saying why it cannot.
  init(kilobytes: Int) throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-mount-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    guard mount("tmpfs", url.path, "tmpfs", 0, "size=\(kilobytes)k,mode=0700") == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: url)
      throw XCTSkip("cannot mount a tmpfs here (\(reason)); run as root to test a full or read-only disk")
    }
    mounted = true
  }

  var path: String { url.path }

  /// Makes the mount read-only (even root cannot write then).
  func remountReadOnly() throws {
    guard mount("tmpfs", url.path, "tmpfs", UInt(MS_REMOUNT | MS_RDONLY), nil) == 0 else {
      throw XCTSkip("cannot remount read-only: \(String(cString: strerror(errno)))")
    }
  }

  /// Writes a filler file until the disk is full; returns its path.
  @discardableResult
  func fill() -> String {
    let name = "filler-\(UUID().uuidString.prefix(6))"
    return DiskFiller.fill(url, name: name) ?? url.appendingPathComponent(name).path
  }

  func unmount() {
    if mounted { umount2(url.path, Int32(MNT_DETACH)) }
    mounted = false
    try? FileManager.default.removeItem(at: url)
  }

  deinit { unmount() }
}
