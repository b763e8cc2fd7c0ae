import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A raw-socket HTTP/1.1 listener on 127.0.0.1 that answers every request with one scripted network fault
/// (issue 15, item 6). Raw sockets, not FlyingFox, so it can misbehave below HTTP: never answer, reset mid-body,
/// trickle, or send more than any client should read.
public final class FaultServer: @unchecked Sendable {
  /// What every connection gets.
  public enum Fault: Sendable, CustomStringConvertible {
    /// Accepts and reads the request, then never answers.
    case hang
    /// Announces 10 000 bytes, sends 20, then resets the connection (SO_LINGER 0).
    case resetMidBody
    /// A 200 whose 60-byte body arrives one byte per second.
    case trickle
    /// A 200 with a body of this many bytes (no Content-Length, ends when the connection closes).
    case oversized(bytes: Int)
    /// A 200 whose body is not JSON.
    case malformedJSON
    /// A 200 with JSON of the wrong shape (numbers where objects and strings belong).
    case wrongTypes
    /// A 429 with `Retry-After: <seconds>`.
    case retryAfterSeconds(Int)
    /// A 429 with `Retry-After` as an HTTP date this many seconds ahead.
    case retryAfterDate(Int)
    /// A bare status with a JSON error body.
    case status(Int)

    public var description: String {
      switch self {
      case .hang: return "never answers"
      case .resetMidBody: return "reset mid-body"
      case .trickle: return "1 byte/s"
      case .oversized(let bytes): return "\(bytes / 1_000_000) MB body"
      case .malformedJSON: return "malformed JSON"
      case .wrongTypes: return "wrong types"
      case .retryAfterSeconds(let seconds): return "429 Retry-After \(seconds)"
      case .retryAfterDate: return "429 Retry-After date"
      case .status(let status): return "HTTP \(status)"
      }
    }
  }

  public let port: UInt16
  private let listener: Int32
  private let fault: Fault
  private let lock = NSLock()
  private var open: [Int32] = []
  private var stopped = false

  public init(_ fault: Fault) throws {
    self.fault = fault
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    var address = Self.loopback(port: 0)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(fd, 16) == 0 else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    listener = fd
    port = UInt16(bigEndian: address.sin_port)
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  /// `http://127.0.0.1:<port>`.
  public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// A loopback URL where nothing listens: connecting is refused.
  public static func refusingURL() throws -> URL {
    let server = try FaultServer(.hang)
    let url = server.baseURL
    server.stop()
    return url
  }

  /// Closes the listener and every open connection.
  public func stop() {
    let sockets: [Int32]? = lock.withLock {
      if stopped { return nil }
      stopped = true
      defer { open = [] }
      return open
    }
    // Closing twice could close a descriptor number another server has been given since.
    guard let sockets else { return }
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
    for fd in sockets {
      shutdown(fd, Int32(SHUT_RDWR))
      close(fd)
    }
  }

  deinit { stop() }

  private func acceptLoop() {
    while true {
      let client = accept(listener, nil, nil)
      if client < 0 { return }
      let keep: Bool = lock.withLock {
        if stopped { return false }
        open.append(client)
        return true
      }
      guard keep else {
        close(client)
        return
      }
      let thread = Thread { [self] in serve(client) }
      thread.start()
    }
  }

  private func serve(_ fd: Int32) {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var received = Data()
    while !received.contains(Data("\r\n\r\n".utf8)) {
      let count = read(fd, &buffer, buffer.count)
      if count <= 0 { return }
      received.append(contentsOf: buffer[0..<count])
    }
    switch fault {
    case .hang:
      return  // the connection stays open until stop()
    case .resetMidBody:
      write(fd, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{\"data\":[1,2,3")
      var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
      setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
      finish(fd)
    case .trickle:
      write(fd, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n")
      for _ in 0..<60 {
        if isStopped || !write(fd, " ") { return }
        Thread.sleep(forTimeInterval: 1)
      }
      finish(fd)
    case .oversized(let bytes):
      write(fd, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n")
      let chunk = String(repeating: " ", count: 65_536)
      var sent = 0
      while sent < bytes, !isStopped, write(fd, chunk) { sent += chunk.utf8.count }
      finish(fd)
    case .malformedJSON:
      respond(fd, status: 200, body: "{\"data\": [{\"id\": \"1\", \"attributes\": {\"name\": ")
    case .wrongTypes:
      respond(
        fd, status: 200,
        body: "{\"data\": 5, \"id\": 7, \"display_name\": 12, \"_embedded\": \"x\", \"page\": \"one\", \"error\": 3}")
    case .retryAfterSeconds(let seconds):
      respond(fd, status: 429, body: "{\"error\": \"slow down\"}", headers: "Retry-After: \(seconds)\r\n")
    case .retryAfterDate(let seconds):
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "GMT")
      formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
      let date = formatter.string(from: Date().addingTimeInterval(TimeInterval(seconds)))
      respond(fd, status: 429, body: "{\"error\": \"slow down\"}", headers: "Retry-After: \(date)\r\n")
    case .status(let status):
      respond(fd, status: status, body: "{\"error\": {\"code\": \(status), \"message\": \"fault\"}}")
    }
  }

  private var isStopped: Bool { lock.withLock { stopped } }

  private func respond(_ fd: Int32, status: Int, body: String, headers: String = "") {
    write(
      fd,
      "HTTP/1.1 \(status) Fault\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
        + headers + "Connection: close\r\n\r\n" + body)
    finish(fd)
  }

  private func finish(_ fd: Int32) {
    let owned: Bool = lock.withLock {
      guard let index = open.firstIndex(of: fd) else { return false }
      open.remove(at: index)
      return true
    }
    if owned { close(fd) }
  }

  @discardableResult
  private func write(_ fd: Int32, _ text: String) -> Bool {
    let bytes = Array(text.utf8)
    let total = bytes.count
    var offset = 0
    while offset < total {
      let start = offset
      let count = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + start, total - start, Int32(MSG_NOSIGNAL)) }
      if count <= 0 { return false }
      offset += count
    }
    return true
  }

  private static func loopback(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
  }
}
