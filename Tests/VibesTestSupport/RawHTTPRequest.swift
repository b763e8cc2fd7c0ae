import Foundation

/// One HTTP/1.1 request read off a raw socket by the tests' hand-written servers (the ones that need to control
/// connections themselves: keep-alive, drops): its request line and headers; the body is read and skipped.
public struct RawHTTPRequest: Sendable {
  public let method: String
  /// The head's lines, the request line first.
  public let lines: [String]

  /// Whether the request asks for its connection to be closed (`Connection: close`).
  public var asksClose: Bool {
    lines.contains { $0.lowercased().hasPrefix("connection:") && $0.lowercased().contains("close") }
  }

  /// Reads the next request from `connection`, keeping what follows it in `buffer`; nil when the peer closed first.
  public static func read(from connection: Int32, buffer: inout [UInt8]) -> RawHTTPRequest? {
    var chunk = [UInt8](repeating: 0, count: 4096)
    var headEnd = find(Array("\r\n\r\n".utf8), in: buffer)
    while headEnd == nil {
      let count = Glibc.read(connection, &chunk, chunk.count)
      if count <= 0 { return nil }
      buffer += chunk[0..<count]
      headEnd = find(Array("\r\n\r\n".utf8), in: buffer)
    }
    guard let end = headEnd else { return nil }
    let lines = String(decoding: buffer[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let length =
      lines.compactMap { line -> Int? in
        let parts = line.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
        return Int(parts[1].trimmingCharacters(in: .whitespaces))
      }.first ?? 0
    while buffer.count < end + 4 + length {
      let count = Glibc.read(connection, &chunk, chunk.count)
      if count <= 0 { return nil }
      buffer += chunk[0..<count]
    }
    buffer.removeFirst(end + 4 + length)
    return RawHTTPRequest(method: String(lines.first?.split(separator: " ").first ?? ""), lines: lines)
  }

  static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    for start in 0...(haystack.count - needle.count) where Array(haystack[start..<start + needle.count]) == needle {
      return start
    }
    return nil
  }
}
