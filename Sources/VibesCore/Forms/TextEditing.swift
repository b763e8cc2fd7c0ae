/// The one text-input key map every field uses (the form engine's fields, Explore's search, Create's prompt
/// and name): characters, Backspace/Delete, ←/→, Home/End and the Emacs keys Ctrl-A/E/B/F/H/D/U/K/W. The keys
/// are declared once as ``KeyBinding`` data; `apply` dispatches by them and `hints` (the help overlay's text
/// keys) is generated from them, so the keys listed can never drift from the keys that work.
public enum TextEditing {
  /// What a key did to the text.
  public enum Outcome: Sendable, Hashable {
    /// The text changed (so a field's error is stale).
    case edited
    /// Only the cursor moved.
    case moved
    /// The text changed but did not all fit (the field is full).
    case truncated

    /// True when the text changed (so a field's error is stale).
    public var changedText: Bool { self != .moved }
  }

  /// What an editing key does.
  public enum Command: Sendable, Hashable, CaseIterable {
    case deleteBackward, deleteForward
    case clear, deleteToEnd, deleteWordBackward
    case moveLeft, moveRight, moveToStart, moveToEnd
    /// Breaks the line (multi-line fields only; elsewhere the key is not an editing key).
    case insertLineBreak
  }

  /// The editing keys the help overlay lists (one line per label, in this order).
  public static let bindings: [KeyBinding<Command>] = [
    KeyBinding([.left, .ctrl("b")], "← → Home End", .common(.helpEditing), footer: false, .moveLeft),
    KeyBinding([.right, .ctrl("f")], "← → Home End", .common(.helpEditing), footer: false, .moveRight),
    KeyBinding([.home, .ctrl("a")], "← → Home End", .common(.helpEditing), footer: false, .moveToStart),
    KeyBinding([.end, .ctrl("e")], "← → Home End", .common(.helpEditing), footer: false, .moveToEnd),
    KeyBinding([.ctrl("u")], "Ctrl-U", .common(.helpClear), footer: false, .clear),
    KeyBinding([.ctrl("k")], "Ctrl-K / Ctrl-W", .common(.helpDeleteWord), footer: false, .deleteToEnd),
    KeyBinding([.ctrl("w")], "Ctrl-K / Ctrl-W", .common(.helpDeleteWord), footer: false, .deleteWordBackward),
  ]

  /// The editing keys every keyboard labels and the help does not list: Backspace, Delete and the line break.
  public static let typingBindings: [KeyBinding<Command>] = [
    KeyBinding([.backspace, .ctrl("h")], "Backspace", .common(.helpEditing), footer: false, .deleteBackward),
    KeyBinding([.delete, .ctrl("d")], "Delete", .common(.helpEditing), footer: false, .deleteForward),
    KeyBinding([.altEnter, .ctrl("j")], "Alt-Enter / Ctrl-J", .common(.helpEditing), footer: false, .insertLineBreak),
  ]

  /// The keys of this map as the help overlay lists them, generated from `bindings` (one per label).
  public static var hints: [KeyHint] {
    var seen = Set<String>()
    return bindings.map(\.hint).filter { seen.insert($0.label).inserted }
  }

  /// The editing command bound to `key`, if any.
  public static func command(for key: Key) -> Command? {
    typingBindings.command(for: key) ?? bindings.command(for: key)
  }

  /// Applies `key` to `input`; nil when the key is not a text-editing key.
  public static func apply(_ key: Key, to input: inout TextInput, allowsNewline: Bool = false) -> Outcome? {
    if case .character(let character) = key {
      return input.insert(String(character)) ? .edited : .truncated
    }
    guard let command = command(for: key) else { return nil }
    return perform(command, on: &input, allowsNewline: allowsNewline)
  }

  /// Runs `command` on `input`; nil when it does not apply (a line break in a single-line field).
  public static func perform(_ command: Command, on input: inout TextInput, allowsNewline: Bool = false) -> Outcome? {
    switch command {
    case .insertLineBreak:
      guard allowsNewline else { return nil }
      if !input.insert("\n") { return .truncated }
    case .deleteBackward: input.deleteBackward()
    case .deleteForward: input.deleteForward()
    case .clear: input.clear()
    case .deleteToEnd: while input.cursor < input.graphemeCount { input.deleteForward() }
    case .deleteWordBackward: deleteWordBackward(&input)
    case .moveLeft:
      input.moveLeft()
      return .moved
    case .moveRight:
      input.moveRight()
      return .moved
    case .moveToStart:
      input.moveToStart()
      return .moved
    case .moveToEnd:
      input.moveToEnd()
      return .moved
    }
    return .edited
  }

  /// A paste into `input`; `.truncated` when it did not all fit.
  public static func paste(_ text: String, into input: inout TextInput) -> Outcome {
    input.insert(text) ? .edited : .truncated
  }

  static func deleteWordBackward(_ input: inout TextInput) {
    let characters = Array(input.text)
    var cursor = input.cursor
    while cursor > 0, characters[cursor - 1].isWhitespace {
      input.deleteBackward()
      cursor -= 1
    }
    while cursor > 0, !characters[cursor - 1].isWhitespace {
      input.deleteBackward()
      cursor -= 1
    }
  }
}
