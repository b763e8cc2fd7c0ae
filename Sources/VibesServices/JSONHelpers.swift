import Foundation

/// Minimal, tolerant JSON navigation for error and validation bodies (no Codable models needed for a few fields).
enum JSONBody {
  static func object(_ data: Data) -> [String: Any]? {
    guard !data.isEmpty else { return nil }
    return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
  }

  static func int(_ value: Any?) -> Int? {
    if let value = value as? Int { return value }
    // A fraction is not an integer (a `trackTimeMillis` of 1.5 is unknown, not 1).
    if let value = value as? Double, value.isFinite, abs(value) < 1e15, value.rounded() == value { return Int(value) }
    if let value = value as? String { return Int(value) }
    return nil
  }

  /// An integer from an answer clamped into `range`: a number from the network never overflows the arithmetic done
  /// with it (a device-flow `interval` of Int64.max became nanoseconds); an absent or unreadable one is `fallback`.
  static func int(_ value: Any?, clampedTo range: ClosedRange<Int>, fallback: Int) -> Int {
    min(max(int(value) ?? fallback, range.lowerBound), range.upperBound)
  }

  /// Parses a protobuf Duration string such as "26s" or "1.5s" into whole seconds, rounded up.
  static func durationSeconds(_ value: Any?) -> Int? {
    guard let string = value as? String, string.hasSuffix("s") else { return nil }
    guard let seconds = Double(string.dropLast()), !seconds.isNaN, seconds >= 0 else { return nil }
    return RetryAfter.clamped(seconds)
  }
}
