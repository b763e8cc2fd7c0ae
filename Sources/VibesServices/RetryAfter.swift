import Foundation

/// Reads an HTTP `Retry-After` value (RFC 9110 §10.2.3) the same way for every service.
public enum RetryAfter {
  /// The longest wait vibes takes from a server: one hour. A larger value (10⁹, Int64.max, a date years ahead) is
  /// read as this cap, so no wait, countdown or message is longer and the user may retry after it.
  public static let maxSeconds = 3600

  /// Seconds to wait: delta seconds or an HTTP date measured from `now`, at most `maxSeconds`; nil when absent,
  /// negative or unreadable. A delta too large for an integer is the cap, not nil.
  public static func seconds(_ header: String?, now: Date = Date()) -> Int? {
    guard let raw = header?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
    if raw.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
      guard let seconds = Int(raw) else { return maxSeconds }
      return clamped(seconds)
    }
    if raw.hasPrefix("-") { return nil }
    guard let date = SpotifyRetryPolicy.httpDate(raw) else { return nil }
    return clamped(date.timeIntervalSince(now))
  }

  /// A server's wait in seconds kept within 0...`maxSeconds`; nil stays nil, a negative wait is 0.
  public static func clamped(_ seconds: Int?) -> Int? {
    seconds.map { min(max(0, $0), maxSeconds) }
  }

  /// A server's wait given as a (possibly fractional, possibly absurd) number of seconds, rounded up and kept within
  /// 0...`maximum` (`maxSeconds` unless said); nil when it is not a number.
  public static func clamped(_ seconds: Double, maximum: Int = maxSeconds) -> Int? {
    guard !seconds.isNaN else { return nil }
    guard seconds < Double(maximum) else { return maximum }
    return max(0, Int(seconds.rounded(.up)))
  }

  /// The longest wait taken from a daily quota's reset time (Ticketmaster's `Rate-Limit-Reset`): one day.
  public static let maxQuotaResetSeconds = 86_400
}
