/// An editable text value with a cursor, counted in grapheme clusters (what the user sees as characters).
///
/// Safe for any Unicode the keyboard or a paste delivers: a combining mark or a zero-width joiner that
/// arrives as its own insert merges into the cluster before it, and the cursor is recomputed from scalar
/// offsets, so it always stays on a cluster boundary within `0...graphemeCount`. Control characters
/// (NUL, ESC, C1...) are dropped; only the line feed is kept (multi-line fields insert it on purpose).
/// A field holds at most `maxLength` clusters and `maxLength * scalarsPerCluster` scalars; an insert
/// that does not fit is cut and `wasTruncated` says so. Every operation is linear in the field's length.
public struct TextInput: Sendable, Hashable {
  /// The default cap of a field, in grapheme clusters.
  public static let defaultMaxLength = 4096
  /// Scalars allowed per cluster on average, which bounds a cluster made of endless combining marks.
  public static let scalarsPerCluster = 32

  public private(set) var text: String
  /// Cursor position as a grapheme index, 0...graphemeCount, always on a cluster boundary.
  public private(set) var cursor: Int
  /// Number of grapheme clusters in `text`, kept up to date (O(1) to read).
  public private(set) var graphemeCount: Int
  /// The most clusters this field holds.
  public let maxLength: Int
  /// True when the last `insert` (or `init`) had to cut or drop text because the field was full.
  public private(set) var wasTruncated: Bool = false

  /// A field holding `text` (sanitised and capped), cursor at the end.
  public init(_ text: String = "", maxLength: Int = TextInput.defaultMaxLength) {
    self.text = ""
    self.cursor = 0
    self.graphemeCount = 0
    self.maxLength = max(1, maxLength)
    insert(text)
  }

  public var isEmpty: Bool { text.isEmpty }

  /// The most Unicode scalars this field holds.
  public var maxScalars: Int { maxLength * Self.scalarsPerCluster }

  /// `cursor` as an index into `text` (O(cursor)).
  public var cursorIndex: String.Index { text.index(text.startIndex, offsetBy: cursor) }

  /// The text left of the cursor.
  public var textBeforeCursor: Substring { text[..<cursorIndex] }

  /// Inserts `string` at the cursor and moves the cursor past it. Control characters other than LF are
  /// dropped. Returns false (and sets `wasTruncated`) when part of `string` did not fit.
  @discardableResult
  public mutating func insert(_ string: String) -> Bool {
    wasTruncated = false
    let split = cursorIndex
    let prefix = text[..<split]
    let suffix = text[split...]
    let prefixScalars = prefix.unicodeScalars.count
    let room = maxScalars - prefixScalars - suffix.unicodeScalars.count
    var (piece, cut) = Self.sanitized(string, scalarLimit: max(0, room))
    var merged = String(prefix) + piece + suffix
    var total = merged.count
    while total > maxLength, !piece.isEmpty {
      cut = true
      piece = String(piece.dropLast(total - maxLength))
      merged = String(prefix) + piece + suffix
      total = merged.count
    }
    wasTruncated = cut
    guard !piece.isEmpty else { return !cut }
    text = merged
    graphemeCount = total
    cursor = Self.cluster(in: text, atScalarOffset: prefixScalars + piece.unicodeScalars.count)
    return !cut
  }

  /// Removes the cluster left of the cursor.
  public mutating func deleteBackward() {
    guard cursor > 0 else { return }
    removeCluster(at: cursor - 1)
  }

  /// Removes the cluster right of the cursor.
  public mutating func deleteForward() {
    guard cursor < graphemeCount else { return }
    removeCluster(at: cursor)
  }

  public mutating func moveLeft() { cursor = max(0, cursor - 1) }
  public mutating func moveRight() { cursor = min(graphemeCount, cursor + 1) }
  public mutating func moveToStart() { cursor = 0 }
  public mutating func moveToEnd() { cursor = graphemeCount }

  public mutating func clear() {
    text = ""
    cursor = 0
    graphemeCount = 0
    wasTruncated = false
  }

  // MARK: - Helpers

  private mutating func removeCluster(at position: Int) {
    let start = text.index(text.startIndex, offsetBy: position)
    let end = text.index(after: start)
    let startScalar = text.unicodeScalars.distance(from: text.startIndex, to: start)
    text.removeSubrange(start..<end)
    graphemeCount = text.count
    // Neighbours may have merged (a lone mark joining the cluster before it): snap to a boundary.
    cursor = Self.cluster(in: text, atScalarOffset: startScalar)
  }

  /// The number of clusters that start before `offset` (scalars): the first boundary at or after it.
  static func cluster(in text: String, atScalarOffset offset: Int) -> Int {
    var clusters = 0
    var scalars = 0
    for character in text {
      guard scalars < offset else { break }
      scalars += character.unicodeScalars.count
      clusters += 1
    }
    return clusters
  }

  /// Drops control scalars except LF and keeps at most `scalarLimit` scalars; reports whether it cut.
  /// Reads at most `scalarLimit + 1` kept scalars of `string`, so a huge paste costs only what fits.
  static func sanitized(_ string: String, scalarLimit: Int) -> (String, cut: Bool) {
    var kept = String.UnicodeScalarView()
    var count = 0
    for scalar in string.unicodeScalars where Self.isAllowed(scalar) {
      guard count < scalarLimit else { return (String(kept), true) }
      kept.append(scalar)
      count += 1
    }
    return (String(kept), false)
  }

  /// Whether a scalar may be stored: anything but controls (Cc), except the line feed.
  static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\n" || scalar.properties.generalCategory != .control
  }
}
