import Foundation

/// A cell's grapheme as plain bytes, with no reference to count: a grid of cells is then made, copied, compared and
/// freed as plain memory (with a `String` in every cell, making, freeing and copying the grids of one frame was about
/// a sixth of a key's work, one retain or release call per cell). Up to 15 UTF-8 bytes are held inline — every
/// grapheme except long emoji ZWJ sequences and stacked combining marks — the longer ones are interned once per
/// process and held by their number. Equal bytes, equal text (no Unicode canonical equivalence: the terminal is sent
/// bytes, so different bytes are a different cell to draw).
struct CellText: Sendable, Hashable {
  /// Bytes 0–7 (or, interned, the number of the text in `CellTextTable`).
  private var low: UInt64
  /// Bytes 8–14; the top byte is the count (0–15), or `interned`.
  private var high: UInt64

  private static let interned: UInt64 = 0xFF

  /// The continuation's empty text: all bits zero.
  static let empty = CellText(low: 0, high: 0)

  private init(low: UInt64, high: UInt64) {
    self.low = low
    self.high = high
  }

  init(_ text: String) {
    let bytes = text.utf8
    let count = bytes.count
    guard count <= 15 else {
      self.init(low: UInt64(CellTextTable.shared.number(of: Array(bytes))), high: Self.interned << 56)
      return
    }
    var low: UInt64 = 0
    var high: UInt64 = 0
    var index = 0
    for byte in bytes {
      if index < 8 { low |= UInt64(byte) << (8 * index) } else { high |= UInt64(byte) << (8 * (index - 8)) }
      index += 1
    }
    self.init(low: low, high: high | UInt64(count) << 56)
  }

  /// One scalar's UTF-8 (at most 4 bytes), without making a `String` first.
  init(_ scalar: Unicode.Scalar) {
    var low: UInt64 = 0
    var count = 0
    for byte in UTF8.encode(scalar)! {
      low |= UInt64(byte) << (8 * count)
      count += 1
    }
    self.init(low: low, high: UInt64(count) << 56)
  }

  var isEmpty: Bool { low == 0 && high == 0 }

  /// One printable ASCII character (space to tilde): the terminal draws it as the grid does.
  var isPrintableASCII: Bool { high == 1 << 56 && low >= 0x20 && low < 0x7F }

  var string: String {
    if high >> 56 == Self.interned { return CellTextTable.shared.text(number: Int(low)) }
    let count = Int(high >> 56)
    let words = (low.littleEndian, high.littleEndian)
    return withUnsafeBytes(of: words) { String(decoding: $0.prefix(count), as: UTF8.self) }
  }
}

/// The graphemes longer than 15 bytes met so far, each once, by number. Such graphemes are rare (long ZWJ emoji
/// sequences, stacked marks); the table only grows, by the distinct ones ever drawn.
final class CellTextTable: @unchecked Sendable {
  // @unchecked: every access holds `lock` (views may render off the main actor in tests).
  static let shared = CellTextTable()
  private let lock = NSLock()
  private var texts: [String] = []
  private var numbers: [[UInt8]: Int] = [:]

  func number(of bytes: [UInt8]) -> Int {
    lock.withLock {
      if let number = numbers[bytes] { return number }
      texts.append(String(decoding: bytes, as: UTF8.self))
      numbers[bytes] = texts.count - 1
      return texts.count - 1
    }
  }

  func text(number: Int) -> String { lock.withLock { texts[number] } }
}
