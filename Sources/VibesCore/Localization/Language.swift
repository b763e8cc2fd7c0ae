import Foundation

/// The languages vibes speaks. English is the fallback for anything missing.
public enum Language: String, CaseIterable, Sendable {
  case en
  case de

  /// Picks the language the way gettext does: LANGUAGE (a colon list) first, then the first set of
  /// LC_ALL > LC_MESSAGES > LANG. "de_DE.UTF-8@euro" -> de. Foundation's Locale ignores these on Linux.
  public static func from(environment: [String: String]) -> Language {
    if let list = environment["LANGUAGE"], !list.isEmpty {
      for entry in list.split(separator: ":") {
        if let language = parse(String(entry)) { return language }
      }
    }
    for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      if let value = environment[variable], !value.isEmpty {
        return parse(value) ?? .en
      }
    }
    return .en
  }

  static func parse(_ value: String) -> Language? {
    var code = value
    if let at = code.firstIndex(of: "@") { code = String(code[..<at]) }
    if let dot = code.firstIndex(of: ".") { code = String(code[..<dot]) }
    let base = code.split(whereSeparator: { $0 == "_" || $0 == "-" }).first.map(String.init) ?? ""
    return Language(rawValue: base.lowercased())
  }
}

/// Looks up UI text. `{name}` placeholders are filled by `format`.
public struct Localizer: Sendable {
  public let language: Language

  public init(_ language: Language) { self.language = language }

  public subscript(_ key: L10n) -> String {
    Strings.table(for: language)[key] ?? Strings.english[key] ?? key.rawValue
  }

  public func format(_ key: L10n, _ values: [String: String]) -> String {
    var text = self[key]
    for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
    return text
  }
}
