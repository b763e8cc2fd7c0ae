/// How a text field shows its text on screen.
public enum TextMasking: Sendable, Hashable {
  /// Drawn as typed.
  case none
  /// One bullet per character; the text itself is never drawn (keys, tokens).
  case secret
  /// An address readable up to its first "?", the query after it (a one-time code) as bullets.
  case query
}

/// One editable line as every text input of the app holds it — the form engine's fields, Explore's search,
/// Create's prompt and name: the text with its cursor and limit (``TextInput``), how it is shown
/// (``TextMasking``), what an empty field says, and whether it takes line breaks. Its keys are
/// ``TextEditing``'s bindings; the screen draws it with the one `TextFieldView`.
public struct TextField: Sendable, Hashable {
  public var input: TextInput
  public var masking: TextMasking
  /// What the empty field shows (dimmed), if anything.
  public var placeholder: LocalizedText?
  /// Alt-Enter / Ctrl-J break the line and pastes keep theirs.
  public var allowsNewline: Bool

  public init(
    _ input: TextInput = TextInput(), masking: TextMasking = .none, placeholder: LocalizedText? = nil,
    allowsNewline: Bool = false
  ) {
    self.input = input
    self.masking = masking
    self.placeholder = placeholder
    self.allowsNewline = allowsNewline
  }

  /// A field holding `text`, cursor at the end.
  public init(
    _ text: String, maxLength: Int = TextInput.defaultMaxLength, masking: TextMasking = .none,
    placeholder: LocalizedText? = nil
  ) {
    self.init(TextInput(text, maxLength: maxLength), masking: masking, placeholder: placeholder)
  }

  public var text: String { input.text }
  public var cursor: Int { input.cursor }
  public var isEmpty: Bool { input.isEmpty }

  /// Replaces the text (cursor at the end), keeping how the field shows it.
  public mutating func replace(with text: String) {
    input = TextInput(text, maxLength: input.maxLength)
  }

  public mutating func clear() { input.clear() }

  /// What a paste into this field is cleaned for (line breaks kept only where they are allowed, no
  /// whitespace in a secret or a pasted address with a code).
  public var pasteKind: FieldKind {
    if masking != .none { return .secret }
    return allowsNewline ? .multiline : .text
  }

  /// Applies an editing key (``TextEditing``'s bindings) or a paste at the cursor; nil when the event is not
  /// text editing.
  public mutating func edit(_ event: InputEvent) -> TextEditing.Outcome? {
    switch event {
    case .key(let key): return TextEditing.apply(key, to: &input, allowsNewline: allowsNewline)
    case .paste(let text): return TextEditing.paste(PastedText.clean(text, for: pasteKind), into: &input)
    }
  }
}
