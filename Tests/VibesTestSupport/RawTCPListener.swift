import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The raw-socket plumbing the misbehaving test servers share (`FaultServer`, `RedirectServer`, and the keep-alive and
/// dropping servers of the transport's connection tests): an IPv4 listener
/// on a loopback address at a free port, one thread per connection handed to `serve`, and a `stop()` that shuts
/// every socket down. Descriptors are only shut down by `stop()`; each is closed by the thread that uses it, so a
/// number cannot be reused by another socket while a thread still holds it.
public final class RawTCPListener: @unchecked Sendable {
  // @unchecked: `open`, `accepted` and `stopped` are only touched under `lock`.
  public let port: UInt16
  private let listener: Int32
  private let lock = NSLock()
  private var open: [Int32] = []
  private var accepted = 0
  private var stopped = false

  /// Listens on `address` (a loopback IPv4 literal); `serve` reads and answers one connection and returns.
  public init(address: String, reuseAddress: Bool = false, serve: @escaping @Sendable (Int32) -> Void) throws {
    let socket = try LoopbackSocket.listen(address: address, reuseAddress: reuseAddress)
    listener = socket.fd
    port = socket.port
    let thread = Thread { [self] in acceptLoop(serve) }
    thread.start()
  }

  var isStopped: Bool { lock.withLock { stopped } }

  /// Connections accepted so far.
  public var connections: Int { lock.withLock { accepted } }

  /// Stops the listener and every open connection.
  public func stop() {
    lock.withLock {
      if stopped { return }
      stopped = true
      shutdown(listener, Int32(SHUT_RDWR))
      for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
    }
  }

  private func acceptLoop(_ serve: @escaping @Sendable (Int32) -> Void) {
    defer { close(listener) }
    while true {
      let client = accept(listener, nil, nil)
      if client < 0 { return }
      let keep: Bool = lock.withLock {
        if stopped { return false }
        open.append(client)
        accepted += 1
        return true
      }
      guard keep else {
        close(client)
        return
      }
      let thread = Thread { [self] in
        serve(client)
        lock.withLock {
          open.removeAll { $0 == client }
          close(client)
        }
      }
      thread.start()
    }
  }
}
