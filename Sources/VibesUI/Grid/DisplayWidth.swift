/// Terminal column width of a grapheme: 2 for East Asian wide/fullwidth characters and emoji
/// presentation, 0 for lone combining marks, otherwise 1. A compact table in place of wcwidth(3),
/// whose answer depends on the process locale and so differs between tests and the app.
public enum DisplayWidth {
  public static func of(_ character: Character) -> Int {
    var scalars = character.unicodeScalars.makeIterator()
    guard let first = scalars.next() else { return 0 }
    if scalars.next() == nil, let width = simpleWidth(first) { return width }
    if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
    let value = first.value
    if first.properties.generalCategory == .nonspacingMark
      || first.properties.generalCategory == .enclosingMark
    {
      return 0
    }
    if value < 0x1100 { return 1 }
    for range in wideRanges where range.contains(value) { return 2 }
    return 1
  }

  public static func of(_ string: String) -> Int {
    simpleWidth(string) ?? string.reduce(0) { $0 + of($1) }
  }

  /// The width of text made only of simple scalars (`simpleWidth`), each then a grapheme of its own, summed over
  /// its scalars without grapheme breaking or Unicode property look-ups; nil when any scalar is not simple.
  /// Nearly everything a screen draws (labels, borders, the footer's "·" and arrows) takes this path.
  static func simpleWidth(_ string: String) -> Int? {
    var total = 0
    for scalar in string.unicodeScalars {
      guard let width = simpleWidth(scalar) else { return nil }
      total += width
    }
    return total
  }

  /// The width of a scalar that is a grapheme of its own wherever it stands — printable ASCII, Latin-1 and Latin
  /// Extended up to the combining marks (U+0300), general punctuation without the joiners and bidi controls,
  /// arrows, box drawing and symbols (U+2190–U+2BFF) — or nil for any other scalar (controls, marks, joiners,
  /// variation selectors, emoji, Hangul, scripts with prepended or spacing marks), which the grapheme path
  /// measures. None of these scalars is a mark, so the answer equals `of(Character(scalar))`.
  @inline(__always) static func simpleWidth(_ scalar: Unicode.Scalar) -> Int? {
    let value = scalar.value
    if value >= 0x20 && value < 0x7F { return 1 }
    if value >= 0xA0 && value < 0x300 { return 1 }
    if value >= 0x2010 && value < 0x2028 { return 1 }
    if value >= 0x2030 && value < 0x205F { return 1 }
    if value >= 0x2190 && value < 0x2C00 {
      // The table is sorted: stop at the first range past the scalar.
      for range in wideRanges {
        if range.lowerBound > value { break }
        if range.upperBound >= value { return 2 }
      }
      return 1
    }
    return nil
  }

  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
    0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
    0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
    0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
    0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
    0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
    0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
    0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
    0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
    0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E,
    0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F, 0x1F680...0x1F6FF,
    0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD,
  ]
}
