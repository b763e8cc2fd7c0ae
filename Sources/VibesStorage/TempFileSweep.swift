import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Removes temp files `SecureFile.atomicWrite` left behind when a process was killed between creating the
/// temp file and renaming it. Only names of the exact form `.<target>.tmp-<UUID>` are touched, only regular
/// files owned by this user, and only those last modified before `cutoff` (by default this process's start,
/// so a temp file another live process is writing right now is never taken).
enum TempFileSweep {
  /// Removes the orphaned temp files of `target`; returns how many were removed. Errors are not thrown:
  /// a leftover temp file is litter, not a reason to refuse to start.
  @discardableResult
  static func sweep(tempFilesOf target: URL, olderThan cutoff: Date) -> Int {
    let folder = target.deletingLastPathComponent().path
    let prefix = ".\(target.lastPathComponent).tmp-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return 0 }
    var removed = 0
    for name in names where name.hasPrefix(prefix) {
      guard UUID(uuidString: String(name.dropFirst(prefix.count))) != nil else { continue }
      let path = folder + "/" + name
      var info = stat()
      guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid() else { continue }
      let modified = Date(
        timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1_000_000_000)
      guard modified < cutoff else { continue }
      if unlink(path) == 0 { removed += 1 }
    }
    if removed > 0 { try? SecureFile.syncDirectory(folder) }
    return removed
  }

  /// When this process started (from /proc/self/stat and CLOCK_BOOTTIME), or the first use of this value
  /// where that cannot be read.
  static let processStart: Date = {
    let fallback = Date()
    guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return fallback }
    // Fields after the command name start with field 3 (state); field 22 is the start time in ticks.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    guard fields.count > 19, let ticks = Double(fields[19]), ticksPerSecond > 0 else { return fallback }
    var now = timespec()
    guard clock_gettime(CLOCK_BOOTTIME, &now) == 0 else { return fallback }
    let sinceBoot = Double(now.tv_sec) + Double(now.tv_nsec) / 1_000_000_000
    return Date().addingTimeInterval(-(sinceBoot - ticks / ticksPerSecond))
  }()
}
