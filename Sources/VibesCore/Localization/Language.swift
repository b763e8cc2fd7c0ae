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

  /// The Foundation locale for dates in this language ("de_DE").
  public var localeIdentifier: String {
    switch self {
    case .en: return "en_GB"
    case .de: return "de_DE"
    }
  }

  static func parse(_ value: String) -> Language? {
    var code = value
    if let at = code.firstIndex(of: "@") { code = String(code[..<at]) }
    if let dot = code.firstIndex(of: ".") { code = String(code[..<dot]) }
    let base = code.split(whereSeparator: { $0 == "_" || $0 == "-" }).first.map(String.init) ?? ""
    return Language(rawValue: base.lowercased())
  }
}

/// A feature's table of UI text. Each feature (the Feed setup, App Store Connect, the Tracker) has
/// its own key enum and tables, so features add text without touching each other's files; a test
/// per key type checks that every language has every key with the same placeholders.
public protocol LocalizedKey: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {
  static func table(for language: Language) -> [Self: String]
}

/// Looks up UI text. `{name}` placeholders are filled by `format`.
public struct Localizer: Sendable {
  public let language: Language

  public init(_ language: Language) { self.language = language }

  /// The text for `key`, with `{name}` placeholders filled from `values`; English when this
  /// language lacks the key. Key types add `subscript(_:)`/`format(_:_:)` overloads calling this,
  /// so call sites can write `t[.someKey]`.
  public func text<Key: LocalizedKey>(_ key: Key, _ values: [String: String] = [:]) -> String {
    let template = Key.table(for: language)[key] ?? Key.table(for: .en)[key] ?? key.rawValue
    return values.isEmpty ? template : Self.fill(template, values)
  }

  /// Replaces each `{name}` of `template` in one pass, so a value that itself holds braces (a playlist
  /// called "{count}") is inserted as it is and never filled in turn. Unknown names stay as written.
  static func fill(_ template: String, _ values: [String: String]) -> String {
    var result = ""
    var rest = template[...]
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      result += rest[..<open]
      let name = String(rest[rest.index(after: open)..<close])
      if let value = values[name] { result += value } else { result += rest[open...close] }
      rest = rest[rest.index(after: close)...]
    }
    result += rest
    return result
  }
}

/// Checks a key type's tables: every key present and non-empty in every language, with the same
/// `{placeholders}` as English. Returns the problems found (empty when all is well).
public enum LocalizationAudit {
  public static func problems<Key: LocalizedKey>(_ type: Key.Type) -> [String] {
    var problems: [String] = []
    let english = Key.table(for: .en)
    for language in Language.allCases {
      let table = Key.table(for: language)
      for key in Key.allCases {
        guard let text = table[key], !text.isEmpty else {
          problems.append("\(language): missing \(Key.self).\(key.rawValue)")
          continue
        }
        if placeholders(text) != placeholders(english[key] ?? "") {
          problems.append("\(language): placeholders differ in \(Key.self).\(key.rawValue)")
        }
      }
    }
    return problems
  }

  static func placeholders(_ text: String) -> Set<String> {
    var result = Set<String>()
    var current: String?
    for character in text {
      if character == "{" {
        current = ""
      } else if character == "}", let name = current {
        result.insert(name)
        current = nil
      } else if current != nil {
        current?.append(character)
      }
    }
    return result
  }
}
