import Foundation

/// The TCP connections a process holds, read from /proc: its socket inodes (fd links) matched against the
/// network namespace's tcp tables, so only this process's sockets count.
enum LoopbackConnections {
  /// Remote addresses of `pid`'s TCP sockets that are neither loopback nor unset (listening sockets).
  static func nonLoopbackRemotes(of pid: Int32) -> [String] {
    remotes(of: pid).filter {
      !isLoopbackOrUnset(hex: $0.split(separator: " ")[1].split(separator: ":")[0].description)
    }
  }

  /// Every TCP socket of `pid` as "table remote-hex:port".
  static func remotes(of pid: Int32) -> [String] {
    let inodes = socketInodes(of: pid)
    guard !inodes.isEmpty else { return [] }
    var remotes: [String] = []
    for table in ["tcp", "tcp6"] {
      guard let text = try? String(contentsOfFile: "/proc/\(pid)/net/\(table)", encoding: .utf8) else { continue }
      for line in text.split(separator: "\n").dropFirst() {
        let fields = line.split(separator: " ")
        guard fields.count > 9, inodes.contains(String(fields[9])) else { continue }
        remotes.append("\(table) \(fields[2])")
      }
    }
    return remotes
  }

  static func socketInodes(of pid: Int32) -> Set<String> {
    let folder = "/proc/\(pid)/fd"
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
    var inodes = Set<String>()
    for entry in entries {
      guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(entry)"),
        target.hasPrefix("socket:[")
      else { continue }
      inodes.insert(String(target.dropFirst("socket:[".count).dropLast()))
    }
    return inodes
  }

  /// /proc/net/tcp writes IPv4 as 8 hex digits in host (little-endian) order: 127.x.x.x ends in "7F".
  /// IPv6 is 32 hex digits; ::1 and ::ffff:127.x.x.x count as loopback.
  static func isLoopbackOrUnset(hex: String) -> Bool {
    if hex.allSatisfy({ $0 == "0" }) { return true }
    if hex.count == 8 { return hex.uppercased().hasSuffix("7F") }
    if hex.count == 32 {
      let upper = hex.uppercased()
      if upper == "00000000000000000000000001000000" { return true }
      if upper.hasPrefix("0000000000000000FFFF0000") { return upper.hasSuffix("7F") }
    }
    return false
  }
}
