/// A text from any feature's key table, as a value: Sendable and Hashable, so `HelpText`, `Notice` and
/// reducer state can carry it. Every language is resolved when it is made (as the vault recovery screen
/// did before), so drawing needs no lookup by type name and a language switch needs nothing new.
public struct LocalizedText: Sendable, Hashable, CustomStringConvertible {
  /// "ExploreL10n.exploreSearch": which key this is (for test failures and logs; never shown).
  public let id: String
  let texts: [Language: String]

  /// `key` with its `{placeholders}` filled from `values`.
  public init<Key: LocalizedKey>(_ key: Key, _ values: [String: String] = [:]) {
    self.init(key) { _ in values }
  }

  /// `key` with placeholder values that are themselves localized: `values` is asked once per language
  /// (e.g. a failure's explanation inside "{reason} Showing the offline copy.").
  public init<Key: LocalizedKey>(_ key: Key, values: (Localizer) -> [String: String]) {
    id = "\(Key.self).\(key.rawValue)"
    var texts: [Language: String] = [:]
    for language in Language.allCases {
      let t = Localizer(language)
      texts[language] = t.text(key, values(t))
    }
    self.texts = texts
  }

  /// The text in `language` (English when missing).
  public func resolved(_ language: Language) -> String { texts[language] ?? texts[.en] ?? id }

  public var description: String { "\(id): \(resolved(.en))" }
}

extension Localizer {
  /// A text carried as a value, in this language.
  public subscript(_ text: LocalizedText) -> String { text.resolved(language) }
}
