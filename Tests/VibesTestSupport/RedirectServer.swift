import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A raw-socket HTTP/1.1 server that records every request it gets (head and body, as bytes on the wire) and
/// answers each with `answer(path)`: a redirect, or a plain 200. For the redirect matrix: one instance redirects,
/// a second (on another port or another loopback address) must never see a request.
public final class RedirectServer: @unchecked Sendable {
  /// One answer: status, extra header lines (each ending in CRLF) and a JSON body.
  public struct Answer: Sendable {
    public var status: Int
    public var headers: String
    public var body: String
    public init(status: Int, headers: String = "", body: String = "{}") {
      self.status = status
      self.headers = headers
      self.body = body
    }

    /// `status` with `Location: location`.
    public static func redirect(_ status: Int, to location: String) -> Answer {
      Answer(status: status, headers: "Location: \(location)\r\n")
    }
  }

  /// One request as it arrived: the request line, the header lines and the body, undecoded.
  public struct Received: Sendable {
    public var raw: String
    public var path: String { String(raw.split(separator: " ", maxSplits: 2).dropFirst().first ?? "") }
  }

  public var port: UInt16 { listener.port }
  public let address: String
  private var listener: RawTCPListener!
  private let lock = NSLock()
  private var received: [Received] = []
  private let answer: @Sendable (String) -> Answer

  /// Listens on `address` (a loopback IPv4 literal) at a free port.
  public init(address: String = "127.0.0.1", answer: @escaping @Sendable (String) -> Answer) throws {
    self.address = address
    self.answer = answer
    listener = try RawTCPListener(address: address, reuseAddress: true) { [self] fd in serve(fd) }
  }

  /// `http://<address>:<port>`.
  public var baseURL: URL { URL(string: "http://\(address):\(port)")! }

  /// Every request received so far, in order.
  public var requests: [Received] { lock.withLock { received } }

  public func stop() { listener.stop() }

  deinit { stop() }

  /// Serves requests on one connection until the client closes it (keep-alive, as a real server would).
  private func serve(_ fd: Int32) {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var pending = Data()
    let separator = Data("\r\n\r\n".utf8)
    while true {
      while pending.range(of: separator) == nil {
        let count = read(fd, &buffer, buffer.count)
        if count <= 0 { return }
        pending.append(contentsOf: buffer[0..<count])
      }
      guard let end = pending.range(of: separator) else { return }
      let head = String(decoding: pending[..<end.lowerBound], as: UTF8.self)
      let length =
        head.lowercased().split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
        .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
      while pending.count - end.upperBound < min(length, 10_000_000) {
        let count = read(fd, &buffer, buffer.count)
        if count <= 0 { return }
        pending.append(contentsOf: buffer[0..<count])
      }
      let bodyEnd = end.upperBound + min(length, pending.count - end.upperBound)
      let body = String(decoding: pending[end.upperBound..<bodyEnd], as: UTF8.self)
      pending = Data(pending[bodyEnd...])
      let request = Received(raw: head + "\r\n\r\n" + body)
      lock.withLock { received.append(request) }
      let reply = answer(request.path)
      let text =
        "HTTP/1.1 \(reply.status) Answer\r\nContent-Type: application/json\r\nContent-Length: \(reply.body.utf8.count)\r\n"
        + reply.headers + "\r\n" + reply.body
      let bytes = Array(text.utf8)
      var offset = 0
      while offset < bytes.count {
        let start = offset
        let count = bytes.withUnsafeBytes {
          send(fd, $0.baseAddress! + start, bytes.count - start, Int32(MSG_NOSIGNAL))
        }
        if count <= 0 { return }
        offset += count
      }
    }
  }
}
