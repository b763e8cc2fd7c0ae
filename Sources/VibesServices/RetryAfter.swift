import Foundation

/// Reads an HTTP `Retry-After` value (RFC 9110 §10.2.3) the same way for every service.
public enum RetryAfter {
  /// Seconds to wait: delta seconds or an HTTP date measured from `now`; nil when absent, negative or unreadable.
  public static func seconds(_ header: String?, now: Date = Date()) -> Int? {
    guard let raw = header?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
    if let seconds = Int(raw) { return seconds >= 0 ? seconds : nil }
    guard let date = SpotifyRetryPolicy.httpDate(raw) else { return nil }
    let delta = date.timeIntervalSince(now)
    guard delta < 1e9 else { return nil }
    return max(0, Int(delta.rounded(.up)))
  }
}
