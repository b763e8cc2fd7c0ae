import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Bounded reads of standard input (or any descriptor) with read(2): a closed descriptor reads as empty
/// instead of trapping, and an endless input without line breaks (`</dev/zero`) cannot grow memory.
public enum StandardInput {
  /// Up to `limit` bytes, until end of input or an error (EBADF: nothing).
  public static func read(upTo limit: Int, from descriptor: Int32 = STDIN_FILENO) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while data.count < limit {
      let wanted = min(buffer.count, limit - data.count)
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      data.append(contentsOf: buffer[0..<count])
    }
    return data
  }

  /// The input's lines (without the line break, CR LF too), each at most `maxLineBytes`. A line longer than
  /// that ends the reading altogether (it is not a pasted address or a key): at most `maxLineBytes` are ever
  /// held
  /// (`</dev/zero` ends after `maxLineBytes` bytes).
  public static func lines(maxLineBytes: Int, from descriptor: Int32 = STDIN_FILENO) -> Lines {
    Lines(descriptor: descriptor, maxLineBytes: maxLineBytes)
  }

  public struct Lines: Sequence, IteratorProtocol {
    let descriptor: Int32
    let maxLineBytes: Int
    private var done = false

    init(descriptor: Int32, maxLineBytes: Int) {
      self.descriptor = descriptor
      self.maxLineBytes = maxLineBytes
    }

    /// One byte at a time, so nothing after the line is taken from the descriptor.
    public mutating func next() -> String? {
      guard !done else { return nil }
      var line: [UInt8] = []
      var byte: UInt8 = 0
      while true {
        let count = Glibc.read(descriptor, &byte, 1)
        if count < 0 && errno == EINTR { continue }
        if count <= 0 {
          done = true
          return line.isEmpty ? nil : Self.text(line)
        }
        if byte == 0x0A { return Self.text(line) }
        guard line.count < maxLineBytes else {
          done = true
          return nil
        }
        line.append(byte)
      }
    }

    static func text(_ bytes: [UInt8]) -> String {
      let trimmed = bytes.last == 0x0D ? bytes.dropLast() : bytes[...]
      return String(decoding: trimmed, as: UTF8.self)
    }
  }
}
