import Foundation

/// Turns what users really paste for a `.p8` key into a clean PKCS#8 PEM: CRLF or CR line ends, stray
/// spaces or tabs, literal `\n` escapes (from JSON or .env files), surrounding quotes, missing header
/// and footer lines, or the base64 body on one line. Returns nil when no base64 body is left.
public enum PrivateKeyText {
  static let beginPrefix = "-----BEGIN "
  static let endPrefix = "-----END "

  public static func normalize(_ raw: String) -> String? {
    var text = raw.replacingOccurrences(of: "\\r\\n", with: "\n")
      .replacingOccurrences(of: "\\n", with: "\n")
      .replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(of: "\r", with: "\n")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    for quote in ["\"", "'"] where text.count >= 2 && text.hasPrefix(quote) && text.hasSuffix(quote) {
      text = String(text.dropFirst().dropLast()).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    var label = "PRIVATE KEY"
    var body = ""
    for line in text.split(separator: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix(beginPrefix) {
        let inner = trimmed.dropFirst(beginPrefix.count).trimmingCharacters(
          in: CharacterSet(charactersIn: "- "))
        if inner == "EC PRIVATE KEY" { label = inner }
        body = ""
        continue
      }
      if trimmed.hasPrefix(endPrefix) { break }
      body += trimmed.filter { !$0.isWhitespace }
    }
    let base64 = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=")
    guard !body.isEmpty, body.allSatisfy({ base64.contains($0) }), Data(base64Encoded: body) != nil
    else {
      return nil
    }
    var lines: [String] = []
    var rest = Substring(body)
    while !rest.isEmpty {
      lines.append(String(rest.prefix(64)))
      rest = rest.dropFirst(64)
    }
    return "-----BEGIN \(label)-----\n" + lines.joined(separator: "\n")
      + "\n-----END \(label)-----\n"
  }

  /// True when the text is a single line naming a file (absolute, `~/`, or ending in `.p8`), not key content.
  public static func looksLikePath(_ raw: String) -> Bool {
    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty, !text.contains("\n"), !text.hasPrefix(beginPrefix) else { return false }
    return text.hasPrefix("/") || text.hasPrefix("~/") || text.lowercased().hasSuffix(".p8")
  }

  /// The Key ID in an `AuthKey_<KEYID>.p8` file name, if the path names one.
  public static func keyID(fromPath raw: String) -> String? {
    let name = (raw.trimmingCharacters(in: .whitespacesAndNewlines) as NSString).lastPathComponent
    guard name.hasPrefix("AuthKey_"), name.lowercased().hasSuffix(".p8") else { return nil }
    let id = String(name.dropFirst("AuthKey_".count).dropLast(3))
    guard !id.isEmpty, id.count <= 32, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
    else {
      return nil
    }
    return id
  }

  /// Expands `~/` against `home`.
  public static func expandPath(_ raw: String, home: String?) -> String {
    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    if text.hasPrefix("~/"), let home {
      return (home as NSString).appendingPathComponent(String(text.dropFirst(2)))
    }
    return text
  }
}
