import Foundation

/// Cleans text that arrives by paste before it enters a field: terminal control sequences are
/// stripped, single-line fields lose line breaks, secret fields lose all whitespace (a key copied
/// from a web page often brings a trailing newline or a leading space).
public enum PastedText {
  public static func clean(_ text: String, for kind: FieldKind) -> String {
    switch kind {
    case .multiline:
      return TerminalText.sanitize(text, keepNewlines: true)
    case .text, .picker, .button:
      let flat = TerminalText.sanitize(text, keepNewlines: true)
        .split(whereSeparator: \.isNewline).joined(separator: " ")
      return flat.trimmingCharacters(in: .whitespaces)
    case .secret:
      return String(TerminalText.sanitize(text, keepNewlines: false).filter { !$0.isWhitespace })
    }
  }
}
