import Foundation
import VibesStorage

#if canImport(Glibc)
  import Glibc
#endif

/// Tells a second vibes on the same data from the first: the first holds an flock on `vibes.lock` in the data
/// folder for its whole run and writes its process id there. Two can run (the database and the vault lock
/// their own writes), but the second is told so.
final class InstanceLock: Sendable {
  /// What taking the lock found.
  enum Outcome: Equatable {
    /// This process holds the lock.
    case acquired
    /// Another process holds it; its process id when it could be read.
    case heldByOther(pid: Int32?)
    /// The lock file could not be opened (say, a read-only folder); nothing is known.
    case unavailable
  }

  /// `vibes.lock` in the data folder (beside the database it guards).
  static func file(in paths: AppPaths) -> URL { paths.dataDirectory.appendingPathComponent("vibes.lock") }

  private let descriptor: Int32
  let outcome: Outcome

  /// Tries the lock without waiting.
  init(file: URL) {
    let fd = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    descriptor = fd
    guard fd >= 0 else {
      outcome = .unavailable
      return
    }
    if flock(fd, LOCK_EX | LOCK_NB) == 0 {
      let text = Array("\(getpid())\n".utf8)
      _ = ftruncate(fd, 0)
      _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
      outcome = .acquired
    } else if errno == EWOULDBLOCK {
      var buffer = [UInt8](repeating: 0, count: 32)
      let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
      let text = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
      outcome = .heldByOther(pid: Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    } else {
      outcome = .unavailable
    }
  }

  /// Lets go of the lock (closing the file drops the flock).
  func release() {
    if descriptor >= 0 { close(descriptor) }
  }
}
