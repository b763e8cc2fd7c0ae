import Foundation
import VibesTestSupport

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
    let socket = try LoopbackSocket.listen(backlog: 1)
    return CallbackCatcher(fd: socket.fd, port: socket.port)
  }

  var received: String? { get async { await task.value } }

  func stop() async {
    shutdown(fd, Int32(SHUT_RDWR))
    close(fd)
  }
}
