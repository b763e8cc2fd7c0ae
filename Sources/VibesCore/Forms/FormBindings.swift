/// The keys every form shares, as bindings each feature maps to its own commands.
public enum FormBindings {
  /// Tab/↓ move to the next field, Shift-Tab/↑ to the previous one (one footer entry).
  public static func focus<Command>(next: Command, previous: Command) -> [KeyBinding<Command>] {
    [
      KeyBinding([.tab, .down], "Tab / Shift-Tab", .common(.helpNextField), next),
      KeyBinding([.backTab, .up], "Tab / Shift-Tab", .common(.helpNextField), previous),
    ]
  }
}

extension Form {
  /// The keys that activate the focus: Enter or Space on a button; Enter alone on a multi-line field
  /// (Alt-Enter and Ctrl-J break the line there); Enter, Alt-Enter or Ctrl-J on a single-line field.
  public var activateKeys: [Key] {
    switch focusedField?.kind {
    case .button?: return [.enter, .character(" ")]
    case .multiline?: return [.enter]
    default: return [.enter, .altEnter, .ctrl("j")]
    }
  }
}
