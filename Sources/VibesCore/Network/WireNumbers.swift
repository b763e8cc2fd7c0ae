/// Numbers that came over the network, kept within what vibes can draw and add up (issue 21, item 1: a track
/// `duration_ms` of Int.max crashed every total it took part in). The mappers clamp with these; the totals add with
/// `sum`, which saturates instead of trapping, so a value that slipped through (an old cache row) cannot crash.
public enum WireNumbers {
  /// The longest track taken as real: 24 hours. A longer (or negative) duration is unknown, drawn as 0.
  public static let maxTrackDurationMs = 24 * 3_600_000
  /// The largest count (tracks of an album, items of a playlist, search total) taken as real.
  public static let maxCount = 1_000_000

  /// `raw` when it is a plausible track length, else 0 (unknown).
  public static func durationMs(_ raw: Int) -> Int {
    (0...maxTrackDurationMs).contains(raw) ? raw : 0
  }

  /// `raw` when it is a plausible count, else nil (unknown).
  public static func count(_ raw: Int?) -> Int? {
    raw.flatMap { (0...maxCount).contains($0) ? $0 : nil }
  }

  /// The widest or tallest picture taken as real, in pixels.
  public static let maxImageDimension = 65_535

  /// `raw` when it is a plausible picture width or height, else nil (unknown).
  public static func imageDimension(_ raw: Int?) -> Int? {
    raw.flatMap { (1...maxImageDimension).contains($0) ? $0 : nil }
  }

  /// A count kept within 0...`maxCount`.
  public static func clampedCount(_ raw: Int) -> Int {
    min(max(0, raw), maxCount)
  }

  /// The sum of `values`, each negative one taken as 0, saturating at Int.max instead of trapping.
  public static func sum<Values: Sequence>(_ values: Values) -> Int where Values.Element == Int {
    var total = 0
    for value in values {
      let (next, overflow) = total.addingReportingOverflow(max(0, value))
      if overflow { return Int.max }
      total = next
    }
    return total
  }
}

/// Dates and times that came over the network as text, accepted only when they name a real day or time (issue 21,
/// item 8: one refresh stored release cards dated `9999-99-99`). Years outside 1900...2200 are not real here.
public enum WireDates {
  public static let years = 1900...2200

  /// `raw` when it is "yyyy", "yyyy-MM" or "yyyy-MM-dd" (as many parts as `parts` allows, at least one) of a real
  /// date, else nil.
  public static func date(_ raw: String?, maxParts: Int = 3) -> String? {
    guard let raw else { return nil }
    let parts = raw.split(separator: "-", omittingEmptySubsequences: false)
    guard (1...max(1, min(3, maxParts))).contains(parts.count) else { return nil }
    let lengths = [4, 2, 2]
    var numbers: [Int] = []
    for (index, part) in parts.enumerated() {
      guard part.utf8.count == lengths[index], part.utf8.allSatisfy({ (48...57).contains($0) }),
        let number = Int(part)
      else { return nil }
      numbers.append(number)
    }
    guard years.contains(numbers[0]) else { return nil }
    if numbers.count > 1, !(1...12).contains(numbers[1]) { return nil }
    if numbers.count > 2, !(1...daysIn(month: numbers[1], year: numbers[0])).contains(numbers[2]) { return nil }
    return raw
  }

  /// `raw` when it is "HH:mm" or "HH:mm:ss" of a real time of day, else nil.
  public static func time(_ raw: String?) -> String? {
    guard let raw else { return nil }
    let parts = raw.split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(parts.count),
      parts.allSatisfy({ $0.utf8.count == 2 && $0.utf8.allSatisfy { (48...57).contains($0) } })
    else { return nil }
    let numbers = parts.compactMap { Int($0) }
    guard numbers[0] < 24, numbers[1] < 60, numbers.count < 3 || numbers[2] < 60 else { return nil }
    return raw
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}
