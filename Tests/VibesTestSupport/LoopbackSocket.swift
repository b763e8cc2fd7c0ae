import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The raw listening socket the test servers that speak below HTTP share (`RawTCPListener`, the services tests'
/// dropping and silent servers, the demo tests' callback catcher).
public enum LoopbackSocket {
  /// An IPv4 TCP socket bound to `address` (a loopback literal) at `port` (0: a free one) and listening with
  /// `backlog`: its descriptor and the port it got. Throws (the socket closed) when it cannot be had.
  public static func listen(
    address: String = "127.0.0.1", port: UInt16 = 0, backlog: Int32 = 16, reuseAddress: Bool = false
  ) throws -> (fd: Int32, port: UInt16) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    if reuseAddress {
      var one: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    }
    var socketAddress = sockaddr_in()
    socketAddress.sin_family = sa_family_t(AF_INET)
    socketAddress.sin_port = port.bigEndian
    socketAddress.sin_addr.s_addr = inet_addr(address)
    let bound = withUnsafePointer(to: &socketAddress) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, Glibc.listen(fd, backlog) == 0 else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &socketAddress) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return (fd, UInt16(bigEndian: socketAddress.sin_port))
  }
}
