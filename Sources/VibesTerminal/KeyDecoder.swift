import VibesCore

/// Turns raw terminal bytes into `InputEvent`s. Pure: no terminal, no clock (the caller decides when a lone Esc
/// has waited long enough and calls `flushPendingEscape`).
///
/// Rules: UTF-8 (also split across reads; each maximal invalid subsequence becomes one U+FFFD, as
/// `String(decoding:as:)` does; C1 controls dropped), printable runs grouped into
/// graphemes; C0 controls (Tab, CR = Enter, LF = Ctrl-J, DEL/BS = Backspace, other 0x00–0x1F as Ctrl + caret letter);
/// ESC + char = Alt; ESC + CR = Alt-Enter; CSI/SS3 cursor, Home/End, PageUp/Down, Delete, Shift-Tab, F1–F12
/// (xterm, rxvt and Linux console forms, modifiers ignored); unknown CSI swallowed whole; bracketed paste
/// (ESC[200~ … ESC[201~) delivered as one `.paste` with CR LF and lone CR turned into LF.
///
/// The terminal's answers to vibes' own questions (the graphics probe, `GraphicsProbe`) arrive on the same stdin and
/// never become keys: an APC string (`ESC _Gi=… ESC \`, kitty's graphics reply) is swallowed whole
/// however it is split across reads, and with DA1 (`ESC [ ? … c`) and window reports (`ESC [ … t`) is kept for
/// `takeReplies()`.
public struct KeyDecoder: Sendable {
  /// Unconsumed bytes: empty, an unfinished escape sequence, or an unfinished UTF-8 sequence.
  private var buffer: [UInt8] = []
  private var inPaste = false
  private var pasteBytes: [UInt8] = []
  /// Inside an APC string (`ESC _` seen, its `ESC \` not yet).
  private var inString = false
  private var stringBytes: [UInt8] = []
  /// Terminal replies decoded since the last `takeReplies()`, each whole (at most `maximumReplies` kept).
  private var replies: [[UInt8]] = []

  /// An APC string longer than this is no reply vibes asked for: it is dropped and decoding goes on as keys.
  static let maximumStringLength = 512
  /// The start of kitty's graphics reply after `ESC _`.
  static let kittyReplyStart: [UInt8] = Array("Gi=".utf8)
  static let maximumReplies = 16

  /// An unfinished CSI longer than this is garbage and is dropped.
  static let maximumSequenceLength = 64
  static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
  static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  public init() {}

  /// True when the bytes seen so far end in a lone ESC or an unfinished escape sequence: the caller should wait
  /// a short time (~25 ms) for more bytes and then call `flushPendingEscape`. Never true inside a paste.
  public var hasPendingEscape: Bool { !inPaste && !inString && buffer.first == 0x1B }

  /// True when the pending escape can no longer be a key being typed: a control sequence already into its
  /// parameters (`ESC [ 6 ; 2`), or the start of kitty's reply (`ESC _ G`). A terminal's reply over a slow link may
  /// arrive in pieces, so the caller waits longer for its rest (`InputReader.replyDelayMilliseconds`) than for a
  /// lone Esc; a key's sequence arrives in one piece.
  public var pendingEscapeIsReply: Bool {
    guard hasPendingEscape, buffer.count > 2 else { return false }
    return buffer[1] == UInt8(ascii: "[") || buffer[1] == UInt8(ascii: "_")
  }

  /// The terminal replies decoded so far (APC strings, DA1, window reports), oldest first; forgets them.
  public mutating func takeReplies() -> [[UInt8]] {
    defer { replies = [] }
    return replies
  }

