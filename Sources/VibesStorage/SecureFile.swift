import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// POSIX helpers for private files: 0700 folders, 0600 files, crash-safe replacement, advisory locks.
/// Plain syscalls rather than FileManager so modes are exact (no umask surprises) and fsync is explicit.
enum SecureFile {
  static let privateDirectoryMode: mode_t = 0o700
  static let privateFileMode: mode_t = 0o600

  /// Creates `url` (parents with default modes) and sets it to 0700, tightening an existing folder.
  static func createPrivateDirectory(_ url: URL) throws {
    let path = url.path
    try createParents(of: path)
    if mkdir(path, privateDirectoryMode) != 0 && errno != EEXIST {
      throw StorageFileError("create directory", path: path)
    }
    var info = stat()
    guard stat(path, &info) == 0 else { throw StorageFileError("stat", path: path) }
    guard (info.st_mode & S_IFMT) == S_IFDIR else {
      throw StorageFileError("create directory", path: path, code: ENOTDIR)
    }
    if (info.st_mode & 0o777) != privateDirectoryMode, chmod(path, privateDirectoryMode) != 0 {
      throw StorageFileError("chmod 0700", path: path)
    }
  }

  /// `mkdir -p` for the parents: default mode (0777 less the umask), like any other program would create them.
  private static func createParents(of path: String) throws {
    let parent = (path as NSString).deletingLastPathComponent
    guard !parent.isEmpty, parent != path else { return }
    var info = stat()
    if stat(parent, &info) == 0 { return }
    try createParents(of: parent)
    if mkdir(parent, 0o777) != 0 && errno != EEXIST {
      throw StorageFileError("create directory", path: parent)
    }
  }

  /// Creates the folder with 0700 only if it is missing; an existing folder is left alone.
  static func ensureDirectory(_ url: URL) throws {
    var info = stat()
    if stat(url.path, &info) == 0 { return }
    try createPrivateDirectory(url)
  }

  /// The file's contents, or nil when it does not exist.
  static func read(_ url: URL) throws -> Data? {
    let fd = open(url.path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      if errno == ENOENT { return nil }
      throw StorageFileError("open", path: url.path)
    }
    defer { close(fd) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { sysRead(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw StorageFileError("read", path: url.path)
      }
      if count == 0 { break }
      data.append(contentsOf: buffer[0..<count])
    }
    return data
  }

  /// Ownership and mode of an existing file (of its target, for a symlink), or nil when it does not exist.
  static func status(_ url: URL) throws -> (owner: uid_t, mode: mode_t)? {
    var info = stat()
    if stat(url.path, &info) != 0 {
      if errno == ENOENT { return nil }
      throw StorageFileError("stat", path: url.path)
    }
    return (info.st_uid, info.st_mode & 0o7777)
  }

  /// Replaces `url` atomically: a 0600 temp file in the same folder is written, fsynced and renamed over the
  /// target, then the folder is fsynced so the rename itself survives a crash. Readers see old or new, never half.
  static func atomicWrite(_ data: Data, to url: URL) throws {
    let directory = url.deletingLastPathComponent().path
    let temp = directory + "/.\(url.lastPathComponent).tmp-\(UUID().uuidString)"
    let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, privateFileMode)
    guard fd >= 0 else { throw StorageFileError("create", path: temp) }
    var renamed = false
    defer { if !renamed { unlink(temp) } }
    do {
      defer { close(fd) }
      // open() applies the umask; fchmod makes the mode exactly 0600 whatever it is.
      guard fchmod(fd, privateFileMode) == 0 else {
        throw StorageFileError("chmod 0600", path: temp)
      }
      try writeAll(fd, data, path: temp)
      guard fsync(fd) == 0 else { throw StorageFileError("fsync", path: temp) }
    }
    guard rename(temp, url.path) == 0 else { throw StorageFileError("rename", path: url.path) }
    renamed = true
    try syncDirectory(directory)
  }

  static func syncDirectory(_ path: String) throws {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { throw StorageFileError("open directory", path: path) }
    defer { close(fd) }
    guard fsync(fd) == 0 else { throw StorageFileError("fsync directory", path: path) }
  }

  static func remove(_ url: URL) throws {
    if unlink(url.path) != 0 && errno != ENOENT { throw StorageFileError("remove", path: url.path) }
  }

  /// Runs `body` holding an exclusive flock on `lockFile` (created 0600), so two app instances cannot
  /// interleave a read-modify-write of the same file. Released when the descriptor closes.
  static func withExclusiveLock<T>(_ lockFile: URL, _ body: () throws -> T) throws -> T {
    let fd = open(lockFile.path, O_RDWR | O_CREAT | O_CLOEXEC, privateFileMode)
    guard fd >= 0 else { throw StorageFileError("open lock", path: lockFile.path) }
    defer { close(fd) }
    while flock(fd, LOCK_EX) != 0 {
      guard errno == EINTR else { throw StorageFileError("lock", path: lockFile.path) }
    }
    return try body()
  }

  private static func writeAll(_ fd: Int32, _ data: Data, path: String) throws {
    try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
      var offset = 0
      while offset < buffer.count {
        let written = sysWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw StorageFileError("write", path: path)
        }
        offset += written
      }
    }
  }
}

// `read`/`write` are shadowed by our own static methods above; these name the libc calls unambiguously.
@inline(__always)
private func sysRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  #if canImport(Glibc)
    return Glibc.read(fd, buffer, count)
  #else
    return Darwin.read(fd, buffer, count)
  #endif
}

@inline(__always)
private func sysWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    return Glibc.write(fd, buffer, count)
  #else
    return Darwin.write(fd, buffer, count)
  #endif
}
