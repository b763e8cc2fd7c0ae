/// A decoded key press. The terminal edge turns raw bytes into these; the core never sees bytes.
public enum Key: Sendable, Hashable {
  /// A printable character (one grapheme). Control characters never arrive here.
  case character(Character)
  /// The same character typed with Alt (ESC prefix).
  case alt(Character)
  /// Ctrl plus a letter, lower-cased: Ctrl-S is `.ctrl("s")`. Ctrl-C, Ctrl-J etc. arrive this way
  /// except where a dedicated case exists (Tab, Enter, Backspace, Escape).
  case ctrl(Character)
  case enter
  case altEnter
  case tab
  case backTab
  case backspace
  case delete
  case escape
  case up, down, left, right
  case home, end, pageUp, pageDown
  case function(Int)
}

/// What the input edge delivers: a key, or a bracketed paste (text kept whole, line breaks included).
public enum InputEvent: Sendable, Hashable {
  case key(Key)
  case paste(String)
}
