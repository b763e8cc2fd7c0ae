/// One key binding as data: the keys, what they do, and how the footer and the help overlay name them.
/// Features list the bindings in force; the root dispatches by them and the UI draws from them, so the
/// keys shown can never drift from the keys that work.
public struct KeyBinding<Command: Sendable & Hashable>: Sendable, Hashable {
  public var keys: [Key]
  public var command: Command
  /// The keys as printed ("↑ ↓", "Ctrl-S"); German labels are derived (Strg, Umschalt).
  public var label: String
  public var help: HelpText
  /// Shown in the one-line footer (help lists every binding).
  public var inFooter: Bool

  public init(_ keys: [Key], _ label: String, _ help: HelpText, footer: Bool = true, _ command: Command) {
    self.keys = keys
    self.command = command
    self.label = label
    self.help = help
    self.inFooter = footer
  }

  /// The same binding with its command dropped, for drawing.
  public var hint: KeyHint { KeyHint(label: label, help: help, inFooter: inFooter) }
}

/// A binding as the footer and the help overlay show it.
public struct KeyHint: Sendable, Hashable {
  public var label: String
  public var help: HelpText
  public var inFooter: Bool
  public init(label: String, help: HelpText, inFooter: Bool = true) {
    self.label = label
    self.help = help
    self.inFooter = inFooter
  }
}

/// What a binding does, in words the UI localizes: a key of the shared table or of a feature's own table.
public enum HelpText: Sendable, Hashable {
  case common(L10n)
  case tracker(TrackerL10n)
  case appStoreConnect(AppStoreConnectL10n)
  case spotify(SpotifyL10n)
  /// A key of any other feature's table (Explore, Create, Profile, the Tutorial, the Feed, the vault).
  case localized(LocalizedText)

  /// A key of a feature's own table.
  public static func key<Key: LocalizedKey>(_ key: Key) -> HelpText { .localized(LocalizedText(key)) }
}

extension Array {
  /// The command bound to `key`, if any binding in this list takes it.
  public func command<Command>(for key: Key) -> Command? where Element == KeyBinding<Command> {
    first { $0.keys.contains(key) }?.command
  }
}
