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

  public var port: UInt16 { listener.port }
  private var listener: RawTCPListener!
  private let fault: Fault
  private let lock = NSLock()
  /// 200 bodies served, one per connection, before the fault (e.g. a good first page, then a fault on paging).
  private var goodAnswers: [String]

  /// Answers the first connections with `goodAnswers` (200, JSON, one each), every later one with `fault`.
  public init(_ fault: Fault, after goodAnswers: [String] = []) throws {
    self.fault = fault
    self.goodAnswers = goodAnswers
    listener = try RawTCPListener(address: "127.0.0.1") { [self] fd in serve(fd) }
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

  /// Stops the listener and every open connection (see `RawTCPListener`).
  public func stop() { listener.stop() }

  deinit { stop() }

  private func serve(_ fd: Int32) {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var received = Data()
    let separator = Data("\r\n\r\n".utf8)
    while received.range(of: separator) == nil {
      let count = read(fd, &buffer, buffer.count)
      if count <= 0 { return }
      received.append(contentsOf: buffer[0..<count])
    }
    // Read the request body too (a POST's): closing with it unread would reset the connection and hide the fault.
    if let end = received.range(of: separator) {
      let head = String(decoding: received[..<end.lowerBound], as: UTF8.self).lowercased()
      let length =
        head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
        .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
      var bodyBytes = received.count - end.upperBound
      while bodyBytes < min(length, 10_000_000) {
        let count = read(fd, &buffer, buffer.count)
        if count <= 0 { return }
        bodyBytes += count
      }
    }
    let good: String? = lock.withLock { goodAnswers.isEmpty ? nil : goodAnswers.removeFirst() }
    if let good {
      respond(fd, status: 200, body: good)
      return
    }
    switch fault {
    case .hang:
      // The connection stays open, unanswered, until the client gives up or stop() shuts it down.
      while read(fd, &buffer, buffer.count) > 0 {}
    case .resetMidBody:
      write(fd, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{\"data\":[1,2,3")
      var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
      setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    case .trickle:
      write(fd, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n")
      for _ in 0..<60 {
        if isStopped || !write(fd, " ") { return }
        Thread.sleep(forTimeInterval: 1)
      }
    case .oversized(let bytes):
      write(fd, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n")
      let chunk = String(repeating: " ", count: 65_536)
      var sent = 0
      while sent < bytes, !isStopped, write(fd, chunk) { sent += chunk.utf8.count }
    case .malformedJSON:
      respond(fd, status: 200, body: "{\"data\": [{\"id\": \"1\", \"attributes\": {\"name\": ")
    case .wrongTypes:
      respond(
        fd, status: 200,
        body: "{\"data\": 5, \"id\": 7, \"display_name\": 12, \"_embedded\": \"x\", \"page\": \"one\", \"error\": 3, "
          + "\"tracks\": 5, \"albums\": \"x\", \"artists\": [1], \"playlists\": true, \"candidates\": \"none\", "
          + "\"access_token\": 42, \"snapshot_id\": 9, \"name\": [], \"items\": {}}")
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

  private var isStopped: Bool { listener.isStopped }

  private func respond(_ fd: Int32, status: Int, body: String, headers: String = "") {
    write(
      fd,
      "HTTP/1.1 \(status) Fault\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
        + headers + "Connection: close\r\n\r\n" + body)
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
}
