import Foundation
import VibesCore

/// The two stable renderings of `vibes auth status`: undecorated English lines and the versioned JSON
/// (`{"version":1,"services":[…]}`, see Docs/cli.md).
public enum AuthStatusOutput {
  /// The JSON schema version; bump it when a field changes meaning or goes away.
  public static let schemaVersion = 1

  struct Document: Encodable {
    var version: Int
    var services: [AuthServiceStatus]
  }

  /// Pretty-printed, keys sorted, dates in ISO 8601 (UTC).
  public static func json(_ entries: [AuthServiceStatus]) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    let data = (try? encoder.encode(Document(version: schemaVersion, services: entries))) ?? Data()
    return escapingControls(String(decoding: data, as: UTF8.self))
  }

  /// JSONEncoder escapes C0 controls but writes DEL, C1 controls (U+0080-U+009F, 8-bit CSI/OSC) and bidi
  /// overrides and isolates as they are: each becomes a `\uXXXX` escape, so the document keeps the text
  /// while a terminal showing it sees only ASCII. Outside strings JSON holds none of them.
  static func escapingControls(_ json: String) -> String {
    var output = ""
    output.unicodeScalars.reserveCapacity(json.unicodeScalars.count)
    for scalar in json.unicodeScalars {
      switch scalar.value {
      case 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
        output +=
          "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      default:
        output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  /// One block per service; `decorated` adds ✓/✗ (only for a terminal). Network text is sanitised.
  public static func text(_ entries: [AuthServiceStatus], decorated: Bool) -> String {
    var lines: [String] = []
    for entry in entries {
      let mark = decorated ? (entry.isFine ? "✓ " : "✗ ") : ""
      lines.append(mark + entry.service.displayName + ": " + (entry.configured ? "configured" : "not configured"))
      guard entry.configured else { continue }
      let location = entry.store == "vault" ? "encrypted vault " + entry.location : entry.location
      lines.append("  stored in: " + location)
      for key in entry.details.keys.sorted() {
        lines.append("  " + key + ": " + TerminalText.sanitize(entry.details[key] ?? ""))
      }
      if let verified = entry.lastVerified { lines.append("  last verified: " + verified.formatted(.iso8601)) }
      if let check = entry.check {
        lines.append("  check: " + check.result + (check.message.map { " (" + TerminalText.sanitize($0) + ")" } ?? ""))
      }
    }
    return lines.joined(separator: "\n")
  }
}
