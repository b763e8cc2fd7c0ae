import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A one-shot loopback listener standing in for vibes's Spotify callback: records the query of the
/// first request and answers 200.
final class CallbackCatcher: @unchecked Sendable {
  // @unchecked: `fd` is written once in `start`; `received` is awaited from one task.
  let port: UInt16
  private let fd: Int32
  private let task: Task<String?, Never>

  private init(fd: Int32, port: UInt16) {
    self.fd = fd
    self.port = port
    task = Task.detached {
      let client = accept(fd, nil, nil)
      guard client >= 0 else { return nil }
      defer { close(client) }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = read(client, &buffer, buffer.count)
      guard count > 0 else { return nil }
      let text = String(decoding: buffer[0..<count], as: UTF8.self)
      let reply = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok"
      _ = reply.withCString { write(client, $0, strlen($0)) }
      let target = text.split(separator: " ").dropFirst().first.map(String.init) ?? ""
      return target.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init)
    }
  }

  static func start() async throws -> CallbackCatcher {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let ok = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard ok else { throw URLError(.cannotConnectToHost) }
    return CallbackCatcher(fd: fd, port: UInt16(bigEndian: address.sin_port))
  }

  var received: String? { get async { await task.value } }

  func stop() async {
    shutdown(fd, Int32(SHUT_RDWR))
    close(fd)
  }
}
