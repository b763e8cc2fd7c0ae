/// An editable text value with a cursor, counted in grapheme clusters (what the user sees as characters).
public struct TextInput: Sendable, Hashable {
  public private(set) var text: String
  /// Cursor position as a grapheme index, 0...text.count.
  public private(set) var cursor: Int

  public init(_ text: String = "") {
    self.text = text
    self.cursor = text.count
  }

  public var isEmpty: Bool { text.isEmpty }

  public mutating func insert(_ string: String) {
    let index = text.index(text.startIndex, offsetBy: cursor)
    text.insert(contentsOf: string, at: index)
    cursor += string.count
  }

  public mutating func deleteBackward() {
    guard cursor > 0 else { return }
    let index = text.index(text.startIndex, offsetBy: cursor - 1)
    text.remove(at: index)
    cursor -= 1
  }

  public mutating func deleteForward() {
    guard cursor < text.count else { return }
    let index = text.index(text.startIndex, offsetBy: cursor)
    text.remove(at: index)
  }

  public mutating func moveLeft() { cursor = max(0, cursor - 1) }
  public mutating func moveRight() { cursor = min(text.count, cursor + 1) }
  public mutating func moveToStart() { cursor = 0 }
  public mutating func moveToEnd() { cursor = text.count }

  public mutating func clear() {
    text = ""
    cursor = 0
  }
}
