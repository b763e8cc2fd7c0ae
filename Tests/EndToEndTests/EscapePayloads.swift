import Foundation

/// Terminal-escape payloads for the escape-injection end-to-end tests (issue 15, item 7), and a scanner for
/// what reached the terminal. Each payload starts with a plain marker word so a test can see its row was drawn.
enum EscapePayloads {
  /// The marker words, in payload order.
  static let markers = ["OSC0", "OSC8", "OSC52", "CSI2J", "DCS", "C1", "BIDI", "CTRL", "LONG", "TAIL"]

  /// One payload per trick, each marker prefixed with `tag` (to tell fields apart): OSC 0 (title), OSC 8 (link),
  /// OSC 52 (clipboard), CSI 2J (wipe), DCS (sixel), 8-bit C1 CSI/OSC, a bidi override, NUL/CR/BS, a
  /// 10,000-character line, and a plain row after it (to see the long one did not break the next row).
  static func all(_ tag: String = "") -> [String] {
    [
      "\(tag)OSC0 \u{1b}]0;PWNED-TITLE\u{07}x",
      "\(tag)OSC8 \u{1b}]8;;https://evil.example\u{1b}\\link\u{1b}]8;;\u{1b}\\",
      "\(tag)OSC52 \u{1b}]52;c;cHduZWQ=\u{07}",
      "\(tag)CSI2J \u{1b}[2J\u{1b}[H",
      "\(tag)DCS \u{1b}Pq#0;2;0;0;0\u{1b}\\",
      "\(tag)C1 \u{9b}31m\u{9d}0;PWNED\u{9c}",
      "\(tag)BIDI \u{202e}txet\u{202c}",
      "\(tag)CTRL A\u{0}B\rC\u{8}D",
      "\(tag)LONG " + String(repeating: "W", count: 10_000),
      "\(tag)TAIL plain",
    ]
  }

  /// The untagged payloads.
  static let payloads = all()

  /// Text that only shows when a payload was drawn unsanitised (the terminal layer drops the ESC and C1 bytes
  /// themselves, but the rest of the sequence would then appear as text).
  static let residues = ["PWNED", "evil.example", "cHduZWQ", "[2J", "#0;2;0", "31m"]

  /// The OSC 8 link targets vibes itself writes (the services' pages); any other OSC is from the data.
  static let serviceLinks = [
    "https://appstoreconnect.apple.com/", "https://developer.ticketmaster.com/", "https://developer.spotify.com/",
    "https://www.ticketmaster.com/", "https://www.ticketmaster.de/", "https://open.spotify.com/",
    "https://aistudio.google.com/", "https://accounts.spotify.com/", "https://www.openstreetmap.org/",
  ]

  /// Bytes that start a control string, an 8-bit control or a bidi override in what the terminal received.
  /// OSC 8 links are allowed to `links` (and the link-closing `OSC 8 ;;`).
  static func injected(_ raw: Data, links: [String] = serviceLinks) -> [String] {
    let bytes = [UInt8](raw)
    var found: [String] = []
    for index in bytes.indices.dropLast() {
      let pair = (bytes[index], bytes[index + 1])
      if pair == (0x1b, 0x5d) {
        let rest = String(decoding: bytes[(index + 2)..<min(bytes.count, index + 200)], as: UTF8.self)
        let own = links.map { "8;;" + $0 } + ["8;;\u{1b}\\"]
        if !own.contains(where: { rest.hasPrefix($0) }) || rest.hasPrefix("8;;https://evil") {
          found.append("OSC at \(index)")
        }
      }
      if pair == (0x1b, 0x50) { found.append("DCS at \(index)") }
      if pair == (0xc2, 0x9b) || pair == (0xc2, 0x9d) || pair == (0xc2, 0x90) || pair == (0xc2, 0x9c) {
        found.append("C1 at \(index)")
      }
      if pair == (0xe2, 0x80), index + 2 < bytes.count, (0xaa...0xae).contains(bytes[index + 2]) {
        found.append("bidi override at \(index)")
      }
      if pair == (0xe2, 0x81), index + 2 < bytes.count, (0xa6...0xa9).contains(bytes[index + 2]) {
        found.append("bidi isolate at \(index)")
      }
    }
    return found
  }

  /// The raw bytes around the first finding, to show in a failure.
  static func context(of findings: [String], in raw: Data) -> String {
    guard let first = findings.first, let offset = Int(first.split(separator: " ").last ?? "") else { return "" }
    let bytes = [UInt8](raw)
    return String(decoding: bytes[max(0, offset - 40)..<min(bytes.count, offset + 80)], as: UTF8.self)
      .debugDescription
  }
}
