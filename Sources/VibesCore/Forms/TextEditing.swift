/// The one text-input key map every field uses (credential forms, the Spotify paste field, the App Store
/// Connect and Tracker forms): characters, Backspace/Delete, ←/→, Home/End and the Emacs keys
/// Ctrl-A/E/B/F/H/D/U/K/W.
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

  /// Applies `key` to `input`; nil when the key is not a text-editing key.
  public static func apply(_ key: Key, to input: inout TextInput, allowsNewline: Bool = false) -> Outcome? {
    switch key {
    case .character(let character):
      if !input.insert(String(character)) { return .truncated }
    case .altEnter where allowsNewline, .ctrl("j") where allowsNewline:
      if !input.insert("\n") { return .truncated }
    case .backspace, .ctrl("h"):
      input.deleteBackward()
    case .delete, .ctrl("d"):
      input.deleteForward()
    case .ctrl("u"):
      input.clear()
    case .ctrl("k"):
      while input.cursor < input.text.count { input.deleteForward() }
    case .ctrl("w"):
      deleteWordBackward(&input)
    case .left, .ctrl("b"):
      input.moveLeft()
      return .moved
    case .right, .ctrl("f"):
      input.moveRight()
      return .moved
    case .home, .ctrl("a"):
      input.moveToStart()
      return .moved
    case .end, .ctrl("e"):
      input.moveToEnd()
      return .moved
    default:
      return nil
    }
    return .edited
  }

  /// The keys of this map as the help overlay lists them.
  public static var hints: [KeyHint] {
    [
      KeyHint(label: "← → Home End", help: .common(.helpEditing), inFooter: false),
      KeyHint(label: "Ctrl-U", help: .common(.helpClear), inFooter: false),
      KeyHint(label: "Ctrl-K / Ctrl-W", help: .common(.helpDeleteWord), inFooter: false),
    ]
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
