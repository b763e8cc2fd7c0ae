import VibesUI

/// Byte builders for what ncurses does not send: bracketed paste, OSC 8 hyperlinks, OSC 52 clipboard.
enum TerminalBytes {
  static let bracketedPasteOn: [UInt8] = Array("\u{1B}[?2004h".utf8)
  static let bracketedPasteOff: [UInt8] = Array("\u{1B}[?2004l".utf8)
  static let saveCursor: [UInt8] = [0x1B, UInt8(ascii: "7")]
  static let restoreCursor: [UInt8] = [0x1B, UInt8(ascii: "8")]
  static let stringTerminator: [UInt8] = [0x1B, UInt8(ascii: "\\")]

  /// OSC 52 copy to the system clipboard: ESC ] 52 ; c ; base64 BEL.
  static func clipboard(_ text: String) -> [UInt8] {
    Array("\u{1B}]52;c;".utf8) + Array(base64(Array(text.utf8)).utf8) + [0x07]
  }

  /// CSI row;column H with 0-based arguments.
  static func moveCursor(row: Int, column: Int) -> [UInt8] {
    Array("\u{1B}[\(row + 1);\(column + 1)H".utf8)
  }

  static func hyperlinkOpen(_ url: String) -> [UInt8] {
    Array("\u{1B}]8;;".utf8) + Array(sanitizedURL(url).utf8) + stringTerminator
  }

  static let hyperlinkClose: [UInt8] = Array("\u{1B}]8;;".utf8) + stringTerminator

  /// A URL safe inside OSC 8: control characters removed, every byte outside printable ASCII (and space)
  /// percent-encoded, so the URL can neither end the sequence early nor inject escapes.
  static func sanitizedURL(_ url: String) -> String {
    var result = ""
    for scalar in url.unicodeScalars where !isControl(scalar) {
      if scalar.value > 0x20 && scalar.value < 0x7F {
        result.unicodeScalars.append(scalar)
      } else {
        for byte in String(scalar).utf8 {
          result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }
      }
    }
    return result
  }

  /// SGR for a cell style: a reset, then attributes, then colours (only when colours are on).
  static func sgr(_ style: CellStyle, colors: Bool) -> [UInt8] {
    var codes = ["0"]
    if style.attributes.contains(.bold) { codes.append("1") }
    if style.attributes.contains(.dim) { codes.append("2") }
    if style.attributes.contains(.underline) { codes.append("4") }
    if style.attributes.contains(.reverse) { codes.append("7") }
    if colors {
      if let foreground = ansiIndex(style.foreground) { codes.append(String(30 + foreground)) }
      if let background = ansiIndex(style.background) { codes.append(String(40 + background)) }
    }
    return Array("\u{1B}[\(codes.joined(separator: ";"))m".utf8)
  }

  private static func ansiIndex(_ color: TerminalColor) -> Int? {
    color == .default
      ? nil : Int(ColorPairTable.number(color, foreground: true, defaultColors: true))
  }

  /// Re-writes the grid's own text over `width` cells from (row, column) with the same styles, wrapped in an
  /// OSC 8 hyperlink when `url` is given, between save-cursor and restore-cursor so ncurses' idea of the cursor
  /// and attributes stays true. After any non-ASCII cell the cursor is placed again, so a terminal that measures
  /// a grapheme differently cannot shift the rest. Empty when nothing of it is inside the grid.
  static func overwrite(
    _ grid: Grid, row: Int, column: Int, width: Int, url: String?, colors: Bool
  ) -> [UInt8] {
    var start = max(0, column)
    let end = min(grid.width, column + width)
    guard row >= 0, row < grid.height else { return [] }
    while start < end && grid[row, start].isContinuation { start += 1 }
    guard start < end else { return [] }
    var bytes = saveCursor + moveCursor(row: row, column: start)
    if let url { bytes += hyperlinkOpen(url) }
    var lastStyle: CellStyle?
    var realign = false
    for index in start..<end {
      let cell = grid[row, index]
      if cell.isContinuation { continue }
      if realign { bytes += moveCursor(row: row, column: index) }
      if cell.style != lastStyle {
        bytes += sgr(cell.style, colors: colors)
        lastStyle = cell.style
      }
      let text = displayText(cell.text)
      bytes += Array(text.utf8)
      realign = !text.unicodeScalars.allSatisfy(\.isASCII)
    }
    if url != nil { bytes += hyperlinkClose }
    return bytes + restoreCursor
  }

  static func overwrite(_ grid: Grid, span: Hyperlink, url: String?, colors: Bool) -> [UInt8] {
    overwrite(
      grid, row: span.position.row, column: span.position.column, width: span.width, url: url,
      colors: colors)
  }

  /// Cell text safe to draw: control characters (C0, DEL, C1) removed; nothing left is a space.
  static func displayText(_ text: String) -> String {
    if text.unicodeScalars.allSatisfy({ !isControl($0) }) { return text.isEmpty ? " " : text }
    var clean = String.UnicodeScalarView()
    clean.append(contentsOf: text.unicodeScalars.filter { !isControl($0) })
    return clean.isEmpty ? " " : String(clean)
  }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  static func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let remaining = bytes.count - index
      let b0 = UInt32(bytes[index])
      let b1 = remaining > 1 ? UInt32(bytes[index + 1]) : 0
      let b2 = remaining > 2 ? UInt32(bytes[index + 2]) : 0
      let triple = b0 << 16 | b1 << 8 | b2
      out.append(alphabet[Int(triple >> 18 & 0x3F)])
      out.append(alphabet[Int(triple >> 12 & 0x3F)])
      out.append(remaining > 1 ? alphabet[Int(triple >> 6 & 0x3F)] : UInt8(ascii: "="))
      out.append(remaining > 2 ? alphabet[Int(triple & 0x3F)] : UInt8(ascii: "="))
      index += 3
    }
    return String(decoding: out, as: UTF8.self)
  }
}

extension String {
  fileprivate func leftPadded(to length: Int) -> String {
    count >= length ? self : String(repeating: "0", count: length - count) + self
  }
}
