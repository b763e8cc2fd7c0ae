import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The token a sender claims a Spotify write with in SQLite (the Explore queue, a Create save): this process's
/// id and a random part. A claim whose process no longer runs (kill -9) is taken over at once instead of
/// waiting for its lease; the lease still covers a holder on another machine sharing the data folder.
enum ClaimToken {
  static func make() -> String { "\(getpid()):\(UUID().uuidString)" }

  /// True when the token names a process id that no longer exists on this machine.
  static func holderIsGone(_ token: String) -> Bool {
    guard let pid = token.split(separator: ":").first.flatMap({ Int32($0) }), pid > 0 else { return false }
    if pid == getpid() { return false }
    return kill(pid, 0) != 0 && errno == ESRCH
  }
}
