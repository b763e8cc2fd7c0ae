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
    return String(decoding: data, as: UTF8.self)
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
