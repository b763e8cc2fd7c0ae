import Foundation

/// The demo's clock: one fixed instant, Friday 1 March 2030 10:00 UTC, for the whole run.
///
/// Fixed rather than advancing with real time because the demo shows time down to the second (the tracker's
/// ISO timestamps) and by the minute ("Updated …", a created playlist's time): any real elapsed time would make
/// two recordings of the same script differ. Nothing in vibes waits on this clock moving: debounce, timeouts and
/// retries sleep on the system's clocks, and rate limits and token expiry are checked by the clients on the real
/// time, so the only cost is that "Updated just now" never ages, which is what a recording wants.
public enum DemoClock {
  /// The demo's "now" (and "today": the fakes' concerts and new releases are dated from it).
  public static let instant = Date(timeIntervalSince1970: 1_898_589_600)

  /// The clock function vibes runs on in the demo.
  public static let now: @Sendable () -> Date = { instant }

  /// "2030-03-15": the UTC day `days` after (or before, when negative) the demo's today.
  public static func day(_ days: Int) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let date = calendar.date(byAdding: .day, value: days, to: instant) ?? instant
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
  }
}