  /// True while a bracketed paste has started but not ended.
  public var isInPaste: Bool { inPaste }

  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
    buffer.append(contentsOf: bytes)
    return decode(final: false)
  }

  /// Resolves a pending escape after the timeout: a lone ESC is Escape, ESC `[` or ESC `O` is Alt with that
  /// character, a longer unfinished sequence is dropped.
  public mutating func flushPendingEscape() -> [InputEvent] {
    guard hasPendingEscape else { return [] }
    return decode(final: true)
  }

  // MARK: - Decoding loop

  private enum Step {
    /// Events produced and the index of the next unread byte.
    case done([InputEvent], next: Int)
    case incomplete
  }

  private mutating func decode(final: Bool) -> [InputEvent] {
    var events: [InputEvent] = []
    var text = String.UnicodeScalarView()
    func flushText() {
      guard !text.isEmpty else { return }
      for character in String(text) { events.append(.key(.character(character))) }
      text = String.UnicodeScalarView()
    }

    var index = 0
    scan: while index < buffer.count {
      if inPaste {
        flushText()
        index = consumePaste(from: index, into: &events)
        if inPaste { break scan }
        continue
      }
      if inString {
        flushText()
        index = consumeString(from: index)
        if inString { break scan }
        continue
      }
      let byte = buffer[index]
      switch byte {
      case 0x1B:
        switch escape(at: index, final: final) {
        case .incomplete:
          break scan
        case .done(let produced, let next):
          flushText()
          events += produced
          index = next
        }
      case 0x20..<0x7F:
        text.append(Unicode.Scalar(byte))
        index += 1
      case 0x80...:
        switch Self.utf8Scalar(in: buffer, at: index) {
        case .incomplete:
          if final {
            text.append(Self.replacement)
            index = buffer.count
          } else {
            break scan
          }
        case .invalid(let length):
          text.append(Self.replacement)
          index += length
        case .scalar(let scalar, let length):
          if !Self.isC1(scalar) { text.append(scalar) }
          index += length
        }
      default:
        flushText()
        events.append(.key(Self.control(byte)))
        index += 1
      }
    }
    flushText()
    buffer.removeFirst(index)
    return events
  }

  // MARK: - Terminal replies

  private mutating func keepReply(_ bytes: [UInt8]) {
    guard replies.count < Self.maximumReplies else { return }
    replies.append(bytes)
  }

  /// Moves an APC string's bytes into `stringBytes` until its end (`ESC \`, or BEL as some terminals send);
  /// keeps a final ESC in the buffer for the next read.
  private mutating func consumeString(from start: Int) -> Int {
    var index = start
    while index < buffer.count {
      let byte = buffer[index]
      if byte == 0x07 {
        finishString()
        return index + 1
      }
      if byte == 0x1B {
        guard index + 1 < buffer.count else {
          append(buffer[start..<index])
          return index
        }
        if buffer[index + 1] == 0x5C {
          append(buffer[start..<index])
          finishString()
          return index + 2
        }
      }
      index += 1
    }
    append(buffer[start..<index])
    if stringBytes.count >= Self.maximumStringLength {
      // Never ended: not a reply (or a broken one); what follows is decoded as keys again.
      stringBytes = []
      inString = false
    }
    return index
  }

  private mutating func append(_ bytes: ArraySlice<UInt8>) {
    let room = Self.maximumStringLength - stringBytes.count
    if room > 0 { stringBytes += bytes.prefix(room) }
  }

  private mutating func finishString() {
    keepReply([0x1B, 0x5F] + stringBytes + [0x1B, 0x5C])
    stringBytes = []
    inString = false
  }

  // MARK: - Paste

  /// Moves paste content into `pasteBytes` until the end marker; keeps a possible partial marker in the buffer.
  private mutating func consumePaste(from start: Int, into events: inout [InputEvent]) -> Int {
    let marker = Self.pasteEnd
    var searchFrom = start
    while let escapeIndex = buffer[searchFrom...].firstIndex(of: 0x1B) {
      let available = buffer.count - escapeIndex
      if available >= marker.count {
        if buffer[escapeIndex..<escapeIndex + marker.count].elementsEqual(marker) {
          pasteBytes += buffer[start..<escapeIndex]
          events.append(.paste(Self.pasteText(pasteBytes)))
          pasteBytes = []
          inPaste = false
          return escapeIndex + marker.count
        }
      } else if buffer[escapeIndex...].elementsEqual(marker.prefix(available)) {
        // Maybe the start of the end marker: keep it for the next read.
        pasteBytes += buffer[start..<escapeIndex]
        return escapeIndex
      }
      searchFrom = escapeIndex + 1
    }
    pasteBytes += buffer[start...]
    return buffer.count
  }

  /// CR LF and lone CR become LF; each maximal invalid UTF-8 subsequence becomes U+FFFD; everything else (ESC
  /// included) is kept.
  static func pasteText(_ bytes: [UInt8]) -> String {
    var clean: [UInt8] = []
    clean.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0D {
        clean.append(0x0A)
        index += (index + 1 < bytes.count && bytes[index + 1] == 0x0A) ? 2 : 1
      } else if byte < 0x80 {
        clean.append(byte)
        index += 1
      } else {
        switch utf8Scalar(in: bytes, at: index) {
        case .scalar(_, let length):
          clean += bytes[index..<index + length]
          index += length
        case .invalid(let length):
          clean += replacementBytes
          index += length
        case .incomplete:
          clean += replacementBytes
          index = bytes.count
        }
      }
    }
    return String(decoding: clean, as: UTF8.self)
  }

  /// U+FFFD, what an invalid UTF-8 subsequence becomes.
  static let replacement: Unicode.Scalar = "\u{FFFD}"
  static let replacementBytes: [UInt8] = [0xEF, 0xBF, 0xBD]

  // MARK: - Escape sequences

  private mutating func escape(at start: Int, final: Bool) -> Step {
    let count = buffer.count
    guard start + 1 < count else {
      return final ? .done([.key(.escape)], next: count) : .incomplete
    }
    let second = buffer[start + 1]
    switch second {
    case UInt8(ascii: "["):
      return controlSequence(at: start, final: final)
    case UInt8(ascii: "O"):
      return singleShift(at: start, final: final)
    case UInt8(ascii: "_"):
      // APC: kitty's graphics reply (`ESC _ G i = … ESC \`), swallowed to its end however its bytes are split;
      // anything else after ESC _ is Alt-_.
      let available = buffer[(start + 2)...].prefix(Self.kittyReplyStart.count)
      guard available.elementsEqual(Self.kittyReplyStart.prefix(available.count)) else {
        return .done([.key(.alt("_"))], next: start + 2)
      }
      guard available.count == Self.kittyReplyStart.count else {
        return final ? .done([.key(.alt("_"))], next: start + 2) : .incomplete
      }
      inString = true
      stringBytes = Self.kittyReplyStart
      return .done([], next: start + 2 + Self.kittyReplyStart.count)
    case 0x0D:
      return .done([.key(.altEnter)], next: start + 2)
    case 0x7F, 0x08:
      // Alt-Backspace: there is no Alt variant of Backspace in `Key`.
      return .done([.key(.backspace)], next: start + 2)
    case 0x20..<0x7F:
      return .done([.key(.alt(Character(Unicode.Scalar(second))))], next: start + 2)
    case 0x80...:
      switch Self.utf8Scalar(in: buffer, at: start + 1) {
      case .incomplete:
        // At the timeout the unfinished bytes after the Escape become one U+FFFD (decoded next, as final).
        return final ? .done([.key(.escape)], next: start + 1) : .incomplete
      case .invalid:
        return .done([.key(.escape)], next: start + 1)
      case .scalar(let scalar, let length):
        if Self.isC1(scalar) { return .done([.key(.escape)], next: start + 1) }
        return .done([.key(.alt(Character(scalar)))], next: start + 1 + length)
      }
    default:
      // ESC ESC or ESC + another control: a plain Escape, the next byte is decoded on its own.
      return .done([.key(.escape)], next: start + 1)
    }
  }

  /// ESC [ params intermediates final.
  private mutating func controlSequence(at start: Int, final: Bool) -> Step {
    let count = buffer.count
    let body = start + 2
    // Linux console F1–F5: ESC [ [ A..E
    if body < count, buffer[body] == UInt8(ascii: "[") {
      guard body + 1 < count else { return final ? .done([], next: count) : .incomplete }
      let letter = buffer[body + 1]
      if (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(letter) {
        return .done([.key(.function(Int(letter - UInt8(ascii: "A")) + 1))], next: body + 2)
      }
      return .done([], next: body + 2)
    }
    var index = body
    while index < count, (0x30...0x3F).contains(buffer[index]) { index += 1 }
    let parametersEnd = index
    while index < count, (0x20...0x2F).contains(buffer[index]) { index += 1 }
    guard index < count else {
      if final {
        return index == body ? .done([.key(.alt("["))], next: count) : .done([], next: count)
      }
      if index - start > Self.maximumSequenceLength { return .done([], next: count) }
      return .incomplete
    }
    let finalByte = buffer[index]
    guard (0x40...0x7E).contains(finalByte) else {
      // Not a sequence after all: ESC [ alone is Alt-[, a broken sequence is dropped; the odd byte is decoded next.
      return .done(index == body ? [.key(.alt("["))] : [], next: index)
    }
    let next = index + 1
    guard parametersEnd == index else { return .done([], next: next) }  // intermediates: unknown
    let parameterBytes = buffer[body..<parametersEnd]
    if let first = parameterBytes.first, (0x3C...0x3F).contains(first) {
      // Private sequences (mouse, replies): swallowed; DA1 (`ESC [ ? … c`) is kept for the graphics probe.
      if first == UInt8(ascii: "?"), finalByte == UInt8(ascii: "c") { keepReply(Array(buffer[start..<next])) }
      return .done([], next: next)
    }
    if finalByte == UInt8(ascii: "t") {
      keepReply(Array(buffer[start..<next]))  // a window report (`ESC [ 6 ; h ; w t`: the cell size in pixels)
      return .done([], next: next)
    }
    let parameters = parameterBytes.split(
      separator: UInt8(ascii: ";"), omittingEmptySubsequences: false
    )
    .map { digits -> Int? in
      guard !digits.isEmpty, digits.count <= 6,
        digits.allSatisfy({ (0x30...0x39).contains($0) })
      else { return nil }
      return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
    let firstParameter = parameters.first ?? nil

    if finalByte == UInt8(ascii: "~") {
      switch firstParameter {
      case 200:
        inPaste = true
        pasteBytes = []
        return .done([], next: next)
      case 1, 7: return .done([.key(.home)], next: next)
      case 4, 8: return .done([.key(.end)], next: next)
      case 3: return .done([.key(.delete)], next: next)
      case 5: return .done([.key(.pageUp)], next: next)
      case 6: return .done([.key(.pageDown)], next: next)
      case .some(let code):
        if let number = Self.functionKeyNumbers[code] {
          return .done([.key(.function(number))], next: next)
        }
        return .done([], next: next)
      case nil:
        return .done([], next: next)
      }
    }
    if (UInt8(ascii: "P")...UInt8(ascii: "S")).contains(finalByte), (firstParameter ?? 1) != 1 {
      return .done([], next: next)  // a cursor position report (ESC [ row ; column R), not F1–F4
    }
    if let key = Self.letterKey(finalByte) { return .done([.key(key)], next: next) }
    return .done([], next: next)
  }

  /// ESC O [digits] final.
  private mutating func singleShift(at start: Int, final: Bool) -> Step {
    let count = buffer.count
    var index = start + 2
    while index < count, (0x30...0x39).contains(buffer[index]) { index += 1 }
    guard index < count else {
      if final {
        return index == start + 2 ? .done([.key(.alt("O"))], next: count) : .done([], next: count)
      }
      return .incomplete
    }
    let finalByte = buffer[index]
    guard (0x40...0x7E).contains(finalByte) else {
      return .done(index == start + 2 ? [.key(.alt("O"))] : [], next: index)
    }
    let next = index + 1
    if let key = Self.letterKey(finalByte) { return .done([.key(key)], next: next) }
    switch finalByte {
    case UInt8(ascii: "M"): return .done([.key(.enter)], next: next)
    case UInt8(ascii: "X"): return .done([.key(.character("="))], next: next)
    case UInt8(ascii: "j")...UInt8(ascii: "y"):
      let keypad: [Character] = [
        "*", "+", ",", "-", ".", "/", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9",
      ]
      return .done([.key(.character(keypad[Int(finalByte - UInt8(ascii: "j"))]))], next: next)
    default: return .done([], next: next)
    }
  }

  /// Final letters shared by CSI and SS3 (modifier parameters ignored).
  private static func letterKey(_ byte: UInt8) -> Key? {
    switch byte {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    case UInt8(ascii: "Z"): .backTab
    case UInt8(ascii: "P"): .function(1)
    case UInt8(ascii: "Q"): .function(2)
    case UInt8(ascii: "R"): .function(3)
    case UInt8(ascii: "S"): .function(4)
    default: nil
    }
  }

  /// `ESC [ n ~` codes of function keys (xterm and rxvt).
  private static let functionKeyNumbers: [Int: Int] = [
    11: 1, 12: 2, 13: 3, 14: 4, 15: 5, 17: 6, 18: 7, 19: 8, 20: 9, 21: 10, 23: 11, 24: 12,
  ]

  // MARK: - Bytes

  static func control(_ byte: UInt8) -> Key {
    switch byte {
    case 0x09: .tab
    case 0x0D: .enter
    case 0x0A: .ctrl("j")
    case 0x08, 0x7F: .backspace
    case 0x01...0x1A: .ctrl(Character(Unicode.Scalar(byte + 0x60)))
    // 0x00 @, 0x1C \, 0x1D ], 0x1E ^, 0x1F _
    default: .ctrl(Character(Unicode.Scalar(byte + 0x40)))
    }
  }

  static func isC1(_ scalar: Unicode.Scalar) -> Bool { (0x80...0x9F).contains(scalar.value) }

  enum UTF8Step: Equatable {
    case scalar(Unicode.Scalar, length: Int)
    /// Not UTF-8: the maximal subpart (the longest start of a well-formed sequence, at least one byte) is this long.
    case invalid(length: Int)
    case incomplete
  }

  /// Decodes one scalar at `start`; `.invalid(length:)` gives how many bytes one U+FFFD stands for.
  static func utf8Scalar(in bytes: [UInt8], at start: Int) -> UTF8Step {
    let lead = bytes[start]
    let length: Int
    var value: UInt32
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0x00...0x7F: return .scalar(Unicode.Scalar(lead), length: 1)
    case 0xC2...0xDF:
      length = 2
      value = UInt32(lead & 0x1F)
    case 0xE0...0xEF:
      length = 3
      value = UInt32(lead & 0x0F)
      if lead == 0xE0 { secondRange = 0xA0...0xBF }
      if lead == 0xED { secondRange = 0x80...0x9F }
    case 0xF0...0xF4:
      length = 4
      value = UInt32(lead & 0x07)
      if lead == 0xF0 { secondRange = 0x90...0xBF }
      if lead == 0xF4 { secondRange = 0x80...0x8F }
    default: return .invalid(length: 1)
    }
    for offset in 1..<length {
      guard start + offset < bytes.count else { return .incomplete }
      let byte = bytes[start + offset]
      let range: ClosedRange<UInt8> = offset == 1 ? secondRange : 0x80...0xBF
      guard range.contains(byte) else { return .invalid(length: offset) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard let scalar = Unicode.Scalar(value) else { return .invalid(length: length) }
    return .scalar(scalar, length: length)
  }
}
